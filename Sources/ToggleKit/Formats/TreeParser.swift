/// Reads a tree from text that arrives in pieces (a pipe, a socket, a file read block by block),
/// keeping as little of it as its format allows.
///
/// ```swift
/// var parser = TreeParser(format: .paths, file: "files.txt")
/// try parser.append(Array("[x] src/a.swift\nsrc/".utf8))
/// try parser.append(Array("b.swift\n".utf8))
/// let tree = try parser.finish()
/// tree.state(of: "src")   // .mixed
/// ```
///
/// Path lists and indented text are read line by line as their bytes arrive: only a line not ended
/// yet is kept, so reading a file holds the tree being built and one piece, not the file too. JSON
/// is kept until ``finish()`` and then read as
/// ``SelectionTree/init(parsing:format:file:separator:options:uniqueSiblingLabels:)`` reads it.
/// Either way the tree and the error equal that initializer's for the same bytes. The reading stops
/// at a NUL byte as soon as it arrives, so that binary or endless input (`/dev/zero`) fails at once:
/// the error is still the whole input's (the NUL's line's or an earlier line's), except that in
/// JSON the first byte that is not UTF-8 comes ahead of any syntax error before it. With no format
/// given, the file's name or else the first 64 KiB (or all of a shorter input) choose one, as
/// ``TreeFormat/detect(fileName:bytes:)`` does.
///
/// After an error, every later `append` and ``finish()`` throws it again.
public struct TreeParser: Sendable {
  /// Where the reading is.
  private enum Stage: Sendable {
    /// The first bytes, kept until there are enough to choose the format and size the tree.
    case starting([UInt8])
    /// JSON, kept whole until the end.
    case keeping([UInt8])
    /// A path list, read line by line.
    case paths(_TextPieces<_PathListLines>)
    /// Indented text, read line by line.
    case indented(_TextPieces<_IndentedLines>)
    /// Names each ended by NUL, read record by record.
    case names(_NameRecords)
    /// An error, thrown again by every later call.
    case failed(TreeFormatError)
    /// Between two stages, while one is handed over.
    case moving
  }

  private var stage: Stage = .starting([])
  private let format: TreeFormat?
  /// The format reading started in, given or detected.
  private var detected: TreeFormat?
  private let file: String?
  private let separator: Unicode.Scalar
  private let options: SelectionTree<String>.Options
  private let uniqueSiblingLabels: Bool
  private let expectedByteCount: Int?

  /// The format the input is read in: given, or detected once enough bytes have come (nil
  /// before); ``TreeFormat/paths`` for NUL-ended names.
  public var chosenFormat: TreeFormat? {
    switch stage {
    case .starting, .moving: format
    case .keeping: .json
    case .paths, .names: .paths
    case .indented: .indented
    case .failed: detected ?? format
    }
  }

  /// The bytes kept before choosing the format: what ``TreeFormat/detect(fileName:bytes:)`` reads.
  private static let startingBytes = 65_536

  /// A parser for text in a ``TreeFormat`` (detected from `file`'s name or the first bytes when
  /// nil), with the options of
  /// ``SelectionTree/init(parsing:format:file:separator:options:uniqueSiblingLabels:)``.
  ///
  /// `expectedByteCount` (a regular file's size, say) lets a path list size the tree once instead
  /// of growing it.
  ///
  /// ```swift
  /// var parser = TreeParser(file: "tree.paths", expectedByteCount: 34_700_000)
  /// ```
  public init(
    format: TreeFormat? = nil, file: String? = nil, separator: Unicode.Scalar = "/",
    options: SelectionTree<String>.Options = .init(), uniqueSiblingLabels: Bool = false,
    expectedByteCount: Int? = nil
  ) {
    self.format = format
    self.file = file
    self.separator = separator
    self.options = options
    self.uniqueSiblingLabels = uniqueSiblingLabels
    self.expectedByteCount = expectedByteCount
  }

