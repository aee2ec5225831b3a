/// A path list's lines, each straight into a path builder, which makes its nodes once, ids and
/// labels from the line's bytes; the markers, to apply when every line is read.
struct _PathListLines: _LineSink {
  private let file: String?
  private let separator: Unicode.Scalar
  private var builder: PathTreeBuilder
  private var markers: _ParsedMarkers

  /// Lines with room for about `capacity` nodes before the arrays grow.
  init(file: String?, separator: Unicode.Scalar, capacity: Int) {
    self.file = file
    self.separator = separator
    // No hash kept per id: a path list's parse is where `apply` peaks, and keeping them raised
    // its peak from 148 to 151–155 bytes a node for a 1–3% faster parse (short labels).
    builder = PathTreeBuilder(capacity: capacity, separator: separator, hashing: false)
    markers = _ParsedMarkers(capacity: capacity)
  }

  mutating func reporting(_ error: TreeFormatError) -> TreeFormatError { error }

  static var keepsCarriageReturnsOfLFText: Bool { true }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int)
    throws(TreeFormatError)
  {
    guard !range.isEmpty else { return }
    var start = range.lowerBound
    var end = range.upperBound
    let marker = _parseMarker(bytes, in: range)
    if let marker {
      start = marker.labelStart
      // A marked line is the package's own syntax, which writes a CR in a label as `\r`.
      if end > start && bytes[end - 1] == 0x0D { end -= 1 }
    }
    let column = start - range.lowerBound + 1
    let node: Int32?
    if marker == nil {
      node = try name(UnsafeBufferPointer(rebasing: bytes[start..<end]), line: line, column: column)
    } else {
      let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      // Ids are paths, so memory grows with the square of the depth: a path of more labels than
      // the limit is refused before any is made (each label takes at least one byte and a
      // separator).
      if end - start > 2 * Int(_maximumParsedDepth),
        let labels = try? LabelPath.labels(of: path, separator: separator),
        labels.count > Int(_maximumParsedDepth)
      {
        throw TreeFormatError(file: file, line: line, column: column, message: _tooDeepMessage)
      }
      node = builder.add(path)
    }
    // Repeats merged: the markers so far move with their nodes (`node` is already where it went).
    if let moved = builder.takeMoves() { markers.move(to: moved, count: builder.count) }
    guard let node else {
      throw TreeFormatError(
        file: file, line: line, column: column,
        message: "empty label in path (write \\e for a label that is empty)")
    }
    if let marker {
      markers.set(node, selected: marker.selected, locked: marker.locked, disabled: marker.disabled)
    }
  }

  /// Adds a line without a marker: a name as another program wrote it, read literally (split at
  /// the separator, no escape read, one trailing separator dropped) — or refused when it holds a
  /// backslash, which the package's syntax would read as an escape: the line could mean either, and
  /// a name is never read as another.
  ///
  /// - Returns: The node, or nil for an empty label.
  private mutating func name(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int)
    throws(TreeFormatError) -> Int32?
  {
    // One scan: a backslash is refused; the lead byte of a raw-byte scalar's UTF-8 (0xEE) needs
    // the names reader, which keeps such a scalar's bytes one by one.
    let special = bytes.firstIndex { $0 == UInt8(ascii: "\\") || $0 == 0xEE }
    if let special, bytes[special] == UInt8(ascii: "\\") {
      throw TreeFormatError(
        file: file, line: line, column: column + special,
        message: _PathListLines.backslashMessage(bytes))
    }
    if bytes.count > 2 * Int(_maximumParsedDepth),
      let labels = try? LabelPath.labels(ofName: bytes, separator: separator),
      labels.count > Int(_maximumParsedDepth)
    {
      throw TreeFormatError(file: file, line: line, column: column, message: _tooDeepMessage)
    }
    guard special == nil, separator.isASCII else { return builder.add(name: bytes) }
    // The line is UTF-8 (checked as it was read) with no backslash: read as a path, it means its
    // bytes, one trailing separator dropped (`find src/` prints `src/`).
    var end = bytes.count
    let separatorByte = UInt8(separator.value)
    if end > 1 && bytes[end - 1] == separatorByte && bytes[end - 2] != separatorByte { end -= 1 }
    return builder.add(
      String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self))
  }

  /// Why a line without a marker that holds a backslash is refused, and what to do instead.
  static func backslashMessage(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let quote = UInt8(ascii: "\"")
    if bytes.count >= 2 && bytes.first == quote && bytes.last == quote {
      return "this looks like a name git quoted (core.quotePath), which togglekit will not "
        + "guess at: list NUL-separated with 'git ls-files -z' and read with --read0"
    }
    return "a backslash in a name without a marker: it could be the name's own or an escape of "
      + "togglekit's path syntax, so the line is refused rather than read as another name; give "
      + "names from other programs NUL-separated (find -print0 | togglekit --read0), or mark "
      + "the line ('[ ] PATH') to write it in togglekit's path syntax"
  }

  /// The nodes of the lines read from node `start` on, when the lines so far had no marker and
  /// made their nodes in preorder (``PathTreeBuilder/preorderNodes(from:)``).
  func plainPreorderNodes(from start: Int) -> (
    ids: ArraySlice<String>, labels: ArraySlice<String>, parents: ArraySlice<Int32>
  )? {
    markers.isEmpty ? builder.preorderNodes(from: start) : nil
  }

  /// The number of nodes made.
  var nodeCount: Int { builder.count }

  /// Each node's id's hash, when kept (``PathTreeBuilder/idHashes``).
  var idHashes: [Int] { builder.idHashes }

  /// Whether the builder's checks for repeats wait (``PathTreeBuilder/defersChecks``).
  var defersChecks: Bool {
    get { builder.defersChecks }
    set { builder.defersChecks = newValue }
  }

  /// The tree of the lines read.
  ///
  /// The draft and the markers are taken out, not copied, so that nothing else holds their arrays
  /// while the tree is laid out.
  mutating func finish(options: SelectionTree<String>.Options) throws(TreeFormatError)
    -> SelectionTree<String>
  {
    let draft = builder.takeDraft()
    var taken = _ParsedMarkers(capacity: 0)
    swap(&taken, &markers)
    if let moved = builder.takeMoves() { taken.move(to: moved, count: draft.count) }
    return try (consume taken).build(consume draft, options: options, file: file)
  }
}
