extension CountedTree {
  /// The elements of `first`, then those of `second`.
  /// - Complexity: O(log n) nodes made; the rest shared.
  static func + (first: CountedTree, second: CountedTree) -> CountedTree {
    guard let left = first.root else { return second }
    guard let right = second.root else { return first }
    let limits = first.limits
    return CountedTree(
      root: tree(of: join(left, right, limits), height: Swift.max(left.height, right.height)),
      limits: limits)
  }

  /// The elements before `position` and those from it on.
  /// - Complexity: O(log n) nodes made; the rest shared.
  func split(at position: Int) -> (CountedTree, CountedTree) {
    precondition(position >= 0 && position <= count, "a split inside the list")
    guard let root else { return (self, self) }
    let empty = CountedTree(root: nil, limits: limits)
    if position == 0 { return (empty, self) }
    if position == count { return (self, empty) }
    let (left, right) = Self.split(root, at: position, limits)
    return (CountedTree(root: left, limits: limits), CountedTree(root: right, limits: limits))
  }

  /// The elements in `range`, sharing this tree's nodes.
  /// - Complexity: O(log n) nodes made.
  func extracting(_ range: Range<Int>) -> CountedTree {
    let (_, rest) = split(at: range.lowerBound)
    return rest.split(at: range.count).0
  }

  /// Replaces the elements in `range` with those of `replacement`.
  /// - Complexity: O(log n) nodes made; the rest, and `replacement`'s nodes, shared.
  mutating func replaceSubrange(_ range: Range<Int>, with replacement: CountedTree) {
    let (before, rest) = split(at: range.lowerBound)
    let after = rest.split(at: range.count).1
    self = before + replacement + after
  }

  /// Inserts `elements` before `position`: into the leaf that holds the position, a leaf or inner
  /// node that grows past its limit split in two (or more) as in any B-tree, the path written in
  /// place when this tree alone holds it.
  /// - Complexity: O(log n + m) for m elements.
  mutating func insert(contentsOf elements: some Collection<Element>, at position: Int) {
    let added = Array(elements)
    guard !added.isEmpty else { return }
    guard root != nil else {
      self = CountedTree(added, limits: limits)
      return
    }
    guard added.count <= limits.leaf else {
      // Many: into leaves of their own, joined in (one copy of each, no leaf split into many).
      replaceSubrange(position..<position, with: CountedTree(added, limits: limits))
      return
    }
    let extras = Self.insert(added, at: position, into: &root!, limits)
    guard !extras.isEmpty else { return }
    var level = [root!] + extras
    var height = root!.height
    while level.count > 1 {
      height += 1
      let below = level
      level = Self.evenPieces(below.count, most: limits.fan).map {
        Node(children: Array(below[$0]), height: height)
      }
    }
    root = level[0]
  }

  /// Inserts `added` at `position` below `node`, into the leaf that holds it (the last for the
  /// end), pushing the path's pending actions down; a node that grows past its limit keeps the
  /// first of its even pieces and returns the others, to follow it in its parent.
  private static func insert(
    _ added: [Element], at position: Int, into node: inout Node, _ limits: CountedLimits
  ) -> [Node] {
    if !isKnownUniquelyReferenced(&node) { node = Node(copying: node) }
    let pending = node.pending
    if node.height == 0 {
      if !Traits.isIdentity(pending) {
        node.elements = node.appliedElements
        node.pending = Traits.identity
      }
      node.elements.insert(contentsOf: added, at: position)
      var extras: [Node] = []
      if node.elements.count > limits.leaf {
        let pieces = evenPieces(node.elements.count, most: limits.leaf)
        extras = pieces.dropFirst().map { Node(leaf: Array(node.elements[$0])) }
        node.elements.removeSubrange(pieces[0].upperBound...)
      }
      node.count = node.elements.count
      node.summary = Traits.summary(of: node.elements[...])
      return extras
    }
    if !Traits.isIdentity(pending) {
      node.children = node.appliedChildren
      node.pending = Traits.identity
    }
    let index =
      position >= node.count ? node.children.count - 1 : node.child(holding: position).index
    let start = index == 0 ? 0 : Int(node.ends[index - 1])
    let grown = insert(added, at: position - start, into: &node.children[index], limits)
    var extras: [Node] = []
    if !grown.isEmpty {
      node.children.insert(contentsOf: grown, at: index + 1)
      if node.children.count > limits.fan {
        let pieces = evenPieces(node.children.count, most: limits.fan)
        extras = pieces.dropFirst().map {
          Node(children: Array(node.children[$0]), height: node.height)
        }
        node.children.removeSubrange(pieces[0].upperBound...)
      }
      node.ends = [Int32](repeating: 0, count: node.children.count)
      node.summaries = [Summary](repeating: Traits.emptySummary, count: node.children.count)
    }
    node.recount()
    return extras
  }

