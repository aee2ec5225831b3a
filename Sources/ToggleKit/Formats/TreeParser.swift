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
/// A path list is read line by line as its bytes arrive: only a line not ended yet is kept, so
/// reading a file holds the tree being built and one piece, not the file too. Indented text and
/// JSON are kept until ``finish()`` and then read as
/// ``SelectionTree/init(parsing:format:file:separator:options:uniqueSiblingLabels:)`` reads them.
/// Either way the tree and the error equal that initializer's for the same bytes. The reading stops
/// at a NUL byte as soon as it arrives, so that binary or endless input (`/dev/zero`) fails at once:
/// the error is still the whole input's (an earlier line's error in a path list, the first byte
/// that is not UTF-8 in indented text), except that in JSON it comes ahead of any syntax error
/// before it. With no format given, the first 64 KiB (or all of a shorter input) choose one, as
/// ``TreeFormat/detect(fileName:bytes:)`` does.
///
/// After an error, every later `append` and ``finish()`` throws it again.
public struct TreeParser {
  /// Where the reading is.
  private enum Stage {
    /// The first bytes, kept until there are enough to choose the format and size the tree.
    case starting([UInt8])
    /// Indented text or JSON, kept whole until the end.
    case keeping([UInt8], TreeFormat)
    /// A path list, read line by line.
    case paths(_PathListDrafter)
    /// An error, thrown again by every later call.
    case failed(TreeFormatError)
    /// Between two stages, while one is handed over.
    case moving
  }

  private var stage: Stage = .starting([])
  private let format: TreeFormat?
  private let file: String?
  private let separator: Unicode.Scalar
  private let options: SelectionTree<String>.Options
  private let uniqueSiblingLabels: Bool
  private let expectedByteCount: Int?

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

  /// Reads the next piece of the input.
  ///
  /// ```swift
  /// try parser.append(Array("Fruit/Apple\n".utf8))
  /// ```
  /// - Throws: ``TreeFormatError`` for the first error the lines read so far hold, or a NUL byte.
  /// - Complexity: O(`bytes.count`) for a path list; amortised O(`bytes.count`) otherwise.
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(TreeFormatError) {
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
  /// - Complexity: O(`bytes.count`) for a path list; amortised O(`bytes.count`) otherwise.
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
    case .keeping(let bytes, let format):
      return try SelectionTree(
        parsing: bytes, format: format, file: file, separator: separator, options: options,
        uniqueSiblingLabels: uniqueSiblingLabels)
    case .paths(var drafter):
      return try drafter.finish(options: options)
    case .failed(let error):
      throw error
    case .moving:
      preconditionFailure("TreeParser: a stage was not handed back")
    }
  }

  /// Reads a piece with no NUL byte.
  private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(TreeFormatError) {
    let current = stage
    stage = .moving
    switch consume current {
    case .starting(var kept):
      kept.append(contentsOf: bytes)
      // Known formats start at once; detection waits for the bytes it reads.
      let known = format ?? TreeFormat.named(file)
      guard known != nil || kept.count > Self.startingBytes else {
        stage = .starting(kept)
        return
      }
      let format = known ?? TreeFormat.detect(fileName: file, bytes: kept)
      guard format == .paths else {
        stage = .keeping(kept, format)
        return
      }
      var drafter = _PathListDrafter(
        file: file, separator: separator,
        capacity: Self.expectedNodes(sample: kept, of: expectedByteCount))
      do {
        try kept.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in
          try drafter.append(buffer)
        }
      } catch {
        stage = .failed(error)
        throw error
      }
      stage = .paths(drafter)
    case .keeping(var kept, let format):
      kept.append(contentsOf: bytes)
      stage = .keeping(kept, format)
    case .paths(var drafter):
      do {
        try drafter.append(bytes)
      } catch {
        stage = .failed(error)
        throw error
      }
      stage = .paths(drafter)
    case .failed(let error):
      stage = .failed(error)
      throw error
    case .moving:
      preconditionFailure("TreeParser: a stage was not handed back")
    }
  }

  /// About how many nodes a path list of `total` bytes makes, judged by its first bytes: a node a
  /// line and a few more for parents not listed.
  private static func expectedNodes(sample: [UInt8], of total: Int?) -> Int {
    let lines = sample.withUnsafeBytes { _occurrences(of: 0x0A, in: $0) } + 1
    guard let total, total > sample.count else { return lines + 16 }
    // Too short a sample says little: then guess 32 bytes a line.
    let expected = sample.count >= 4_096 ? lines * total / sample.count : total / 32
    return expected + expected / 64 + 16
  }

  /// The error for a NUL byte that arrives now: the whole-input reading's error for the bytes so
  /// far and the NUL (the first byte of its line that is not UTF-8, or the line's own error, for a
  /// path list; the first byte that is not UTF-8 in the input, for the other formats).
  private mutating func nulError() -> TreeFormatError {
    let current = stage
    stage = .moving
    switch consume current {
    case .failed(let error): return error
    case .paths(var drafter):
      return drafter.endAtNUL()
    case .starting(var kept):
      if (format ?? TreeFormat.detect(fileName: file, bytes: kept)) == .paths {  // as it would be
        var drafter = _PathListDrafter(file: file, separator: separator, capacity: 16)
        do throws(TreeFormatError) {
          try kept.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in
            try drafter.append(buffer)
          }
        } catch { return error }
        return drafter.endAtNUL()
      }
      kept.append(0)
      return firstBadByte(kept)
    case .keeping(var kept, _):
      kept.append(0)
      return firstBadByte(kept)
    case .moving: preconditionFailure("TreeParser: a stage was not handed back")
    }
  }

  /// The error for the first byte of `bytes` (which end with a NUL) that is not UTF-8.
  private func firstBadByte(_ bytes: [UInt8]) -> TreeFormatError {
    do throws(TreeFormatError) {
      _ = try TextLines(bytes, file: file)
    } catch {
      return error
    }
    preconditionFailure("TreeParser: a NUL byte passed as text")
  }
}
