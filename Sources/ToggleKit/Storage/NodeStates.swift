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

/// Node states of a whole tree, in preorder, with counts per state over any index range and lazy
/// application of a state map to any range.
///
/// A B-ary tree of lazy maps over the bytes, shallow so that a path from a position to the top
/// costs a handful of cache lines: blocks of 64 positions (the bytes, a pending map and counts per
/// state), and above them levels of nodes with 16 children each (a pending map and counts). A
/// million nodes make 16,384 blocks and four levels above them. Each node keeps the counts of the
/// 32 states in its range with its own pending map applied, and the map still pending for its
/// children (for a block, for its bytes). Reading one state composes the maps above it; a write to
/// one position moves it between two counts on each level without pushing maps down when it can;
/// applying a map to a range, counting a range and reading one state are O(B log_B n + 64).
struct NodeStates: Sendable {
  /// log2 of a block's positions that trees use: 6 (64 positions).
  static let defaultBlockShift = 6
  /// log2 of the children of a node above the blocks: 4 (16 children).
  static let defaultFanShift = 4
  /// A smaller block size for tests, so that tiny trees cross blocks and reach the lazy maps; the
  /// fan-out is then 2^(shift + 1) unless ``testingFanShift`` says otherwise.
  @TaskLocal static var testingBlockShift: Int?
  /// A smaller fan-out for tests.
  @TaskLocal static var testingFanShift: Int?

  /// log2 of the positions a block holds.
  let blockShift: Int
  /// log2 of the children of a node above the blocks.
  let fanShift: Int
  var blockSize: Int { 1 << blockShift }

  /// The raw state of each position (maps pending in its block not yet applied).
  private(set) var bytes: ChunkedArray<UInt8>
  /// Per node, level by level from the blocks up (the last one is the top): counts per state in
  /// its range, its own pending map applied.
  private(set) var counts: ChunkedArray<NodeCounts>
  /// Per node: the map pending for its children (for a block, for its bytes).
  private(set) var pending: ChunkedArray<StateMap>
  /// Where each level's nodes start in `counts` and `pending`; one more entry, the total.
  private let levelStart: [Int]
  /// The number of positions.
  let count: Int

  init(states: [UInt8]) {
    blockShift = Self.testingBlockShift ?? Self.defaultBlockShift
    fanShift =
      Self.testingFanShift ?? (Self.testingBlockShift.map { $0 + 1 } ?? Self.defaultFanShift)
    count = states.count
    bytes = ChunkedArray(states)
    var starts = [0]
    var width = max(1, (states.count + (1 << blockShift) - 1) >> blockShift)
    while true {
      starts.append(starts.last! + width)
      if width == 1 { break }
      width = (width + (1 << fanShift) - 1) >> fanShift
    }
    levelStart = starts
    // The levels above the blocks first, in a small array (a sixteenth of the blocks); then the
    // blocks are counted again straight into their chunks. A whole array of counts beside the
    // chunks (2 MB for a million nodes) would raise the peak memory of a build that ends here.
    let blockCount = starts[1]
    let blockShift = blockShift
    let fanShift = fanShift
    var upper = [NodeCounts](repeating: .zero, count: starts.last! - blockCount)
    if starts.count > 2 {
      for block in 0..<blockCount {
        upper[block >> fanShift] &+= Self.recount(
          states, from: block << blockShift, blockShift: blockShift)
      }
    }
    for level in 2..<max(2, starts.count - 1) {
      for index in 0..<(starts[level + 1] - starts[level]) {
        var sum = NodeCounts.zero
        let first = index << fanShift
        for child in first..<min(first + (1 << fanShift), starts[level] - starts[level - 1]) {
          sum &+= upper[starts[level - 1] - blockCount + child]
        }
        upper[starts[level] - blockCount + index] = sum
      }
    }
    counts = ChunkedArray(count: starts.last!) { chunk, start in
      for offset in chunk.indices {
        let index = start + offset
        (chunk.baseAddress! + offset).initialize(
          to: index < blockCount
            ? Self.recount(states, from: index << blockShift, blockShift: blockShift)
            : upper[index - blockCount])
      }
    }
    pending = ChunkedArray(repeating: .identity, count: starts.last!)
  }

