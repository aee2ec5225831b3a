/// An open-addressing index from node ids to positions: 4 bytes a slot, at most three quarters
/// full with room for an eighth more, so 6–12 bytes per node instead of a `Dictionary`'s 30–40.
///
/// The slots are as many as the ids need, not a power of two (which wastes up to half the table: 8
/// MB instead of 6 MB for a million ids). A hash's low 32 bits choose its slot by a multiply and
/// a shift, and its high bits are the tag.
///
/// Each slot holds a position and, in the bits the positions leave free, a tag taken from the
/// id's hash: a probe compares an id (a cache miss into the id array, another into a long string's
/// text) only when the tags agree, so a lookup reads about one id however long its probe run.
/// It grows as ids are added. Lookups are inlinable, so that a
/// client's `SelectionTree<String>` hashes and compares its ids as Strings, not through generic
/// witnesses (which copy each id it compares: a retain and a release).
@usableFromInline
struct IDIndex: Sendable {
  /// Per slot: 0 when empty, else `tag << positionBits | (position + 1)`.
  @usableFromInline var slots: [UInt32]
  /// The number of slots (below 2^32).
  @usableFromInline var slotCount: Int
  @usableFromInline var positionBits: UInt32
  /// The number of ids placed.
  private(set) var count = 0

  /// An empty index with room for `capacity` ids, and an eighth more, before it grows.
  ///
  /// The eighth is for the edits after a build: an index laid out full would grow (every id
  /// hashed again, about 70 ms at 10^6 ids) at a tree's first insert.
  init(capacity: Int) {
    // At most three quarters full with an eighth more ids.
    let slotCount = max(16, ((capacity + capacity / 8) * 4 + 2) / 3)
    self.slotCount = slotCount
    // Room for every position the slots can hold before the index grows.
    positionBits = 1
    while positionBits < 32 && (1 << UInt64(positionBits)) <= UInt64(slotCount) {
      positionBits += 1
    }
    slots = [UInt32](repeating: 0, count: slotCount)
  }

  /// Builds the index, or reports the first repeated id: the earliest position whose id an
  /// earlier one has, and that earlier one.
  ///
  /// Past 16,384 ids, ids are hashed a batch at a time before any of the batch is placed, so that
  /// the cache misses of placing them overlap. (Sorting the ids by slot first placed them about
  /// 5% faster, but its two arrays of a word per id raised a build's peak memory by 16 bytes a
  /// node.) `hashes`, when it holds every id's `hashValue`, is read instead of the ids: see
  /// ``add(_:from:hashes:)``.
  init<ID: Hashable>(ids: [ID], hashes: [Int] = []) throws(_DuplicatePositions) {
    self.init(capacity: ids.count)
    guard ids.count >= 1 << 14 else {
      for (position, id) in ids.enumerated() {
        if let first = insert(id, at: position, in: ids) {
          throw _DuplicatePositions(first: first, second: position)
        }
      }
      return
    }
    if let repeated = place(ids, from: 0, hashes: hashes) { throw repeated }
  }

  /// The ids hashed before any of them is placed, in a bulk placement.
  static let batchSize = 64

  /// Whether the index can take `added` more ids, at positions below `limit`, without growing.
  func hasRoom(forPositionsBelow limit: Int, adding added: Int) -> Bool {
    (count + added) * 4 <= slots.count * 3 && UInt64(limit) < (1 << UInt64(positionBits))
  }

  /// Adds the ids of `ids` from `start` on (the ones before it are in the index), growing first
  /// if they do not fit; or reports the first of them whose id is already in the index or earlier
  /// among them, with the position of that earlier one.
  ///
  /// The index then holds the ids before the repeat, and no others.
  ///
  /// `hashes`, when it holds every id's `hashValue` (one per id, made as each id was made, its
  /// bytes then in cache), is read instead of hashing the ids again: reading an id long after it
  /// was made is a cache miss, and a retain and a release, each (measured: building from paths
  /// 11% faster). Otherwise it is empty.
  mutating func add<ID: Hashable>(_ ids: [ID], from start: Int, hashes: [Int] = [])
    -> _DuplicatePositions?
  {
    if !hasRoom(forPositionsBelow: ids.count, adding: ids.count - start) {
      grow(toHold: ids.count, ids: ids, hashes: hashes)
    }
    return place(ids, from: start, hashes: hashes)
  }

