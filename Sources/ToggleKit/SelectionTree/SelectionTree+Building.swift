extension SelectionTree {
  /// One node of a flat description of a tree: its id, its parent's id, and its initial state.
  ///
  /// ```swift
  /// let entries: [SelectionTree<Int>.Entry] = [
  ///   .init(id: 1, parent: nil, label: "Fruit"),
  ///   .init(id: 2, parent: 1, label: "Apple", isSelected: true),
  /// ]
  /// let tree = try SelectionTree(entries: entries)
  /// ```
  ///
  /// Entries may come in any order; siblings keep the order in which they appear. On a parent,
  /// `isSelected` selects every leaf below it and `lock` locks every node below it.
  ///
  /// - Complexity: O(1) for every member.
  public struct Entry: Hashable {
    /// The node's id; unique in the tree.
    ///
    /// ```swift
    /// SelectionTree<String>.Entry(id: "a", parent: nil, label: "A").id   // "a"
    /// ```
    ///
    /// - Complexity: O(1).
    public var id: ID
    /// The parent's id, or nil for a root.
    ///
    /// ```swift
    /// entry.parent = "fruit"   // move the node under "fruit"
    /// ```
    ///
    /// - Complexity: O(1).
    public var parent: ID?
    /// The text shown for the node.
    ///
    /// ```swift
    /// entry.label = "Apple"
    /// ```
    ///
    /// - Complexity: O(1).
    public var label: String
    /// The initial value (on a parent: of every leaf below it).
    ///
    /// ```swift
    /// entry.isSelected = true
    /// ```
    ///
    /// - Complexity: O(1).
    public var isSelected: Bool
    /// Whether and how the value is fixed.
    ///
    /// ```swift
    /// entry.lock = .on   // always included
    /// ```
    ///
    /// - Complexity: O(1).
    public var lock: NodeLock
    /// Whether the node (and so everything below it) is disabled.
    ///
    /// ```swift
    /// entry.isDisabled = true
    /// ```
    ///
    /// - Complexity: O(1).
    public var isDisabled: Bool
    /// Whether the node starts expanded.
    ///
    /// ```swift
    /// entry.isExpanded = true
    /// ```
    ///
    /// - Complexity: O(1).
    public var isExpanded: Bool
    /// Free-form string attributes (kind, size, …), for rules and exports.
    ///
    /// ```swift
    /// entry.attributes["kind"] = "file"
    /// ```
    ///
    /// - Complexity: O(1).
    public var attributes: [String: String]

    /// Creates an entry.
    ///
    /// ```swift
    /// let entry = SelectionTree<String>.Entry(id: "a", parent: nil, label: "A", lock: .on)
    /// ```
    ///
    /// - Parameters:
    ///   - id: The node's id.
    ///   - parent: The parent's id, or nil for a root.
    ///   - label: The text shown for the node.
    ///   - isSelected: The initial value.
    ///   - lock: Whether and how the value is fixed.
    ///   - isDisabled: Whether the node is disabled.
    ///   - isExpanded: Whether the node starts expanded.
    ///   - attributes: Free-form string attributes.
    /// - Complexity: O(1).
    public init(
      id: ID, parent: ID?, label: String, isSelected: Bool = false, lock: NodeLock = .none,
      isDisabled: Bool = false, isExpanded: Bool = false, attributes: [String: String] = [:]
    ) {
      self.id = id
      self.parent = parent
      self.label = label
      self.isSelected = isSelected
      self.lock = lock
      self.isDisabled = isDisabled
      self.isExpanded = isExpanded
      self.attributes = attributes
    }
  }

  /// A nested description of a node and its children, convenient for literal trees.
  ///
  /// ```swift
  /// let tree = try SelectionTree(roots: [
  ///   .init(id: "fruit", label: "Fruit", children: [
  ///     .init(id: "apple", label: "Apple", isSelected: true),
  ///     .init(id: "pear", label: "Pear", lock: .off),
  ///   ])
  /// ])
  /// ```
  ///
  /// Building from nested nodes is iterative, but Swift releases nested values recursively: for
  /// trees deeper than a few thousand levels, describe them with ``Entry`` or paths instead.
  ///
  /// - Complexity: O(1) for every member.
  public struct Node: Hashable {
    /// The node's id; unique in the tree.
    ///
    /// ```swift
    /// SelectionTree<String>.Node(id: "a", label: "A").id   // "a"
    /// ```
    ///
    /// - Complexity: O(1).
    public var id: ID
    /// The text shown for the node.
    ///
    /// ```swift
    /// node.label = "Apple"
    /// ```
    ///
    /// - Complexity: O(1).
    public var label: String
    /// The children, in order.
    ///
    /// ```swift
    /// node.children.append(.init(id: "pear", label: "Pear"))
    /// ```
    ///
    /// - Complexity: O(1).
    public var children: [Node]
    /// The initial value (on a parent: of every leaf below it).
    ///
    /// ```swift
    /// node.isSelected = true
    /// ```
    ///
    /// - Complexity: O(1).
    public var isSelected: Bool
    /// Whether and how the value is fixed.
    ///
    /// ```swift
    /// node.lock = .off
    /// ```
    ///
    /// - Complexity: O(1).
    public var lock: NodeLock
    /// Whether the node (and so everything below it) is disabled.
    ///
    /// ```swift
    /// node.isDisabled = true
    /// ```
    ///
    /// - Complexity: O(1).
    public var isDisabled: Bool
    /// Whether the node starts expanded.
    ///
    /// ```swift
    /// node.isExpanded = true
    /// ```
    ///
    /// - Complexity: O(1).
    public var isExpanded: Bool
    /// Free-form string attributes.
    ///
    /// ```swift
    /// node.attributes["size"] = "12"
    /// ```
    ///
    /// - Complexity: O(1).
    public var attributes: [String: String]

    /// Creates a node.
    ///
    /// ```swift
    /// let leaf = SelectionTree<String>.Node(id: "apple", label: "Apple")
    /// ```
    ///
    /// - Parameters:
    ///   - id: The node's id.
    ///   - label: The text shown for the node.
    ///   - isSelected: The initial value.
    ///   - lock: Whether and how the value is fixed.
    ///   - isDisabled: Whether the node is disabled.
    ///   - isExpanded: Whether the node starts expanded.
    ///   - attributes: Free-form string attributes.
    ///   - children: The children, in order.
    /// - Complexity: O(1).
    public init(
      id: ID, label: String, isSelected: Bool = false, lock: NodeLock = .none,
      isDisabled: Bool = false, isExpanded: Bool = false, attributes: [String: String] = [:],
      children: [Node] = []
    ) {
      self.id = id
      self.label = label
      self.children = children
      self.isSelected = isSelected
      self.lock = lock
      self.isDisabled = isDisabled
      self.isExpanded = isExpanded
      self.attributes = attributes
    }
  }

  /// Builds a tree from flat entries that name their parents, in any order.
  ///
  /// ```swift
  /// let tree = try SelectionTree(entries: [
  ///   .init(id: "b", parent: "a", label: "B"),
  ///   .init(id: "a", parent: nil, label: "A"),
  /// ])
  /// ```
  ///
  /// - Parameters:
  ///   - entries: The nodes; siblings keep their order of appearance.
  ///   - options: How the tree behaves.
  /// - Throws: ``SelectionTreeError/duplicateID(id:first:second:)``,
  ///   ``SelectionTreeError/missingParent(id:parent:entry:)`` or ``SelectionTreeError/cycle(id:)``,
  ///   naming the entry at fault.
  /// - Complexity: O(n), iterative: a 100,000-deep chain builds like any other tree.
  public init(entries: [Entry], options: Options = Options()) throws(SelectionTreeError) {
    let ids = entries.map(\.id)
    let index: _IDIndex
    do {
      index = try _IDIndex(ids: ids)
    } catch {
      throw .duplicateID(id: "\(ids[error.second])", first: error.first, second: error.second)
    }
    var draft = _Draft<ID>(capacity: entries.count)
    for (position, entry) in entries.enumerated() {
      var parent: Int32 = -1
      if let parentID = entry.parent {
        guard let found = index.position(of: parentID, in: ids) else {
          throw .missingParent(id: "\(entry.id)", parent: "\(parentID)", entry: position)
        }
        parent = Int32(found)
      }
      draft.append(
        id: entry.id, label: entry.label, parent: parent, isSelected: entry.isSelected,
        lock: entry.lock, isDisabled: entry.isDisabled, isExpanded: entry.isExpanded,
        attributes: entry.attributes)
    }
    self = try draft.finish(options: options)
  }

  /// Builds a tree from nested nodes.
  ///
  /// ```swift
  /// let tree = try SelectionTree(roots: [.init(id: 1, label: "One", children: [.init(id: 2, label: "Two")])])
  /// ```
  ///
  /// - Parameters:
  ///   - roots: The root nodes with their descendants.
  ///   - options: How the tree behaves.
  /// - Throws: ``SelectionTreeError/duplicateID(id:first:second:)`` naming the repeated id
  ///   (entries are counted in preorder).
  /// - Complexity: O(n), iterative.
  public init(roots: [Node], options: Options = Options()) throws(SelectionTreeError) {
    var draft = _Draft<ID>(capacity: roots.count)
    var stack: [(node: Node, parent: Int32)] = roots.reversed().map { ($0, -1) }
    while let (node, parent) = stack.popLast() {
      let position = Int32(draft.count)
      draft.append(
        id: node.id, label: node.label, parent: parent, isSelected: node.isSelected,
        lock: node.lock, isDisabled: node.isDisabled, isExpanded: node.isExpanded,
        attributes: node.attributes)
      for child in node.children.reversed() { stack.append((child, position)) }
    }
    do {
      _ = try _IDIndex(ids: draft.ids)
    } catch {
      throw .duplicateID(
        id: "\(draft.ids[error.second])", first: error.first, second: error.second)
    }
    self = try draft.finish(options: options)
  }
}