  /// Takes the elements in `range` out.
  /// - Complexity: O(log n) nodes made.
  mutating func removeSubrange(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    guard range.count < count else {
      root = nil
      return
    }
    // Out of the leaf that holds them, when it keeps enough: one path written, in place when
    // this tree alone holds it, no split and no join.
    if let root, Self.leafKeeps(range, below: root, limits) {
      Self.remove(range, from: &self.root!)
      return
    }
    replaceSubrange(range, with: CountedTree(root: nil, limits: limits))
  }

  /// Moves the elements in `range` so that they start at `position` of the list without them.
  /// - Complexity: O(log n) nodes made; O(log n + m) for m elements when they fit in a leaf.
  mutating func moveSubrange(_ range: Range<Int>, to position: Int) {
    guard !range.isEmpty else { return }
    if range.count <= limits.leaf {
      // Few: read out, taken out and put in, each in place where it can be.
      let moved = elements(in: range)
      removeSubrange(range)
      insert(contentsOf: moved, at: position)
      return
    }
    let moved = extracting(range)
    removeSubrange(range)
    replaceSubrange(position..<position, with: moved)
  }

  /// The elements in `range`, their pending actions applied.
  /// - Complexity: O(log n + m) for m elements.
  func elements(in range: Range<Int>) -> [Element] {
    var result: [Element] = []
    result.reserveCapacity(range.count)
    forEach(in: range) { result.append($0) }
    return result
  }

  /// Whether `range` lies in one leaf that keeps at least its minimum without it (or is the root).
  private static func leafKeeps(_ range: Range<Int>, below root: Node, _ limits: CountedLimits)
    -> Bool
  {
    var node = root
    var offset = range.lowerBound
    while node.height > 0 {
      let (index, inner) = node.child(holding: offset)
      offset = inner
      node = node.children[index]
    }
    return offset + range.count <= node.count
      && (node === root || node.count - range.count >= limits.leafMinimum)
  }

  /// Takes `range` out of the leaf below `node` that holds it (which keeps enough), pushing the
  /// path's pending actions down and making its counts and summaries again.
  private static func remove(_ range: Range<Int>, from node: inout Node) {
    if !isKnownUniquelyReferenced(&node) { node = Node(copying: node) }
    let pending = node.pending
    if node.height == 0 {
      if !Traits.isIdentity(pending) {
        node.elements = node.appliedElements
        node.pending = Traits.identity
      }
      node.elements.removeSubrange(range)
      node.count = node.elements.count
      node.summary = Traits.summary(of: node.elements[...])
      return
    }
    if !Traits.isIdentity(pending) {
      node.children = node.appliedChildren
      node.pending = Traits.identity
    }
    let (index, offset) = node.child(holding: range.lowerBound)
    remove(offset..<(offset + range.count), from: &node.children[index])
    node.recount()
  }

  // MARK: - Joins and splits of nodes

  /// One root for `nodes` (one or two nodes of the same `height`): the node itself, or a new
  /// parent of the two; a root of a single child gives way to the child.
  private static func tree(of nodes: [Node], height: Int) -> Node {
    var root = nodes.count == 1 ? nodes[0] : Node(children: nodes, height: height + 1)
    while root.height > 0 && root.children.count == 1 {
      root = root.children[0].applying(root.pending)
    }
    return root
  }

  /// `first` then `second` as one or two nodes of the greater height, every node below them at
  /// least its minimum (either may itself be a root below its minimum).
  private static func join(_ first: Node, _ second: Node, _ limits: CountedLimits) -> [Node] {
    if first.height == second.height { return merge(first, second, limits) }
    if first.height > second.height {
      var children = first.appliedChildren
      let last = children.removeLast()
      children += join(last, second, limits)
      return nodes(of: children, height: first.height, limits)
    }
    var children = second.appliedChildren
    let head = children.removeFirst()
    children = join(first, head, limits) + children
    return nodes(of: children, height: second.height, limits)
  }

  /// Two nodes of one height as one node, or as two nodes each at least its minimum.
  private static func merge(_ first: Node, _ second: Node, _ limits: CountedLimits) -> [Node] {
    if first.height == 0 {
      let total = first.count + second.count
      if first.count >= limits.leafMinimum && second.count >= limits.leafMinimum
        && total > limits.leaf
      {
        return [first, second]
      }
      let elements = first.appliedElements + second.appliedElements
      return evenPieces(elements.count, most: limits.leaf).map { Node(leaf: Array(elements[$0])) }
    }
    let total = first.children.count + second.children.count
    if first.children.count >= limits.fanMinimum && second.children.count >= limits.fanMinimum
      && total > limits.fan
    {
      return [first, second]
    }
    return nodes(
      of: first.appliedChildren + second.appliedChildren, height: first.height, limits)
  }

