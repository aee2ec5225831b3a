import Testing
import ToggleKit
import ToggleKitRules

@testable import TestSupport

@Suite("Rules text: every construct parses and prints back")
struct RuleTextTests {
  /// Every construct of the syntax, each line in its canonical form.
  static let canonical = [
    "expanded <= true",
    "depth >= 3 => expanded <= false",
    "label == \"Legacy\" => enabled <= false",
    "attributes.kind == \"required\" => locked <= on",
    "attributes.\"first name\" != \"\" => displayLabel <= \"named\"",
    "depth < 1 => expanded <= true @important",
    "depth <= 1 => expanded <= true @veryHigh",
    "depth > 1 => expanded <= false @high",
    "childCount >= 10 => expanded <= false @low",
    "childCount != 0 => style <= \"switch\" @veryLow",
    "isLeaf => style <= \"checkbox\" @fallback",
    "!isLeaf => displayLabel <= path",
    "state == mixed => style <= \"button\"",
    "state != off && depth == 0 => displayLabel <= label",
    "depth == 1 || depth == 2 => expanded <= true",
    "(depth == 1 || depth == 2) && !(label == \"x\") => expanded <= true",
    "!(isLeaf && depth > 2) => expanded <= true",
    "label == path => locked <= none",
    "label == \"quote \\\" backslash \\\\ newline \\n tab \\t\" => locked <= off",
    "label == \"bell \\u{7}\" => locked <= current",
    "label == \"del \\u{7f} csi \\u{9b} nel \\u{85}\" => locked <= current",
    "depth == -1 => enabled <= true",
    "attributes.size > \"9\" => enabled <= false",
  ]

  @Test("printed rules carry no raw control character: C0, DEL and C1 are escaped")
  func printedRulesAreControlFree() throws {
    let label = "a\u{1B}[2J\u{7F}\u{9B}31m\u{85}b"
    var context = RuleContext()
    context.label = label
    let rule = try RuleModel(
      parsing: #"label == "a\u{1b}[2J\u{7f}\u{9b}31m\u{85}b" => locked <= on"#,
      vocabulary: .selectionTree)
    let printed = rule.description
    let controls = printed.unicodeScalars.filter {
      $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
    }
    #expect(controls.isEmpty, "raw controls in \(printed.debugDescription)")
    let again = try RuleModel(parsing: printed, vocabulary: .selectionTree)
    #expect(again.description == printed)
    context.model = again
    #expect(context.lock == .on, "the printed literal still matches the label")
  }

  @Test("canonical rules text prints back exactly, rule by rule")
  func roundTrip() throws {
    let text = Self.canonical.joined(separator: "\n")
    let model = try RuleModel(parsing: text, vocabulary: .selectionTree)
    #expect(model.rules.map(\.description) == Self.canonical)
    let again = try RuleModel(parsing: model.description, vocabulary: .selectionTree)
    #expect(again.description == model.description)
  }

