/// One node of a ``CountedShape``: its id, label, attributes, depth and order key.
struct ShapeNode<ID: Hashable> {
  var id: ID
  var label: String
  /// nil for a node without attributes (never an empty dictionary).
  var attributes: [String: String]?
  /// 0 for a root.
  var depth: Int32
  /// Ascending in preorder, unique, at least 1: what the id index holds for the node.
  var key: UInt32
}

/// What a shape's chunks keep: the least depth (to find where a subtree ends and a node's parent)
/// and the greatest key (to find a node by its key); a moved subtree's depths change by one number.
enum ShapeTraits<ID: Hashable>: CountedTraits {
  struct Summary: Equatable, Sendable {
    var leastDepth: Int32
    var greatestKey: UInt32
  }

  static var emptySummary: Summary { Summary(leastDepth: .max, greatestKey: 0) }

  static func summary(of elements: ArraySlice<ShapeNode<ID>>) -> Summary {
    var least = Int32.max
    for element in elements { least = Swift.min(least, element.depth) }
    return Summary(leastDepth: least, greatestKey: elements.last?.key ?? 0)
  }

  @inline(__always)
  static func combine(_ first: Summary, _ second: Summary) -> Summary {
    Summary(
      leastDepth: Swift.min(first.leastDepth, second.leastDepth),
      greatestKey: Swift.max(first.greatestKey, second.greatestKey))
  }

  static var identity: Int32 { 0 }
  @inline(__always) static func isIdentity(_ action: Int32) -> Bool { action == 0 }
  @inline(__always) static func compose(_ outer: Int32, after inner: Int32) -> Int32 {
    outer + inner
  }
  @inline(__always)
  static func apply(_ action: Int32, to summary: Summary, count: Int) -> Summary {
    Summary(
      leastDepth: summary.leastDepth == .max ? .max : summary.leastDepth + action,
      greatestKey: summary.greatestKey)
  }
  @inline(__always)
  static func apply(_ action: Int32, to element: ShapeNode<ID>) -> ShapeNode<ID> {
    var element = element
    element.depth += action
    return element
  }
}

/// The order and nesting of a tree's nodes in a form that edits in O(log n + m): nodes in preorder
/// in a ``CountedTree`` (positions counted, not stored), each with its depth; a subtree's end and
/// a node's parent are found by the least depth of each chunk; an id finds its node through an
/// index of order keys, which an edit elsewhere leaves as they are.
///
/// Keys are 32-bit labels ascending in preorder. New nodes take keys between their neighbours';
/// when there is no room, the nodes of the smallest aligned range of keys that is sparse enough
/// are given evenly spread keys again (order maintenance: amortized O(log n) keys changed per node
/// added), and their index entries change with them.
struct CountedShape<ID: Hashable> {
  typealias Node = ShapeNode<ID>
  /// The nodes in preorder.
  var nodes: CountedTree<ShapeTraits<ID>>
  /// id → key.
  var index: KeyIndex
  /// The spacing of keys given to nodes appended at the end.
  let spacing: UInt32

  /// The shape of the nodes with these ids, labels, depths and attributes in preorder (ids
  /// distinct, depths those of a forest: the first 0, each at most one more than the one before).
  /// - Complexity: O(n).
  init<IDs: RandomAccessCollection<ID>>(
    ids: IDs, labels: some Sequence<String>, depths: [Int32],
    attributes: SparseAttributes = SparseAttributes()
  ) where IDs.Index == Int {
    let limit = UInt64(1) << UInt64(Self.keyBits)
    // Half the key space for the nodes there are, the rest for nodes to come.
    var spacing: UInt64 = 1
    while spacing * 2 * UInt64(ids.count + 1) <= limit / 2 { spacing *= 2 }
    self.spacing = UInt32(spacing)
    var label = labels.makeIterator()
    var attributed = attributes.makeIterator()
    var nextAttributed = attributed.next()
    // Each leaf's nodes made in place, in order: no array of every node copied into the leaves.
    nodes = CountedTree(count: ids.count) { range in
      var elements: [Node] = []
      elements.reserveCapacity(range.count)
      for position in range {
        let key = UInt32((UInt64(position) + 1) * spacing)
        var node = Node(
          id: ids[position], label: label.next()!, attributes: nil, depth: depths[position],
          key: key)
        if let (at, values) = nextAttributed, at == position {
          node.attributes = values
          nextAttributed = attributed.next()
        }
        elements.append(node)
      }
      return elements
    }
    index = KeyIndex(ids: ids, spacing: spacing, capacity: ids.count + ids.count / 8)
  }

