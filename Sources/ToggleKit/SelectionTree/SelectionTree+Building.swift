/// What a node description says about a node besides its place: label, initial value, lock,
/// disabling, expansion and attributes.
///
/// ``SelectionTree/Entry`` and ``SelectionTree/Node`` share it
/// and expose its fields as their own (`entry.label`).
public struct NodeFields: Hashable, Sendable, Codable {
  /// The text shown for the node.
  public var label: String
  /// The initial value (on a parent: of every leaf below it).
  public var isSelected: Bool
  /// Whether and how the value is fixed (on a parent: every node below it).
  public var lock: NodeLock
  /// Whether the node, and so everything below it, is disabled.
  public var isDisabled: Bool
  /// Whether the node starts expanded.
  public var isExpanded: Bool
  /// Free-form string attributes (kind, size, …), for derived attributes and exports.
  public var attributes: [String: String]

  /// Fields with a label; the rest default to an unselected, unlocked, enabled, collapsed node.
  public init(
    label: String, isSelected: Bool = false, lock: NodeLock = .none, isDisabled: Bool = false,
    isExpanded: Bool = false, attributes: [String: String] = [:]
  ) {
    self.label = label
    self.isSelected = isSelected
    self.lock = lock
    self.isDisabled = isDisabled
    self.isExpanded = isExpanded
    self.attributes = attributes
  }
}

extension SelectionTree {
  /// One node of a flat description of a tree: its id, its parent's id, and its fields.
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
  @dynamicMemberLookup
  public struct Entry: Hashable {
    /// The node's id; unique in the tree.
    public var id: ID
    /// The parent's id, or nil for a root.
    public var parent: ID?
    /// Label, initial state and attributes.
    public var fields: NodeFields

    /// An entry; see ``NodeFields`` for the fields.
    public init(
      id: ID, parent: ID?, label: String, isSelected: Bool = false, lock: NodeLock = .none,
      isDisabled: Bool = false, isExpanded: Bool = false, attributes: [String: String] = [:]
    ) {
      self.id = id
      self.parent = parent
      fields = NodeFields(
        label: label, isSelected: isSelected, lock: lock, isDisabled: isDisabled,
        isExpanded: isExpanded, attributes: attributes)
    }

