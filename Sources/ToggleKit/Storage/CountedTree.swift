/// What a ``CountedTree`` keeps: its elements, a summary of any stretch of them, and a change it can
/// defer (an action applied to a whole subtree at once, pushed down only when a path goes through).
///
/// A summary of two stretches side by side is `combine` of theirs; `apply` of an action to a
/// summary must equal the summary of the elements with the action applied one by one.
protocol CountedTraits {
  associatedtype Element
  associatedtype Summary
  associatedtype Action

  /// The summary of no elements.
  static var emptySummary: Summary { get }
  /// The summary of `elements`.
  static func summary(of elements: ArraySlice<Element>) -> Summary
  /// The summary of a stretch followed by another.
  static func combine(_ first: Summary, _ second: Summary) -> Summary

  /// The action that changes nothing.
  static var identity: Action { get }
  /// Whether `action` changes nothing.
  static func isIdentity(_ action: Action) -> Bool
  /// `outer` after `inner`: first `inner`, then `outer`.
  static func compose(_ outer: Action, after inner: Action) -> Action
  /// The summary of `count` elements summarized by `summary`, each changed by `action`.
  static func apply(_ action: Action, to summary: Summary, count: Int) -> Summary
  /// One element changed by `action`.
  static func apply(_ action: Action, to element: Element) -> Element
}

/// The action of a tree whose elements are never changed wholesale.
struct NoAction: Equatable, Sendable {}

extension CountedTraits where Action == NoAction {
  static var identity: NoAction { NoAction() }
  @inline(__always) static func isIdentity(_ action: NoAction) -> Bool { true }
  @inline(__always)
  static func compose(_ outer: NoAction, after inner: NoAction) -> NoAction { outer }
  @inline(__always)
  static func apply(_ action: NoAction, to summary: Summary, count: Int) -> Summary { summary }
  @inline(__always) static func apply(_ action: NoAction, to element: Element) -> Element {
    element
  }
}

/// A list kept as a B-tree of chunks in which positions are counted, not stored: splicing m
/// elements in, taking a range out or moving one costs O(log n + m), a copy costs O(1) and shares
/// every node an edit does not touch.
///
/// Leaves hold up to ``leafCapacity`` elements, inner nodes up to ``fanOut`` children; every leaf
/// lies at the same depth, and every node but the root is at least a quarter full. Each node keeps
/// its count, the summary of its elements and an action still to apply to its children, so that a
/// summary of any range, an action on any range and a search by summary cost O(log n) nodes.
///
/// Edits are joins and splits (the join-based way of balanced trees): a split at a position
/// rebuilds only the nodes on the path to it, a join only the nodes on the spine where the shorter
/// tree meets the taller; nodes not on those paths are shared.
struct CountedTree<Traits: CountedTraits> {
  typealias Element = Traits.Element
  typealias Summary = Traits.Summary
  typealias Node = CountedNode<Traits>

  /// The root; nil for an empty tree.
  var root: Node?
  /// The sizes of its nodes, fixed when the tree is made (a tree made by a test with small nodes
  /// keeps them wherever it goes).
  let limits: CountedLimits

  /// An empty list.
  init() { limits = .current }

  /// The tree whose root is `root`.
  init(root: Node?, limits: CountedLimits) {
    self.root = root
    self.limits = limits
  }

  /// The elements of `elements`, in order, in full leaves.
  /// - Complexity: O(n).
  init(_ elements: some Collection<Element>, limits: CountedLimits = .current) {
    let all = Array(elements)
    self.init(count: all.count, limits: limits) { Array(all[$0]) }
  }

  /// `count` elements in full leaves, each leaf's made by `leaf` for its range of positions (the
  /// ranges in order): no array of every element is made and copied into the leaves.
  /// - Complexity: O(n).
  init(count: Int, limits: CountedLimits = .current, leaf: (Range<Int>) -> [Element]) {
    self.limits = limits
    var level: [Node] = []
    for range in Self.evenPieces(count, most: limits.leaf) {
      level.append(Node(leaf: leaf(range)))
    }
    var height = 0
    while level.count > 1 {
      height += 1
      var upper: [Node] = []
      for range in Self.evenPieces(level.count, most: limits.fan) {
        upper.append(Node(children: Array(level[range]), height: height))
      }
      level = upper
    }
    root = level.first
  }

