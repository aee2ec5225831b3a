/// Reads of many nodes at once, in position order (the order of ``SelectionTree/ids``): one
/// bottom-up pass instead of a query per node, for rendering a window of rows, exporting and
/// printing.
extension SelectionTree {
  /// Every node's state in `indices` (positions in ``ids``; all nodes when nil), in one pass.
  ///
  /// Equal, node by node, to ``state(of:)``.
  ///
  /// ```swift
  /// let states = tree.states()   // states[i] is the state of tree.ids[i]
  /// ```
  /// - Complexity: O(k + log n) for k nodes, plus O(log n) for each node in `indices` whose subtree
  ///   reaches past it.
  public func states(in indices: Range<Int>? = nil) -> [ToggleState] {
    statesAndBits(in: clamped(indices)).states
  }

  /// The states of `range` and their resolved state bits (for the lock marks of exports).
  func statesAndBits(in range: Range<Int>) -> (states: [ToggleState], bits: [UInt8]) {
    let presence = _bulkPresence(in: range)
    let table = stateTable
    var states = (0..<range.count).map {
      presence.state($0, table: table, up: options.propagation.up)
    }
    forEachReachingPast(range) { position in
      states[position - range.lowerBound] = state(at: position)
    }
    return (states, presence.own)
  }

  /// The state of each presence index (kinds in bits 0–3, disabled in bit 4), as
  /// `ToggleSummary.state(lockedSources:)` reads counts: a disabled node sees every kind below it as
  /// locked.
  private var stateTable: [ToggleState] {
    let excluded = options.lockedSources == .excluded
    return (0..<UInt8(32)).map { index -> ToggleState in
      let kinds = index & 15
      let isDisabled = index & 16 != 0
      let writable = isDisabled ? 0 : kinds & 3
      let locked = isDisabled ? (kinds | kinds >> 2) & 3 : kinds >> 2
      let counted = excluded && writable != 0 ? writable : writable | locked
      return counted == 3 ? .mixed : counted == 1 ? .on : .off
    }
  }

  /// Calls `body` with each node of `range` whose subtree reaches past it: the range's last node's
  /// ancestors in it, whose bulk figures miss what lies past the range.
  private func forEachReachingPast(_ range: Range<Int>, _ body: (Int) -> Void) {
    var position = range.isEmpty ? -1 : range.upperBound - 1
    while position >= range.lowerBound {
      if Int(structure.ends[position]) > range.upperBound { body(position) }
      position = Int(structure.parents[position])
    }
  }

  /// The own states of `range` and, per node, which kinds of counted node lie in its subtree.
  ///
  /// The kinds are writable on, writable off, locked on, locked off (bits 0–3) and unlocked
  /// (bit 4), OR-ed bottom-up. States and locks need no more than that; summaries need counts.
  func _bulkPresence(in range: Range<Int>) -> _BulkPresence {
    let own = self.states.allStates(in: range)
    let counted = options.propagation.up ? StateSet.leaves : StateSet.all
    let writable = _writable & counted
    let unlocked = counted & ~StateSet.locked
    let kinds = (0..<UInt8(32)).map { state -> UInt8 in
      guard counted.contains(state) else { return 0 }
      let isOn = state & NodeBits.selected != 0
      let kind: UInt8 = writable.contains(state) ? (isOn ? 1 : 2) : (isOn ? 4 : 8)
      return kind | (unlocked.contains(state) ? 16 : 0)
    }
    var present = [UInt8](repeating: 0, count: range.count)
    let start = range.lowerBound
    present.withUnsafeMutableBufferPointer { present in
      structure.parents.withUnsafeBufferPointer { parents in
        for offset in stride(from: range.count - 1, through: 0, by: -1) {
          present[offset] |= kinds[Int(own[offset])]
          let parent = Int(parents[start + offset]) - start
          if parent >= 0 { present[parent] |= present[offset] }
        }
      }
    }
    return _BulkPresence(own: own, present: present)
  }

  /// Every node's summary in `indices` (positions in ``ids``; all nodes when nil), in one pass.
  ///
  /// Equal, node by node, to ``summary(of:)``.
  ///
  /// ```swift
  /// let counts = tree.summaries(in: 0..<40)   // the first 40 nodes in preorder
  /// ```
  /// - Complexity: O(k + log n) for k nodes, plus O(log n) for each node in `indices` whose subtree
  ///   reaches past it.
  public func summaries(in indices: Range<Int>? = nil) -> [ToggleSummary] {
    let range = clamped(indices)
    let totals = _bulkTotals(in: range)
    return (0..<range.count).map { totals.summary($0) }
  }