extension SelectionTree where ID == String {
  /// Builds a tree from slash-separated paths, creating every intermediate node.
  ///
  /// A node's id is its
  /// path (labels joined by the separator, with `\` escaping a separator or backslash in a label).
  ///
  /// ```swift
  /// let tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", #"Sizes/1\/2 inch"#])
  /// tree.children(of: "Sizes")   // ["Sizes/1\/2 inch"], labelled "1/2 inch"
  /// ```
  ///
  /// Repeated paths and prefixes name the same node. Siblings keep their order of first appearance.
  ///
  /// - Parameters:
  ///   - paths: One path per node (leaf or not).
  ///   - separator: The character between labels.
  ///   - options: How the tree behaves.
  /// - Throws: ``SelectionTreeError/emptyLabel(entry:text:)`` for an empty path or an empty label
  ///   between separators, naming the path's index.
  /// - Complexity: O(total length of the paths), iterative.
  public init(
    paths: some Sequence<String>, separator: Unicode.Scalar = "/", options: Options = Options()
  ) throws(SelectionTreeError) {
    var draft = _Draft<String>(capacity: paths.underestimatedCount)
    var interner = _PathInterner(capacity: paths.underestimatedCount)
    for (entry, path) in paths.enumerated() {
      let labels = try _pathLabels(path, separator: separator, entry: entry)
      interner.intern(labels) { label, parent in
        let escaped = _escapePathLabel(label, separator: separator)
        let id = parent < 0 ? escaped : draft.ids[Int(parent)] + String(separator) + escaped
        draft.append(
          id: id, label: label, parent: parent, isSelected: false, lock: .none,
          isDisabled: false, isExpanded: false, attributes: [:])
        return Int32(draft.count - 1)
      }
    }
    self = try draft.finish(options: options)
  }
}

