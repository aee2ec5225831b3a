/// A list held in chunks of up to 512 elements that copies share: a tree's ids and labels in
/// preorder.
///
/// Splicing a long list (nodes added in the middle, a range taken out, a range moved) is a new rope
/// built of the old one's chunks: it copies the table of chunks (n / 512 references), not the n
/// elements. A flat array of strings pays a retain for each element it copies and a release for
/// each it frees — most of what an edit of a 10^6-node tree cost.
///
/// Chunks are array slices: a rope made of an array (a tree just built) cuts it into slices of the
/// one buffer, copying nothing, and a cut through a chunk is a shorter slice. Only a small chunk
/// merged with its neighbour is copied (at most 512 elements). Elements taken out stay in their
/// buffer while a slice of it lives.
///
/// Reading a position is a look-up in a guide of one entry per 512 positions, at most a few steps
/// along the chunk starts, and the chunk.
///
/// Adjacent chunks hold more than 512 elements together (a chunk appended is merged into a small
/// predecessor), so chunks average over 256 elements and the guide's steps stay few.
@usableFromInline
struct Rope<Element> {
  /// The chunks, in order, none empty.
  @usableFromInline var chunks: [ArraySlice<Element>] = []
  /// Each chunk's first position, and the count last.
  @usableFromInline var starts: [Int32] = [0]
  /// For every `1 << shift` positions, the chunk holding the first of them.
  @usableFromInline var guide: [Int32] = []
  /// log2 of the most elements a chunk takes by appending (and of the guide's stride).
  @usableFromInline let shift: Int

  /// An empty rope.
  init() {
    shift = NodeStates.testingBlockShift != nil ? 2 : 9
  }

  /// The elements of `array`, in order.
  init(_ array: [Element]) {
    self.init()
    reserve(array.count)
    var start = 0
    while start < array.count {
      let end = Swift.min(array.count, start + (1 << shift))
      push(array[start..<end])
      start = end
    }
  }

  /// The number of elements.
  @inlinable
  var count: Int { Int(starts[starts.count - 1]) }

  /// The chunk that holds `position`.
  @inlinable
  func chunk(holding position: Int) -> Int {
    var chunk = Int(guide[position >> shift])
    while Int(starts[chunk + 1]) <= position { chunk += 1 }
    return chunk
  }

  /// The element at `position`.
  @inlinable
  subscript(position: Int) -> Element {
    get {
      let chunk = chunk(holding: position)
      let offset = position - Int(starts[chunk])
      // Through buffers: reading the chunk out of the table would retain and release it.
      return chunks.withUnsafeBufferPointer { chunks in
        chunks[chunk].withUnsafeBufferPointer { $0[offset] }
      }
    }
    set {
      let chunk = chunk(holding: position)
      chunks[chunk][chunks[chunk].startIndex + position - Int(starts[chunk])] = newValue
    }
  }

  private mutating func reserve(_ count: Int) {
    chunks.reserveCapacity((count >> shift) + 2)
    starts.reserveCapacity((count >> shift) + 3)
    guide.reserveCapacity((count >> shift) + 1)
  }

  /// Appends `chunk` (not empty): into the last chunk when the two fit in one, else as a chunk.
  private mutating func push(_ chunk: ArraySlice<Element>) {
    let limit = 1 << shift
    if let last = chunks.indices.last, chunks[last].count + chunk.count <= limit {
      chunks[last] += chunk
    } else {
      chunks.append(chunk)
      starts.append(starts[starts.count - 1])
    }
    starts[starts.count - 1] += Int32(chunk.count)
    // Guide entries for the positions the chunk brought: all in the last chunk.
    while guide.count << shift < count { guide.append(Int32(chunks.count - 1)) }
  }

  /// Appends the elements of `other` in `range`, sharing the chunks it covers whole.
  /// - Complexity: O(chunks covered + elements of the chunks cut).
  mutating func append(contentsOf other: Rope, _ range: Range<Int>) {
    guard !range.isEmpty else { return }
    var chunk = other.chunk(holding: range.lowerBound)
    while chunk < other.chunks.count, Int(other.starts[chunk]) < range.upperBound {
      let start = Int(other.starts[chunk])
      let end = Int(other.starts[chunk + 1])
      if start >= range.lowerBound && end <= range.upperBound {
        push(other.chunks[chunk])
      } else {
        let slice = other.chunks[chunk]
        let from = slice.startIndex + Swift.max(start, range.lowerBound) - start
        let to = slice.startIndex + Swift.min(end, range.upperBound) - start
        push(slice[from..<to])
      }
      chunk += 1
    }
  }

  /// Appends every element of `other`, sharing its chunks.
  mutating func append(contentsOf other: Rope) {
    append(contentsOf: other, 0..<other.count)
  }

