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
      if structure.end(of: position) > range.upperBound { body(position) }
      position = structure.parent(of: position)
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
    let parents = structure.nesting(in: range).parents
    present.withUnsafeMutableBufferPointer { present in
      for offset in stride(from: range.count - 1, through: 0, by: -1) {
        present[offset] |= kinds[Int(own[offset])]
        let parent = Int(parents[start + offset]) - start
        if parent >= 0 { present[parent] |= present[offset] }
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
    var summaries = _bulkSummaries(in: range)
    forEachReachingPast(range) { position in
      summaries[position - range.lowerBound] = summary(at: position)
    }
    return summaries
  }

  /// Every node's configuration in `indices` (positions in ``ids``), in one pass.
  ///
  /// Equal, node by node, to ``configuration(of:)``. To look at each configuration once (drawing,
  /// exporting), ``forEachConfiguration(in:_:)`` does the same work without the array.
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
    let labels = structure.labels(in: range)
    let depths = structure.nesting(in: range).depths
    let open = expanded.elements(in: range)
    var configurations = (0..<range.count).map { offset in
      let position = range.lowerBound + offset
      let own = presence.own[offset]
      let label = labels[position]
      return ToggleConfiguration(
        label: derived == nil ? label : displayLabel(at: position),
        state: presence.state(offset, table: table, up: up),
        isEnabled: !_isDisabled(own), isLocked: presence.isLocked(offset, up: up),
        isExpanded: open[offset], depth: Int(depths[position]),
        hasChildren: own & NodeBits.leaf == 0)
    }
    forEachReachingPast(range) { position in
      configurations[position - range.lowerBound].state = state(at: position)
      configurations[position - range.lowerBound].isLocked = _isLocked(at: position)
    }
    return configurations
  }

  /// Calls `body` with the position and configuration of every node in `indices` (positions in
  /// ``ids``; all nodes when nil), in position order, from one bottom-up pass.
  ///
  /// Each configuration equals ``configuration(of:)``'s; nothing is kept between the calls, so a
  /// renderer or an exporter reads a million rows without a million-element array.
  ///
  /// ```swift
  /// tree.forEachConfiguration(in: 0..<40) { position, row in
  ///   print(String(repeating: "  ", count: row.depth), row.isOn ? "[x]" : "[ ]", row.label)
  /// }
  /// ```
  /// - Complexity: O(k + log n) for k nodes, plus O(log n) for each node in `indices` whose subtree
  ///   reaches past it; O(k) bytes of scratch beside the calls.
  public func forEachConfiguration(
    in indices: Range<Int>? = nil,
    _ body: (_ position: Int, _ configuration: ToggleConfiguration) throws -> Void
  ) rethrows {
    try _forEachConfiguration(in: clamped(indices), body)
  }

  /// ``forEachConfiguration(in:_:)`` over a clamped range.
  ///
  /// It makes each configuration as ``configurations(in:)`` does, from buffers rather than
  /// subscripts: measured, each form is the faster for its use (the array's `map` writes in
  /// place; a visit pays a call per row, and its loop is then the tighter).
  private func _forEachConfiguration(
    in range: Range<Int>, _ body: (Int, ToggleConfiguration) throws -> Void
  ) rethrows {
    guard !range.isEmpty else { return }
    let presence = _bulkPresence(in: range)
    let table = stateTable
    let up = options.propagation.up
    let upper = Int32(truncatingIfNeeded: range.upperBound)
    let open = expanded.elements(in: range)
    let isDerived = derived != nil
    let labels = structure.labels(in: range)
    let (depths, _, ends) = structure.nesting(in: range)
    for offset in 0..<range.count {
      let position = range.lowerBound + offset
      let own = presence.own[offset]
      var configuration = ToggleConfiguration(
        label: isDerived ? displayLabel(at: position) : labels[position],
        state: presence.state(offset, table: table, up: up),
        isEnabled: !_isDisabled(own), isLocked: presence.isLocked(offset, up: up),
        isExpanded: open[offset], depth: Int(depths[position]),
        hasChildren: own & NodeBits.leaf == 0)
      if ends[position] > upper {
        // Its subtree reaches past the range, whose figures miss the rest of it.
        configuration.state = state(at: position)
        configuration.isLocked = _isLocked(at: position)
      }
      try body(position, configuration)
    }
  }

  private func clamped(_ indices: Range<Int>?) -> Range<Int> {
    guard let indices else { return 0..<count }
    return indices.clamped(to: 0..<count)
  }

  /// The summaries of `range`'s nodes, counted bottom-up straight into the result (no array of
  /// counts beside it: a million summaries are already 62 MB); nodes whose subtree reaches past
  /// the range are left partial, for the caller to query.
  func _bulkSummaries(in range: Range<Int>) -> [ToggleSummary] {
    let states = self.states.allStates(in: range)
    let counted = options.propagation.up ? StateSet.leaves : StateSet.all
    let writable = _writable & counted
    let on = StateSet.selected(true)
    // What each of the 32 states adds to its own counts: writable on, writable off, locked on,
    // locked off, hidden on.
    let contribution: [ToggleSummary] = (0..<UInt8(32)).map { state in
      var counts = ToggleSummary()
      guard counted.contains(state) else { return counts }
      let isOn = on.contains(state)
      switch (writable.contains(state), isOn) {
      case (true, true): counts.writableOn = 1
      case (true, false): counts.writableOff = 1
      case (false, true): counts.lockedOn = 1
      case (false, false): counts.lockedOff = 1
      }
      if isOn && state & NodeBits.hidden != 0 { counts.hiddenOn = 1 }
      return counts
    }
    var summaries = [ToggleSummary](repeating: ToggleSummary(), count: range.count)
    let start = range.lowerBound
    let parents = structure.nesting(in: range).parents
    summaries.withUnsafeMutableBufferPointer { summaries in
      for offset in stride(from: range.count - 1, through: 0, by: -1) {
        let own = contribution[Int(states[offset])]
        var counts = summaries[offset]
        counts.writableOn &+= own.writableOn
        counts.writableOff &+= own.writableOff
        counts.lockedOn &+= own.lockedOn
        counts.lockedOff &+= own.lockedOff
        counts.hiddenOn &+= own.hiddenOn
        let parent = Int(parents[start + offset]) - start
        if parent >= 0 {
          summaries[parent].writableOn &+= counts.writableOn
          summaries[parent].writableOff &+= counts.writableOff
          summaries[parent].lockedOn &+= counts.lockedOn
          summaries[parent].lockedOff &+= counts.lockedOff
          summaries[parent].hiddenOn &+= counts.hiddenOn
        }
        // Counted into the parent as they are; a disabled node shows its writable ones locked.
        if states[offset] & NodeBits.disabled != 0 {
          counts = ToggleSummary(
            lockedOn: counts.writableOn &+ counts.lockedOn,
            lockedOff: counts.writableOff &+ counts.lockedOff, hiddenOn: counts.hiddenOn)
        }
        summaries[offset] = counts
      }
    }
    return summaries
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
