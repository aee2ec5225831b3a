import Testing
import ToggleKit

@testable import TestSupport

/// `TreeParser` reads input that arrives in pieces.
///
/// Where the pieces break must not matter: the oracle is the whole-input `SelectionTree(parsing:)`
/// on the same bytes.
@Suite("Reading in pieces: any split gives the whole input's tree or its error")
struct TreeParserTests {
  /// The result of reading `bytes` in pieces of random sizes (some empty, some one byte).
  static func readInPieces(
    _ bytes: [UInt8], format: TreeFormat?, using generator: inout SeededGenerator
  ) -> Result<SelectionTree<String>, TreeFormatError> {
    var parser = TreeParser(
      format: format, file: "in", uniqueSiblingLabels: true,
      expectedByteCount: Bool.random(using: &generator) ? bytes.count : nil)
    var start = 0
    do throws(TreeFormatError) {
      while start < bytes.count {
        let longest = [1, 3, 17, 300, 70_000].randomElement(using: &generator)!
        let end = min(bytes.count, start + Int.random(in: 0...longest, using: &generator))
        // Any collection of bytes: an array slice, or a lazy one with no contiguous storage.
        if Bool.random(using: &generator) {
          try parser.append(bytes[start..<end])
        } else {
          try parser.append(bytes[start..<end].lazy.map { $0 })
        }
        start = end
      }
      return .success(try parser.finish())
    } catch {
      return .failure(error)
    }
  }

  /// The whole-input reading: the oracle.
  static func readWhole(_ bytes: [UInt8], format: TreeFormat?) -> Result<
    SelectionTree<String>, TreeFormatError
  > {
    Result { () throws(TreeFormatError) in
      try SelectionTree(parsing: bytes, format: format, file: "in", uniqueSiblingLabels: true)
    }
  }

