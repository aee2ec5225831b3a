/// An open-addressing index from node ids to positions: 4 bytes a slot, at most three quarters
/// full, so 5–11 bytes per node instead of a `Dictionary`'s 30–40.
struct _IDIndex: Sendable {
  private let slots: [Int32]
  private let mask: Int

  /// Builds the index, or reports the first two positions that share an id.
  init<ID: Hashable>(ids: [ID]) throws(_DuplicatePositions) {
    var capacity = 16
    while capacity * 3 < ids.count * 4 { capacity <<= 1 }  // at most three quarters full
    mask = capacity - 1
    var slots = [Int32](repeating: -1, count: capacity)
    for (position, id) in ids.enumerated() {
      var slot = id.hashValue & mask
      while slots[slot] >= 0 {
        if ids[Int(slots[slot])] == id {
          throw _DuplicatePositions(first: Int(slots[slot]), second: position)
        }
        slot = (slot + 1) & mask
      }
      slots[slot] = Int32(position)
    }
    self.slots = slots
  }

  /// The bytes of the slots.
  var storageBytes: Int { slots.capacity * MemoryLayout<Int32>.stride }

  /// The position of `id` in `ids`, the array the index was built from.
  func position<ID: Hashable>(of id: ID, in ids: [ID]) -> Int? {
    var slot = id.hashValue & mask
    while true {
      let position = slots[slot]
      if position < 0 { return nil }
      if ids[Int(position)] == id { return Int(position) }
      slot = (slot + 1) & mask
    }
  }
}

/// Two positions with the same id.
struct _DuplicatePositions: Error {
  let first: Int
  let second: Int
}

/// The shape of a tree: everything fixed when it is built.
///
/// Shared by every copy of the tree.
final class _TreeStructure<ID: Hashable>: @unchecked Sendable {
  /// Node ids in preorder.
  let ids: [ID]
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
  let index: _IDIndex

  init(
    ids: [ID], labels: [String], parents: [Int32], ends: [Int32], depths: [Int32],
    attributes: [Int32: [String: String]], roots: [Int32], index: _IDIndex
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

  func position(of id: ID) -> Int? { index.position(of: id, in: ids) }
}