  /// The bytes the rope holds: its elements' values (not what they point to) and its tables.
  var storageBytes: Int {
    count * MemoryLayout<Element>.stride
      + chunks.capacity * MemoryLayout<ArraySlice<Element>>.stride
      + (starts.capacity + guide.capacity) * 4
  }

  /// Traps unless the chunks, their starts and the guide agree: no empty chunk, two neighbours
  /// more than a chunk's worth together (unless they came as one larger chunk), every guide
  /// entry the chunk holding its position.
  /// - Complexity: O(n / 512).
  func checkInvariants() {
    precondition(starts.count == chunks.count + 1 && starts[0] == 0, "starts ≠ chunks")
    for (chunk, slice) in chunks.enumerated() {
      precondition(!slice.isEmpty, "chunk \(chunk) is empty")
      precondition(
        Int(starts[chunk + 1]) - Int(starts[chunk]) == slice.count, "chunk \(chunk): wrong start")
      precondition(
        chunk == 0 || chunks[chunk - 1].count + slice.count > 1 << shift,
        "chunks \(chunk - 1) and \(chunk) fit in one")
    }
    precondition(guide.count == (count + (1 << shift) - 1) >> shift, "guide length")
    for (block, chunk) in guide.enumerated() {
      let position = Int32(block << shift)
      precondition(
        starts[Int(chunk)] <= position && position < starts[Int(chunk) + 1],
        "guide entry \(block) points elsewhere")
    }
  }

  /// Whether the element at `position` is `value`, compared where it lies (no copy of it).
  @inlinable
  func element(at position: Int, is value: Element) -> Bool where Element: Equatable {
    let chunk = chunk(holding: position)
    let offset = position - Int(starts[chunk])
    return chunks.withUnsafeBufferPointer { chunks in
      chunks[chunk].withUnsafeBufferPointer { $0[offset] == value }
    }
  }

  /// Appends `element`.
  mutating func append(_ element: Element) { push([element][...]) }
}

extension Rope: RandomAccessCollection {
  @usableFromInline typealias Index = Int
  @usableFromInline typealias Indices = Range<Int>

  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { count }

  /// Walks the chunks, not the guide.
  @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline let chunks: [ArraySlice<Element>]
    @usableFromInline var nextChunk: Int
    @usableFromInline var current: IndexingIterator<ArraySlice<Element>>

    @inlinable
    init(chunks: [ArraySlice<Element>], nextChunk: Int, current: ArraySlice<Element>) {
      self.chunks = chunks
      self.nextChunk = nextChunk
      self.current = current.makeIterator()
    }

    @inlinable
    mutating func next() -> Element? {
      while true {
        if let element = current.next() { return element }
        guard nextChunk < chunks.count else { return nil }
        current = chunks[nextChunk].makeIterator()
        nextChunk += 1
      }
    }
  }

  @inlinable
  func makeIterator() -> Iterator { Iterator(chunks: chunks, nextChunk: 0, current: []) }

  /// The elements from `position` on, one chunk look-up and no more.
  @inlinable
  func makeIterator(from position: Int) -> Iterator {
    guard position < count else {
      return Iterator(chunks: chunks, nextChunk: chunks.count, current: [])
    }
    let chunk = chunk(holding: position)
    let slice = chunks[chunk]
    return Iterator(
      chunks: chunks, nextChunk: chunk + 1,
      current: slice[(slice.startIndex + position - Int(starts[chunk]))...])
  }
}

extension Rope {
  /// Whether the two hold equal elements by `same`, element by element; chunk by chunk when the
  /// two are cut alike, so that the chunks they share compare in O(1).
  /// - Complexity: O(n) calls of `same`, none for the chunks they share.
  func isEqual(to other: Rope, by same: (Element, Element) -> Bool) -> Bool {
    guard count == other.count else { return false }
    guard starts == other.starts else { return elementsEqual(other, by: same) }
    return chunks.withUnsafeBufferPointer { left in
      other.chunks.withUnsafeBufferPointer { right in
        zip(left, right).allSatisfy { pair in
          pair.0.withUnsafeBufferPointer { left in
            pair.1.withUnsafeBufferPointer { right in
              left.baseAddress == right.baseAddress || left.elementsEqual(right, by: same)
            }
          }
        }
      }
    }
  }
}

extension Rope: Equatable where Element: Equatable {
  /// Element by element; chunk by chunk when the two are cut alike, so that the chunks they
  /// share compare in O(1).
  @usableFromInline
  static func == (lhs: Rope, rhs: Rope) -> Bool { lhs.isEqual(to: rhs, by: ==) }
}

extension Rope: @unchecked Sendable where Element: Sendable {}
