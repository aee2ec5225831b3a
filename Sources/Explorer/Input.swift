import ToggleKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the input could not be read: exit code 1, with the place named.
package struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, naming the file (and line and column for parse errors).
  package var message: String

  /// Creates an input error.
  package init(message: String) {
    self.message = message
  }

  /// `togglekit: message`.
  package var description: String { "togglekit: \(LabelPath.displayable(message))" }

  /// The error of a tree's text, with what to do when it is a list of names that came
  /// newline-separated from another program: a name that is not UTF-8, or NUL-ended names, come
  /// through `--read0`.
  ///
  /// - Complexity: O(message length).
  package init(_ error: TreeFormatError, format: TreeFormat?) {
    message = error.description
    guard format == .paths || format == nil else { return }
    if error.message.hasPrefix("invalid UTF-8") {
      message +=
        "; a name that is not UTF-8 can come NUL-separated: find -print0 | togglekit --read0"
    } else if error.message.hasPrefix("NUL byte") {
      message += "; names ended by NUL (find -print0, git ls-files -z) are read with --read0"
    }
  }
}

/// Where a command's tree comes from.
///
/// ```swift
/// let source = InputSource.choose(for: invocation, standardInputIsTerminal: false)   // .standardInput
/// ```
package enum InputSource: Hashable, Sendable {
  /// A file.
  case file(String)
  /// Standard input.
  case standardInput
  /// A directory (`--dir`).
  case directory(String)
  /// The built-in demo catalogue (explore with no input on a terminal).
  case demo

  /// The file's name, for a file.
  var fileName: String? {
    if case .file(let name) = self { name } else { nil }
  }

  /// The source an invocation names, or the usage error of one that names none (apply on a
  /// terminal) or standard input twice.
  ///
  /// - Throws: ``UsageError``.
  package static func chosen(for invocation: Invocation, standardInputIsTerminal: Bool)
    throws(UsageError) -> InputSource
  {
    guard let source = choose(for: invocation, standardInputIsTerminal: standardInputIsTerminal)
    else { throw UsageError("apply needs input: a FILE, '-' for standard input, or --dir PATH") }
    if source == .standardInput && invocation.selectFiles.contains("-") {
      throw UsageError("standard input cannot be both the tree and '--select-from -'")
    }
    return source
  }

  /// The source an invocation names: FILE, `-`, `--dir`, a piped standard input, or the demo.
  package static func choose(for invocation: Invocation, standardInputIsTerminal: Bool)
    -> InputSource?
  {
    if let directory = invocation.directory { return .directory(directory) }
    if let file = invocation.file { return file == "-" ? .standardInput : .file(file) }
    if !standardInputIsTerminal { return .standardInput }
    return invocation.command == .explore ? .demo : nil
  }
}

/// Builds the tree for an invocation from already-read bytes (or a directory).
///
/// - Throws: ``InputError`` with `FILE:LINE:COL: …` for parse errors.
///
/// - Complexity: O(n) in the input.
package func loadTree(
  _ invocation: Invocation, source: InputSource, bytes: consuming [UInt8]
) throws(InputError) -> (tree: SelectionTree<String>, warnings: [String]) {
  let options = invocation.treeOptions
  do {
    switch source {
    case .directory(let path):
      return try SelectionTree.directory(
        at: path, maxDepth: invocation.maxDepth, includeHidden: invocation.readsHiddenNames,
        exclude: invocation.directoryExcludes, gitignore: invocation.gitignore, options: options)
    case .demo:
      return (try SelectionTree(parsing: demoCatalogue, format: .indented, options: options), [])
    case .file, .standardInput:
      let name = if case .file(let name) = source { name } else { "<stdin>" }
      var parser = invocation.parser(named: name)
      try parser.append(bytes)
      return (try parser.finish(), [])
    }
  } catch let error as TreeFormatError {
    throw InputError(error, format: invocation.format ?? TreeFormat(fileName: source.fileName))
  } catch let error as DirectoryError {
    throw InputError(message: error.description)
  } catch {
    throw InputError(message: "\(error)")
  }
}