/// A child's key while building from paths: its parent and its label.
struct _ChildKey: Hashable {
  let parent: Int32
  let label: String
}

/// Finds or creates the nodes of label paths.
///
/// Consecutive paths usually share a prefix (sorted
/// lists, `find` output), so the previous path's nodes are reused for the labels they share
/// instead of being looked up again.
struct _PathInterner {
  private var children: [_ChildKey: Int32] = [:]
  private var previousLabels: [String] = []
  private var previousNodes: [Int32] = []

  init(capacity: Int) {
    children.reserveCapacity(capacity)
  }

  /// The node of the last label, creating missing nodes with `create(label, parent)`, which
  /// returns the new node's index.
  @discardableResult
  mutating func intern(_ labels: [String], create: (String, Int32) -> Int32) -> Int32 {
    var shared = 0
    while shared < labels.count, shared < previousLabels.count,
      labels[shared] == previousLabels[shared]
    {
      shared += 1
    }
    previousNodes.removeSubrange(shared...)
    var parent: Int32 = shared == 0 ? -1 : previousNodes[shared - 1]
    for label in labels[shared...] {
      let key = _ChildKey(parent: parent, label: label)
      if let existing = children[key] {
        parent = existing
      } else {
        let created = create(label, parent)
        children[key] = created
        parent = created
      }
      previousNodes.append(parent)
    }
    previousLabels = labels
    return parent
  }
}

