/// What reads a text format's lines, one at a time, as they end.
protocol _LineSink: Sendable {
  /// Reads one line: `bytes[range]`, without its newline, CR or byte-order mark, and known to be
  /// UTF-8 with no NUL byte. `line` is its number, from 1.
  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int)
    throws(TreeFormatError)

  /// The error to report for a line's bad byte: `error` itself, or one an earlier line already
  /// holds (a format that checks some rules only when asked, such as repeated labels).
  mutating func reporting(_ error: TreeFormatError) -> TreeFormatError

  /// Whether a CR at a line's end is kept when the first line did not end in CR LF: a file name
  /// can end in CR, so text of LF lines keeps it (names read literally); false drops every
  /// line's.
  static var keepsCarriageReturnsOfLFText: Bool { get }
}

extension _LineSink {
  static var keepsCarriageReturnsOfLFText: Bool { false }
}

/// Text that arrives in pieces, split into lines for a ``_LineSink``: each line goes to the sink as
/// soon as its newline is in; a line not ended yet waits in `pending` for the next bytes.
///
/// Nothing else of the input is kept, so reading a file piece by piece holds one piece, not the
/// file and a list of its lines. A UTF-8 byte-order mark is skipped and the CR of CRLF dropped (in
/// text whose first line ends in CR LF, or for every line where the sink does not keep a CR); a
/// byte that is not UTF-8, or a NUL, is its line's error, in the order of the lines.
struct _TextPieces<Sink: _LineSink>: Sendable {
  var sink: Sink
  let file: String?
  /// The number of the next line to end.
  private(set) var lineNumber = 1
  /// The bytes of a line begun but not ended yet.
  private var pending: [UInt8] = []
  /// Whether the first line ended in CR LF (nil before it has ended): then every line's CR is
  /// dropped, else only where the sink does not keep it.
  private var endsInCRLF: Bool? = nil

  init(_ sink: Sink, file: String?) {
    self.sink = sink
    self.file = file
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

  /// Reads the last line, one with no newline at its end.
  mutating func endLines() throws(TreeFormatError) {
    if !pending.isEmpty { try endPending() }
  }

  /// The error when the input ends at a NUL byte that arrives now: the error of the line it ends
  /// (its first byte that is not UTF-8, which is that NUL at the latest), or an earlier one the sink
  /// holds.
  mutating func endAtNUL() -> TreeFormatError {
    pending.append(0)
    do throws(TreeFormatError) {
      try endPending()
    } catch {
      return error
    }
    preconditionFailure("_TextPieces: a line with a NUL byte was read")
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
    let endsInCR = end > start && bytes[end - 1] == 0x0D
    if endsInCRLF == nil { endsInCRLF = endsInCR }
    if endsInCR && (endsInCRLF == true || !Sink.keepsCarriageReturnsOfLFText) { end -= 1 }
    if !plain, let bad = firstInvalidUTF8(bytes, start..<end) {
      throw sink.reporting(
        _badByteError(bytes[bad], file: file, line: lineNumber, column: bad - start + 1))
    }
    try sink.read(bytes, start..<end, line: lineNumber)
  }
}
