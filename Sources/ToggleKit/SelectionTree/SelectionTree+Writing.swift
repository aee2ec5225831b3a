/// The state maps and range writes behind every mutation of a selection tree.
extension SelectionTree {
  @inline(__always)
  func _isDisabled(_ state: UInt8) -> Bool { state & NodeBits.disabled != 0 }

  /// The states a write from a node addresses, and the range it covers.
  func _addressed(_ position: Int) -> (range: Range<Int>, states: StateSet) {
    let propagation = options.propagation
    if propagation.down {
      return (structure.range(of: position), propagation.up ? StateSet.leaves : StateSet.all)
    }
    if propagation.up && !structure.isLeaf(position) {
      return (position..<position, StateSet.none)
    }
    return (position..<position + 1, StateSet.all)
  }

  /// The states that a write from an enabled node may change: not locked; not disabled unless
  /// cascades reach disabled nodes; not hidden by the filter unless writes reach hidden nodes.
  var _writable: StateSet {
    StateSet.writable(
      intoDisabled: options.cascadesIntoDisabled, intoHidden: options.filterScope == .all)
  }

  /// A click on the node at `position`.
  @usableFromInline
  mutating func _toggle(at position: Int) -> ToggleOutcome {
    defer { checkInvariantsIfEnabled() }
    let probe = states.probe(at: position)
    let own = probe.state
    if own & NodeBits.leaf != 0 {
      let value = own & NodeBits.selected == 0
      let outcome = _writeLeaf(value, at: probe)
      keepDecision(value, at: position)
      return outcome
    }
    let value: Bool =
      switch state(at: position) {
      case .on: false
      case .off: true
      case .mixed: options.mixedTogglesTo.isOn
      }
    let outcome = _write(value, from: position)
    keepDecision(value, at: position)
    return outcome
  }

  /// `set` on the node at `position`.
  @usableFromInline
  mutating func _set(_ value: Bool, at position: Int) -> ToggleOutcome {
    defer { checkInvariantsIfEnabled() }
    let probe = states.probe(at: position)
    let outcome =
      probe.state & NodeBits.leaf != 0
      ? _writeLeaf(value, at: probe) : _write(value, from: position)
    keepDecision(value, at: position)
    return outcome
  }

  /// A write from the leaf `probe` read: whatever the propagation, it addresses that leaf alone,
  /// as ``_write(_:from:)`` would, without reading where its subtree ends or its state again.
  private mutating func _writeLeaf(_ value: Bool, at probe: NodeStates.Probe) -> ToggleOutcome {
    let own = probe.state
    guard (own & NodeBits.selected != 0) != value else { return ToggleOutcome() }
    let writable = _isDisabled(own) ? StateSet.none : _writable
    guard writable.contains(own) else { return ToggleOutcome(changed: 0, blocked: 1) }
    states.apply(value ? .select : .deselect, at: probe)
    return ToggleOutcome(changed: 1, blocked: 0)
  }

  /// Writes `value` from the node at `position`, as a click or `set` would.
  mutating func _write(_ value: Bool, from position: Int) -> ToggleOutcome {
    let (range, addressed) = _addressed(position)
    let writable = _isDisabled(states.state(at: position)) ? StateSet.none : _writable
    return _write(value, to: range, addressed: addressed, writable: writable)
  }

  /// Writes `value` to the `writable` states among the `addressed` ones in `range`, and reports the
  /// addressed states that differed: changed when writable, blocked when not.
  mutating func _write(
    _ value: Bool, to range: Range<Int>, addressed: StateSet, writable: StateSet
  ) -> ToggleOutcome {
    guard !range.isEmpty, !addressed.isEmpty else { return ToggleOutcome() }
    let counts = states.counts(in: range)
    let differing = addressed & StateSet.selected(!value)
    let outcome = ToggleOutcome(
      changed: counts.sum(over: differing & writable),
      blocked: counts.sum(over: differing & ~writable))
    if outcome.changed > 0 {
      let targets = addressed & writable
      func write(_ targets: UInt16) -> Map16 {
        Map16 { state in
          targets & (1 << UInt16(state)) == 0
            ? state
            : (value ? state | NodeBits.selected : state & ~NodeBits.selected)
        }
      }
      // The changed states are among the targets, and the map flips their selected bit.
      states.apply(
        StateMap(visible: write(targets.visible), hidden: write(targets.hidden)), to: range,
        movesSome: true)
    }
    return outcome
  }

