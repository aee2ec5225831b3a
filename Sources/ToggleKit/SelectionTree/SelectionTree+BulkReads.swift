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
  ///
  /// A state needs only to know which kinds of counted node lie below: writable on, writable off,
  /// locked on, locked off. So each node gets one byte of those four bits, OR-ed into its parent's
  /// bottom-up, where summaries need counts.
  func statesAndBits(in range: Range<Int>) -> (states: [ToggleState], bits: [UInt8]) {
    let own = self.states.allStates(in: range)
    let counted = options.propagation.up ? StateSet.leaves : StateSet.all
    let writable = _writable & counted
    let kinds = (0..<UInt8(32)).map { state -> UInt8 in
      guard counted.contains(state) else { return 0 }
      let isOn = state & NodeBits.selected != 0
      return writable.contains(state) ? (isOn ? 1 : 2) : (isOn ? 4 : 8)
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
    // The state of each kind set (bits 0–3), for an enabled node and (bit 4) a disabled one, which
    // sees every kind below it as locked: as `ToggleSummary.state(lockedSources:)` reads counts.
    let excluded = options.lockedSources == .excluded
    let stateOfKinds = (0..<UInt8(32)).map { index -> ToggleState in
      let kinds = index & 15
      let isDisabled = index & 16 != 0
      let writable = isDisabled ? 0 : kinds & 3
      let locked = isDisabled ? (kinds | kinds >> 2) & 3 : kinds >> 2
      let counted = excluded && writable != 0 ? writable : writable | locked
      return counted == 3 ? .mixed : counted == 1 ? .on : .off
    }
    let up = options.propagation.up
    var states = (0..<range.count).map { offset -> ToggleState in
      let state = own[offset]
      if !up || state & NodeBits.leaf != 0 { return state & NodeBits.selected != 0 ? .on : .off }
      return stateOfKinds[Int(present[offset] | (state & NodeBits.disabled) << 2)]
    }
    // The nodes whose subtree reaches past the range: the range's last node's ancestors.
    var position = range.isEmpty ? -1 : range.upperBound - 1
    while position >= start {
      if Int(structure.ends[position]) > range.upperBound {
        states[position - start] = state(at: position)
      }
      position = Int(structure.parents[position])
    }
    return (states, own)
  }

  /// Whether the node at `position` shows its own value: a leaf, or any node without upward
  /// propagation.
  private func showsOwnValue(_ position: Int) -> Bool {
    !options.propagation.up || structure.isLeaf(position)
  }

  /// The state of the node at `offset` of totals taken from `start`, as `state(at:)` gives it.
  private func state(offset: Int, of totals: _BulkTotals, from start: Int) -> ToggleState {
    if showsOwnValue(start + offset) {
      return totals.states[offset] & NodeBits.selected != 0 ? .on : .off
    }
    return totals.summary(offset).state(lockedSources: options.lockedSources)
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
    let totals = _bulkTotals(in: range)
    return (0..<range.count).map { offset in
      let position = range.lowerBound + offset
      let own = totals.states[offset]
      let isLocked =
        showsOwnValue(position)
        ? own & NodeBits.locked != 0
        : (_isDisabled(own) ? totals.unlocked(offset) : totals.unlockedWritable(offset)) == 0
      return ToggleConfiguration(
        label: derived == nil ? structure.labels[position] : displayLabel(at: position),
        state: state(offset: offset, of: totals, from: range.lowerBound),
        isEnabled: !_isDisabled(own), isLocked: isLocked,
        isExpanded: expanded[position], depth: Int(structure.depths[position]),
        hasChildren: !structure.isLeaf(position))
    }
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
    let unlockedCounted = counted & ~StateSet.locked
    let on = StateSet.selected(true)
    // What each of the 32 states adds to its own counts.
    let contribution: [SIMD8<Int32>] = (0..<UInt8(32)).map { state in
      var counts = SIMD8<Int32>(repeating: 0)
      guard counted.contains(state) else { return counts }
      let isOn = on.contains(state)
      counts[writable.contains(state) ? (isOn ? 0 : 1) : (isOn ? 2 : 3)] = 1
      if isOn && state & NodeBits.hidden != 0 { counts[4] = 1 }
      if unlockedCounted.contains(state) { counts[5] = 1 }
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
    // The nodes whose subtree reaches past the range: the range's last node's ancestors.
    var position = range.isEmpty ? -1 : range.upperBound - 1
    while position >= start {
      if Int(structure.ends[position]) > range.upperBound {
        let summary = _summary(at: position)
        let unlocked = self.states.counts(in: structure.range(of: position)).sum(
          over: unlockedCounted)
        totals.sums[position - start] = SIMD8(
          Int32(clamping: summary.writableOn), Int32(clamping: summary.writableOff),
          Int32(clamping: summary.lockedOn), Int32(clamping: summary.lockedOff),
          Int32(clamping: summary.hiddenOn), Int32(clamping: unlocked), 0, 0)
      }
      position = Int(structure.parents[position])
    }
    return totals
  }
}

/// Per node of a range: its resolved state and the counts behind its summary, as if it were
/// enabled (a disabled node turns its writable counts into locked ones when read): writable on,
/// writable off, locked on, locked off, hidden on, and counted nodes without a lock bit.
struct _BulkTotals {
  let states: [UInt8]
  var sums: [SIMD8<Int32>]

  /// The counted nodes without a lock bit below a node.
  func unlocked(_ offset: Int) -> Int32 { sums[offset][5] }

  /// The writable counted nodes below an enabled node (none has a lock bit).
  func unlockedWritable(_ offset: Int) -> Int32 { sums[offset][0] &+ sums[offset][1] }

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