  /// A parser for names each ended by NUL (`find -print0`, `git ls-files -z`), read literally.
  ///
  /// Names are split at `separator` and nothing else, every byte kept (``LabelBytes``); an empty
  /// record is skipped, one trailing separator dropped; nothing is selected.
  ///
  /// ```swift
  /// var parser = TreeParser(nulSeparatedNamesFrom: "<stdin>")
  /// try parser.append(Array("./imp\\ortant\0".utf8))
  /// try parser.finish().labelPath(of: #"./imp\\ortant"#)   // [".", #"imp\ortant"#]
  /// ```
  public init(
    nulSeparatedNamesFrom file: String?, separator: Unicode.Scalar = "/",
    options: SelectionTree<String>.Options = .init(), expectedByteCount: Int? = nil
  ) {
    self.init(
      format: .paths, file: file, separator: separator, options: options,
      expectedByteCount: expectedByteCount)
    let capacity = expectedByteCount.map { min($0 / 32, 1 << 20) + 16 } ?? 1024
    stage = .names(_NameRecords(file: file, separator: separator, capacity: capacity))
  }

  /// Reads the next piece of the input, from a buffer that is only borrowed (a read buffer reused
  /// for the next piece).
  ///
  /// ```swift
  /// try buffer.withUnsafeBufferPointer { try parser.append(UnsafeBufferPointer(rebasing: $0[..<count])) }
  /// ```
  /// - Throws: ``TreeFormatError`` for the first error the lines read so far hold, or a NUL byte.
  /// - Complexity: O(`bytes.count`) for the text formats; amortised O(`bytes.count`) for JSON.
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(TreeFormatError) {
    if case .names = stage { return try read(bytes) }
    guard let nul = _firstIndex(of: 0, in: bytes) else { return try read(bytes) }
    // The input ends at its first NUL byte, which is an error of its line.
    try read(UnsafeBufferPointer(rebasing: bytes[..<nul]))
    let error = nulError()
    stage = .failed(error)
    throw error
  }

  /// Reads the next piece of the input, from any collection of bytes.
  ///
  /// ```swift
  /// try parser.append("Fruit/Pear\n".utf8)
  /// ```
  /// - Throws: ``TreeFormatError`` for the first error the lines read so far hold, or a NUL byte.
  /// - Complexity: O(`bytes.count`) for the text formats; amortised O(`bytes.count`) for JSON.
  public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(TreeFormatError) {
    var failure: TreeFormatError?
    let contiguous: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      do throws(TreeFormatError) { try append(buffer) } catch { failure = error }
    }
    if contiguous == nil {
      do {
        try Array(bytes).withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in
          try append(buffer)
        }
      } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// The tree, after the last piece.
  ///
  /// Hand the parser over (`consume parser`) when it is not used again: the tree then takes the
  /// parser's storage as it is, instead of copying the arrays that laying it out writes.
  ///
  /// ```swift
  /// let tree = try (consume parser).finish()
  /// ```
  /// - Throws: ``TreeFormatError`` for the first error in the input.
  /// - Complexity: O(n) in the input not read yet, plus laying out the tree.
  public consuming func finish() throws(TreeFormatError) -> SelectionTree<String> {
    let current = stage
    stage = .moving
    switch consume current {
    case .starting(let bytes):
      return try SelectionTree(
        parsing: bytes, format: format, file: file, separator: separator, options: options,
        uniqueSiblingLabels: uniqueSiblingLabels)
    case .keeping(let bytes):
      return try SelectionTree(
        parsing: bytes, format: .json, file: file, separator: separator, options: options,
        uniqueSiblingLabels: uniqueSiblingLabels)
    case .paths(var lines):
      try lines.endLines()
      return try lines.sink.finish(options: options)
    case .indented(var lines):
      try lines.endLines()
      return try lines.sink.finish(options: options)
    case .names(var records):
      return try records.finish(options: options)
    case .failed(let error):
      throw error
    case .moving:
      preconditionFailure("TreeParser: a stage was not handed back")
    }
  }

