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
struct _Map16: Hashable, Sendable {
  var raw: UInt64

  static let identity = _Map16(raw: 0xFEDC_BA98_7654_3210)

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
  func after(_ inner: _Map16) -> _Map16 {
    if inner == .identity { return self }
    if self == .identity { return inner }
    var raw: UInt64 = 0
    for state in 0..<UInt64(NodeBits.stateCount) {
      let middle = (inner.raw >> (4 * state)) & 0xF
      raw |= ((self.raw >> (4 * middle)) & 0xF) << (4 * state)
    }
    return _Map16(raw: raw)
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
struct _StateMap: Hashable, Sendable {
  var visible: _Map16
  var hidden: _Map16

  static let identity = _StateMap(visible: .identity, hidden: .identity)

  init(visible: _Map16, hidden: _Map16) {
    self.visible = visible
    self.hidden = hidden
  }

  /// The same transformation of the four low bits for visible and hidden nodes.
  init(_ transform: (UInt8) -> UInt8) {
    let map = _Map16(transform)
    self.init(visible: map, hidden: map)
  }

  @inline(__always)
  func callAsFunction(_ state: UInt8) -> UInt8 {
    state & NodeBits.hidden == 0
      ? visible(state & 0xF) : hidden(state & 0xF) | NodeBits.hidden
  }

  @inline(__always)
  func after(_ inner: _StateMap) -> _StateMap {
    _StateMap(visible: visible.after(inner.visible), hidden: hidden.after(inner.hidden))
  }

  @inline(__always)
  func preimage(of set: StateSet) -> StateSet {
    StateSet(visible: visible.preimage(of: set.visible), hidden: hidden.preimage(of: set.hidden))
  }

  @inline(__always)
  func apply(to counts: _Counts) -> _Counts {
    _Counts(visible: visible.apply(to: counts.visible), hidden: hidden.apply(to: counts.hidden))
  }
}

/// Counts of each of the 32 states.
struct _Counts: Hashable, Sendable {
  var visible: SIMD16<Int32>
  var hidden: SIMD16<Int32>

  static let zero = _Counts(visible: SIMD16(repeating: 0), hidden: SIMD16(repeating: 0))

  @inline(__always)
  mutating func add(_ state: UInt8, _ amount: Int32 = 1) {
    if state & NodeBits.hidden == 0 {
      visible[Int(state & 0xF)] &+= amount
    } else {
      hidden[Int(state & 0xF)] &+= amount
    }
  }

  @inline(__always)
  func sum(over set: StateSet) -> Int {
    visible.sum(over: set.visible) + hidden.sum(over: set.hidden)
  }

  static func &+ (lhs: _Counts, rhs: _Counts) -> _Counts {
    _Counts(visible: lhs.visible &+ rhs.visible, hidden: lhs.hidden &+ rhs.hidden)
  }

  static func &+= (lhs: inout _Counts, rhs: _Counts) {
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

/// Node states of a whole tree, in preorder, with counts per state over any index range and lazy
/// application of a state map to any range.
///
/// A segment tree over blocks of 32 positions: each segment node keeps the counts of the 16 states in
/// its range (with its own pending map already applied) and a map still pending for its children.
/// Applying a map to a range, counting a range and reading one state are O(log n + 32); listing the
/// k positions whose state is in a set costs O(k + log n) per run of consecutive matches.
struct _NodeStates: Sendable {
  /// The block size's logarithm that trees use: 5 (blocks of 32 positions).
  static let defaultBlockShift = 5
  /// A smaller block size for tests, so that tiny trees cross blocks and reach the lazy maps.
  @TaskLocal static var testingBlockShift: Int?

  /// log2 of the positions a block holds (the segment tree's leaves).
  let blockShift: Int
  var blockSize: Int { 1 << blockShift }

  /// The raw state of each position (maps pending in the block's segment leaf not yet applied).
  private(set) var bytes: [UInt8]
  /// Per segment node (1-based heap order): counts per state in its range.
  private(set) var counts: [_Counts]
  /// Per segment node: the map pending for its children (for a block, for its bytes).
  private(set) var pending: [_StateMap]
  /// The number of positions.
  let count: Int
  /// The first segment node that is a block (a power of two).
  let firstBlock: Int

  init(states: [UInt8]) {
    blockShift = Self.testingBlockShift ?? Self.defaultBlockShift
    let blockSize = 1 << blockShift
    count = states.count
    let blocks = max(1, (states.count + blockSize - 1) >> blockShift)
    var first = 1
    while first < blocks { first <<= 1 }
    firstBlock = first
    bytes = states
    bytes.append(contentsOf: repeatElement(0, count: first * blockSize - states.count))
    counts = Array(repeating: _Counts.zero, count: 2 * first)
    pending = Array(repeating: .identity, count: 2 * first)
    for block in 0..<blocks {
      counts[first + block] = recount(block: block)
    }
    for node in stride(from: first - 1, through: 1, by: -1) {
      counts[node] = counts[2 * node] &+ counts[2 * node + 1]
    }
  }

  private func recount(block: Int) -> _Counts {
    var result = _Counts.zero
    let start = block << blockShift
    let end = min(count, start + blockSize)
    guard start < end else { return result }
    for index in start..<end {
      result.add(bytes[index])
    }
    return result
  }

  // MARK: Reading

  /// The state at `index`.
  func state(at index: Int) -> UInt8 {
    var state = bytes[index]
    var node = firstBlock + (index >> blockShift)
    while node >= 1 {
      state = pending[node](state)
      node >>= 1
    }
    return state
  }

  /// Counts per state over `range`.
  func counts(in range: Range<Int>) -> _Counts {
    guard !range.isEmpty else { return _Counts.zero }
    let block = range.lowerBound >> blockShift
    if block == (range.upperBound - 1) >> blockShift {
      // Most subtrees fit in one block: compose the maps above it (8 bytes a level, mostly cached)
      // instead of descending through the 64-byte counts.
      var map = _StateMap.identity
      var node = firstBlock + block
      while node >= 1 {
        map = pending[node].after(map)
        node >>= 1
      }
      var result = _Counts.zero
      for index in range {
        result.add(map(bytes[index]))
      }
      return result
    }
    let upper = range.upperBound == count ? firstBlock * blockSize : range.upperBound
    return counts(range.lowerBound, upper, node: 1, low: 0, high: firstBlock * blockSize)
  }

  private func counts(_ l: Int, _ r: Int, node: Int, low: Int, high: Int) -> _Counts {
    if l <= low && high <= r { return counts[node] }
    if node >= firstBlock {
      var result = _Counts.zero
      let map = pending[node]
      for index in max(l, low)..<min(r, high, count) {
        result.add(map(bytes[index]))
      }
      return result
    }
    let middle = (low + high) >> 1
    var result = _Counts.zero
    if l < middle { result &+= counts(l, r, node: 2 * node, low: low, high: middle) }
    if r > middle { result &+= counts(l, r, node: 2 * node + 1, low: middle, high: high) }
    return pending[node].apply(to: result)
  }

  /// Calls `body` with every index in `range` whose state is in `mask`, in order.
  func forEachIndex(in range: Range<Int>, matching mask: StateSet, _ body: (Int) -> Int?) {
    guard !range.isEmpty else { return }
    var next = range.lowerBound
    forEachIndex(
      &next, range.upperBound, mask, node: 1, low: 0, high: firstBlock * blockSize,
      above: .identity, body)
  }

  private func forEachIndex(
    _ next: inout Int, _ r: Int, _ mask: StateSet, node: Int, low: Int, high: Int,
    above: _StateMap, _ body: (Int) -> Int?
  ) {
    if r <= low || high <= next || next >= r { return }
    if counts[node].sum(over: above.preimage(of: mask)) == 0 { return }
    let map = above.after(pending[node])
    if node >= firstBlock {
      var index = max(next, low)
      while index < min(r, high, count) {
        if mask.contains(map(bytes[index])) {
          next = index + 1
          if let skip = body(index) { next = max(next, skip) }
          index = next
        } else {
          index += 1
        }
      }
      return
    }
    let middle = (low + high) >> 1
    forEachIndex(&next, r, mask, node: 2 * node, low: low, high: middle, above: map, body)
    forEachIndex(&next, r, mask, node: 2 * node + 1, low: middle, high: high, above: map, body)
  }

  /// The last index in `range` whose state is in `mask`: O(log n + 32).
  func lastIndex(in range: Range<Int>, matching mask: StateSet) -> Int? {
    guard !range.isEmpty else { return nil }
    return lastIndex(
      range.lowerBound, range.upperBound, mask, node: 1, low: 0,
      high: firstBlock * blockSize, above: .identity)
  }

  private func lastIndex(
    _ l: Int, _ r: Int, _ mask: StateSet, node: Int, low: Int, high: Int, above: _StateMap
  ) -> Int? {
    if r <= low || high <= l { return nil }
    if counts[node].sum(over: above.preimage(of: mask)) == 0 { return nil }
    let map = above.after(pending[node])
    if node >= firstBlock {
      for index in stride(from: min(r, high, count) - 1, through: max(l, low), by: -1)
      where mask.contains(map(bytes[index])) {
        return index
      }
      return nil
    }
    let middle = (low + high) >> 1
    return lastIndex(l, r, mask, node: 2 * node + 1, low: middle, high: high, above: map)
      ?? lastIndex(l, r, mask, node: 2 * node, low: low, high: middle, above: map)
  }

  /// The first index in `range` whose state is in `mask`: O(log n + 32).
  func firstIndex(in range: Range<Int>, matching mask: StateSet) -> Int? {
    var found: Int?
    forEachIndex(in: range, matching: mask) { index in
      found = index
      return Int.max
    }
    return found
  }

  // MARK: Writing

  /// Maps the state of every position in `range`.
  mutating func apply(_ map: _StateMap, to range: Range<Int>) {
    guard !range.isEmpty, map != .identity else { return }
    let upper = range.upperBound == count ? firstBlock * blockSize : range.upperBound
    apply(map, range.lowerBound, upper, node: 1, low: 0, high: firstBlock * blockSize)
  }

  private mutating func apply(_ map: _StateMap, _ l: Int, _ r: Int, node: Int, low: Int, high: Int)
  {
    if l <= low && high <= r {
      counts[node] = map.apply(to: counts[node])
      pending[node] = map.after(pending[node])
      return
    }
    if node >= firstBlock {
      flush(block: node)
      var delta = _Counts.zero
      for index in max(l, low)..<min(r, high, count) {
        let old = bytes[index]
        let new = map(old)
        bytes[index] = new
        delta.add(old, -1)
        delta.add(new)
      }
      counts[node] &+= delta
      return
    }
    push(node)
    let middle = (low + high) >> 1
    if l < middle { apply(map, l, r, node: 2 * node, low: low, high: middle) }
    if r > middle { apply(map, l, r, node: 2 * node + 1, low: middle, high: high) }
    counts[node] = counts[2 * node] &+ counts[2 * node + 1]
  }

  /// Hands a node's pending map to its children.
  private mutating func push(_ node: Int) {
    let map = pending[node]
    guard map != .identity else { return }
    for child in (2 * node)...(2 * node + 1) {
      counts[child] = map.apply(to: counts[child])
      pending[child] = map.after(pending[child])
    }
    pending[node] = .identity
  }

  /// Applies a block's pending map to its bytes.
  private mutating func flush(block node: Int) {
    let map = pending[node]
    guard map != .identity else { return }
    let start = (node - firstBlock) << blockShift
    for index in start..<(start + blockSize) {
      bytes[index] = map(bytes[index])
    }
    pending[node] = .identity
  }

  // MARK: Checking

  /// The bytes of the arrays.
  var storageBytes: Int {
    bytes.capacity + counts.capacity * MemoryLayout<_Counts>.stride
      + pending.capacity * MemoryLayout<_StateMap>.stride
  }

  /// Every state in position order, with all pending maps applied.
  func allStates() -> [UInt8] {
    var result = [UInt8](repeating: 0, count: count)
    for block in 0..<((count + blockSize - 1) >> blockShift) {
      var map = _StateMap.identity
      var node = firstBlock + block
      while node >= 1 {
        map = pending[node].after(map)
        node >>= 1
      }
      let start = block << blockShift
      for index in start..<min(count, start + blockSize) {
        result[index] = map(bytes[index])
      }
    }
    return result
  }

  /// Whether every segment node's counts equal what its range holds: O(n log n).
  func countsAreConsistent() -> Bool {
    for block in 0..<firstBlock
    where counts[firstBlock + block] != pending[firstBlock + block].apply(to: recount(block: block))
    {
      return false
    }
    for node in 1..<firstBlock
    where counts[node] != pending[node].apply(to: counts[2 * node] &+ counts[2 * node + 1]) {
      return false
    }
    return true
  }
}