  /// Places the ids of `ids` from `start` on, in position order; the index must have room.
  ///
  /// A batch of ids is hashed before any of it is placed: the slots a batch writes are cache
  /// misses that overlap instead of following one another, and no array but the slots is needed.
  /// The first id equal to an earlier one stops it, with the two positions.
  private mutating func place<ID: Hashable>(_ ids: [ID], from start: Int, hashes known: [Int])
    -> _DuplicatePositions?
  {
    let isKnown = known.count == ids.count
    let n = ids.count
    let slotCount = slotCount
    let positionBits = positionBits
    let positionMask = positionMask
    let tagMask = tagMask
    let batchSize = Self.batchSize
    var hashes = [Int](repeating: 0, count: batchSize)
    var repeated: _DuplicatePositions? = nil
    var placed = count
    ids.withUnsafeBufferPointer { ids in
      slots.withUnsafeMutableBufferPointer { slots in
        hashes.withUnsafeMutableBufferPointer { hashes in
          var start = start
          while start < n {
            let end = min(n, start + batchSize)
            if isKnown {
              for position in start..<end {
                hashes[position - start] = known[position]
                #if TOGGLEKIT_INTERNAL_CHECKS
                  precondition(known[position] == ids[position].hashValue, "stale id hash")
                #endif
              }
            } else {
              for position in start..<end { hashes[position - start] = ids[position].hashValue }
            }
            for position in start..<end {
              let hash = hashes[position - start]
              let tag = Self.tag(of: hash, mask: tagMask)
              var slot = Self.slot(of: hash, count: slotCount)
              while slots[slot] != 0 {
                if slots[slot] >> positionBits == tag {
                  let other = Int(slots[slot] & positionMask) - 1
                  if ids[other] == ids[position] {
                    repeated = _DuplicatePositions(first: other, second: position)
                    return
                  }
                }
                slot = Self.next(slot, count: slotCount)
              }
              slots[slot] = tag << positionBits | UInt32(position + 1)
              placed += 1
            }
            start = end
          }
        }
      }
    }
    count = placed
    return repeated
  }

  @inlinable var positionMask: UInt32 {
    positionBits >= 32 ? UInt32.max : (1 << positionBits) - 1
  }

  @inlinable var tagMask: UInt32 { positionBits >= 32 ? 0 : UInt32.max >> positionBits }

  /// The tag of a hash: its high bits, which the slot number does not use.
  @inlinable @inline(__always)
  func tag(of hash: Int) -> UInt32 { Self.tag(of: hash, mask: tagMask) }

