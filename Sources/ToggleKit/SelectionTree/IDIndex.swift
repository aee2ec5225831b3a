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