  /// The number of nodes read so far from a path list, indented text or names, whose nodes a
  /// stream may append to the tree it shows (``preorderNodes(from:)``).
  ///
  /// Nil for JSON, and while the format is not known.
  public var nodeCount: Int? {
    switch stage {
    case .paths(let lines): lines.sink.nodeCount
    case .indented(let lines): lines.sink.nodeCount
    case .names(let records): records.nodeCount
    default: nil
    }
  }

  /// Each node's id's `hashValue`, in node order, when the parser keeps them (else empty).
  ///
  /// A stream that appends ``preorderNodes(from:)`` passes them on, so that the tree's index does
  /// not hash the ids again
  /// (``SelectionTree/appendInPreorder(ids:labels:parents:idHashes:newChildren:)``). Hash values
  /// hold within one process only.
  public var idHashes: [Int] {
    switch stage {
    case .paths(let lines): lines.sink.idHashes
    case .indented(let lines): lines.sink.idHashes
    case .names(let records): records.idHashes
    default: []
    }
  }

  /// The nodes read from node `start` on, for a stream to append to the tree it shows instead
  /// of laying out every line again.
  ///
  /// ```swift
  /// var parser = TreeParser(format: .paths, file: "find.txt")
  /// try parser.append(Array("src\nsrc/a.swift\n".utf8))
  /// var tree = try SelectionTree(paths: ["src", "src/a.swift"])   // shown: the first 2 nodes
  /// try parser.append(Array("src/b.swift\nREADME\n".utf8))
  /// if let new = parser.preorderNodes(from: tree.count) {
  ///   tree.appendInPreorder(ids: new.ids, labels: new.labels, parents: new.parents)
  /// }
  /// tree.ids   // ["src", "src/a.swift", "src/b.swift", "README"]
  /// ```
  ///
  /// Nil unless every node so far came in preorder (``SelectionTree/appendInPreorder(ids:labels:parents:newChildren:)``)
  /// from a path list or indented text without markers (or attributes), or from names, and no
  /// line came back to a folder it had left: a stream then lays out what it read.
  /// - Complexity: O(1): the nodes are read where they lie.
  public func preorderNodes(from start: Int) -> (
    ids: ArraySlice<String>, labels: ArraySlice<String>, parents: ArraySlice<Int32>
  )? {
    let nodes: (ids: ArraySlice<String>, labels: ArraySlice<String>, parents: ArraySlice<Int32>)? =
      switch stage {
      case .paths(let lines): lines.sink.plainPreorderNodes(from: start)
      case .indented(let lines): lines.sink.plainPreorderNodes(from: start)
      case .names(let records): records.plainPreorderNodes(from: start)
      default: nil
      }
    return nodes
  }

  /// Lets a path list's or names' checks for repeated paths wait (`true`) or not (`false`).
  ///
  /// They wait while a stream appends their nodes to a tree whose own index finds a repeat as
  /// it comes (it then stops appending, and passes `false`): each id is indexed once, by the
  /// tree. ``finish()`` checks every node.
  public mutating func deferRepeatChecks(_ defers: Bool) {
    let current = stage
    stage = .moving
    switch consume current {
    case .paths(var lines):
      lines.sink.defersChecks = defers
      stage = .paths(lines)
    case .names(var records):
      records.defersChecks = defers
      stage = .names(records)
    case let other:
      stage = other
    }
  }

  /// Reads a last line (or name) that no line end ended, as ``finish()`` does first.
  ///
  /// The nodes read are then all there for ``preorderNodes(from:)``.
  /// - Throws: ``TreeFormatError`` for that line, or an earlier error.
  public mutating func endInput() throws(TreeFormatError) {
    let current = stage
    stage = .moving
    do throws(TreeFormatError) {
      switch consume current {
      case .paths(var lines):
        try lines.endLines()
        stage = .paths(lines)
      case .indented(var lines):
        try lines.endLines()
        stage = .indented(lines)
      case .names(var records):
        try records.endRecords()
        stage = .names(records)
      case .failed(let error):
        throw error
      case let other:
        stage = other
      }
    } catch {
      stage = .failed(error)
      throw error
    }
  }