  /// `count` things cut into as few ranges of at most `most` as can be, the last two evened out
  /// so that none is less than half full (unless there is only one).
  static func evenPieces(_ count: Int, most: Int) -> [Range<Int>] {
    guard count > 0 else { return [] }
    var ranges: [Range<Int>] = []
    var start = 0
    while count - start > 2 * most {
      ranges.append(start..<(start + most))
      start += most
    }
    let rest = count - start
    if rest > most {
      ranges.append(start..<(start + rest / 2))
      start += rest / 2
    }
    ranges.append(start..<count)
    return ranges
  }

  /// The number of elements.
  var count: Int { root?.count ?? 0 }

  /// The bytes the nodes take, as if none were shared (an object's header and fields as 64).
  /// - Complexity: O(n / 64).
  var storageBytes: Int {
    var total = 0
    func visit(_ node: Node) {
      total +=
        64 + MemoryLayout<Summary>.stride * (1 + node.summaries.capacity)
        + MemoryLayout<Element>.stride * node.elements.capacity + node.children.capacity * 8
        + node.ends.capacity * 4
      node.children.forEach(visit)
    }
    if let root { visit(root) }
    return total
  }

  /// Whether the list is empty.
  var isEmpty: Bool { root == nil }

  /// The summary of every element.
  var summary: Summary { root?.summary ?? Traits.emptySummary }

  /// The element at `position`.
  /// - Complexity: O(log n).
  subscript(position: Int) -> Element {
    precondition(position >= 0 && position < count, "a position in the list")
    var action = Traits.identity
    let (leaf, offset) = Node.leaf(holding: position, below: root!) {
      action = Traits.compose(action, after: $0.pending)
    }
    return leaf._withUnsafeGuaranteedRef {
      Traits.apply(Traits.compose(action, after: $0.pending), to: $0.elements[offset])
    }
  }

  /// Every element in order.
  /// - Complexity: O(n).
  var elements: [Element] {
    var result: [Element] = []
    result.reserveCapacity(count)
    forEach(in: 0..<count) { result.append($0) }
    return result
  }
}

/// The sizes of a counted tree's nodes.
struct CountedLimits: Equatable, Sendable {
  /// The most elements a leaf holds.
  let leaf: Int
  /// The most children an inner node has.
  let fan: Int
  /// The fewest elements a leaf other than the root holds.
  var leafMinimum: Int { Swift.max(1, leaf / 4) }
  /// The fewest children an inner node other than the root has.
  var fanMinimum: Int { Swift.max(2, fan / 4) }

  /// Leaves of 64, inner nodes of 16: the sizes outside tests.
  static let standard = CountedLimits(leaf: 64, fan: 16)

  /// Leaves of 64, inner nodes of 16; smaller when a test asks: both of ``CountedTreeTesting``'s
  /// capacity, or under ``NodeStates/testingBlockShift`` s leaves of 2^s (one node each for 0, as
  /// the blocks were) and inner nodes of 2^(s+1), at least 3 (the fewest that splits into halves
  /// of two).
  static var current: CountedLimits {
    if let capacity = CountedTreeTesting.capacity {
      return CountedLimits(leaf: capacity, fan: Swift.max(3, capacity))
    }
    if let shift = NodeStates.testingBlockShift {
      return CountedLimits(leaf: 1 << shift, fan: Swift.max(3, 2 << shift))
    }
    return .standard
  }
}

/// Smaller nodes for tests of counted trees.
enum CountedTreeTesting {
  /// Leaves and inner nodes of this capacity (inner nodes at least 3) instead of 64 and 16, so
  /// that tiny lists have many levels and every split and merge path runs.
  @TaskLocal static var capacity: Int?
}

extension CountedTree: @unchecked Sendable where Element: Sendable, Summary: Sendable {}

