/// The shape of a tree: everything fixed when it is built.
///
/// Shared by every copy of the tree.
@usableFromInline
final class TreeStructure<ID: Hashable>: @unchecked Sendable {
  /// Node ids in preorder, in chunks that an edit's new structure shares.
  @usableFromInline let ids: Rope<ID>
  /// Labels in preorder, in chunks that an edit's new structure shares.
  let labels: Rope<String>
  /// The parent's position of each node, -1 for a root.
  let parents: [Int32]
  /// One past the last position of each node's subtree.
  let ends: [Int32]
  /// Each node's depth (roots have depth 0).
  let depths: [Int32]
  /// String attributes, only for the nodes that have any.
  let attributes: SparseAttributes
  /// Positions of the roots, in order.
  let roots: [Int32]
  /// id → position.
  @usableFromInline let index: IDIndex
  /// The number of nodes (stored: the chunks would take three loads to tell).
  let count: Int
  /// The ids as the flat array the tree was built from (the buffer its chunks slice), empty
  /// after an edit: id look-ups compare here, loads fewer than through the chunks. (Not an
  /// optional: reading an optional array out of the class retains it on every look-up.)
  @usableFromInline let builtIDs: [ID]
  /// The labels as the flat array the tree was built from, empty after an edit.
  let builtLabels: [String]
  /// The ids as a flat array after an edit, made the first time they are asked for.
  private let madeIDs: LazyOnce<[ID]>
  /// The labels as a flat array, likewise.
  private let madeLabels: LazyOnce<[String]>

  init(
    ids: Rope<ID>, labels: Rope<String>, parents: [Int32], ends: [Int32], depths: [Int32],
    attributes: SparseAttributes, roots: [Int32], index: IDIndex,
    flat: (ids: [ID], labels: [String])? = nil
  ) {
    builtIDs = flat?.ids ?? []
    builtLabels = flat?.labels ?? []
    madeIDs = LazyOnce()
    madeLabels = LazyOnce()
    self.ids = ids
    self.labels = labels
    self.count = ids.count
    self.parents = parents
    self.ends = ends
    self.depths = depths
    self.attributes = attributes
    self.roots = roots
    self.index = index
  }

  /// The structure of a tree just built, from its flat arrays: cut into chunks that share their
  /// buffers, which ``flatIDs`` and ``flatLabels`` return as they are.
  convenience init(
    ids: [ID], labels: [String], parents: [Int32], ends: [Int32], depths: [Int32],
    attributes: [Int32: [String: String]], roots: [Int32], index: IDIndex
  ) {
    self.init(
      ids: Rope(ids), labels: Rope(labels), parents: parents, ends: ends, depths: depths,
      attributes: SparseAttributes(attributes), roots: roots, index: index, flat: (ids, labels))
  }

  /// Every id in preorder as an array: made once per structure, then shared.
  /// - Complexity: O(1) after a build; O(n) the first time after an edit, then O(1).
  var flatIDs: [ID] {
    builtIDs.isEmpty ? madeIDs.value { Array(ids) } : builtIDs
  }

  /// Every label in preorder as an array: made once per structure, then shared.
  /// - Complexity: O(1) after a build; O(n) the first time after an edit, then O(1).
  var flatLabels: [String] {
    builtLabels.isEmpty ? madeLabels.value { Array(labels) } : builtLabels
  }

  /// The position of the parent of the node at `position`, -1 for a root.
  @inline(__always)
  func parent(of position: Int) -> Int { Int(parents[position]) }

  /// One past the last position of the subtree at `position`.
  @inline(__always)
  func end(of position: Int) -> Int { Int(ends[position]) }

  /// The depth of the node at `position` (0 for a root).
  @inline(__always)
  func depth(of position: Int) -> Int { Int(depths[position]) }

  @inline(__always)
  func isLeaf(_ position: Int) -> Bool { Int(ends[position]) == position + 1 }

  @inline(__always)
  func range(of position: Int) -> Range<Int> { position..<Int(ends[position]) }

  @inlinable
  func position(of id: ID) -> Int? {
    builtIDs.isEmpty ? index.position(of: id, in: ids) : index.position(of: id, in: builtIDs)
  }

  /// The id at `position`.
  @inlinable
  func id(at position: Int) -> ID { builtIDs.isEmpty ? ids[position] : builtIDs[position] }

  /// The label at `position`.
  func label(at position: Int) -> String {
    builtLabels.isEmpty ? labels[position] : builtLabels[position]
  }
}