  /// Reads a piece with no NUL byte.
  private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(TreeFormatError) {
    let current = stage
    stage = .moving
    do throws(TreeFormatError) {
      switch consume current {
      case .starting(var kept):
        kept.append(contentsOf: bytes)
        // Known formats start at once; detection waits for the bytes it reads.
        let known = format ?? TreeFormat(fileName: file)
        guard known != nil || kept.count > Self.startingBytes else {
          stage = .starting(kept)
          return
        }
        try start(known ?? TreeFormat.detect(fileName: file, bytes: kept), with: kept)
      case .keeping(var kept):
        kept.append(contentsOf: bytes)
        stage = .keeping(kept)
      case .paths(var lines):
        try lines.append(bytes)
        stage = .paths(lines)
      case .indented(var lines):
        try lines.append(bytes)
        stage = .indented(lines)
      case .names(var records):
        try records.append(bytes)
        stage = .names(records)
      case .failed(let error):
        throw error
      case .moving:
        preconditionFailure("TreeParser: a stage was not handed back")
      }
    } catch {
      stage = .failed(error)
      throw error
    }
  }

  /// Leaves the starting stage for `format`'s, reading the bytes kept so far.
  private mutating func start(_ format: TreeFormat, with kept: [UInt8]) throws(TreeFormatError) {
    detected = format
    let capacity = Self.expectedNodes(sample: kept, of: expectedByteCount)
    switch format {
    case .json:
      stage = .keeping(kept)
    case .paths:
      var lines = _TextPieces(
        _PathListLines(file: file, separator: separator, capacity: capacity), file: file)
      try kept.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in
        try lines.append(buffer)
      }
      stage = .paths(lines)
    case .indented:
      var lines = _TextPieces(_IndentedLines(file: file, capacity: capacity), file: file)
      try kept.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in
        try lines.append(buffer)
      }
      stage = .indented(lines)
    }
  }

  /// About how many nodes text of `total` bytes makes, judged by its first bytes: a node a line,
  /// and a few more for the parents a path list does not list.
  private static func expectedNodes(sample: [UInt8], of total: Int?) -> Int {
    let lines = sample.withUnsafeBytes { _occurrences(of: 0x0A, in: $0) } + 1
    guard let total, total > sample.count else { return lines + 16 }
    // Too short a sample says little: then guess 32 bytes a line, and no more than a million
    // lines (the index is made at its full size at once; it grows if it must).
    let expected =
      sample.count >= 4_096 ? lines * total / sample.count : min(total / 32, 1 << 20)
    return expected + expected / 64 + 16
  }

  /// The error for a NUL byte that arrives now: the whole-input reading's error for the bytes so
  /// far and the NUL (its line's first byte that is not UTF-8, or an earlier line's error, in the
  /// text formats; the first byte that is not UTF-8 in the input, in JSON).
  private mutating func nulError() -> TreeFormatError {
    if case .starting(let kept) = stage {
      // The format is chosen from what came before the NUL, as it would be at the end.
      do throws(TreeFormatError) {
        try start(format ?? TreeFormat.detect(fileName: file, bytes: kept), with: kept)
      } catch {
        return error
      }
    }
    let current = stage
    stage = .moving
    switch consume current {
    case .failed(let error): return error
    case .paths(var lines): return lines.endAtNUL()
    case .indented(var lines): return lines.endAtNUL()
    case .names: preconditionFailure("TreeParser: a NUL ends a name, not the input")
    case .keeping(let kept):
      var lines = _TextPieces(_UncheckedLines(), file: file)
      do throws(TreeFormatError) {
        try kept.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in
          try lines.append(buffer)
        }
      } catch {
        return error
      }
      return lines.endAtNUL()
    case .starting, .moving: preconditionFailure("TreeParser: a stage was not handed back")
    }
  }
}

/// Lines only checked as UTF-8 without NUL bytes (what JSON's lexer would find first).
private struct _UncheckedLines: _LineSink {
  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) {}
  mutating func reporting(_ error: TreeFormatError) -> TreeFormatError { error }
}