  /// Every node's configuration in `indices` (positions in ``ids``), in one pass.
  ///
  /// Equal, node by node, to ``configuration(of:)``.
  ///
  /// ```swift
  /// for row in tree.configurations(in: 0..<tree.count) { print(row.label, row.state) }
  /// ```
  /// - Complexity: O(k + log n) for k nodes, plus O(log n) for each node in `indices` whose subtree
  ///   reaches past it.
  public func configurations(in indices: Range<Int>) -> [ToggleConfiguration] {
    let range = clamped(indices)
    let presence = _bulkPresence(in: range)
    let table = stateTable
    let up = options.propagation.up
    var configurations = (0..<range.count).map { offset in
      let position = range.lowerBound + offset
      let own = presence.own[offset]
      return ToggleConfiguration(
        label: derived == nil ? structure.labels[position] : displayLabel(at: position),
        state: presence.state(offset, table: table, up: up),
        isEnabled: !_isDisabled(own), isLocked: presence.isLocked(offset, up: up),
        isExpanded: expanded[position], depth: Int(structure.depths[position]),
        hasChildren: own & NodeBits.leaf == 0)
    }
    forEachReachingPast(range) { position in
      configurations[position - range.lowerBound].state = state(at: position)
      configurations[position - range.lowerBound].isLocked = _isLocked(at: position)
    }
    return configurations
  }

  private func clamped(_ indices: Range<Int>?) -> Range<Int> {
    guard let indices else { return 0..<count }
    return indices.clamped(to: 0..<count)
  }

  /// The resolved states of `range` and, for each of its nodes, the counts behind its summary,
  /// summed bottom-up; nodes whose subtree reaches past the range are counted by a query.
  func _bulkTotals(in range: Range<Int>) -> _BulkTotals {
    let states = self.states.allStates(in: range)
    let counted = options.propagation.up ? StateSet.leaves : StateSet.all
    let writable = _writable & counted
    let on = StateSet.selected(true)
    // What each of the 32 states adds to its own counts.
    let contribution: [SIMD8<Int32>] = (0..<UInt8(32)).map { state in
      var counts = SIMD8<Int32>(repeating: 0)
      guard counted.contains(state) else { return counts }
      let isOn = on.contains(state)
      counts[writable.contains(state) ? (isOn ? 0 : 1) : (isOn ? 2 : 3)] = 1
      if isOn && state & NodeBits.hidden != 0 { counts[4] = 1 }
      return counts
    }
    var sums = [SIMD8<Int32>](repeating: SIMD8(repeating: 0), count: range.count)
    let start = range.lowerBound
    sums.withUnsafeMutableBufferPointer { sums in
      structure.parents.withUnsafeBufferPointer { parents in
        for offset in stride(from: range.count - 1, through: 0, by: -1) {
          sums[offset] &+= contribution[Int(states[offset])]
          let parent = Int(parents[start + offset]) - start
          if parent >= 0 { sums[parent] &+= sums[offset] }
        }
      }
    }
    var totals = _BulkTotals(states: states, sums: sums)
    forEachReachingPast(range) { position in
      let summary = _summary(at: position)
      totals.sums[position - start] = SIMD8(
        Int32(clamping: summary.writableOn), Int32(clamping: summary.writableOff),
        Int32(clamping: summary.lockedOn), Int32(clamping: summary.lockedOff),
        Int32(clamping: summary.hiddenOn), 0, 0, 0)
    }
    return totals
  }
}

/// Per node of a range: its resolved state and which kinds of counted node its subtree holds, as
/// if it were enabled (a disabled node sees its writable kinds as locked when read).
struct _BulkPresence {
  /// The resolved states.
  let own: [UInt8]
  /// Bits 0–3: writable on, writable off, locked on, locked off; bit 4: unlocked.
  let present: [UInt8]

  /// The state of the node at `offset`, from a table indexed by its kinds and disabling.
  @inline(__always)
  func state(_ offset: Int, table: [ToggleState], up: Bool) -> ToggleState {
    let state = own[offset]
    if !up || state & NodeBits.leaf != 0 { return state & NodeBits.selected != 0 ? .on : .off }
    return table[Int(present[offset] & 15 | (state & NodeBits.disabled) << 2)]
  }

  /// Whether a click on the node can change nothing because of locks, as `_isLocked(at:)` says.
  @inline(__always)
  func isLocked(_ offset: Int, up: Bool) -> Bool {
    let state = own[offset]
    if !up || state & NodeBits.leaf != 0 { return state & NodeBits.locked != 0 }
    // Nothing unlocked below a disabled node; nothing writable below an enabled one.
    return present[offset] & (state & NodeBits.disabled != 0 ? 16 : 3) == 0
  }
}

/// Per node of a range: its resolved state and the counts behind its summary, as if it were
/// enabled (a disabled node turns its writable counts into locked ones when read): writable on,
/// writable off, locked on, locked off, hidden on.
struct _BulkTotals {
  let states: [UInt8]
  var sums: [SIMD8<Int32>]

  func summary(_ offset: Int) -> ToggleSummary {
    let counts = sums[offset]
    if states[offset] & NodeBits.disabled != 0 {
      return ToggleSummary(
        lockedOn: Int(counts[0] &+ counts[2]), lockedOff: Int(counts[1] &+ counts[3]),
        hiddenOn: Int(counts[4]))
    }
    return ToggleSummary(
      writableOn: Int(counts[0]), writableOff: Int(counts[1]), lockedOn: Int(counts[2]),
      lockedOff: Int(counts[3]), hiddenOn: Int(counts[4]))
  }
}
