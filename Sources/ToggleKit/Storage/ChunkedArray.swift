/// A fixed-length array of plain values held in small reference-counted chunks that copies share
/// until one of them writes: the storage behind a tree's per-node state.
///
/// Two levels: `tables` (a Swift array, copied on write) holds tables of up to 2^tableShift chunks,
/// each chunk holds 2^chunkShift elements. A copy costs O(1). The first write to a position of a
/// copy duplicates the top array, the table and the chunk on that position's path — O(n / (chunk ×
/// table) + table + chunk) — and shares every other chunk. A tree that is not shared writes in place.
/// Reading costs three dependent loads, the first two in small, hot tables.
struct ChunkedArray<Element: BitwiseCopyable>: @unchecked Sendable {
  /// About 512 bytes of elements per chunk, 32 chunks per table.
  private static var defaultShifts: (chunk: Int, table: Int) {
    let stride = MemoryLayout<Element>.stride
    var shift = 0
    while (stride << (shift + 1)) <= 512 { shift += 1 }
    return (shift, 5)
  }

  /// log2 of the elements per chunk.
  let chunkShift: Int
  /// log2 of the chunks per table.
  let tableShift: Int
  /// The number of elements.
  let count: Int
  /// The tables; the last ones may be partly filled.
  private var tables: [_ChunkStorage<_ChunkStorage<Element>>]

  /// An array of `count` copies of `value`.
  init(repeating value: Element, count: Int) {
    self.init(count: count) { buffer, _ in buffer.initialize(repeating: value) }
  }

  /// The elements of `array`, in order.
  init(_ array: [Element]) {
    self = array.withUnsafeBufferPointer { source in
      ChunkedArray(count: source.count) { buffer, start in
        _ = buffer.initialize(from: source[start..<(start + buffer.count)])
      }
    }
  }

  /// An array of `count` elements whose chunks `fill` initializes, given each chunk's buffer and
  /// the position of its first element.
  init(
    count: Int, fill: (UnsafeMutableBufferPointer<Element>, _ start: Int) -> Void
  ) {
    let (chunkShift, tableShift) =
      _ChunkSizes.testingShifts
      ?? (NodeStates.testingBlockShift != nil ? (1, 1) : Self.defaultShifts)
    self.chunkShift = chunkShift
    self.tableShift = tableShift
    self.count = count
    let chunkCount = (count + (1 << chunkShift) - 1) >> chunkShift
    let tableCount = (chunkCount + (1 << tableShift) - 1) >> tableShift
    var tables: [_ChunkStorage<_ChunkStorage<Element>>] = []
    tables.reserveCapacity(tableCount)
    for table in 0..<tableCount {
      let first = table << tableShift
      let last = min(chunkCount, first + (1 << tableShift))
      tables.append(
        _ChunkStorage.make(count: last - first) { chunks in
          for chunk in first..<last {
            let start = chunk << chunkShift
            let length = min(count - start, 1 << chunkShift)
            let storage = _ChunkStorage<Element>.make(count: length) { fill($0, start) }
            (chunks.baseAddress! + (chunk - first)).initialize(to: storage)
          }
        })
    }
    self.tables = tables
  }

