import Testing
import ToggleKit

@testable import TestSupport

/// The tree of a path list's text.
private func pathList(_ text: String) throws -> SelectionTree<String> {
  try SelectionTree(parsing: text, format: .paths)
}

/// The error reading a path list's text gives.
private func pathListError(_ text: String) -> TreeFormatError? {
  do {
    _ = try SelectionTree(parsing: Array(text.utf8), format: .paths, file: "in")
    return nil
  } catch {
    return error
  }
}

/// The tree of NUL-ended names, fed to the parser in pieces of `piece` bytes.
private func names(_ bytes: [UInt8], piece: Int = 1 << 20) throws -> SelectionTree<String> {
  var parser = TreeParser(nulSeparatedNamesFrom: "<stdin>")
  var start = 0
  while start < bytes.count {
    try parser.append(bytes[start..<min(bytes.count, start + piece)])
    start += piece
  }
  return try parser.finish()
}

/// Every leaf's bytes, as `-0` writes them.
private func leafBytes(_ tree: SelectionTree<String>) -> Set<[UInt8]> {
  Set(
    tree.ids.filter { tree.children(of: $0).isEmpty }.map {
      LabelBytes.bytes(of: LabelPath.rawJoined(tree.labelPath(of: $0)))
    })
}

@Suite(
  "Names from other programs: read as they are, or refused with their line — never another name")
struct NamesFromOtherProgramsTests {
  @Test("a line without a marker is a name: its bytes are its labels, no escape read")
  func unmarkedLinesAreLiteral() throws {
    let tree = try pathList("./a\tb/c\u{7F}\n./x\u{9B}y\n/usr/lib/\n")
    #expect(tree.labelPath(of: #"./a\tb/c\u{7F}"#) == [".", "a\tb", "c\u{7F}"])
    #expect(tree.labelPath(of: #"./x\u{9B}y"#) == [".", "x\u{9B}y"])
    #expect(tree.contains("/usr/lib"), "one trailing separator names the same folder")
  }

  @Test("a line without a marker that holds a backslash is refused at the backslash, with a hint")
  func backslashesAreRefused() throws {
    let error = try #require(pathListError("./important\n./imp\\ortant\n"))
    #expect(error.line == 2 && error.column == 6)
    #expect(error.message.contains("--read0"))
    // A line git quoted (core.quotePath) says so.
    let quoted = try #require(pathListError("\"caf\\303\\251.txt\"\n"))
    #expect(quoted.line == 1 && quoted.message.contains("git ls-files -z"))
  }

  @Test("a marked line is the package's own syntax: its escapes are read")
  func markedLinesReadEscapes() throws {
    let tree = try pathList("[x] Sizes/1\\/2 inch\n[ ] a\\\\b\n")
    #expect(tree.labelPath(of: #"Sizes/1\/2 inch"#) == ["Sizes", "1/2 inch"])
    #expect(tree.labelPath(of: #"a\\b"#) == [#"a\b"#])
    #expect(tree.state(of: "Sizes") == .on)
  }

  @Test("a CR ends a line of a CR LF text, and is part of the name in a text of LF lines")
  func carriageReturns() throws {
    let crlf = try pathList("a/b\r\na/c\r\n")
    #expect(crlf.contains("a/b") && crlf.contains("a/c"))
    let lf = try pathList("a/b\na/c\r\n")
    #expect(lf.labelPath(of: #"a/c\r"#) == ["a", "c\r"])
    let marked = try pathList("[x] a/b\n[x] a/c\r\n")
    #expect(marked.contains("a/c"), "a marked line's CR is a line end")
  }

  @Test("a plain list of names is detected as a path list, whatever its slashes; .txt says nothing")
  func detection() {
    func detect(_ name: String?, _ text: String) -> TreeFormat {
      TreeFormat.detect(fileName: name, bytes: Array(text.utf8))
    }
    #expect(detect(nil, "a\nimp\\ortant\n") == .paths)
    #expect(detect(nil, "[x] a\n[ ] b\n") == .indented)
    #expect(detect(nil, "a\n  b\n") == .indented)
    #expect(detect("files.txt", "./a/b\n./c\n") == .paths)
    #expect(detect("cats.txt", "[ ] Fruit\n  [x] Apple\n") == .indented)
    #expect(detect("x.tree", "a/b\n") == .indented)
  }

  @Test("NUL-ended names: every byte kept, in any pieces, empty records skipped")
  func nulSeparatedNames() throws {
    let records: [[UInt8]] = [
      Array("./imp\\ortant".utf8), Array("./important".utf8), Array("./a\nb".utf8),
      [0x2E, 0x2F, 0xFF, 0xFE], Array("./-rf".utf8), Array("./[x] c".utf8),
      Array("./\u{1B}[2J".utf8),
    ]
    let bytes: [UInt8] = records.flatMap { $0 + [0] } + [0]
    for piece in [1, 2, 3, 7, 1 << 20] {
      let tree = try names(bytes, piece: piece)
      #expect(leafBytes(tree) == Set(records), "pieces of \(piece)")
      #expect(tree.count == records.count + 1)
    }
    let last = try names(Array("a/b\0a/c".utf8))
    #expect(last.contains("a/c"), "a last name without its NUL")
  }

  @Test("a NUL-ended name with an empty label is refused with its record's number")
  func emptyLabelsInNames() {
    #expect(throws: TreeFormatError.self) { try names(Array("a\0b//c\0".utf8)) }
    do {
      _ = try names(Array("a\0\0b//c\0".utf8))
    } catch let error as TreeFormatError {
      #expect(error.line == 3 && error.message.contains("empty"))
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test("random hostile names, NUL-ended, come back byte for byte; each is its own node")
  func randomNamesRoundTrip() throws {
    var generator = SeededGenerator(seed: 41)
    let alphabet: [UInt8] =
      Array(#"\ab*[]-."#.utf8) + [0x09, 0x0A, 0x0D, 0x1B, 0x7F, 0xC3, 0xA9, 0xEE, 0xBE, 0xFF]
    for round in 0..<300 {
      var expected: Set<[UInt8]> = []
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...20, using: &generator) {
        let name = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        }
        let path = Array("d/".utf8) + name
        expected.insert(path)
        bytes += path + [0]
      }
      let tree = try names(bytes, piece: Int.random(in: 1...16, using: &generator))
      let got = leafBytes(tree)
      #expect(got == expected, "round \(round)")
    }
  }
}
