/// A path list read as its bytes arrive: each line, once its newline is in, goes straight into a
/// path builder; a line not ended yet waits in `pending` for the next bytes.
///
/// Nothing else of the input is kept, so reading a file piece by piece holds one piece and the
/// draft, not the file and a list of its lines. Errors are those of the whole-input reading, in
/// the order of the lines: a byte that is not UTF-8, an empty label, a path too deep.
struct _PathListDrafter {
  private let file: String?
  private let separator: Unicode.Scalar
  private var builder: PathTreeBuilder
  private var markers: _ParsedMarkers
  /// The number of the next line to end.
  private(set) var lineNumber = 1
  /// The bytes of a line begun but not ended yet.
  private(set) var pending: [UInt8] = []

  /// A drafter with room for about `capacity` nodes before its arrays grow.
  init(file: String?, separator: Unicode.Scalar, capacity: Int) {
    self.file = file
    self.separator = separator
    builder = PathTreeBuilder(capacity: capacity, separator: separator)
    markers = _ParsedMarkers(capacity: capacity)
  }

  /// Reads the lines these bytes end, and keeps a line they leave open.
  /// - Complexity: O(bytes): a long line arriving in many pieces is scanned once, when it ends.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(TreeFormatError) {
    var start = 0
    if !pending.isEmpty {
      guard let newline = _firstIndex(of: 0x0A, in: bytes) else {
        pending.append(contentsOf: bytes)
        return
      }
      pending.append(contentsOf: bytes[..<newline])
      try endPending()
      start = newline + 1
    }
    while start < bytes.count {
      let (end, plain) = _scanLine(bytes, from: start)
      guard end < bytes.count else {
        pending.append(contentsOf: bytes[start...])
        return
      }
      try line(bytes, start..<end, plain: plain)
      start = end + 1
    }
  }

  /// The tree, after the last line (one with no newline at its end).
  ///
  /// The draft and the markers are taken out, not copied, so that nothing else holds their arrays
  /// while the tree is laid out.
  mutating func finish(options: SelectionTree<String>.Options) throws(TreeFormatError)
    -> SelectionTree<String>
  {
    if !pending.isEmpty { try endPending() }
    let draft = builder.takeDraft()
    var taken = _ParsedMarkers(capacity: 0)
    swap(&taken, &markers)
    return try (consume taken).build(consume draft, options: options, file: file)
  }

  /// The error of the pending line when the input ends at a NUL byte in it: its first byte that
  /// is not UTF-8, which is that NUL at the latest.
  mutating func endAtNUL() -> TreeFormatError {
    pending.append(0)
    do throws(TreeFormatError) {
      try endPending()
    } catch {
      return error
    }
    preconditionFailure("_PathListDrafter: a line with a NUL byte was read")
  }

  /// Reads the pending line, which has ended.
  private mutating func endPending() throws(TreeFormatError) {
    let text = pending
    pending = []
    try text.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in
      try line(buffer, 0..<buffer.count, plain: _scanLine(buffer, from: 0).plain)
    }
  }

  /// Reads one line (`range` ends before its newline); `plain` when it has no NUL and no byte above
  /// 0x7F.
  private mutating func line(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plain: Bool
  ) throws(TreeFormatError) {
    let lineNumber = lineNumber
    self.lineNumber += 1
    var start = range.lowerBound
    var end = range.upperBound
    if lineNumber == 1 && end - start >= 3 && bytes[start] == 0xEF && bytes[start + 1] == 0xBB
      && bytes[start + 2] == 0xBF
    {
      start += 3  // a byte-order mark
    }
    if end > start && bytes[end - 1] == 0x0D { end -= 1 }
    if !plain, let bad = firstInvalidUTF8(bytes, start..<end) {
      throw _badByteError(bytes[bad], file: file, line: lineNumber, column: bad - start + 1)
    }
    guard start < end else { return }
    let lineStart = start
    let marker = _parseMarker(bytes, in: start..<end)
    if let marker { start = marker.labelStart }
    let column = start - lineStart + 1
    let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    // Ids are paths, so memory grows with the square of the depth: a path of more labels than the
    // limit is refused before any is made (each label takes at least one byte and a separator).
    if end - start > 2 * Int(_maximumParsedDepth),
      let labels = try? LabelPath.labels(of: path, separator: separator),
      labels.count > Int(_maximumParsedDepth)
    {
      throw TreeFormatError(file: file, line: lineNumber, column: column, message: _tooDeepMessage)
    }
    guard let node = builder.add(path) else {
      throw TreeFormatError(
        file: file, line: lineNumber, column: column,
        message: "empty label in path (write \\e for a label that is empty)")
    }
    if let marker {
      markers.set(node, selected: marker.selected, locked: marker.locked, disabled: marker.disabled)
    }
  }
}