  /// The first slot to probe for a hash: its low 32 bits scaled to `count` (a multiply and a shift,
  /// not a division).
  @inlinable @inline(__always)
  static func slot(of hash: Int, count: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(UInt32(truncatingIfNeeded: hash)) &* UInt64(count)) >> 32)
  }

  /// The slot probed after `slot`.
  @inlinable @inline(__always)
  static func next(_ slot: Int, count: Int) -> Int {
    slot + 1 == count ? 0 : slot + 1
  }

  /// The tag of a hash, kept to the bits of `mask`.
  @inlinable @inline(__always)
  static func tag(of hash: Int, mask: UInt32) -> UInt32 {
    UInt32(truncatingIfNeeded: UInt64(bitPattern: Int64(hash)) >> 40) & mask
  }

  /// The bytes of the slots.
  var storageBytes: Int { slots.capacity * MemoryLayout<UInt32>.stride }

  /// The position of `id` in `ids`, the array the index was built from.
  @inlinable
  func position<IDs: RandomAccessCollection<ID>, ID: Hashable>(of id: ID, in ids: IDs) -> Int?
  where IDs.Index == Int {
    position(of: id) { ids[$0] == id }
  }

  /// The position of `id` in `ids`, comparing ids where they lie in the rope's chunks.
  @inlinable
  func position<ID: Hashable>(of id: ID, in ids: Rope<ID>) -> Int? {
    position(of: id) { ids.element(at: $0, is: id) }
  }

  /// The probe: the first position in `id`'s run whose tag agrees and that `holdsID` accepts.
  @inlinable
  func position<ID: Hashable>(of id: ID, where holdsID: (Int) -> Bool) -> Int? {
    let hash = id.hashValue
    let slotCount = slotCount
    var slot = Self.slot(of: hash, count: slotCount)
    let tag = tag(of: hash)
    let positionMask = positionMask
    let positionBits = positionBits
    return slots.withUnsafeBufferPointer { slots in
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        if entry >> positionBits == tag {
          let position = Int(entry & positionMask) - 1
          if holdsID(position) { return position }
        }
        slot = Self.next(slot, count: slotCount)
      }
    }
  }

  /// Adds `id` at `position`, unless it is there already: then its position, and nothing changed.
  ///
  /// `ids[position]` need not exist yet; the ids before it must. The index grows when full.
  mutating func insert<IDs: RandomAccessCollection<ID>, ID: Hashable>(
    _ id: ID, at position: Int, in ids: IDs
  ) -> Int? where IDs.Index == Int {
    if !hasRoom(forPositionsBelow: position + 1, adding: 1) {
      grow(toHold: max(position + 1, count + 1), ids: ids)
    }
    let hash = id.hashValue
    var slot = Self.slot(of: hash, count: slotCount)
    let tag = tag(of: hash)
    let positionMask = positionMask
    while slots[slot] != 0 {
      if slots[slot] >> positionBits == tag {
        let other = Int(slots[slot] & positionMask) - 1
        if ids[other] == id { return other }
      }
      slot = Self.next(slot, count: slotCount)
    }
    slots[slot] = tag << positionBits | UInt32(position + 1)
    count += 1
    return nil
  }

  /// Moves every position into its kept stretch's new place and takes out the ids no stretch keeps.
  ///
  /// A splice of the tree's layout. Returns false, changing nothing, when a position in
  /// `0..<newCount` does not fit the slots (then build the index again). `kept` holds each kept
  /// stretch of old positions and where it starts now, sorted by old position: a slot's new
  /// position is worked out, not read from a table of n positions (whose reads in slot order
  /// would each miss the cache).
  ///
  /// An id taken out leaves a gap in its probe run: the entries after it in the run are placed
  /// again, their ids (`ids`, the new layout's) hashed again.
  /// - Complexity: O(s·k + r·c) for s slots, k stretches, r ids taken out and runs of c slots.
  mutating func remap<IDs: RandomAccessCollection<ID>, ID: Hashable>(
    kept: [(old: Range<Int32>, start: Int32)], newCount: Int, ids: IDs
  ) -> Bool where IDs.Index == Int {
    guard UInt64(newCount) < (1 << UInt64(positionBits)) else { return false }
    let positionMask = positionMask
    var cleared: [Int] = []
    slots.withUnsafeMutableBufferPointer { slots in
      for slot in slots.indices where slots[slot] != 0 {
        let position = Int32(slots[slot] & positionMask) - 1
        var target: Int32 = -1
        for stretch in kept where stretch.old.contains(position) {
          target = stretch.start + position - stretch.old.lowerBound
          break
        }
        if target < 0 {
          slots[slot] = 0
          cleared.append(slot)
        } else {
          slots[slot] = (slots[slot] & ~positionMask) | UInt32(target + 1)
        }
      }
    }
    count -= cleared.count
    for gap in cleared {
      var slot = Self.next(gap, count: slotCount)
      while slots[slot] != 0 {
        let entry = slots[slot]
        slots[slot] = 0
        var home = Self.slot(of: ids[Int(entry & positionMask) - 1].hashValue, count: slotCount)
        while slots[home] != 0 { home = Self.next(home, count: slotCount) }
        slots[home] = entry
        slot = Self.next(slot, count: slotCount)
      }
    }
    return true
  }

  /// Rebuilds with twice the room (the positions in it are `ids`' distinct ones).
  ///
  /// The ids are placed again in position order, not slot order. Their hashes come from `hashes`
  /// when it holds every id's, read front to back. Rehashing instead reads every id again, a cache
  /// miss each once they outgrow the cache: a build from a 10^6-line list of leaf paths (which
  /// grows the index when the folders come on top of the lines) is 18–22% faster this way.
  /// Without hashes the ids are rehashed in position order, so that an array's ids and a long
  /// id's text (allocated as the ids came) are read front to back. The ids are distinct, so each
  /// goes to the first empty slot of its run, with no id compared.
  private mutating func grow<IDs: RandomAccessCollection<ID>, ID: Hashable>(
    toHold needed: Int, ids: IDs, hashes known: [Int] = []
  ) where IDs.Index == Int {
    let isKnown = known.count == ids.count
    var present = [UInt64](repeating: 0, count: (ids.count + 63) / 64)
    let oldMask = positionMask
    for entry in slots where entry != 0 {
      let position = Int(entry & oldMask) - 1
      present[position >> 6] |= 1 << UInt64(position & 63)
    }
    let placed = count
    self = IDIndex(capacity: max(needed, count) * 2)
    let slotCount = slotCount
    let positionBits = positionBits
    let tagMask = tagMask
    do {
      slots.withUnsafeMutableBufferPointer { slots in
        for (word, bits) in present.enumerated() where bits != 0 {
          var rest = bits
          while rest != 0 {
            let position = word << 6 | rest.trailingZeroBitCount
            rest &= rest - 1
            let hash = isKnown ? known[position] : ids[position].hashValue
            #if TOGGLEKIT_INTERNAL_CHECKS
              precondition(hash == ids[position].hashValue, "stale id hash")
            #endif
            var slot = Self.slot(of: hash, count: slotCount)
            while slots[slot] != 0 { slot = Self.next(slot, count: slotCount) }
            slots[slot] = Self.tag(of: hash, mask: tagMask) << positionBits | UInt32(position + 1)
          }
        }
      }
    }
    count = placed
  }
}

/// Two positions with the same id.
struct _DuplicatePositions: Error {
  let first: Int
  let second: Int
}