  /// Writes `value` to every node of `range` that carries a value (leaves, when parents derive)
  /// and is neither locked nor disabled, hidden ones included: a spec's decision.
  mutating func writeDecision(_ value: Bool, to range: Range<Int>) {
    let carriers = options.propagation.up ? StateSet.leaves : StateSet.all
    _ = _write(
      value, to: range, addressed: carriers, writable: StateSet.unlocked & StateSet.enabled)
  }

  /// At build time: a parent's `isSelected` selects every leaf below it (or, when parents keep
  /// their own values, the parent itself).
  mutating func _initialSelect(_ position: Int) {
    let range = options.propagation.up ? structure.range(of: position) : position..<position + 1
    states.apply(StateMap { $0 | NodeBits.selected }, to: range)
  }

  /// Locks, or unlocks, the node at `position` and everything below it.
  mutating func _lock(_ position: Int, _ lock: NodeLock, ownValue: Bool? = nil) {
    if lock == .current, let ownValue, structure.isLeaf(position) {
      _lock(position, ownValue ? .on : .off)
      return
    }
    states.apply(_lockMap(lock), to: structure.range(of: position))
  }

  /// What a lock does to each node below the node it is set on.
  func _lockMap(_ lock: NodeLock) -> StateMap {
    // When parents derive their state, a parent's own selected bit means nothing: a lock leaves
    // it as it is, so that a lock that changes no meaningful bit writes nothing.
    let parentsDerive = options.propagation.up
    func value(_ state: UInt8) -> UInt8? {
      parentsDerive && state & NodeBits.leaf == 0 ? state & NodeBits.selected : nil
    }
    switch lock {
    case .none: return StateMap { $0 & ~NodeBits.locked }
    case .on: return StateMap { $0 | NodeBits.locked | (value($0) ?? NodeBits.selected) }
    case .off: return StateMap { ($0 | NodeBits.locked) & ~NodeBits.selected | (value($0) ?? 0) }
    case .current: return StateMap { $0 | NodeBits.locked }
    }
  }

  /// Disables or re-enables the node at `position` itself; descendants follow unless another
  /// disabled node still covers them.
  mutating func _setDisabled(_ position: Int, _ isDisabled: Bool) {
    let key = Int32(position)
    let slot = _disabledSlot(key)
    let isOwn = slot < disabledPositions.count && disabledPositions[slot] == key
    guard isOwn != isDisabled else { return }
    let parent = structure.parent(of: position)
    let coveredFromAbove = parent >= 0 && _isDisabled(states.state(at: parent))
    let disable = StateMap { $0 | NodeBits.disabled }
    if isDisabled {
      disabledPositions.insert(key, at: slot)
      if !coveredFromAbove { states.apply(disable, to: structure.range(of: position)) }
      return
    }
    disabledPositions.remove(at: slot)
    guard !coveredFromAbove else { return }
    let range = structure.range(of: position)
    states.apply(StateMap { $0 & ~NodeBits.disabled }, to: range)
    // Re-disable the topmost disabled nodes inside the subtree.
    var next = _disabledSlot(key)
    while next < disabledPositions.count, Int(disabledPositions[next]) < range.upperBound {
      let inner = Int(disabledPositions[next])
      let innerRange = structure.range(of: inner)
      states.apply(disable, to: innerRange)
      next = _disabledSlot(Int32(innerRange.upperBound))
    }
  }

  /// The first slot of `disabledPositions` holding a position ≥ `position`.
  func _disabledSlot(_ position: Int32) -> Int { disabledPositions.firstIndex(notBelow: position) }

  /// The position of `id`, or the error that names it.
  @inlinable
  func _position(_ id: ID) throws(SelectionTreeError) -> Int {
    guard let position = structure.position(of: id) else { throw .unknownNode(id: "\(id)") }
    return position
  }
}
