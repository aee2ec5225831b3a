/// An open-addressing index from ids to order keys whose slots copies share: an edit to a copy
/// copies the chunks of slots it writes, not the table.
///
/// A slot holds `tag << 32 | key`: the high bits of the id's hash and the node's key (keys start at
/// 1; 0 is an empty slot). The index keeps no ids: a probe asks `holds(key)` whether the node with
/// that key has the id, only for slots whose tag agrees. A key changes in place (a relabel needs no
/// id compared: keys are unique); a removal leaves a tombstone, and a table with too few empty
/// slots is built again by the caller, who has the ids.
struct KeyIndex: Sendable {
  /// A removed entry: probes go on past it.
  static let tombstone: UInt64 = 1 << 63
  /// The slots.
  private(set) var slots: ChunkedArray<UInt64>
  /// The ids placed.
  private(set) var count = 0
  /// The slots that hold a tombstone.
  private(set) var tombstones = 0

  /// An empty index with room for `capacity` ids before it must be built again.
  init(capacity: Int) {
    slots = ChunkedArray(repeating: 0, count: Swift.max(16, (capacity * 3 + 1) / 2))
  }

  /// The index of `ids`, which are distinct: the id at offset i has the key (i + 1) · `spacing`;
  /// room for `capacity` ids in all.
  ///
  /// Laid out in one flat table before it is cut into chunks (a chunked write checks its chunk
  /// each time), the ids hashed a batch at a time before any of the batch is placed, so that the
  /// cache misses of placing them overlap.
  /// - Complexity: O(n) expected.
  init<IDs: RandomAccessCollection, ID: Hashable>(
    ids: IDs, spacing: UInt64, capacity: Int
  ) where IDs.Element == ID, IDs.Index == Int {
    let slotCount = Swift.max(16, (capacity * 3 + 1) / 2)
    precondition(ids.count * 4 <= slotCount * 3, "room for the ids")
    var table = [UInt64](repeating: 0, count: slotCount)
    let batch = 64
    var hashes = [Int](repeating: 0, count: batch)
    table.withUnsafeMutableBufferPointer { table in
      hashes.withUnsafeMutableBufferPointer { hashes in
        var start = ids.startIndex
        while start < ids.endIndex {
          let end = Swift.min(ids.endIndex, start + batch)
          for offset in start..<end { hashes[offset - start] = ids[offset].hashValue }
          for offset in start..<end {
            let hash = hashes[offset - start]
            var slot = IDIndex.slot(of: hash, count: slotCount)
            while table[slot] != 0 { slot = IDIndex.next(slot, count: slotCount) }
            let key = (UInt64(offset - ids.startIndex) + 1) * spacing
            table[slot] = Self.tag(of: hash) << 32 | key
          }
          start = end
        }
      }
    }
    slots = ChunkedArray(table)
    count = ids.count
  }

  /// Whether `added` more ids fit, the tombstones counted as used: at most three quarters full.
  func hasRoom(adding added: Int) -> Bool {
    (count + tombstones + added) * 4 <= slots.count * 3
  }

  @inline(__always)
  private static func tag(of hash: Int) -> UInt64 {
    (UInt64(bitPattern: Int64(hash)) >> 32) & 0x7FFF_FFFF
  }

  // Slots are chosen and probed as ``IDIndex`` chooses and probes them.

  /// The key of `id`: the first slot of its run whose tag agrees and whose key `holds` accepts.
  /// - Complexity: O(1) expected probes, one call of `holds` per tag that agrees.
  func key<ID: Hashable>(of id: ID, holds: (UInt32) -> Bool) -> UInt32? {
    let hash = id.hashValue
    let tag = Self.tag(of: hash)
    var slot = IDIndex.slot(of: hash, count: slots.count)
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      if entry != Self.tombstone && entry >> 32 == tag && holds(UInt32(truncatingIfNeeded: entry)) {
        return UInt32(truncatingIfNeeded: entry)
      }
      slot = IDIndex.next(slot, count: slots.count)
    }
  }

  /// Adds `id` with `key`; the id must not be in the index, and there must be room.
  mutating func insert<ID: Hashable>(_ id: ID, key: UInt32) {
    precondition(key != 0 && hasRoom(adding: 1), "a key, and room for it")
    let hash = id.hashValue
    var slot = IDIndex.slot(of: hash, count: slots.count)
    while slots[slot] != 0 && slots[slot] != Self.tombstone {
      slot = IDIndex.next(slot, count: slots.count)
    }
    if slots[slot] == Self.tombstone { tombstones -= 1 }
    slots[slot] = Self.tag(of: hash) << 32 | UInt64(key)
    count += 1
  }

  /// The slot that holds `id` with `key`.
  private func slot<ID: Hashable>(of id: ID, key: UInt32) -> Int {
    let hash = id.hashValue
    let entry = Self.tag(of: hash) << 32 | UInt64(key)
    var slot = IDIndex.slot(of: hash, count: slots.count)
    while slots[slot] != entry {
      precondition(slots[slot] != 0, "the id is in the index with that key")
      slot = IDIndex.next(slot, count: slots.count)
    }
    return slot
  }

  /// Gives `id`, which has `old`, the key `new`.
  mutating func change<ID: Hashable>(_ id: ID, from old: UInt32, to new: UInt32) {
    guard old != new else { return }
    let slot = slot(of: id, key: old)
    slots[slot] = slots[slot] & ~0xFFFF_FFFF | UInt64(new)
  }

  /// Takes `id`, which has `key`, out.
  mutating func remove<ID: Hashable>(_ id: ID, key: UInt32) {
    slots[slot(of: id, key: key)] = Self.tombstone
    count -= 1
    tombstones += 1
  }

  /// The bytes of the slots.
  var storageBytes: Int { slots.storageBytes }
}