  /// `children` (of one height, each at least its minimum) under one node of `height`, or two.
  private static func nodes(of children: [Node], height: Int, _ limits: CountedLimits) -> [Node] {
    evenPieces(children.count, most: limits.fan).map {
      Node(children: Array(children[$0]), height: height)
    }
  }

  /// The elements of `node` before `position` and from it on (0 < position < count).
  private static func split(_ node: Node, at position: Int, _ limits: CountedLimits) -> (
    Node, Node
  ) {
    if node.height == 0 {
      let elements = node.appliedElements
      return (Node(leaf: Array(elements[..<position])), Node(leaf: Array(elements[position...])))
    }
    let children = node.appliedChildren
    let (index, offset) = node.child(holding: position)
    var left: Node?
    var right: Node?
    if offset == 0 {
      right = children[index]
    } else {
      (left, right) = split(children[index], at: offset, limits)
    }
    left = concatenated(root(of: Array(children[..<index]), height: node.height), left, limits)
    right = concatenated(
      right, root(of: Array(children[(index + 1)...]), height: node.height), limits)
    return (left!, right!)
  }

  /// A root over `children`, nil if there are none.
  private static func root(of children: [Node], height: Int) -> Node? {
    children.isEmpty ? nil : tree(of: [Node(children: children, height: height)], height: height)
  }

  /// Two optional roots joined.
  private static func concatenated(_ first: Node?, _ second: Node?, _ limits: CountedLimits)
    -> Node?
  {
    guard let first else { return second }
    guard let second else { return first }
    return tree(of: join(first, second, limits), height: Swift.max(first.height, second.height))
  }

  // MARK: - Invariants

  /// Traps unless every leaf lies at one depth, every node but the root is at least its minimum
  /// and at most its capacity, and every count and summary is that of what lies below.
  /// - Complexity: O(n).
  func checkInvariants(summariesEqual: (Summary, Summary) -> Bool) {
    guard let root else { return }
    precondition(root.height == 0 || root.children.count >= 2, "a root has two children or more")
    check(root, isRoot: true, summariesEqual: summariesEqual)
  }

  private func check(_ node: Node, isRoot: Bool, summariesEqual: (Summary, Summary) -> Bool) {
    if node.height == 0 {
      precondition(node.count == node.elements.count, "a leaf counts its elements")
      precondition(node.count <= limits.leaf, "a leaf within its capacity")
      precondition(isRoot || node.count >= limits.leafMinimum, "a leaf at least its minimum")
      precondition(node.count > 0, "no empty leaf")
      let expected = Traits.apply(
        node.pending, to: Traits.summary(of: node.elements[...]), count: node.count)
      precondition(summariesEqual(node.summary, expected), "a leaf summarizes its elements")
      return
    }
    precondition(node.elements.isEmpty, "an inner node holds no elements")
    precondition(node.children.count <= limits.fan, "an inner node within its fan-out")
    precondition(isRoot || node.children.count >= limits.fanMinimum, "an inner node at its minimum")
    var count = 0
    var summary = Traits.emptySummary
    precondition(node.summaries.count == node.children.count, "a summary per child")
    for (child, kept) in zip(node.children, node.summaries) {
      precondition(
        summariesEqual(child.summary, kept), "an inner node keeps its children's summaries")
      precondition(child.height == node.height - 1, "every leaf at one depth")
      check(child, isRoot: false, summariesEqual: summariesEqual)
      count += child.count
      summary = Traits.combine(summary, child.summary)
    }
    precondition(node.count == count, "an inner node counts its children's elements")
    precondition(
      node.ends == node.children.reduce(into: []) { $0.append(($0.last ?? 0) + Int32($1.count)) },
      "an inner node keeps its children's running counts")
    let expected = Traits.apply(node.pending, to: summary, count: count)
    precondition(summariesEqual(node.summary, expected), "an inner node summarizes its children")
  }
}

extension CountedNode {
  /// Makes an inner node's count, running counts, children's summaries and summary again from its
  /// children (after a write in place below it).
  /// - Complexity: O(children).
  func recount() {
    var count = 0
    var summary = Traits.emptySummary
    for child in children.indices {
      count += children[child].count
      ends[child] = Int32(count)
      summaries[child] = children[child].summary
      summary = Traits.combine(summary, summaries[child])
    }
    self.count = count
    self.summary = summary
  }
}