  /// The number of levels, the blocks included.
  private var levels: Int { levelStart.count - 1 }

  /// log2 of the positions a node of `level` covers.
  @inline(__always)
  private func shift(_ level: Int) -> Int { blockShift + fanShift * level }

  /// The children (indices on `level - 1`) of the node `index` on `level` ≥ 1.
  @inline(__always)
  private func children(of index: Int, level: Int) -> Range<Int> {
    let first = index << fanShift
    return first..<min(first + (1 << fanShift), levelStart[level] - levelStart[level - 1])
  }

  /// The counts of a block's raw bytes: a histogram of the 32 states, no branch per byte.
  private func recount(block: Int) -> NodeCounts {
    let start = block << blockShift
    let end = min(count, start + blockSize)
    guard start < end else { return .zero }
    var result = NodeCounts.zero
    bytes.forEachSpan(in: start..<end) { span, _ in
      result &+= Self.histogram(span)
    }
    return result
  }

  /// The counts of the block of `states` that starts at `start`.
  private static func recount(_ states: [UInt8], from start: Int, blockShift: Int) -> NodeCounts {
    states.withUnsafeBufferPointer { states in
      histogram(
        UnsafeBufferPointer(rebasing: states[start..<min(states.count, start + (1 << blockShift))]))
    }
  }