  /// The element at `index`.
  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      let table = tables[index >> (chunkShift + tableShift)]
      return table.withUnsafeMutablePointerToElements { chunks in
        chunks[(index >> chunkShift) & ((1 << tableShift) - 1)]
          .withUnsafeMutablePointerToElements { $0[index & ((1 << chunkShift) - 1)] }
      }
    }
    _modify {
      let element = mutableElement(at: index)
      yield &element.pointee
    }
  }

  /// The address of the element at `index`, its table and chunk made unique first.
  ///
  /// A shared table or chunk is copied. The address stays valid while this array is not otherwise
  /// changed: the chunk is held by its table, which this array holds.
  @inline(__always)
  private mutating func mutableElement(at index: Int) -> UnsafeMutablePointer<Element> {
    let tableIndex = index >> (chunkShift + tableShift)
    let slot = (index >> chunkShift) & ((1 << tableShift) - 1)
    let offset = index & ((1 << chunkShift) - 1)
    return tables.withUnsafeMutableBufferPointer { tables in
      if !isKnownUniquelyReferenced(&tables[tableIndex]) {
        tables[tableIndex] = tables[tableIndex].copy()
      }
      return tables[tableIndex].withUnsafeMutablePointerToElements { chunks in
        if !isKnownUniquelyReferenced(&chunks[slot]) { chunks[slot] = chunks[slot].copy() }
        return chunks[slot].withUnsafeMutablePointerToElements { $0 + offset }
      }
    }
  }

  /// Calls `body` with the chunk that holds `index`, made unique first (copied if shared).
  @inline(__always)
  private mutating func withMutableChunk<Result>(
    containing index: Int, _ body: (UnsafeMutablePointer<Element>) -> Result
  ) -> Result {
    body(mutableElement(at: index) - (index & ((1 << chunkShift) - 1)))
  }

  /// Calls `body` with each stretch of `range` that lies in one chunk, in order, as a buffer and
  /// the position of its first element.
  func forEachSpan(
    in range: Range<Int>, _ body: (UnsafeBufferPointer<Element>, _ start: Int) -> Void
  ) {
    var position = range.lowerBound
    while position < range.upperBound {
      let end = min(range.upperBound, ((position >> chunkShift) + 1) << chunkShift)
      let table = tables[position >> (chunkShift + tableShift)]
      table.withUnsafeMutablePointerToElements { chunks in
        chunks[(position >> chunkShift) & ((1 << tableShift) - 1)]
          .withUnsafeMutablePointerToElements { elements in
            let offset = position & ((1 << chunkShift) - 1)
            body(UnsafeBufferPointer(start: elements + offset, count: end - position), position)
          }
      }
      position = end
    }
  }

  /// Calls `body` with each stretch of `range` that lies in one chunk, writable (each chunk made
  /// unique first), as a buffer and the position of its first element.
  mutating func forEachMutableSpan(
    in range: Range<Int>, _ body: (UnsafeMutableBufferPointer<Element>, _ start: Int) -> Void
  ) {
    var position = range.lowerBound
    while position < range.upperBound {
      let end = min(range.upperBound, ((position >> chunkShift) + 1) << chunkShift)
      let start = position
      let offset = start & ((1 << chunkShift) - 1)
      withMutableChunk(containing: position) { elements in
        body(UnsafeMutableBufferPointer(start: elements + offset, count: end - start), start)
      }
      position = end
    }
  }

  /// Every element in order.
  var elements: [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      forEachSpan(in: 0..<count) { span, start in
        _ = UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + span.count)])
          .initialize(from: span)
      }
      initialized = count
    }
  }

  /// The bytes this array holds: the chunks, their tables and the top array, as if none were
  /// shared.
  var storageBytes: Int {
    let chunkCount = (count + (1 << chunkShift) - 1) >> chunkShift
    return count * MemoryLayout<Element>.stride + chunkCount * (MemoryLayout<Int>.stride + 16)
      + tables.count * (chunkCount > 0 ? (1 << tableShift) * 8 + 24 : 0) + tables.capacity * 8
  }

  /// Whether this array and `other` are one value: no write since one was copied from the other.
  func isIdentical(to other: ChunkedArray) -> Bool {
    count == other.count && tables.sharesBuffer(as: other.tables)
  }

  /// Whether this array and `other` hold the same chunk at `index` (no copy has written it since
  /// they were one value).
  func sharesChunk(containing index: Int, with other: ChunkedArray) -> Bool {
    let table = index >> (chunkShift + tableShift)
    guard chunkShift == other.chunkShift, tableShift == other.tableShift,
      table < tables.count, table < other.tables.count
    else { return false }
    if tables[table] === other.tables[table] { return true }
    let slot = (index >> chunkShift) & ((1 << tableShift) - 1)
    let mine = tables[table].withUnsafeMutablePointerToElements { $0[slot] }
    let theirs = other.tables[table].withUnsafeMutablePointerToElements { $0[slot] }
    return mine === theirs
  }
}

/// A reference-counted buffer of a fixed number of elements.
///
/// A chunk of values, or a table of chunks. The header is the element count.
final class _ChunkStorage<Element>: ManagedBuffer<Int, Element> {
  /// A buffer of `count` elements that `initialize` initializes.
  static func make(
    count: Int, _ initialize: (UnsafeMutableBufferPointer<Element>) -> Void
  ) -> _ChunkStorage {
    let buffer = create(minimumCapacity: count) { _ in count }
    buffer.withUnsafeMutablePointerToElements {
      initialize(UnsafeMutableBufferPointer(start: $0, count: count))
    }
    return unsafeDowncast(buffer, to: _ChunkStorage.self)
  }

  /// A buffer with the same elements (references to chunks are shared, not copied).
  func copy() -> _ChunkStorage {
    withUnsafeMutablePointers { count, elements in
      _ChunkStorage.make(count: count.pointee) {
        $0.baseAddress!.initialize(from: elements, count: count.pointee)
      }
    }
  }

  deinit {
    _ = withUnsafeMutablePointers { count, elements in
      elements.deinitialize(count: count.pointee)
    }
  }
}

/// Chunk sizes for tests.
enum _ChunkSizes {
  /// log2 of the elements per chunk and of the chunks per table, for tests.
  ///
  /// Tiny, so that small trees cross chunk and table boundaries. Under a testing block size
  /// (``NodeStates/testingBlockShift``) arrays have chunks of two elements and tables of two
  /// chunks unless this says otherwise.
  @TaskLocal static var testingShifts: (chunk: Int, table: Int)?
}

extension ChunkedArray: Equatable where Element: Equatable {
  /// Element by element; O(1) for one value and its unwritten copies.
  static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool {
    lhs.isIdentical(to: rhs) || (lhs.count == rhs.count && lhs.elements == rhs.elements)
  }
}

extension Array {
  /// Whether the two arrays hold one buffer (an empty array may hold a shared empty one).
  func sharesBuffer(as other: [Element]) -> Bool {
    count == other.count
      && withUnsafeBufferPointer { mine in
        other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
      }
  }
}
