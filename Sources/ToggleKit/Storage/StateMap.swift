/// The per-node state of a selection tree packed in five bits, and the maps between such states.
///
/// Bit 0: the node's own value (selected). Bit 1: locked. Bit 2: disabled (resolved: the node or an
/// ancestor is disabled). Bit 3: the node is a leaf (fixed when the tree is built). Bit 4: hidden by
/// the current filter (fixed between filter changes: no state map ever changes it, so every map is a
/// pair of 16-state maps, one for visible and one for hidden nodes).
enum NodeBits {
  static let selected: UInt8 = 1
  static let locked: UInt8 = 2
  static let disabled: UInt8 = 4
  static let leaf: UInt8 = 8
  static let hidden: UInt8 = 16
  static let stateCount = 16
}

/// A function from the 16 node states to the 16 node states, packed one nibble per state.
///
/// `map(s) = (raw >> (4 * s)) & 0xF`. Composition and application are O(1).
struct Map16: Hashable, Sendable {
  var raw: UInt64

  static let identity = Map16(raw: 0xFEDC_BA98_7654_3210)

  init(raw: UInt64) {
    self.raw = raw
  }

  /// The map that sends every state `s` to `transform(s)`.
  init(_ transform: (UInt8) -> UInt8) {
    var raw: UInt64 = 0
    for state in 0..<UInt8(NodeBits.stateCount) {
      raw |= UInt64(transform(state) & 0xF) << (4 * UInt64(state))
    }
    self.raw = raw
  }

  @inline(__always)
  func callAsFunction(_ state: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: raw >> (4 * UInt64(state))) & 0xF
  }

  /// `self` after `inner`: first `inner`, then `self`.
  @inline(__always)
  func after(_ inner: Map16) -> Map16 {
    if inner == .identity { return self }
    if self == .identity { return inner }
    var raw: UInt64 = 0
    for state in 0..<UInt64(NodeBits.stateCount) {
      let middle = (inner.raw >> (4 * state)) & 0xF
      raw |= ((self.raw >> (4 * middle)) & 0xF) << (4 * state)
    }
    return Map16(raw: raw)
  }

  /// The set of states `s` (as a 16-bit mask) whose image lies in `mask`.
  @inline(__always)
  func preimage(of mask: UInt16) -> UInt16 {
    if self == .identity { return mask }
    var result: UInt16 = 0
    for state in 0..<UInt16(NodeBits.stateCount)
    where mask & (1 << UInt16(self(UInt8(state)))) != 0 {
      result |= 1 << state
    }
    return result
  }

  /// The states (as a 16-bit mask) that this map sends elsewhere.
  var movedStates: UInt16 {
    var result: UInt16 = 0
    for state in 0..<UInt8(NodeBits.stateCount) where self(state) != state {
      result |= 1 << UInt16(state)
    }
    return result
  }

  /// Counts per state after every counted node's state is mapped.
  @inline(__always)
  func apply(to counts: SIMD16<Int32>) -> SIMD16<Int32> {
    if self == .identity { return counts }
    var result = SIMD16<Int32>(repeating: 0)
    for state in 0..<NodeBits.stateCount {
      result[Int(self(UInt8(state)))] &+= counts[state]
    }
    return result
  }
}

/// A state map for all 32 states: one 16-state map for visible nodes, one for hidden nodes.
struct StateMap: Hashable, Sendable {
  var visible: Map16
  var hidden: Map16

  static let identity = StateMap(visible: .identity, hidden: .identity)
  /// Sets the selected bit of every state.
  static let select = StateMap { $0 | NodeBits.selected }
  /// Clears the selected bit of every state.
  static let deselect = StateMap { $0 & ~NodeBits.selected }

  init(visible: Map16, hidden: Map16) {
    self.visible = visible
    self.hidden = hidden
  }

  /// The same transformation of the four low bits for visible and hidden nodes.
  init(_ transform: (UInt8) -> UInt8) {
    let map = Map16(transform)
    self.init(visible: map, hidden: map)
  }

  @inline(__always)
  func callAsFunction(_ state: UInt8) -> UInt8 {
    state & NodeBits.hidden == 0
      ? visible(state & 0xF) : hidden(state & 0xF) | NodeBits.hidden
  }

  @inline(__always)
  func after(_ inner: StateMap) -> StateMap {
    StateMap(visible: visible.after(inner.visible), hidden: hidden.after(inner.hidden))
  }

  @inline(__always)
  func preimage(of set: StateSet) -> StateSet {
    StateSet(visible: visible.preimage(of: set.visible), hidden: hidden.preimage(of: set.hidden))
  }

  /// The states this map changes.
  var movedStates: StateSet {
    StateSet(visible: visible.movedStates, hidden: hidden.movedStates)
  }

  @inline(__always)
  func apply(to counts: NodeCounts) -> NodeCounts {
    NodeCounts(visible: visible.apply(to: counts.visible), hidden: hidden.apply(to: counts.hidden))
  }
}

/// Counts of each of the 32 states.
struct NodeCounts: Hashable, Sendable {
  var visible: SIMD16<Int32>
  var hidden: SIMD16<Int32>

  static let zero = NodeCounts(visible: SIMD16(repeating: 0), hidden: SIMD16(repeating: 0))

  @inline(__always)
  mutating func add(_ state: UInt8, _ amount: Int32 = 1) {
    if state & NodeBits.hidden == 0 {
      visible[Int(state & 0xF)] &+= amount
    } else {
      hidden[Int(state & 0xF)] &+= amount
    }
  }

  /// One node moved from state `old` to state `new`.
  @inline(__always)
  mutating func move(_ old: UInt8, to new: UInt8) {
    add(old, -1)
    add(new)
  }

  @inline(__always)
  func sum(over set: StateSet) -> Int {
    visible.sum(over: set.visible) + hidden.sum(over: set.hidden)
  }

  static func &+ (lhs: NodeCounts, rhs: NodeCounts) -> NodeCounts {
    NodeCounts(visible: lhs.visible &+ rhs.visible, hidden: lhs.hidden &+ rhs.hidden)
  }

  static func &+= (lhs: inout NodeCounts, rhs: NodeCounts) {
    lhs = lhs &+ rhs
  }
}

extension SIMD16<Int32> {
  /// The sum of the counts of the states in `mask`.
  @inline(__always)
  func sum(over mask: UInt16) -> Int {
    var total: Int32 = 0
    var remaining = mask
    while remaining != 0 {
      total &+= self[remaining.trailingZeroBitCount]
      remaining &= remaining &- 1
    }
    return Int(total)
  }
}

extension NodeCounts {
  /// The counts of the 32 states among `bytes`: a histogram, no branch per byte.
  init(histogramOf bytes: UnsafeBufferPointer<UInt8>) {
    self = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 32) { histogram in
      histogram.initialize(repeating: 0)
      for byte in bytes { histogram[Int(byte & 31)] &+= 1 }
      var result = NodeCounts.zero
      for state in 0..<16 {
        result.visible[state] = histogram[state]
        result.hidden[state] = histogram[16 + state]
      }
      return result
    }
  }
}
