import Testing
import ToggleKit

@testable import TestSupport

/// The error a parse throws, as text.
private func parseError(
  _ text: String, _ format: TreeFormat, file: String = "tree.txt"
) -> String? {
  parseError(Array(text.utf8), format, file: file)
}

private func parseError(_ bytes: [UInt8], _ format: TreeFormat, file: String = "tree.txt")
  -> String?
{
  do {
    _ = try SelectionTree(parsing: bytes, format: format, file: file)
    return nil
  } catch {
    return error.description
  }
}

@Suite("Formats: errors name the file, line and column and say what was expected")
struct FormatErrorTests {
  @Test("indentation that matches no open level")
  func badIndentation() {
    #expect(
      parseError("a\n  b\n    c\n   d\n", .indented)
        == "tree.txt:4:4: indentation of 3 spaces does not match any open level (0, 2, 4)")
  }

  @Test("tabs and spaces mixed in one file, or in one line")
  func mixedIndentation() {
    #expect(
      parseError("a\n\tb\n  c\n", .indented)
        == "tree.txt:3:1: indented with spaces, but line 2 is indented with tabs")
    #expect(parseError("a\n \tb\n", .indented) == "tree.txt:2:1: indentation mixes tabs and spaces")
  }

  @Test("duplicate sibling labels name both lines")
  func duplicateSiblings() {
    #expect(
      parseError("Fruit\n  Apple\n  Pear\n  Apple\n", .indented)
        == "tree.txt:4:3: duplicate label \"Apple\" under \"Fruit\" (lines 2 and 4)")
    #expect(
      parseError("a\nb\na\n", .indented)
        == "tree.txt:3:1: duplicate label \"a\" at the top level (lines 1 and 3)")
  }

  @Test("a repeated label is the first error even when a later line has another; in a big file too")
  func repeatedLabelBeforeLaterErrors() {
    #expect(
      parseError("Fruit\n  Apple\n  Apple\n bad\n", .indented)
        == "tree.txt:3:3: duplicate label \"Apple\" under \"Fruit\" (lines 2 and 3)")
    #expect(
      parseError("Fruit\n  Apple\n  Pear\n bad\n", .indented)
        == "tree.txt:4:2: indentation of 1 space does not match any open level (0, 2)")
    // Past the size where ids are indexed in slot order: group g at line 11g + 1, its item j
    // at line 11g + 2 + j; a second "item 3" after group 2000's "item 5" is line 22008.
    var lines: [String] = []
    for group in 0..<3_000 {
      lines.append("group \(group)")
      for item in 0..<10 { lines.append("  item \(item)") }
    }
    lines.insert("  item 3", at: 22_007)
    lines.append("\tand a tab")
    #expect(
      parseError(lines.joined(separator: "\n") + "\n", .indented)
        == "tree.txt:22008:3: duplicate label \"item 3\" under \"group 2000\" (lines 22005 and 22008)"
    )
    lines.removeLast()
    #expect(
      parseError(lines.joined(separator: "\n") + "\n", .indented)
        == "tree.txt:22008:3: duplicate label \"item 3\" under \"group 2000\" (lines 22005 and 22008)"
    )
  }

  @Test("a label repeated among 33,001 JSON nodes is reported at its second node, naming both")
  func repeatedJSONLabelInABigFile() {
    // Past the size where ids are hashed as made and indexed in batches: group g's node at line
    // 12g + 2 and its item j at line 12g + 3 + j; a second "item 3" after group 2000's "item 5" is
    // line 24009.
    var lines = ["["]
    for group in 0..<3_000 {
      lines.append(#"{"label": "group \#(group)", "children": ["#)
      for item in 0..<10 { lines.append(#"  {"label": "item \#(item)"}\#(item < 9 ? "," : "")"#) }
      lines.append("]}" + (group < 2_999 ? "," : ""))
    }
    lines.insert(#"  {"label": "item 3"},"#, at: 24_008)
    lines.append("]")
    let error = parseError(lines.joined(separator: "\n") + "\n", .json)
    #expect(error?.hasPrefix("tree.txt:24009:") == true, "\(error ?? "no error")")
    #expect(error?.contains("lines 24006 and 24009") == true, "\(error ?? "no error")")
  }

  @Test("invalid UTF-8 and NUL bytes are errors at their column; the input is not guessed at")
  func badBytes() {
    #expect(
      parseError([0x61, 0x0A, 0x62, 0xFF, 0x63], .indented)
        == "tree.txt:2:2: invalid UTF-8 byte 0xFF")
    #expect(
      parseError([0x61, 0x0A, 0x62, 0x00], .paths)
        == "tree.txt:2:2: NUL byte in text (is this a binary file?)")
    #expect(parseError([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], .json) != nil)
  }

  @Test(
    "a NUL or invalid UTF-8 anywhere, after any run of plain ASCII, is reported at its line and column"
  )
  func badBytesAnywhere() {
    /// The first bad byte of a line as a UTF-8 decoder finds it: its offset, or nil.
    func firstBad(_ line: [UInt8]) -> Int? {
      var iterator = line.makeIterator()
      var decoder = Unicode.UTF8()
      var offset = 0
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
          if scalar == "\0" { return offset }
          offset += String(scalar).utf8.count
        case .emptyInput: return nil
        case .error: return offset
        }
      }
    }
    let pieces: [[UInt8]] = [
      [0x00], [0xFF], [0x80], [0xC3], [0xC3, 0xA9], [0xE2, 0x82], [0xED, 0xA0, 0x80],
      [0xC0, 0xAF], [0xF0, 0x9F, 0x8D, 0x8E], [0xF4, 0x90, 0x80, 0x80],
    ]
    var generator = SeededGenerator(seed: 17)
    for round in 0..<600 {
      var lines: [[UInt8]] = []
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        var line = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
          UInt8.random(in: 0x61...0x7A, using: &generator)
        }
        if Int.random(in: 0..<3, using: &generator) == 0 {
          let at = Int.random(in: 0...line.count, using: &generator)
          line.insert(contentsOf: pieces.randomElement(using: &generator)!, at: at)
        }
        lines.append(line)
      }
      let ends: [UInt8] = Bool.random(using: &generator) ? [0x0D, 0x0A] : [0x0A]
      let bytes = Array(lines.map { $0 + ends }.joined())
      var expected: String? = nil
      for (number, line) in lines.enumerated() {
        guard let bad = firstBad(line) else { continue }
        let message =
          line[bad] == 0
          ? "NUL byte in text (is this a binary file?)"
          : "invalid UTF-8 byte 0x" + String(line[bad], radix: 16, uppercase: true)
        expected = "tree.txt:\(number + 1):\(bad + 1): \(message)"
        break
      }
      #expect(parseError(bytes, .paths) == expected, "round \(round)")
    }
  }

  @Test("a byte-order mark and CRLF line ends are accepted, in every format, and are no label's")
  func bomAndCRLF() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[x] a\r\n  [ ] b\r\n".utf8)
    let tree = try SelectionTree(parsing: bytes, format: .indented)
    #expect(tree.ids == ["a", "a/b"])
    let json = try SelectionTree(
      parsing: [0xEF, 0xBB, 0xBF] + Array("{\"label\": \"a\"}\r\n".utf8), format: .json)
    #expect(json.ids == ["a"])
    let paths = try SelectionTree(
      parsing: [0xEF, 0xBB, 0xBF] + Array("a/b\r\n[x] a/c\r\n".utf8), format: .paths)
    #expect(paths.ids == ["a", "a/b", "a/c"])
    #expect(paths.selection(.leaves) == ["a/c"])
  }

  @Test(
    "a JSON key is one of the seven only when it spells one exactly (escapes allowed): a near miss of any length is an unknown key, named as written"
  )
  func jsonKeysNearTheKnownOnes() throws {
    let unknown = " (expected id, label, selected, locked, disabled, attributes or children)"
    for (key, column) in [
      ("labels", 16), ("Label", 16), ("lab", 16), ("i", 16), ("idd", 16), ("attributesx", 16),
      ("attribute", 16), ("childre", 16), ("selectee", 16), ("", 16),
    ] {
      #expect(
        parseError("{\"label\": \"a\", \"\(key)\": 1}", .json, file: "t.json")
          == "t.json:1:\(column): unknown key \"\(key)\"\(unknown)", "\(key)")
    }
    // Spelled with an escape, a key is still itself; a raw control character in one is an error.
    let escaped = try SelectionTree(
      parsing: Array(#"{"la\u0062el": "a", "\u0063hildren": [{"label": "b"}]}"#.utf8), format: .json
    )
    #expect(escaped.ids == ["a", "a/b"])
    #expect(
      parseError(#"{"la\u0062el" 1}"#, .json, file: "t.json")
        == "t.json:1:15: expected ':' after \"label\", found a number")
    #expect(
      parseError(#"{"id": "x", "label" "y"}"#, .json, file: "t.json")
        == "t.json:1:21: expected ':' after \"label\", found a string")
    #expect(
      parseError("{\"chi\u{01}ldren\": []}", .json, file: "t.json")
        == "t.json:1:6: control character in string (escape it)")
  }

  @Test("JSON errors say what was expected where")
  func jsonErrors() {
    #expect(
      parseError("{\"label\": \"a\", \"colour\": \"red\"}", .json, file: "t.json")
        == "t.json:1:16: unknown key \"colour\" (expected id, label, selected, locked, disabled, attributes or children)"
    )
    #expect(
      parseError("[{\"label\": \"a\"},]", .json, file: "t.json")
        == "t.json:1:17: expected '{' to start a node, found ']'")
    #expect(
      parseError("{\"label\": \"a\"", .json, file: "t.json")
        == "t.json:1:14: expected ',' or '}' in a node, found the end of the input")
    #expect(
      parseError("{\"label\": \"a\n\"}", .json, file: "t.json")
        == "t.json:1:13: control character in string (escape it)")
    #expect(
      parseError("{\"children\": []}", .json, file: "t.json")
        == "t.json:1:1: a node needs a \"label\" or an \"id\"")
    #expect(
      parseError("{\"label\": 3}", .json, file: "t.json")
        == "t.json:1:11: expected a string for \"label\", found a number")
    #expect(
      parseError("{\"label\": \"a\", \"selected\": \"yes\"}", .json, file: "t.json")
        == "t.json:1:28: expected true or false for \"selected\", found a string")
    #expect(
      parseError("{\"label\": \"a\"} {}", .json, file: "t.json")
        == "t.json:1:16: expected the end of the input, found '{'")
    #expect(
      parseError("[{\"id\": \"x\", \"label\": \"a\"},\n {\"id\": \"x\", \"label\": \"b\"}]", .json)
        == "tree.txt:2:2: duplicate id \"x\" (lines 1 and 2)")
  }

  @Test("a path list with an empty label names the line")
  func pathErrors() {
    #expect(
      parseError("a/b\na//c\n", .paths)
        == "tree.txt:2:1: empty label in path (write \\e for a label that is empty)")
  }

  /// Parses `bytes`, and checks what came of it: a tree that keeps its invariants and reads back
  /// from its own export, or an error cleanly made — the file named, a line and a column inside
  /// the input, a message, no control character.
  private func checkParse(_ bytes: [UInt8], _ format: TreeFormat, _ context: String) {
    do {
      let tree = try SelectionTree(parsing: bytes, format: format, file: "in.txt")
      tree.checkInvariants()
      let again = try SelectionTree(parsing: Array(tree.exported(as: format).utf8), format: format)
      #expect(again.ids == tree.ids && again.labels == tree.labels, "\(context): reads back")
    } catch {
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      #expect(error.file == "in.txt", "\(context): \(error)")
      #expect(error.line >= 1 && error.line <= lines.count, "\(context): \(error)")
      let line = error.line >= 1 && error.line <= lines.count ? lines[error.line - 1].count : 0
      #expect(error.column >= 1 && error.column <= line + 1, "\(context): \(error)")
      #expect(!error.message.isEmpty, "\(context)")
      #expect(
        !error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
        "\(context): no control character in \(error.description.debugDescription)")
    }
  }

  @Test(
    "every prefix of a valid document either parses (a tree that keeps its invariants and reads back) or fails cleanly (file, a line and column inside the input, a message), in every format"
  )
  func truncatedInputs() throws {
    let tree = try randomHostileTree(seed: 7, size: 12)
    for format in TreeFormat.allCases {
      let bytes = Array(tree.exported(as: format).utf8)
      for length in 0...bytes.count {
        checkParse(Array(bytes.prefix(length)), format, "\(format) prefix \(length)")
      }
    }
  }

  @Test(
    "random bytes (seeded) never crash or hang any parser: each parses to a tree that reads back, or fails cleanly"
  )
  func randomBytes() {
    var generator = SeededGenerator(seed: 99)
    let alphabet = Array("{}[]\":,\\/ \t\nxLD-abc".utf8) + [0x00, 0xC3, 0xFF, 0x0D]
    var parsed = 0
    for round in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      for format in TreeFormat.allCases {
        checkParse(bytes, format, "round \(round) \(format) \(bytes)")
        if (try? SelectionTree(parsing: bytes, format: format)) != nil { parsed += 1 }
      }
    }
    #expect(parsed > 100, "some random inputs are trees")
  }

  @Test("100,000-deep JSON nesting parses without recursion")
  func deepJSON() throws {
    let depth = 100_000
    var text = ""
    for level in 0..<depth { text += "{\"id\": \"n\(level)\", \"label\": \"x\", \"children\": [" }
    text += String(repeating: "]}", count: depth)
    let tree = try SelectionTree(parsing: text, format: .json)
    #expect(tree.count == depth)
    #expect(tree.depth(of: "n\(depth - 1)") == depth - 1)
  }

  @Test("a path list of 1,000,000 lines (100,000 in the fast tier) parses")
  func millionLines() throws {
    let lines = Tier.size(fast: 100_000, long: 1_000_000)
    var text = ""
    text.reserveCapacity(12 * lines)
    for index in 0..<lines { text += "d\(index / 1000)/f\(index % 1000)\n" }
    let tree = try SelectionTree(parsing: text, format: .paths)
    #expect(tree.count == lines + lines / 1000)
  }
}