  @Test("comments, blank lines, spacing, aliases and redundant parentheses normalise")
  func normalisation() throws {
    let text =
      "\u{FEFF}" + """
        # a comment line

          ((depth>=3))=>isExpanded<=false   # trailing comment
        leaf && (children == 0) => lock <= on@high
        """
    let model = try RuleModel(parsing: text, vocabulary: .selectionTree, file: "r.txt")
    #expect(
      model.rules.map(\.description) == [
        "depth >= 3 => expanded <= false",
        "isLeaf && childCount == 0 => locked <= on @high",
      ])
    #expect(model.rules.map { $0.location?.description } == ["r.txt:3:3", "r.txt:4:1"])
  }

  @Test("text rules and the same rules in Swift give the same values")
  func textMatchesSwift() throws {
    let text = try RuleModel(
      parsing: """
        depth >= 2 || label == "Deep" => expanded <= true
        attributes.kind == "required" => locked <= on @high
        !isLeaf && state == mixed => style <= "switch"
        displayLabel <= path
        """, vocabulary: .selectionTree)
    let swift = RuleModel {
      (\.depth >= 2 || \.label == "Deep") => (\.isExpanded <= true)
      (\.attributes["kind"] == "required") => (\.lock <= .on) => .high
      (!(\.isLeaf == true) && \.state == .mixed) => (\.styleName <= "switch")
      \.displayLabel <= \.path
    }
    for depth in 0..<3 {
      for label in ["Deep", "x"] {
        for kind in ["required", "optional"] {
          for state in ToggleState.allCases {
            for isLeaf in [true, false] {
              var a = RuleContext(model: text)
              a.depth = depth
              a.label = label
              a.attributes = ["kind": kind]
              a.state = state
              a.isLeaf = isLeaf
              a.path = "p/\(label)"
              var b = a
              b.model = swift
              #expect(a.isExpanded == b.isExpanded)
              #expect(a.lock == b.lock)
              #expect(a.styleName == b.styleName)
              #expect(a.displayLabel == b.displayLabel)
            }
          }
        }
      }
    }
  }

  @Test("a user vocabulary: own keys, ordered values and key-to-key assignment")
  func userVocabulary() throws {
    var vocabulary = RuleVocabulary()
    vocabulary.add("title", \.title)
    vocabulary.add("barTitle", \.navigationBarTitle)
    vocabulary.add("a", \.a)
    let model = try RuleModel(
      parsing: """
        barTitle <= title
        a > 2 => title <= "IMPORTANT"
        """, vocabulary: vocabulary)
    var context = RuleContext(model: model)
    context.a = 3
    #expect(context.navigationBarTitle == "IMPORTANT")
    #expect(vocabulary.names == ["title", "barTitle", "a"])
  }

  @Test("cycles written in rules text are reported, naming the keys")
  func textCycle() throws {
    let model = try RuleModel(
      parsing: "displayLabel <= style\nstyle <= displayLabel", vocabulary: .selectionTree)
    let context = RuleContext(model: model)
    #expect(throws: RuleError.cycle(["displayLabel", "style", "displayLabel"])) {
      try context.value(of: \.displayLabel)
    }
  }

  /// Rules text and the error it gives, as `line:column: message`.
  static let errors: [(String, String)] = [
    (
      "depth >= 3 => expanded <= maybe",
      "1:27: 'expanded' is a boolean; expected a value like true, false or a name, found 'maybe'"
    ),
    (
      "depth >= \"3\" => expanded <= true",
      "1:10: 'depth' is an integer; expected a value like 3 or a name, found '\"3\"'"
    ),
    (
      "size > 3 => expanded <= true",
      "1:1: unknown name 'size' (known: label, path, depth, isLeaf, childCount, attributes.NAME, state, enabled, locked, expanded, displayLabel, style)"
    ),
    (
      "depth >= 3 => colour <= \"red\"",
      "1:15: unknown name 'colour' (known: label, path, depth, isLeaf, childCount, attributes.NAME, state, enabled, locked, expanded, displayLabel, style)"
    ),
    (
      "depth.x == \"a\" => expanded <= true",
      "1:1: unknown name 'depth.x'; 'depth.' is not a family of names (known: label, path, depth, isLeaf, childCount, attributes.NAME, state, enabled, locked, expanded, displayLabel, style)"
    ),
    (
      "enabled < true => expanded <= true",
      "1:9: '<' needs ordered values; 'enabled' is a boolean (use == or !=)"
    ),
    (
      "depth => expanded <= true",
      "1:7: expected a comparison (==, !=, <, <=, >, >=) after 'depth', found '=>'"
    ),
    (
      "depth == => expanded <= true",
      "1:10: 'depth' is an integer; expected a value like 3 or a name, found '=>'"
    ),
    (
      "depth == label => expanded <= true",
      "1:10: cannot compare 'depth' (integer) with 'label' (string)"
    ),
    ("=> expanded <= true", "1:1: expected a condition before '=>'"),
    ("depth == 1 => expanded <= true => enabled <= true", "1:32: a rule has one '=>'"),
    (
      "depth == 1 depth == 2 => expanded <= true",
      "1:12: expected '=>' or '&&' or '||' after the condition, found 'depth'"
    ),
    ("depth == 1 =>", "1:14: expected a name to set, found end of line"),
    ("depth == 1 => expanded", "1:23: expected '<=' after 'expanded', found end of line"),
    ("depth == 1 => expanded <=", "1:26: expected a value after '<=', found end of line"),
    (
      "depth == 1 => expanded = true", "1:24: unexpected character '=' (did you mean '==' or '<='?)"
    ),
    (
      "depth == 1 => label <= \"x\"",
      "1:15: 'label' cannot be set by rules; it is a fact of the node"
    ),
    ("expanded <= depth", "1:13: cannot set 'expanded' (boolean) to 'depth' (integer)"),
    (
      "expanded <= true @urgent",
      "1:19: expected a priority after '@' (important, veryHigh, high, normal, low, veryLow, fallback), found 'urgent'"
    ),
    ("expanded <= true @high true", "1:24: unexpected 'true' after the rule"),
    ("(depth == 1 => expanded <= true", "1:13: expected ')' to close '(' at column 1, found '=>'"),
    ("label == \"open => expanded <= true", "1:10: unterminated string"),
    (
      "label == \"a\\qb\" => expanded <= true",
      "1:12: unknown escape '\\q' (use \\\", \\\\, \\n, \\t, \\r or \\u{…})"
    ),
    (
      "label == \"\\u{D800}\" => expanded <= true",
      "1:11: expected \\u{HEX} with a Unicode scalar value"
    ),
    (
      "depth == 99999999999999999999 => expanded <= true",
      "1:10: integer 99999999999999999999 is out of range"
    ),
    ("depth == 3x => expanded <= true", "1:10: '3x' is not a number"),
    ("attributes. == \"a\" => expanded <= true", "1:12: expected a name after 'attributes.'"),
    ("label == \"a\" ; => expanded <= true", "1:14: unexpected character ';'"),
    (
      String(repeating: "!", count: 65) + "isLeaf => expanded <= true",
      "1:65: conditions nest deeper than 64 levels"
    ),
    (
      "\n\nok <= true",
      "3:1: unknown name 'ok' (known: label, path, depth, isLeaf, childCount, attributes.NAME, state, enabled, locked, expanded, displayLabel, style)"
    ),
  ]

  @Test("every error names line, column and what was expected", arguments: errors)
  func errorMessages(text: String, expected: String) {
    do {
      _ = try RuleModel(parsing: text, vocabulary: .selectionTree, file: "rules.txt")
      Issue.record("no error for \(text)")
    } catch {
      guard case .syntax = error else {
        Issue.record("not a syntax error: \(error)")
        return
      }
      #expect("\(error)" == "rules.txt:" + expected)
    }
  }

  @Test("a syntax error answers file, line, column and message directly; other errors answer nil")
  func errorAccessors() {
    do {
      _ = try RuleModel(
        parsing: "expanded <= true\n(depth == 1 => expanded <= true", vocabulary: .selectionTree,
        file: "r.txt")
      Issue.record("no error")
    } catch {
      #expect(error.file == "r.txt" && error.line == 2 && error.column == 13, "\(error)")
      #expect(!error.message.isEmpty && "\(error)".hasSuffix(error.message))
    }
    do {
      _ = try RuleModel(parsing: "(depth == 1 => expanded <= true", vocabulary: .selectionTree)
    } catch {
      #expect(error.file == nil && error.line == 1 && error.column == 13, "\(error)")
    }
    let cycle = RuleError.cycle(["a", "b"])
    #expect(cycle.file == nil && cycle.line == nil && cycle.column == nil)
    #expect(cycle.message == cycle.description)
  }

  @Test("invalid UTF-8 and NUL bytes are errors with their position")
  func badBytes() {
    #expect(
      throws: RuleError.syntax(
        file: "r", line: 1, column: 11, message: "invalid UTF-8 byte 0xFF")
    ) {
      try RuleModel(
        parsing: Array("label == \"".utf8) + [0xFF, 0x22], vocabulary: .selectionTree, file: "r")
    }
    #expect(
      throws: RuleError.syntax(
        file: "r", line: 2, column: 3, message: "NUL byte in text (is this a binary file?)")
    ) {
      try RuleModel(
        parsing: Array("isLeaf => expanded <= true\nis".utf8) + [0] + Array("Leaf".utf8),
        vocabulary: .selectionTree, file: "r")
    }
    let overlongSurrogateAndTooLarge: [([UInt8], String)] = [
      ([0xC0, 0x80], "C0"), ([0xED, 0xA0, 0x80], "ED"), ([0xF4, 0x90], "F4"),
    ]
    for (bytes, lead) in overlongSurrogateAndTooLarge {
      #expect(
        throws: RuleError.syntax(
          file: "r", line: 1, column: 8, message: "invalid UTF-8 byte 0x" + lead)
      ) {
        try RuleModel(
          parsing: Array("isLeaf ".utf8) + bytes, vocabulary: .selectionTree, file: "r")
      }
    }
  }

  @Test("CRLF line endings and a byte-order mark read like plain lines, numbered alike")
  func lineEndings() throws {
    let plain = try RuleModel(
      parsing: "isLeaf => expanded <= true\n\nlabel == \"a\" => enabled <= false\n",
      vocabulary: .selectionTree)
    let windows = try RuleModel(
      parsing: Array(
        "\u{FEFF}isLeaf => expanded <= true\r\n\r\nlabel == \"a\" => enabled <= false\r\n".utf8),
      vocabulary: .selectionTree)
    #expect(windows.description == plain.description)
    #expect(windows.rules.map { $0.location?.line } == [1, 3])
    #expect(windows.rules.map { $0.location?.column } == [1, 1])
  }

  @Test("deep parentheses up to the limit parse without recursion trouble")
  func deepNesting() throws {
    let text =
      String(repeating: "(", count: 64) + "isLeaf" + String(repeating: ")", count: 64)
      + " => expanded <= true"
    let model = try RuleModel(parsing: text, vocabulary: .selectionTree)
    #expect(model.rules[0].description == "isLeaf => expanded <= true")
  }

  @Test("a long chain of conditions is flat: no deep evaluation")
  func longChain() throws {
    let text =
      Array(repeating: "depth == 1", count: 10_000).joined(separator: " || ")
      + " => expanded <= true"
    let model = try RuleModel(parsing: text, vocabulary: .selectionTree)
    var context = RuleContext(model: model)
    context.depth = 1
    #expect(context.isExpanded)
    #expect(model.rules[0].predicate.complexity == 1)
  }
}