/// The labels of a path, unescaping `\` (see `_Escaping`).
func _pathLabels(
  _ path: String, separator: Unicode.Scalar, entry: Int
) throws(SelectionTreeError) -> [String] {
  // Fast path: an ASCII separator and no backslash, split on UTF-8 bytes.
  if separator.isASCII {
    let byte = UInt8(separator.value)
    let fast: [String]?? = path.utf8.withContiguousStorageIfAvailable { bytes -> [String]? in
      guard !bytes.contains(UInt8(ascii: "\\")) else { return nil }
      var labels: [String] = []
      var start = 0
      for index in 0...bytes.count where index == bytes.count || bytes[index] == byte {
        guard index > start else { return [] }
        labels.append(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        start = index + 1
      }
      return labels
    }
    if let fast = fast ?? nil {
      guard !fast.isEmpty else { throw .emptyLabel(entry: entry, text: path) }
      return fast
    }
  }
  let scalars = Array(path.unicodeScalars)
  var labels: [String] = []
  var index = 0
  while true {
    let (label, stop) = _Escaping.scan(scalars, from: index, stops: [separator])
    // An empty component is an error unless it is written `\e`.
    let written = stop - index
    if written == 0 { throw .emptyLabel(entry: entry, text: path) }
    labels.append(label)
    if stop == scalars.count { break }
    index = stop + 1
  }
  return labels
}

/// A label with `\`, controls and the separator escaped by `\`; `\e` for an empty label.
func _escapePathLabel(_ label: String, separator: Unicode.Scalar) -> String {
  _Escaping.escape(label, special: separator, emptyMarker: true)
}

/// A tree being built: nodes in input order with parent indices, before it is laid out in preorder.
struct _Draft<ID: Hashable> {
  var ids: [ID] = []
  var labels: [String] = []
  var parents: [Int32] = []
  var isSelected: [Bool] = []
  var locks: [NodeLock] = []
  var isDisabled: [Bool] = []
  var isExpanded: [Bool] = []
  var attributes: [Int32: [String: String]] = [:]

  init(capacity: Int) {
    ids.reserveCapacity(capacity)
    labels.reserveCapacity(capacity)
    parents.reserveCapacity(capacity)
  }

  var count: Int { ids.count }

  mutating func append(
    id: ID, label: String, parent: Int32, isSelected: Bool, lock: NodeLock, isDisabled: Bool,
    isExpanded: Bool, attributes: [String: String]
  ) {
    if !attributes.isEmpty { self.attributes[Int32(ids.count)] = attributes }
    ids.append(id)
    labels.append(label)
    parents.append(parent)
    self.isSelected.append(isSelected)
    locks.append(lock)
    self.isDisabled.append(isDisabled)
    self.isExpanded.append(isExpanded)
  }

  /// Lays the nodes out in preorder and applies their initial states.
  func finish(options: SelectionTree<ID>.Options) throws(SelectionTreeError) -> SelectionTree<ID> {
    let n = ids.count
    // Children as linked lists, in input order; the roots hang off a virtual node n.
    var firstChild = [Int32](repeating: -1, count: n + 1)
    var lastChild = [Int32](repeating: -1, count: n + 1)
    var nextSibling = [Int32](repeating: -1, count: n)
    for node in 0..<n {
      let parent = parents[node] < 0 ? n : Int(parents[node])
      if lastChild[parent] < 0 {
        firstChild[parent] = Int32(node)
      } else {
        nextSibling[Int(lastChild[parent])] = Int32(node)
      }
      lastChild[parent] = Int32(node)
    }
    // Preorder, iteratively.
    var order: [Int32] = []
    order.reserveCapacity(n)
    var stack: [Int32] = firstChild[n] >= 0 ? [firstChild[n]] : []
    while let node = stack.popLast() {
      order.append(node)
      if nextSibling[Int(node)] >= 0 { stack.append(nextSibling[Int(node)]) }
      if firstChild[Int(node)] >= 0 { stack.append(firstChild[Int(node)]) }
    }
    guard order.count == n else {
      var reached = [Bool](repeating: false, count: n)
      for node in order { reached[Int(node)] = true }
      // Walk up from an unreached node until a node repeats: that node is on the cycle.
      var node = reached.firstIndex(of: false) ?? 0
      var seen = Set<Int>()
      while seen.insert(node).inserted { node = Int(parents[node]) }
      throw .cycle(id: "\(ids[node])")
    }
    var positionOf = [Int32](repeating: 0, count: n)
    for (position, node) in order.enumerated() { positionOf[Int(node)] = Int32(position) }

    var newParents = [Int32](repeating: -1, count: n)
    var depths = [Int32](repeating: 0, count: n)
    var sizes = [Int32](repeating: 1, count: n)
    var roots: [Int32] = []
    for (position, node) in order.enumerated() {
      let parent = parents[Int(node)]
      if parent < 0 {
        roots.append(Int32(position))
      } else {
        let parentPosition = positionOf[Int(parent)]
        newParents[position] = parentPosition
        depths[position] = depths[Int(parentPosition)] + 1
      }
    }
    for position in stride(from: n - 1, through: 0, by: -1) where newParents[position] >= 0 {
      sizes[Int(newParents[position])] += sizes[position]
    }
    let ends = (0..<n).map { Int32($0) + sizes[$0] }
    // Formats produce nodes in preorder already: then the arrays are used as they are.
    let isPreorder = order.indices.allSatisfy { order[$0] == Int32($0) }
    let newIDs = isPreorder ? ids : order.map { ids[Int($0)] }
    var newAttributes: [Int32: [String: String]] = [:]
    for (node, value) in attributes { newAttributes[positionOf[Int(node)]] = value }
    let index: _IDIndex
    do {
      index = try _IDIndex(ids: newIDs)
    } catch {
      throw .duplicateID(
        id: "\(newIDs[error.second])", first: Int(order[error.first]),
        second: Int(order[error.second]))
    }
    let structure = _TreeStructure(
      ids: newIDs, labels: isPreorder ? labels : order.map { labels[Int($0)] },
      parents: newParents, ends: ends,
      depths: depths, attributes: newAttributes, roots: roots, index: index)

    var bytes = [UInt8](repeating: 0, count: n)
    for position in 0..<n where sizes[position] == 1 {
      bytes[position] = _NodeBits.leaf | (isSelected[Int(order[position])] ? _NodeBits.selected : 0)
    }
    var tree = SelectionTree(
      structure: structure, states: bytes, expanded: order.map { isExpanded[Int($0)] },
      disabledPositions: [], options: options)
    for position in 0..<n {
      let node = Int(order[position])
      if sizes[position] > 1 && isSelected[node] {
        tree._initialSelect(position)
      }
    }
    for position in 0..<n where locks[Int(order[position])] != NodeLock.none {
      let node = Int(order[position])
      tree._lock(position, locks[node], ownValue: isSelected[node])
    }
    for position in 0..<n where isDisabled[Int(order[position])] {
      tree._setDisabled(position, true)
    }
    tree._checkInvariants()
    return tree
  }
}

extension SelectionTree.Entry: Sendable where ID: Sendable {}
extension SelectionTree.Entry: Codable where ID: Codable {}
extension SelectionTree.Node: Sendable where ID: Sendable {}
extension SelectionTree.Node: Codable where ID: Codable {}
