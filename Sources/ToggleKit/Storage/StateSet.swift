/// A set of the 32 states: a 16-bit mask of low states for visible nodes and one for hidden nodes.
struct StateSet: Hashable, Sendable {
  var visible: UInt16
  var hidden: UInt16

  init(visible: UInt16, hidden: UInt16) {
    self.visible = visible
    self.hidden = hidden
  }

  @inline(__always)
  func contains(_ state: UInt8) -> Bool {
    let bit = UInt16(1) << UInt16(state & 0xF)
    return (state & NodeBits.hidden == 0 ? visible : hidden) & bit != 0
  }

  @inline(__always)
  static func & (lhs: StateSet, rhs: StateSet) -> StateSet {
    StateSet(visible: lhs.visible & rhs.visible, hidden: lhs.hidden & rhs.hidden)
  }

  @inline(__always)
  static func | (lhs: StateSet, rhs: StateSet) -> StateSet {
    StateSet(visible: lhs.visible | rhs.visible, hidden: lhs.hidden | rhs.hidden)
  }

  @inline(__always)
  static prefix func ~ (set: StateSet) -> StateSet {
    StateSet(visible: ~set.visible, hidden: ~set.hidden)
  }

  var isEmpty: Bool { visible == 0 && hidden == 0 }
}

/// The catalogue of node-state sets the tree counts and searches over, each named for the state
/// bits it takes; no other file spells a set as a mask. The five primitive sets are written out
/// (so that every set folds to a constant); a test derives each from its predicate on the bits.
extension StateSet {
  /// The states with `bit` (one of ``NodeBits``) set: bit s of a mask is state s.
  @inline(__always)
  static func having(_ bit: UInt8) -> StateSet {
    switch bit {
    case NodeBits.selected: StateSet(visible: 0xAAAA, hidden: 0xAAAA)
    case NodeBits.locked: StateSet(visible: 0xCCCC, hidden: 0xCCCC)
    case NodeBits.disabled: StateSet(visible: 0xF0F0, hidden: 0xF0F0)
    case NodeBits.leaf: StateSet(visible: 0xFF00, hidden: 0xFF00)
    case NodeBits.hidden: StateSet(visible: 0, hidden: 0xFFFF)
    default: preconditionFailure("not a state bit: \(bit)")
    }
  }

  @inline(__always) static var none: StateSet { StateSet(visible: 0, hidden: 0) }
  @inline(__always) static var all: StateSet { ~none }
  @inline(__always) static var selected: StateSet { having(NodeBits.selected) }
  @inline(__always) static var unselected: StateSet { ~selected }
  @inline(__always) static var locked: StateSet { having(NodeBits.locked) }
  @inline(__always) static var unlocked: StateSet { ~locked }
  @inline(__always) static var disabled: StateSet { having(NodeBits.disabled) }
  @inline(__always) static var enabled: StateSet { ~disabled }
  @inline(__always) static var leaves: StateSet { having(NodeBits.leaf) }
  @inline(__always) static var hidden: StateSet { having(NodeBits.hidden) }
  @inline(__always) static var visible: StateSet { ~hidden }

  @inline(__always) static var selectedLeaves: StateSet { leaves & selected }
  @inline(__always) static var unselectedLeaves: StateSet { leaves & unselected }
  @inline(__always) static var lockedLeaves: StateSet { leaves & locked }
  @inline(__always) static var unlockedLeaves: StateSet { leaves & unlocked }
  @inline(__always) static var hiddenSelectedLeaves: StateSet { hidden & selectedLeaves }

  /// The states a write from an enabled node may change: unlocked; enabled unless cascades reach
  /// disabled nodes; visible unless writes reach hidden nodes.
  @inline(__always)
  static func writable(intoDisabled: Bool, intoHidden: Bool) -> StateSet {
    var set = unlocked
    if !intoDisabled { set = set & enabled }
    if !intoHidden { set = set & visible }
    return set
  }

  /// The states whose selected bit is `value`.
  @inline(__always)
  static func selected(_ value: Bool) -> StateSet { value ? selected : unselected }
}