    /// A field of ``fields``, read and written as the entry's own.
    public subscript<Value>(dynamicMember field: WritableKeyPath<NodeFields, Value>) -> Value {
      get { fields[keyPath: field] }
      set { fields[keyPath: field] = newValue }
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
  @dynamicMemberLookup
  public struct Node: Hashable {
    /// The node's id; unique in the tree.
    public var id: ID
    /// Label, initial state and attributes.
    public var fields: NodeFields
    /// The children, in order.
    public var children: [Node]

    /// A node; see ``NodeFields`` for the fields.
    public init(
      id: ID, label: String, isSelected: Bool = false, lock: NodeLock = .none,
      isDisabled: Bool = false, isExpanded: Bool = false, attributes: [String: String] = [:],
      children: [Node] = []
    ) {
      self.id = id
      fields = NodeFields(
        label: label, isSelected: isSelected, lock: lock, isDisabled: isDisabled,
        isExpanded: isExpanded, attributes: attributes)
      self.children = children
    }

    /// A field of ``fields``, read and written as the node's own.
    public subscript<Value>(dynamicMember field: WritableKeyPath<NodeFields, Value>) -> Value {
      get { fields[keyPath: field] }
      set { fields[keyPath: field] = newValue }
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
  /// - Throws: ``SelectionTreeError/duplicateID(id:first:second:)``,
  ///   ``SelectionTreeError/missingParent(id:parent:entry:)`` or ``SelectionTreeError/cycle(id:)``,
  ///   naming the entry at fault.
  /// - Complexity: O(n), iterative: a 100,000-deep chain builds like any other tree.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public init(entries: [Entry], options: Options = Options()) throws(SelectionTreeError) {
    try self.init(entries: entries, options: options, rootsUnder: nil)
    // The caller's ids: paths are found by labels (checking every id would add 40 % to a build).
    idsAreTheirPaths = false
  }

  /// Builds a tree from entries in which those whose parent is `outside` are roots too (an
  /// insert's entries hang under a node of another tree), read in place.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  init(entries: [Entry], options: Options, rootsUnder outside: ID?) throws(SelectionTreeError) {
    // Each batch of ids is indexed as soon as it is copied, while their text is in cache (the
    // copy retains each id, the index hashes it: one cache miss, not two).
    var ids: [ID] = []
    ids.reserveCapacity(entries.count)
    var index = IDIndex(capacity: entries.count)
    try entries.withUnsafeBufferPointer { entries throws(SelectionTreeError) in
      for start in stride(from: 0, to: entries.count, by: IDIndex.batchSize) {
        for position in start..<min(entries.count, start + IDIndex.batchSize) {
          ids.append(entries[position].id)
        }
        if let repeated = index.add(ids, from: start) {
          throw .duplicateID(
            id: "\(ids[repeated.second])", first: repeated.first, second: repeated.second)
        }
      }
    }
    // The draft keeps `ids` as its own; the entries are read in place (a copy of an entry would
    // retain and release each of its fields).
    var draft = TreeDraft<ID>(ids: ids)
    try entries.withUnsafeBufferPointer { entries throws(SelectionTreeError) in
      for position in entries.indices {
        var parent: Int32 = -1
        if let parentID = entries[position].parent, parentID != outside {
          // In preorder the parent is open in the draft: no lookup in the (big, cold) index.
          if let open = draft.openNode(withID: parentID) {
            parent = open
          } else if let found = index.position(of: parentID, in: ids) {
            parent = Int32(found)
          } else {
            throw .missingParent(id: "\(ids[position])", parent: "\(parentID)", entry: position)
          }
        }
        draft.appendFields(parent: parent, entries[position].fields)
      }
    }
    // In preorder, the entries' positions are the tree's: their index is the tree's index.
    self = try draft.finish(options: options, index: index)
  }

  /// Builds a tree from nested nodes.
  /// - Throws: ``SelectionTreeError/duplicateID(id:first:second:)`` naming the repeated id
  ///   (entries are counted in preorder).
  /// - Complexity: O(n), iterative.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public init(roots: [Node], options: Options = Options()) throws(SelectionTreeError) {
    var draft = TreeDraft<ID>(capacity: roots.count, hashing: true)
    // Each level's children array and the next child to take: the nodes are read in place (a copy
    // of a node would retain and release each of its fields).
    var stack: [(siblings: [Node], next: Int, parent: Int32)] = [(roots, 0, -1)]
    while let level = stack.indices.last {
      let (siblings, next, parent) = stack[level]
      guard next < siblings.count else {
        stack.removeLast()
        continue
      }
      stack[level].next = next + 1
      let position = Int32(draft.count)
      let children = siblings.withUnsafeBufferPointer { siblings in
        draft.append(id: siblings[next].id, parent: parent, siblings[next].fields)
        return siblings[next].children
      }
      if !children.isEmpty { stack.append((children, 0, position)) }
    }
    // Preorder already: `finish` reports a duplicate id at the same positions.
    self = try draft.finish(options: options)
    idsAreTheirPaths = false  // ids of the caller's, as entries' are
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
  /// A label may be empty, as in entries and JSON: a path writes it `\e` (`a/\e` is the empty
  /// label under `a`).
  /// - Throws: ``SelectionTreeError/emptyLabel(entry:text:)`` for an empty path or an empty
  ///   component (`a//b`, `a/`), naming the path's index.
  /// - Complexity: O(total length of the paths), iterative.
  public init(
    paths: some Sequence<String>, separator: Unicode.Scalar = "/", options: Options = Options()
  ) throws(SelectionTreeError) {
    var builder = PathTreeBuilder(capacity: paths.underestimatedCount, separator: separator)
    // An array's paths go through a loop compiled here for Strings: iterating a generic sequence
    // from another module would look up type metadata for every element.
    let failed = paths.withContiguousStorageIfAvailable { builder.add(contentsOf: $0) }
    if let failed {
      if let (entry, path) = failed { throw .emptyLabel(entry: entry, text: path) }
    } else {
      for (entry, path) in paths.enumerated() {
        guard builder.add(path) != nil else { throw .emptyLabel(entry: entry, text: path) }
      }
    }
    let draft = builder.takeDraft()
    _ = builder.takeMoves()  // no markers to move
    self = try draft.finish(options: options)
  }
}

extension SelectionTree.Entry: Sendable where ID: Sendable {}
extension SelectionTree.Node: Sendable where ID: Sendable {}

// Encoded flat, as `{"id", "parent", "label", "isSelected", …}`: the fields share the container.
extension SelectionTree.Entry: Codable where ID: Codable {
  enum CodingKeys: String, CodingKey { case id, parent }

  /// Decodes an entry from its flat form.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(ID.self, forKey: .id)
    parent = try container.decodeIfPresent(ID.self, forKey: .parent)
    fields = try NodeFields(from: decoder)
  }

  /// Encodes the entry in its flat form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(parent, forKey: .parent)
    try fields.encode(to: encoder)
  }
}

extension SelectionTree.Node: Codable where ID: Codable {
  enum CodingKeys: String, CodingKey { case id, children }

  /// Decodes a node and its children from their flat form.
  /// - Complexity: O(n) for n nodes, recursively.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(ID.self, forKey: .id)
    children = try container.decode([Self].self, forKey: .children)
    fields = try NodeFields(from: decoder)
  }

  /// Encodes the node and its children in their flat form.
  /// - Complexity: O(n) for n nodes, recursively.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(children, forKey: .children)
    try fields.encode(to: encoder)
  }
}