  /// A format's export of a random hostile tree, then damaged at random: a byte inserted (NUL,
  /// not UTF-8, CR, newline, separator, indentation, a bracket or brace, a backslash), a byte
  /// removed, a byte-order mark, CRLF line ends, or nothing.
  static func damagedExport(seed: UInt64, format: TreeFormat) throws -> [UInt8] {
    var generator = SeededGenerator(seed: seed &* 7919)
    let tree = try randomHostileTree(
      seed: seed, size: Int.random(in: 1...(seed % 10 == 0 ? 3_000 : 40), using: &generator))
    var bytes = Array(tree.exported(as: format).utf8)
    for _ in 0..<Int.random(in: 0...2, using: &generator) where !bytes.isEmpty {
      let at = Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<5, using: &generator) {
      case 0:
        let inserted: [UInt8] = [0x00, 0xFF, 0xC3, 0x0D, 0x0A, 0x2F, 0x20, 0x09, 0x5B, 0x7B, 0x5C]
        bytes.insert(inserted.randomElement(using: &generator)!, at: at)
      case 1: bytes.remove(at: at)
      case 2: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
      case 3:
        bytes = bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
      default: break
      }
    }
    return bytes
  }

  @Test(
    "any split of a path list or indented text, damaged or not, gives the whole input's tree or error"
  )
  func textFormatsInAnyPieces() throws {
    for seed in 0..<UInt64(Tier.size(fast: 150, long: 400)) {
      var generator = SeededGenerator(seed: seed)
      let format: TreeFormat = seed % 2 == 0 ? .paths : .indented
      let bytes = try Self.damagedExport(seed: seed, format: format)
      // Told the format, or left to detect it: when a NUL ends the input, only what came before
      // it can be looked at.
      let told = Bool.random(using: &generator)
      let expected: Result<SelectionTree<String>, TreeFormatError>
      if !told, let nul = bytes.firstIndex(of: 0) {
        let seen = TreeFormat.detect(fileName: "in", bytes: Array(bytes[..<nul]))
        expected = Self.readWhole(bytes, format: seen)
      } else {
        expected = Self.readWhole(bytes, format: told ? format : nil)
      }
      let read = Self.readInPieces(bytes, format: told ? format : nil, using: &generator)
      switch (read, expected) {
      case (.success(let tree), .success(let oracle)):
        #expect(tree == oracle, "seed \(seed)")
        #expect(tree.selection(.all) == oracle.selection(.all), "seed \(seed)")
      case (.failure(let error), .failure(let oracle)):
        #expect(error == oracle, "seed \(seed)")
      default:
        Issue.record("seed \(seed): in pieces \(read), whole \(expected)")
      }
    }
  }

  @Test(
    "any split of JSON gives the whole input's tree or error; a NUL byte is an error either way")
  func jsonInAnyPieces() throws {
    for seed in 0..<200 as Range<UInt64> {
      var generator = SeededGenerator(seed: seed)
      let bytes = try Self.damagedExport(seed: seed, format: .json)
      let format: TreeFormat? = Bool.random(using: &generator) ? .json : nil
      let read = Self.readInPieces(bytes, format: format, using: &generator)
      let expected = Self.readWhole(bytes, format: format)
      switch (read, expected) {
      case (.success(let tree), .success(let oracle)):
        #expect(tree == oracle, "seed \(seed)")
      case (.failure(let error), .failure(let oracle)):
        // JSON reports a NUL as it arrives, ahead of a syntax error before it.
        if !bytes.contains(0) { #expect(error == oracle, "seed \(seed)") }
      default:
        Issue.record("seed \(seed): in pieces \(read), whole \(expected)")
      }
    }
  }

  @Test("a NUL byte ends the reading as it arrives: endless zeros fail on the first piece")
  func nulStopsAtOnce() throws {
    for format in [nil, .paths, .indented, .json] as [TreeFormat?] {
      var parser = TreeParser(format: format, file: "/dev/zero")
      #expect(
        throws: TreeFormatError(
          file: "/dev/zero", line: 1, column: 1,
          message: "NUL byte in text (is this a binary file?)")
      ) {
        try parser.append([UInt8](repeating: 0, count: 1 << 16))
      }
    }
    // The line and column count the bytes of earlier pieces, after a byte-order mark.
    var parser = TreeParser(format: .paths, file: "in")
    try parser.append([0xEF, 0xBB, 0xBF] + Array("a/b\nc/".utf8))
    try parser.append(Array("d".utf8))
    #expect(
      throws: TreeFormatError(
        file: "in", line: 2, column: 4, message: "NUL byte in text (is this a binary file?)")
    ) {
      try parser.append([0, 0x0A])
    }
    // JSON is kept whole until the end, and its NUL is still placed by the bytes before it.
    var json = TreeParser(format: .json, file: "in")
    try json.append(Array("{\"label\": \"a\",\n \"chi".utf8))
    #expect(
      throws: TreeFormatError(
        file: "in", line: 2, column: 6, message: "NUL byte in text (is this a binary file?)")
    ) {
      try json.append([0])
    }
  }

  @Test("in a path list, an earlier line's error comes before a NUL byte in the same piece")
  func earlierLineFirst() throws {
    var parser = TreeParser(format: .paths, file: "in")
    #expect(
      throws: TreeFormatError(
        file: "in", line: 2, column: 1,
        message: "empty label in path (write \\e for a label that is empty)")
    ) {
      try parser.append(Array("a/b\n//c\nd\0\n".utf8))
    }
  }

  @Test("a parser is Sendable: begun on one task, it can be finished on another")
  func handedToAnotherTask() async throws {
    var parser = TreeParser(format: .indented, file: "in")
    try parser.append(Array("[x] a\n  b\n".utf8))
    let begun = parser
    let tree = try await Task.detached {
      var moved = begun
      try moved.append(Array("  c\n".utf8))
      return try moved.finish()
    }.value
    #expect(tree.ids == ["a", "a/b", "a/c"])
    #expect(tree.selection(.leaves) == ["a/b", "a/c"])
  }

  @Test("a format the file's name gives starts reading at once: an error comes with its line")
  func formatByNameStartsAtOnce() throws {
    var parser = TreeParser(file: "list.paths")
    #expect(
      throws: TreeFormatError(
        file: "list.paths", line: 1, column: 1,
        message: "empty label in path (write \\e for a label that is empty)")
    ) {
      try parser.append(Array("a//b\n".utf8))
    }
  }

  @Test("after an error, every later append and finish throws the same error")
  func errorsStay() throws {
    var parser = TreeParser(format: .paths, file: "in")
    let error = TreeFormatError(
      file: "in", line: 1, column: 1,
      message: "empty label in path (write \\e for a label that is empty)")
    #expect(throws: error) { try parser.append(Array("a//b\n".utf8)) }
    #expect(throws: error) { try parser.append(Array("fine\n".utf8)) }
    #expect(throws: error) { _ = try parser.finish() }
  }

  @Test("the format is chosen from the first 64 KiB, as detection reads them, however they arrive")
  func detectionAfterSixtyFourKiB() throws {
    // Paths for 70,000 bytes, then an indented line: detection reads only the first 64 KiB, so
    // this is a path list, and its indented line is a label with leading spaces.
    var text = ""
    var line = 0
    while text.utf8.count < 70_000 {
      text += "group/item \(line)\n"
      line += 1
    }
    text += "  indented/leaf\n"
    var generator = SeededGenerator(seed: 1)
    let read = try Self.readInPieces(Array(text.utf8), format: nil, using: &generator).get()
    #expect(read == (try SelectionTree(parsing: text, file: "in")))
    #expect(read.contains("  indented/leaf"))
    // A short `[]` is an empty JSON array only when nothing follows it.
    var empty = TreeParser()
    try empty.append(Array("[]".utf8))
    #expect(try empty.finish().count == 0)
  }
}
