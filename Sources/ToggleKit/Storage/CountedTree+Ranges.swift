extension CountedTree {
  /// Calls `body` with each element in `range`, in order.
  /// - Complexity: O(log n + k) for k elements.
  func forEach(in range: Range<Int>, _ body: (Element) -> Void) {
    forEachChunk(in: range) { elements, action in
      if Traits.isIdentity(action) {
        for element in elements { body(element) }
      } else {
        for element in elements { body(Traits.apply(action, to: element)) }
      }
    }
  }

  /// Calls `body` with each stretch of `range` that lies in one leaf, in order: the raw elements
  /// and the action to apply to each.
  /// - Complexity: O(log n + k / 64) calls for k elements.
  func forEachChunk(
    in range: Range<Int>, _ body: (UnsafeBufferPointer<Element>, Traits.Action) -> Void
  ) {
    guard let root, !range.isEmpty else { return }
    Self.forEachChunk(root, range, above: Traits.identity, body)
  }

  private static func forEachChunk(
    _ node: Node, _ range: Range<Int>, above: Traits.Action,
    _ body: (UnsafeBufferPointer<Element>, Traits.Action) -> Void
  ) {
    let action = Traits.compose(above, after: node.pending)
    if node.height == 0 {
      node.elements.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[range]), action)
      }
      return
    }
    forEachChild(of: node, overlapping: range) { _, child, part in
      forEachChunk(child, part, above: action, body)
    }
  }

  /// Calls `body` with each child of the inner node `node` that overlaps `range` (offsets in
  /// `node`), in order: its index, the child (not retained) and the part of `range` inside it
  /// (offsets in the child).
  @inline(__always)
  static func forEachChild(
    of node: Node, overlapping range: Range<Int>, _ body: (Int, Node, Range<Int>) -> Void
  ) {
    let first = node.child(holding: range.lowerBound).index
    node.children.withUnsafeBufferPointer { children in
      node.ends.withUnsafeBufferPointer { ends in
        var index = first
        var start = index == 0 ? 0 : Int(ends[index - 1])
        while start < range.upperBound {
          let end = Int(ends[index])
          let part =
            Swift.max(range.lowerBound, start) - start..<Swift.min(range.upperBound, end) - start
          Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef {
            body(index, $0, part)
          }
          start = end
          index += 1
        }
      }
    }
  }

  /// The summary of the elements in `range`.
  /// - Complexity: O(log n) nodes.
  func summary(in range: Range<Int>) -> Summary {
    guard let root, !range.isEmpty else { return Traits.emptySummary }
    return Self.summary(root, range)
  }

  /// The summary of `node`'s elements in `range`, `node.pending` applied (not the actions above).
  private static func summary(_ node: Node, _ range: Range<Int>) -> Summary {
    if range.count == node.count { return node.summary }
    let inner: Summary
    if node.height == 0 {
      inner = Traits.summary(of: node.elements[range])
    } else {
      var result = Traits.emptySummary
      forEachChild(of: node, overlapping: range) { _, child, part in
        result = Traits.combine(result, summary(child, part))
      }
      inner = result
    }
    return Traits.apply(node.pending, to: inner, count: range.count)
  }

  /// Applies `action` to every element in `range`.
  /// - Complexity: O(log n) nodes made (each node wholly inside `range` takes it as pending).
  mutating func apply(_ action: Traits.Action, to range: Range<Int>) {
    guard let root, !range.isEmpty, !Traits.isIdentity(action) else { return }
    self.root = Self.applying(action, to: range, of: root)
  }

  private static func applying(_ action: Traits.Action, to range: Range<Int>, of node: Node)
    -> Node
  {
    if range.count == node.count { return node.applying(action) }
    if node.height == 0 {
      var elements = node.appliedElements
      for index in range { elements[index] = Traits.apply(action, to: elements[index]) }
      return Node(leaf: elements)
    }
    var children = node.appliedChildren
    forEachChild(of: node, overlapping: range) { index, _, part in
      children[index] = applying(action, to: part, of: children[index])
    }
    return Node(children: children, height: node.height)
  }

  /// Changes the element at `position` with `body`.
  /// - Complexity: O(log n) nodes made.
  mutating func update(at position: Int, _ body: (inout Element) -> Void) {
    precondition(position >= 0 && position < count, "a position in the list")
    Self.update(&root!, at: position, body)
  }

  /// Changes the element at `position` below `node`: the path written in place where this tree
  /// alone holds it, copied where it is shared, its pending actions pushed down.
  private static func update(
    _ node: inout Node, at position: Int, _ body: (inout Element) -> Void
  ) {
    if !isKnownUniquelyReferenced(&node) { node = Node(copying: node) }
    if node.height == 0 {
      if !Traits.isIdentity(node.pending) {
        node.elements = node.appliedElements
        node.pending = Traits.identity
      }
      body(&node.elements[position])
      node.summary = Traits.summary(of: node.elements[...])
      return
    }
    let pushed = !Traits.isIdentity(node.pending)
    if pushed {
      node.children = node.appliedChildren
      node.pending = Traits.identity
    }
    let (index, offset) = node.child(holding: position)
    update(&node.children[index], at: offset, body)
    if pushed {
      for child in node.children.indices { node.summaries[child] = node.children[child].summary }
    } else {
      node.summaries[index] = node.children[index].summary
    }
    var summary = Traits.emptySummary
    for child in node.summaries { summary = Traits.combine(summary, child) }
    node.summary = summary
  }

  /// The first position at or after `start` whose element satisfies `matches`, where `mayHold`
  /// tells from a stretch's summary whether any element of it can.
  /// - Complexity: O(log n) nodes when `mayHold` is exact.
  func firstIndex(
    from start: Int, mayHold: (Summary) -> Bool, matches: (Element) -> Bool
  ) -> Int? {
    first(from: start, mayHold: mayHold, matches: matches)?.position
  }

  /// The first position at or after `start` whose element satisfies `matches`, and the element.
  /// - Complexity: O(log n) nodes when `mayHold` is exact.
  func first(
    from start: Int, mayHold: (Summary) -> Bool, matches: (Element) -> Bool
  ) -> (position: Int, element: Element)? {
    guard let root, start < count, mayHold(root.summary) else { return nil }
    return Self.first(root, from: Swift.max(0, start), above: Traits.identity, mayHold, matches)
  }

  /// The first match from `start` on below `node`, whose summary may hold one.
  ///
  /// Children are told apart by their summaries, side by side in the node: one load per level, not
  /// one per child.
  private static func first(
    _ node: Node, from start: Int, above: Traits.Action, _ mayHold: (Summary) -> Bool,
    _ matches: (Element) -> Bool
  ) -> (position: Int, element: Element)? {
    let action = Traits.compose(above, after: node.pending)
    if node.height == 0 {
      for index in start..<node.count {
        let element = Traits.apply(action, to: node.elements[index])
        if matches(element) { return (index, element) }
      }
      return nil
    }
    var index = start > 0 ? node.child(holding: start).index : 0
    while index < node.children.count {
      let childStart = index == 0 ? 0 : Int(node.ends[index - 1])
      let childCount = Int(node.ends[index]) - childStart
      if mayHold(Traits.apply(action, to: node.summaries[index], count: childCount)),
        let found = Unmanaged.passUnretained(node.children[index])._withUnsafeGuaranteedRef({
          first($0, from: Swift.max(0, start - childStart), above: action, mayHold, matches)
        })
      {
        return (childStart + found.position, found.element)
      }
      index += 1
    }
    return nil
  }

  /// The last position before `end` whose element satisfies `matches`, where `mayHold` tells from
  /// a stretch's summary whether any element of it can.
  /// - Complexity: O(log n) nodes when `mayHold` is exact.
  func lastIndex(
    before end: Int, mayHold: (Summary) -> Bool, matches: (Element) -> Bool
  ) -> Int? {
    guard let root, end > 0, mayHold(root.summary) else { return nil }
    return Self.lastIndex(
      root, before: Swift.min(end, count), above: Traits.identity, mayHold, matches)
  }

  /// The last match before `end` below `node`, whose summary may hold one.
  private static func lastIndex(
    _ node: Node, before end: Int, above: Traits.Action, _ mayHold: (Summary) -> Bool,
    _ matches: (Element) -> Bool
  ) -> Int? {
    let action = Traits.compose(above, after: node.pending)
    if node.height == 0 {
      for index in stride(from: end - 1, through: 0, by: -1)
      where matches(Traits.apply(action, to: node.elements[index])) {
        return index
      }
      return nil
    }
    var index = node.child(holding: end - 1).index
    while index >= 0 {
      let childStart = index == 0 ? 0 : Int(node.ends[index - 1])
      let childCount = Int(node.ends[index]) - childStart
      if mayHold(Traits.apply(action, to: node.summaries[index], count: childCount)),
        let found = Unmanaged.passUnretained(node.children[index])._withUnsafeGuaranteedRef({
          lastIndex(
            $0, before: Swift.min(childCount, end - childStart), above: action, mayHold, matches)
        })
      {
        return childStart + found
      }
      index -= 1
    }
    return nil
  }
}