  /// The counts of the 32 states among `bytes`: a histogram, no branch per byte.
  private static func histogram(_ bytes: UnsafeBufferPointer<UInt8>) -> NodeCounts {
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 32) { histogram in
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

  /// The maps pending above a node of `level` (its own excluded), composed.
  @inline(__always)
  private func mapAbove(_ index: Int, level: Int) -> StateMap {
    var map = StateMap.identity
    var node = index
    for upper in (level + 1)..<levels {
      node >>= fanShift
      map = pending[levelStart[upper] + node].after(map)
    }
    return map
  }

  // MARK: Reading

  /// The state at `index`.
  func state(at index: Int) -> UInt8 {
    var state = bytes[index]
    var node = index >> blockShift
    for level in 0..<levels {
      state = pending[levelStart[level] + node](state)
      node >>= fanShift
    }
    return state
  }

  /// Counts per state over `range`.
  func counts(in range: Range<Int>) -> NodeCounts {
    guard !range.isEmpty else { return NodeCounts.zero }
    // The lowest node that covers the range, then the maps above it.
    var level = 0
    while level < levels - 1
      && range.lowerBound >> shift(level) != (range.upperBound - 1) >> shift(level)
    {
      level += 1
    }
    let index = range.lowerBound >> shift(level)
    return mapAbove(index, level: level).apply(to: counts(range, level: level, index: index))
  }

  /// Counts over `range` within the node `index` of `level`, its own pending map applied.
  private func counts(_ range: Range<Int>, level: Int, index: Int) -> NodeCounts {
    let low = index << shift(level)
    let high = min(count, (index + 1) << shift(level))
    if range.lowerBound <= low && high <= range.upperBound {
      return counts[levelStart[level] + index]
    }
    let map = pending[levelStart[level] + index]
    var result = NodeCounts.zero
    if level == 0 {
      // A histogram of the raw bytes, span by span, then the block's map over the 32 counts.
      bytes.forEachSpan(in: max(range.lowerBound, low)..<min(range.upperBound, high)) { span, _ in
        result &+= Self.histogram(span)
      }
      return map.apply(to: result)
    }
    let childShift = shift(level - 1)
    let first = max(range.lowerBound, low) >> childShift
    let last = (min(range.upperBound, high) - 1) >> childShift
    for child in first...last {
      result &+= counts(range, level: level - 1, index: child)
    }
    return map.apply(to: result)
  }

  /// Calls `body` with every index in `range` whose state is in `mask`, in order; `body` may
  /// return an index to skip to.
  func forEachIndex(in range: Range<Int>, matching mask: StateSet, _ body: (Int) -> Int?) {
    guard !range.isEmpty else { return }
    var next = range.lowerBound
    forEachIndex(
      &next, range.upperBound, mask, level: levels - 1, index: 0, above: .identity, body)
  }

  private func forEachIndex(
    _ next: inout Int, _ r: Int, _ mask: StateSet, level: Int, index: Int, above: StateMap,
    _ body: (Int) -> Int?
  ) {
    let low = index << shift(level)
    let high = min(count, (index + 1) << shift(level))
    if r <= low || high <= next || next >= r { return }
    let node = levelStart[level] + index
    if counts[node].sum(over: above.preimage(of: mask)) == 0 { return }
    let map = above.after(pending[node])
    if level == 0 {
      var position = max(next, low)
      while position < min(r, high) {
        if mask.contains(map(bytes[position])) {
          next = position + 1
          if let skip = body(position) { next = max(next, skip) }
          position = next
        } else {
          position += 1
        }
      }
      return
    }
    for child in children(of: index, level: level) {
      forEachIndex(&next, r, mask, level: level - 1, index: child, above: map, body)
    }
  }

  /// The last index in `range` whose state is in `mask`.
  func lastIndex(in range: Range<Int>, matching mask: StateSet) -> Int? {
    guard !range.isEmpty else { return nil }
    return lastIndex(range, mask, level: levels - 1, index: 0, above: .identity)
  }

  private func lastIndex(
    _ range: Range<Int>, _ mask: StateSet, level: Int, index: Int, above: StateMap
  ) -> Int? {
    let low = index << shift(level)
    let high = min(count, (index + 1) << shift(level))
    if range.upperBound <= low || high <= range.lowerBound { return nil }
    let node = levelStart[level] + index
    if counts[node].sum(over: above.preimage(of: mask)) == 0 { return nil }
    let map = above.after(pending[node])
    if level == 0 {
      for position in stride(
        from: min(range.upperBound, high) - 1, through: max(range.lowerBound, low), by: -1)
      where mask.contains(map(bytes[position])) {
        return position
      }
      return nil
    }
    for child in children(of: index, level: level).reversed() {
      if let found = lastIndex(range, mask, level: level - 1, index: child, above: map) {
        return found
      }
    }
    return nil
  }

  /// The first index in `range` whose state is in `mask`.
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
  ///
  /// `movesSome` says the caller knows from the range's counts that the map moves at least one
  /// state there, which spares counting the range again.
  mutating func apply(_ map: StateMap, to range: Range<Int>, movesSome: Bool = false) {
    guard !range.isEmpty, map != .identity else { return }
    if range.count == 1 && applyInPlace(map, at: range.lowerBound) { return }
    // A map that moves no state present in the range writes nothing, so that a copy that changes
    // nothing stays identical to its original (and a model's history records no step).
    guard movesSome || counts(in: range).sum(over: map.movedStates) > 0 else { return }
    apply(map, range, level: levels - 1, index: 0)
  }

  /// Maps one position's state without pushing the maps above it down.
  ///
  /// Its byte becomes one that they map to the new state, and the two states it moves between are
  /// counted on each level. False when no byte does (a map above forces the state), and nothing changed.
  private mutating func applyInPlace(_ map: StateMap, at position: Int) -> Bool {
    let old = bytes[position]
    var chain = StateMap.identity
    var node = position >> blockShift
    for level in 0..<levels {
      chain = pending[levelStart[level] + node].after(chain)
      node >>= fanShift
    }
    let current = chain(old)
    let target = map(current)
    // The state does not change: nothing is written, even where another raw byte would do.
    guard target != current else { return true }
    var raw = target
    if chain != .identity {
      // Some raw state of the same visibility that the maps above send to the target.
      guard
        let found = (0..<UInt8(NodeBits.stateCount)).lazy.map({ $0 | (old & NodeBits.hidden) })
          .first(where: { chain($0) == target })
      else { return false }
      raw = found
    }
    guard raw != old else { return true }
    bytes[position] = raw
    var before = old
    var after = raw
    node = position >> blockShift
    for level in 0..<levels {
      let slot = levelStart[level] + node
      before = pending[slot](before)
      after = pending[slot](after)
      // One write per level: each one checks that the counts' table and chunk are not shared.
      counts[slot].move(before, to: after)
      node >>= fanShift
    }
    return true
  }

  private mutating func apply(_ map: StateMap, _ range: Range<Int>, level: Int, index: Int) {
    let low = index << shift(level)
    let high = min(count, (index + 1) << shift(level))
    let node = levelStart[level] + index
    if range.lowerBound <= low && high <= range.upperBound {
      counts[node] = map.apply(to: counts[node])
      pending[node] = map.after(pending[node])
      return
    }
    if level == 0 {
      flush(block: index)
      bytes.forEachMutableSpan(in: max(range.lowerBound, low)..<min(range.upperBound, high)) {
        span, _ in
        for offset in span.indices { span[offset] = map(span[offset]) }
      }
      // The block's map is now the identity: its counts are its bytes' histogram.
      counts[node] = recount(block: index)
      return
    }
    push(index, level: level)
    let childShift = shift(level - 1)
    let first = max(range.lowerBound, low) >> childShift
    let last = (min(range.upperBound, high) - 1) >> childShift
    for child in first...last {
      apply(map, range, level: level - 1, index: child)
    }
    var sum = NodeCounts.zero
    for child in children(of: index, level: level) { sum &+= counts[levelStart[level - 1] + child] }
    counts[node] = sum
  }

  /// Hands a node's pending map to its children.
  private mutating func push(_ index: Int, level: Int) {
    let node = levelStart[level] + index
    let map = pending[node]
    guard map != .identity else { return }
    for child in children(of: index, level: level) {
      let slot = levelStart[level - 1] + child
      counts[slot] = map.apply(to: counts[slot])
      pending[slot] = map.after(pending[slot])
    }
    pending[node] = .identity
  }

  /// Applies a block's pending map to its bytes.
  private mutating func flush(block: Int) {
    let map = pending[block]
    guard map != .identity else { return }
    let start = block << blockShift
    bytes.forEachMutableSpan(in: start..<min(count, start + blockSize)) { span, _ in
      for offset in span.indices { span[offset] = map(span[offset]) }
    }
    pending[block] = .identity
  }

  // MARK: Checking

  /// Whether the two are one value: no write since one was copied from the other.
  func isIdentical(to other: NodeStates) -> Bool {
    bytes.isIdentical(to: other.bytes) && counts.isIdentical(to: other.counts)
      && pending.isIdentical(to: other.pending)
  }

  /// The bytes of the arrays.
  var storageBytes: Int {
    bytes.storageBytes + counts.storageBytes + pending.storageBytes
  }

  /// Every state in position order, with all pending maps applied: O(n).
  func allStates() -> [UInt8] { allStates(in: 0..<count) }

  /// The states of `range` in position order: O(k + log n) for k positions.
  func allStates(in range: Range<Int>) -> [UInt8] {
    guard !range.isEmpty else { return [] }
    var result = [UInt8](repeating: 0, count: range.count)
    result.withUnsafeMutableBufferPointer { result in
      for block in (range.lowerBound >> blockShift)...((range.upperBound - 1) >> blockShift) {
        let map = mapAbove(block, level: 0).after(pending[block])
        let start = max(range.lowerBound, block << blockShift)
        let end = min(range.upperBound, (block + 1) << blockShift)
        let offset = range.lowerBound
        bytes.forEachSpan(in: start..<end) { span, first in
          if map == .identity {
            for index in span.indices { result[first + index - offset] = span[index] }
          } else {
            for index in span.indices { result[first + index - offset] = map(span[index]) }
          }
        }
      }
    }
    return result
  }

  /// Whether every node's counts equal what its range holds: O(n).
  func countsAreConsistent() -> Bool {
    for block in 0..<levelStart[1]
    where counts[block] != pending[block].apply(to: recount(block: block)) {
      return false
    }
    for level in 1..<levels {
      for index in 0..<(levelStart[level + 1] - levelStart[level]) {
        var sum = NodeCounts.zero
        for child in children(of: index, level: level) {
          sum &+= counts[levelStart[level - 1] + child]
        }
        if counts[levelStart[level] + index] != pending[levelStart[level] + index].apply(to: sum) {
          return false
        }
      }
    }
    return true
  }
}
