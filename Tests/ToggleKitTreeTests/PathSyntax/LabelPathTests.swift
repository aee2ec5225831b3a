import Testing

@testable import TestSupport
@testable import ToggleKit

/// Every control character the writer must escape: C0 (NUL included), DEL and C1.
private let controls: [Unicode.Scalar] =
  (0x00...0x1F).map { Unicode.Scalar(UInt8($0)) } + [Unicode.Scalar(0x7F)!]
  + (0x80...0x9F).map { Unicode.Scalar(UInt32($0))! }

/// Labels an attacker or a real catalogue would use: controls, separators, backslashes, escapes
/// written literally, markers, braces, leading spaces and the empty label.
private let pathHostileLabels: [String] =
  controls.map { "a" + String($0) + "b" } + [
    "", "\\", "/", "\\/", "a/b", "\\e", "e", "\\u{1B}", "u{41}", "\u{1B}]0;PWNED\u{07}",
    "[x] fake", "{k=v}", " lead", "tab\tand\nnewline", "日本/語", "\u{9B}2J", "a\\", "\\\\n",
  ]

@Suite("One path syntax: every label, every path, read back as written")
struct LabelPathTests {
  @Test("every hostile label escapes to text without a control character and reads back")
  func everyLabelRoundTrips() throws {
    for label in pathHostileLabels {
      let escaped = LabelPath.escaped(label)
      #expect(
        !escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
        "\(label.debugDescription) → \(escaped.debugDescription)")
      #expect(!escaped.isEmpty)
      #expect(try LabelPath.labels(of: escaped) == [label], "\(label.debugDescription)")
      #expect(try LabelPath.labels(of: "Top/" + escaped + "/x") == ["Top", label, "x"])
    }
  }

  @Test(
    "a path is told to extend its parent's path by a label without making it: every hostile label under every parent path, and every near miss"
  )
  func pathsAreToldWithoutMakingThem() {
    let parents = ["/", "a", "/usr", "", "\\", "x/\\/", "日本"]
    let labels = pathHostileLabels + ["£", "usr", "a.txt", "\u{EE80}x"]
    for parent in parents {
      for label in labels {
        let path = LabelEscaping.extending(parent, with: label, separator: "/")
        #expect(
          LabelEscaping.isPath(path, extending: parent, with: label, separator: "/"),
          "\(path.debugDescription) = \(parent.debugDescription) + \(label.debugDescription)")
        // The same length, the last byte or the separator's changed; one byte more; one fewer.
        var joint = Array(path.utf8)
        if joint.count > parent.utf8.count { joint[parent.utf8.count] = UInt8(ascii: "x") }
        let nearMisses = [
          String(path.dropLast()) + "!", String(decoding: joint, as: UTF8.self), path + "x",
          String(path.dropLast()),
        ]
        for near in nearMisses {
          #expect(
            LabelEscaping.isPath(near, extending: parent, with: label, separator: "/")
              == (near == path),
            "\(near.debugDescription) vs \(path.debugDescription)")
        }
      }
    }
  }

  @Test("controls are written \\u{XX} with two hex digits; \\n \\r \\t and \\e have short forms")
  func spellings() {
    #expect(LabelPath.escaped("\u{1B}") == #"\u{1B}"#)
    #expect(LabelPath.escaped("\0") == #"\u{00}"#)
    #expect(LabelPath.escaped("\u{7F}\u{9B}") == #"\u{7F}\u{9B}"#)
    #expect(LabelPath.escaped("a\tb\nc\rd") == #"a\tb\nc\rd"#)
    #expect(LabelPath.escaped("") == #"\e"#)
    #expect(LabelPath.escaped("1/2") == #"1\/2"#)
    #expect(LabelPath.escaped("a|b", separator: "|") == #"a\|b"#)
    #expect(LabelPath.joined(["Fruit", "", "x"]) == #"Fruit/\e/x"#)
    #expect(LabelPath.displayable("a\u{1B}[2J\nb") == #"a\u{1B}[2J\nb"#)
  }

  @Test("a leading separator is the root labelled with the separator, written bare (find /)")
  func bareRoot() throws {
    #expect(try LabelPath.labels(of: "/") == ["/"])
    #expect(try LabelPath.labels(of: "/usr") == ["/", "usr"])
    #expect(try LabelPath.labels(of: "/usr/lib/x") == ["/", "usr", "lib", "x"])
    #expect(
      try LabelPath.labels(of: #"\//usr"#) == ["/", "usr"], "the escaped spelling still reads")
    #expect(try LabelPath.labels(of: #"/\/"#) == ["/", "/"])
    #expect(try LabelPath.labels(of: #"/\e"#) == ["/", ""])
    #expect(try LabelPath.labels(of: "|a|b", separator: "|") == ["|", "a", "b"])
    #expect(try LabelPath.labels(of: "/a", separator: "|") == ["/a"])
    #expect(LabelPath.joined(["/"]) == "/")
    #expect(LabelPath.joined(["/", "usr", "bin"]) == "/usr/bin")
    #expect(LabelPath.joined(["/", "/"]) == #"/\/"#, "only the root is bare")
    #expect(LabelPath.joined(["a", "/"]) == #"a/\/"#)
    #expect(LabelPath.joined(["/", ""]) == #"/\e"#)
    #expect(LabelPath.joined(["|", "a"], separator: "|") == "|a")
    #expect(LabelPath.joined(["/", "a"], separator: "|") == #"/|a"#)
    #expect(LabelPath.rawJoined(["/"]) == "/")
    #expect(LabelPath.rawJoined(["/", "usr", "1/2"]) == "/usr/1/2")
    #expect(LabelPath.rawJoined(["src", "a b"]) == "src/a b")
    #expect(LabelPath.rawJoined(["a", "/"]) == "a//")
    #expect(LabelPath.rawJoined([]) == "")
  }

  /// The reader written the plain way, for the alphabet `/ \ a e n`: components between unescaped
  /// separators, a leading separator the root `/`, `\e` alone an empty label, `\n` a newline, any
  /// other escaped character itself, a backslash at the very end itself.
  private func naiveLabels(_ path: [Character]) -> [String]? {
    var labels: [String] = []
    var index = 0
    if path.first == "/" {
      labels.append("/")
      index = 1
      if path.count == 1 { return labels }
    }
    while true {
      var raw: [Character] = []
      var label = ""
      while index < path.count && path[index] != "/" {
        if path[index] == "\\" && index + 1 < path.count {
          raw += [path[index], path[index + 1]]
          label.append(path[index + 1] == "n" ? "\n" : path[index + 1])
          index += 2
        } else {
          raw.append(path[index])
          label.append(path[index])
          index += 1
        }
      }
      if raw.isEmpty { return nil }
      labels.append(raw == ["\\", "e"] ? "" : label)
      if index == path.count { return labels }
      index += 1
    }
  }

  @Test(
    "every text of up to 7 characters over / \\ a e n reads as the plain reader reads it, and its labels written read back to themselves"
  )
  func everyShortTextReadsAsThePlainReader() throws {
    let alphabet: [Character] = ["/", "\\", "a", "e", "n"]
    var texts: [[Character]] = [[]]
    var checked = 0
    for _ in 0...7 {
      var longer: [[Character]] = []
      for text in texts {
        let expected = naiveLabels(text)
        let read = try? LabelPath.labels(of: String(text))
        #expect(read == expected, "\(String(text).debugDescription)")
        if let read {
          let written = LabelPath.joined(read)
          #expect(try LabelPath.labels(of: written) == read, "\(written.debugDescription)")
          #expect(LabelPath.joined(try LabelPath.labels(of: written)) == written)
        }
        checked += 1
        longer += alphabet.map { text + [$0] }
      }
      texts = longer
    }
    #expect(checked == (5 * 5 * 5 * 5 * 5 * 5 * 5 * 5 - 1) / 4, "every text of 0 to 7 characters")
  }

  @Test("the reader takes any \\u{…} scalar, and a malformed one as a plain u")
  func readerLeniency() throws {
    #expect(try LabelPath.labels(of: #"\u{41}\u{1F600}"#) == ["A😀"])
    #expect(try LabelPath.labels(of: #"\u{}x"#) == ["u{}x"])
    #expect(try LabelPath.labels(of: #"\u{D800}"#) == ["u{D800}"])
    #expect(try LabelPath.labels(of: #"\u{1234567}"#) == ["u{1234567}"])
    #expect(try LabelPath.labels(of: #"a\e"#) == ["ae"], "\\e inside a label is a plain e")
  }

  @Test("an empty component is an error that shows the path escaped")
  func emptyComponents() {
    for path in ["", "a//b", "a/", "//", "//a", "/a/", "/a//b", "a/\\e/"] {
      #expect(throws: LabelPathError.self) { try LabelPath.labels(of: path) }
    }
    let error = LabelPathError(path: "x\u{1B}//")
    #expect(!error.description.unicodeScalars.contains("\u{1B}"))
  }

  @Test(
    "for random trees of hostile labels every printed path names its node, and every export is detected and read back from its bytes"
  )
  func randomHostileTrees() throws {
    var generator = SeededGenerator(seed: 15)
    for round in 0..<300 {
      var paths: [[String]] = []
      var entries: [(path: [String], selected: Bool)] = []
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        let parent =
          paths.isEmpty || Bool.random(using: &generator)
          ? [] : paths.randomElement(using: &generator)!
        guard parent.count < 4 else { continue }
        let path = parent + [pathHostileLabels.randomElement(using: &generator)!]
        if paths.contains(path) { continue }
        paths.append(path)
        entries.append((path, Bool.random(using: &generator)))
      }
      let text =
        entries.map { ($0.selected ? "[x] " : "[ ] ") + LabelPath.joined($0.path) }
        .joined(separator: "\n") + "\n"
      let tree = try SelectionTree(parsing: text, format: .paths)
      for id in tree.ids {
        let printed = tree.escapedLabelPath(of: id)
        #expect(tree.node(atLabelPath: try LabelPath.labels(of: printed)) == id, "round \(round)")
        var index = tree.labelIndex()
        #expect(index.node(atLabelPath: try LabelPath.labels(of: printed)) == id)
      }
      for format in TreeFormat.allCases {
        let bytes = Array(tree.exported(as: format).utf8)
        // A flat path list is also indented text, and reads back the same as either.
        let isFlat = tree.ids.allSatisfy { tree.parent(of: $0) == nil }
        let detected = TreeFormat.detect(fileName: nil, bytes: bytes)
        #expect(detected == format || (format == .paths && isFlat), "round \(round) \(format)")
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A }, "no raw control byte in \(format)")
        let again = try SelectionTree(parsing: bytes)
        #expect(
          again.ids.map { again.labelPath(of: $0) } == tree.ids.map { tree.labelPath(of: $0) })
        #expect(again.ids.map { again.state(of: $0) } == tree.ids.map { tree.state(of: $0) })
      }
    }
  }

  @Test("a JSON label holding NUL survives export and parse")
  func nulInJSON() throws {
    let tree = try SelectionTree(parsing: #"[{"label": "a\u0000b", "selected": true}]"#)
    #expect(tree.labelPath(of: tree.ids[0]) == ["a\0b"])
    let again = try SelectionTree(parsing: tree.exported(as: .json))
    #expect(again.labelPath(of: again.ids[0]) == ["a\0b"])
    #expect(tree.escapedLabelPath(of: tree.ids[0]) == #"a\u{00}b"#)
  }

  @Test("a first node that is unselected is a marker, not JSON; an empty array is JSON")
  func detection() {
    func detect(_ text: String) -> TreeFormat {
      TreeFormat.detect(fileName: nil, bytes: Array(text.utf8))
    }
    #expect(detect("[ ] Fruit\n  [x] Apple\n") == .indented)
    #expect(detect("[ ] Fruit/Apple\n") == .paths)
    #expect(detect("[ ]  \n") == .indented, "a marker with a blank label")
    #expect(detect("[]") == .json)
    #expect(detect("[\n  {\"label\": \"a\"}]") == .json)
    #expect(detect(#"[x] 1\/2"# + "\n") == .indented, "an escaped separator is not a path")
    #expect(detect("Fruit/Apple\n") == .paths)
    #expect(detect("Fruit\n  Apple/Pear\n") == .indented)
  }

  @Test("a label index finds nodes by label path whatever the ids, the first of equal siblings")
  func labelIndexWithOwnIDs() throws {
    let json =
      #"[{"id": "r", "label": "R", "children": [{"id": "a", "label": "x"}, {"id": "b", "label": "x"}, {"id": "c", "label": "y"}]}]"#
    let tree = try SelectionTree(parsing: json)
    var index = tree.labelIndex()
    #expect(index.node(atLabelPath: ["R", "x"]) == "a")
    #expect(index.node(atLabelPath: ["R", "y"]) == "c")
    #expect(index.node(atLabelPath: ["R", "z"]) == nil)
    #expect(index.node(atLabelPath: []) == nil)
    #expect(tree.node(atLabelPath: ["R", "x"]) == "a")
    #expect(tree.node(atLabelPath: ["R", "y"]) == "c")
  }

  @Test("nesting deeper than 10,000 levels without ids is an error at the node; with ids it parses")
  func depthLimit() throws {
    let deep = String(repeating: "x/", count: 10_000) + "x\n"
    #expect {
      try SelectionTree(parsing: deep, format: .paths)
    } throws: { error in
      "\(error)".contains("nesting deeper than 10000 levels")
    }
    let limit = String(repeating: "x/", count: 9_999) + "x\n"
    #expect(try SelectionTree(parsing: limit, format: .paths).count == 10_000)
  }
}
