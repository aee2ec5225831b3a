/// The shape of a tree: everything fixed when it is built.
///
/// Shared by every copy of the tree.
@usableFromInline
final class TreeStructure<ID: Hashable>: @unchecked Sendable {
  /// Node ids in preorder.
  @usableFromInline let ids: [ID]
  /// Labels in preorder.
  let labels: [String]
  /// The parent's position of each node, -1 for a root.
  let parents: [Int32]
  /// One past the last position of each node's subtree.
  let ends: [Int32]
  /// Each node's depth (roots have depth 0).
  let depths: [Int32]
  /// String attributes, only for the nodes that have any.
  let attributes: [Int32: [String: String]]
  /// Positions of the roots, in order.
  let roots: [Int32]
  /// id → position.
  @usableFromInline let index: IDIndex

  init(
    ids: [ID], labels: [String], parents: [Int32], ends: [Int32], depths: [Int32],
    attributes: [Int32: [String: String]], roots: [Int32], index: IDIndex
  ) {
    self.ids = ids
    self.labels = labels
    self.parents = parents
    self.ends = ends
    self.depths = depths
    self.attributes = attributes
    self.roots = roots
    self.index = index
  }

  var count: Int { ids.count }

  @inline(__always)
  func isLeaf(_ position: Int) -> Bool { Int(ends[position]) == position + 1 }

  @inline(__always)
  func range(of position: Int) -> Range<Int> { position..<Int(ends[position]) }

  @inlinable
  func position(of id: ID) -> Int? { index.position(of: id, in: ids) }
}