/// A node of a ``CountedTree``: a leaf of elements or an inner node of children.
///
/// Each keeps its count, its summary and the action still to apply below it. Never changed once
/// shared.
final class CountedNode<Traits: CountedTraits> {
  /// 0 for a leaf; one more than the children's for an inner node.
  let height: Int
  /// The number of elements below.
  @exclusivity(unchecked) var count: Int
  /// The summary of the elements below, `pending` included.
  @exclusivity(unchecked) var summary: Traits.Summary
  /// The action still to apply to the children (for a leaf, to its elements).
  @exclusivity(unchecked) var pending: Traits.Action
  /// A leaf's elements (empty for an inner node).
  @exclusivity(unchecked) var elements: [Traits.Element]
  /// An inner node's children (empty for a leaf).
  @exclusivity(unchecked) var children: [CountedNode]
  /// An inner node's running counts: `ends[i]` elements lie in the children up to `i` (one cache
  /// line for 16 children, where reading each child's count is a load from each child).
  @exclusivity(unchecked) var ends: [Int32]
  /// An inner node's children's summaries, side by side: a search reads them without a load from
  /// each child.
  @exclusivity(unchecked) var summaries: [Traits.Summary]

  /// A leaf of `elements` (not empty), nothing pending.
  init(leaf elements: [Traits.Element]) {
    height = 0
    count = elements.count
    summary = Traits.summary(of: elements[...])
    pending = Traits.identity
    self.elements = elements
    children = []
    ends = []
    summaries = []
  }

  /// An inner node of `children` (not empty) at `height`, nothing pending.
  init(children: [CountedNode], height: Int) {
    self.height = height
    var count = 0
    var summary = Traits.emptySummary
    var ends: [Int32] = []
    var summaries: [Traits.Summary] = []
    ends.reserveCapacity(children.count)
    summaries.reserveCapacity(children.count)
    for child in children {
      count += child.count
      ends.append(Int32(count))
      summaries.append(child.summary)
      summary = Traits.combine(summary, child.summary)
    }
    self.ends = ends
    self.summaries = summaries
    self.count = count
    self.summary = summary
    pending = Traits.identity
    self.elements = []
    self.children = children
  }

  /// A copy that shares the elements or children.
  init(copying other: CountedNode) {
    height = other.height
    count = other.count
    summary = other.summary
    pending = other.pending
    elements = other.elements
    children = other.children
    ends = other.ends
    summaries = other.summaries
  }

  /// The leaf below `root` that holds `position` and the offset within it, unretained (valid while
  /// `root` lives); `visit` sees each inner node on the way down.
  ///
  /// No reference is retained on the way: a walk that retained and released each node spent a
  /// fifth of a click doing so.
  @inline(__always)
  static func leaf(
    holding position: Int, below root: CountedNode, _ visit: (CountedNode) -> Void = { _ in }
  ) -> (Unmanaged<CountedNode>, Int) {
    var node = Unmanaged.passUnretained(root)
    var offset = position
    while true {
      let next: Unmanaged<CountedNode>? = node._withUnsafeGuaranteedRef { node in
        guard node.height > 0 else { return nil }
        visit(node)
        let index: Int
        (index, offset) = node.child(holding: offset)
        return node.children.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }
      }
      guard let next else { return (node, offset) }
      node = next
    }
  }

  /// The child of an inner node that holds `offset`, and the offset within it.
  @inline(__always)
  func child(holding offset: Int) -> (index: Int, offset: Int) {
    ends.withUnsafeBufferPointer { ends in
      var index = 0
      while Int(ends[index]) <= offset { index += 1 }
      return (index, index == 0 ? offset : offset - Int(ends[index - 1]))
    }
  }

  /// The node with `action` applied to it as a whole (kept pending below it).
  func applying(_ action: Traits.Action) -> CountedNode {
    if Traits.isIdentity(action) { return self }
    let copy = CountedNode(copying: self)
    copy.pending = Traits.compose(action, after: pending)
    copy.summary = Traits.apply(action, to: summary, count: count)
    return copy
  }

  /// A leaf's elements with its pending action applied.
  var appliedElements: [Traits.Element] {
    Traits.isIdentity(pending) ? elements : elements.map { Traits.apply(pending, to: $0) }
  }

  /// An inner node's children with its pending action passed down to them.
  var appliedChildren: [CountedNode] {
    Traits.isIdentity(pending) ? children : children.map { $0.applying(pending) }
  }
}