  /// The bits of a key: 32, fewer in tests so that keys run out and are spread again constantly.
  static var keyBits: Int { CountedShapeTesting.keyBits ?? 32 }

  /// The number of nodes.
  var count: Int { nodes.count }

  /// The node at `position`.
  /// - Complexity: O(log n).
  subscript(position: Int) -> Node { nodes[position] }

  /// Reads the node at `position` in its leaf, with its depth as it is after the changes pending
  /// above it (no node copied or retained on the way down).
  /// - Complexity: O(log n).
  @inline(__always)
  func withNode<Result>(at position: Int, _ body: (borrowing Node, _ depth: Int32) -> Result)
    -> Result
  {
    var change: Int32 = 0
    let (leaf, offset) = CountedNode.leaf(holding: position, below: nodes.root!) {
      change += $0.pending
    }
    return leaf._withUnsafeGuaranteedRef { leaf in
      leaf.elements.withUnsafeBufferPointer {
        body($0[offset], $0[offset].depth + change + leaf.pending)
      }
    }
  }

  /// The depth of the node at `position`.
  /// - Complexity: O(log n).
  func depth(at position: Int) -> Int32 { withNode(at: position) { $1 } }

  /// The id of the node at `position`.
  /// - Complexity: O(log n).
  func id(at position: Int) -> ID { withNode(at: position) { node, _ in node.id } }

  /// The label of the node at `position`.
  /// - Complexity: O(log n).
  func label(at position: Int) -> String { withNode(at: position) { node, _ in node.label } }

  /// The order key of the node at `position`.
  /// - Complexity: O(log n).
  func key(at position: Int) -> UInt32 { withNode(at: position) { node, _ in node.key } }

  /// The attributes of the node at `position`, nil when it has none.
  /// - Complexity: O(log n).
  func attributes(at position: Int) -> [String: String]? {
    withNode(at: position) { node, _ in node.attributes }
  }

  /// The position of the node with `id`, if there is one.
  /// - Complexity: O(log n).
  func position(of id: ID) -> Int? {
    var found: Int?
    _ = index.key(of: id) { key in
      found = position(ofKey: key) { $0.id == id }
      return found != nil
    }
    return found
  }

  /// The position of the node with `key`, if there is one and `matches` accepts it.
  ///
  /// Down the greatest keys of each chunk, side by side in each inner node, then a binary search
  /// of the leaf's keys: no node copied or retained on the way.
  /// - Complexity: O(log n).
  func position(ofKey key: UInt32, matching matches: (borrowing Node) -> Bool = { _ in true })
    -> Int?
  {
    guard let root = nodes.root, root.summary.greatestKey >= key else { return nil }
    var position = 0
    var current = Unmanaged.passUnretained(root)
    while true {
      let next: Unmanaged<CountedNode<ShapeTraits<ID>>>? = current._withUnsafeGuaranteedRef {
        node in
        guard node.height > 0 else { return nil }
        var index = 0
        node.summaries.withUnsafeBufferPointer { summaries in
          while summaries[index].greatestKey < key { index += 1 }
        }
        position += index == 0 ? 0 : Int(node.ends[index - 1])
        return node.children.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }
      }
      guard let next else { break }
      current = next
    }
    return current._withUnsafeGuaranteedRef { leaf in
      leaf.elements.withUnsafeBufferPointer { elements -> Int? in
        var low = 0
        var high = elements.count
        while low < high {
          let middle = (low + high) / 2
          if elements[middle].key < key { low = middle + 1 } else { high = middle }
        }
        guard low < elements.count, elements[low].key == key, matches(elements[low]) else {
          return nil
        }
        return position + low
      }
    }
  }

  /// One past the last position of the subtree at `position`.
  /// - Complexity: O(log n).
  func end(of position: Int) -> Int {
    let depth = depth(at: position)
    return nodes.firstIndex(
      from: position + 1, mayHold: { $0.leastDepth <= depth }, matches: { $0.depth <= depth })
      ?? count
  }

  /// The position of the parent of the node at `position`, nil for a root.
  /// - Complexity: O(log n).
  func parent(of position: Int) -> Int? {
    let depth = depth(at: position)
    guard depth > 0 else { return nil }
    return nodes.lastIndex(
      before: position, mayHold: { $0.leastDepth < depth }, matches: { $0.depth < depth })
  }
}

/// Smaller key spaces for tests of counted shapes.
enum CountedShapeTesting {
  /// The bits of an order key instead of 32.
  @TaskLocal static var keyBits: Int?
}

extension ShapeNode: Sendable where ID: Sendable {}
extension CountedShape: Sendable where ID: Sendable {}