/// Reads the tree for an invocation: a file or standard input piece by piece into a
/// ``ToggleKit/TreeParser`` (a path list or indented text is built as it arrives, the input never
/// held whole), or a directory, or the demo.
///
/// ```swift
/// let (tree, warnings) = try readTree(invocation, source: .file("tree.paths"))
/// ```
///
/// - Throws: ``InputError``: `FILE: reason` when the input cannot be read, `FILE:LINE:COL: …` for
///   parse errors and a NUL byte (reported as soon as it is read).
///
/// - Complexity: O(n) in the input.
package func readTree(_ invocation: Invocation, source: InputSource) throws(InputError) -> (
  tree: SelectionTree<String>, warnings: [String]
) {
  let path: String?
  switch source {
  case .file(let name): path = name
  case .standardInput: path = nil
  case .directory, .demo: return try loadTree(invocation, source: source, bytes: [])
  }
  let name = path ?? "<stdin>"
  let descriptor = path.map { openFile($0, O_RDONLY) } ?? 0
  func failure() -> InputError {
    InputError(message: "\(name): \(String(cString: strerror(errno)))")
  }
  guard descriptor >= 0 else { throw failure() }
  defer { if path != nil { close(descriptor) } }
  var status = stat()
  let size =
    fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    ? Int(status.st_size) : nil
  var parser = invocation.parser(named: name, expectedByteCount: size)
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  var readFailed = false
  do throws(TreeFormatError) {
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      readFailed = count < 0
      if count <= 0 { break }
      try buffer.withUnsafeBufferPointer { (bytes) throws(TreeFormatError) in
        try parser.append(UnsafeBufferPointer(rebasing: bytes[..<count]))
      }
    }
  } catch {
    throw InputError(error, format: parser.chosenFormat)
  }
  if readFailed { throw failure() }
  buffer = []
  let format = parser.chosenFormat
  do throws(TreeFormatError) {
    return (try (consume parser).finish(), [])
  } catch {
    throw InputError(error, format: format)
  }
}

/// Reads input block by block and stops at the first NUL byte, so that binary or endless input
/// (`/dev/zero`) fails at once instead of being read to its end: for rules files (trees are read
/// by ``readTree(_:source:)``).
///
/// ```swift
/// var reader = InputReader(name: "tree.txt")
/// try reader.append(block)   // throws "tree.txt:1:5: NUL byte …" when the block holds a NUL
/// ```
///
/// - Complexity: O(n) in the bytes appended.
package struct InputReader: Sendable {
  /// The name errors use (a file, or `<stdin>`).
  package let name: String
  /// Everything read so far.
  package private(set) var bytes: [UInt8] = []

  /// Starts reading a named input.
  package init(name: String) {
    self.name = name
  }

  /// Makes room for `count` more bytes at once (a regular file's size), so that the bytes are
  /// neither copied nor held twice as they grow.
  ///
  /// ```swift
  /// var reader = InputReader(name: "tree.txt")
  /// reader.reserve(42_000_000)
  /// ```
  /// - Complexity: O(bytes read so far).
  package mutating func reserve(_ count: Int) {
    bytes.reserveCapacity(bytes.count + max(0, count))
  }

  /// Adds a block read from the input.
  ///
  /// - Throws: ``InputError`` `NAME:LINE:COL: NUL byte …` at the first NUL.
  ///
  /// - Complexity: O(block length).
  package mutating func append(_ block: ArraySlice<UInt8>) throws(InputError) {
    // A concrete type and memchr: this runs over every byte of every input.
    let nul = block.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress, buffer.count > 0,
        let found = memchr(base, 0, buffer.count)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
    if let nul {
      let offset = bytes.count + nul
      bytes += block
      var line = 1
      var lineStart = 0
      for index in 0..<offset where bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      throw InputError(
        message:
          "\(name):\(line):\(offset - lineStart + 1): NUL byte in text (is this a binary file?)")
    }
    bytes += block
  }
}

extension Invocation {
  /// The parser for the invocation's input: names each ended by NUL with `--read0`, else text in
  /// `--format` (or the one detected), with its separator and tree options.
  ///
  /// - Complexity: O(1).
  package func parser(named name: String, expectedByteCount: Int? = nil) -> TreeParser {
    guard !readsNULSeparatedNames else {
      return TreeParser(
        nulSeparatedNamesFrom: name, separator: separator, options: treeOptions,
        expectedByteCount: expectedByteCount)
    }
    return TreeParser(
      format: format, file: name, separator: separator, options: treeOptions,
      uniqueSiblingLabels: true, expectedByteCount: expectedByteCount)
  }
}

/// Opens a file named on the command line, its name's bytes as given (a byte that is not UTF-8
/// included, ``ToggleKit/LabelBytes``).
///
/// - Returns: The descriptor, or -1 with `errno` set.
/// - Complexity: O(path length).
package func openFile(_ path: String, _ flags: Int32) -> Int32 {
  (LabelBytes.bytes(of: path) + [0]).withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, flags) }
  }
}
