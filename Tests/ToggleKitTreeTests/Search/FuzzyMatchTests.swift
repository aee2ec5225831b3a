import Testing

@testable import TestSupport
@testable import ToggleKit

/// The scoring rules of ``FuzzyMatch``, written out again from its documentation: the oracle the
/// dynamic programme is checked against.
private enum Oracle {
  static func bonus(_ text: [Character], _ index: Int) -> Int {
    if index == 0 || text[index - 1].isWhitespace { return 10 }
    if "/-_.,:;|".contains(text[index - 1]) { return 9 }
    if text[index - 1].isLowercase && text[index].isUppercase { return 7 }
    if text[index - 1].isLetter && text[index].isNumber { return 7 }
    return 0
  }

  static func same(_ a: Character, _ b: Character, caseSensitive: Bool) -> Bool {
    caseSensitive ? a == b : a.lowercased() == b.lowercased()
  }

  static func score(_ positions: [Int], _ text: [Character]) -> Int {
    var total = 0
    var run = 0
    for (i, position) in positions.enumerated() {
      let bonus = bonus(text, position)
      if i == 0 {
        total += 16 + 2 * bonus
        run = max(4, bonus)
      } else if position == positions[i - 1] + 1 {
        total += 16 + max(bonus, run)
      } else {
        let gap = position - positions[i - 1] - 1
        total += 16 + bonus - 3 - (gap - 1)
        run = max(4, bonus)
      }
    }
    return total
  }

  /// A random text of `lengths` characters drawn from `alphabet`.
  static func text(
    of lengths: ClosedRange<Int>, from alphabet: [Character], _ generator: inout SeededGenerator
  ) -> String {
    String(
      (0..<Int.random(in: lengths, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      })
  }

  /// Every placement of `pattern` in `text`, by brute force; the best score, or nil.
  static func best(_ pattern: String, _ text: String) -> Int? {
    let pattern = Array(pattern)
    let text = Array(text)
    let caseSensitive = pattern.contains { $0.isUppercase }
    var best: Int?
    var positions: [Int] = []
    func place(_ i: Int, from start: Int) {
      if i == pattern.count {
        let value = score(positions, text)
        best = max(best ?? value, value)
        return
      }
      guard start < text.count else { return }
      for position in start..<text.count
      where same(text[position], pattern[i], caseSensitive: caseSensitive) {
        positions.append(position)
        place(i + 1, from: position + 1)
        positions.removeLast()
      }
    }
    place(0, from: 0)
    return best
  }
}

@Suite("Fuzzy matching: fzf-style subsequences, the best placement, smart case")
struct FuzzyMatchTests {
  @Test(
    "on 20,000 random texts and patterns the score is the best of every placement (brute force), with or without the positions, the positions score it, and matches(_:) and isWhole(_:) agree"
  )
  func bestOfEveryPlacement() {
    var generator = SeededGenerator(seed: 4_242)
    let alphabet: [Character] = [
      "a", "b", "A", "B", "1", "/", " ", "-", "é", "É", "\r\n", "\n", "x", "\t", "\u{0B}", ".", "_",
      "|", "\r",
    ]
    var matched = 0
    for _ in 0..<20_000 {
      let text = Oracle.text(of: 0...9, from: alphabet, &generator)
      let pattern = Oracle.text(of: 0...4, from: alphabet, &generator)
      let expected = Oracle.best(pattern, text)
      let prepared = FuzzyPattern(pattern)
      let match = prepared.match(in: text)
      #expect(match?.score == expected, "\(pattern.debugDescription) in \(text.debugDescription)")
      // The score alone: over bytes when both are ASCII.
      #expect(
        prepared.score(in: text) == expected,
        "\(pattern.debugDescription) in \(text.debugDescription)")
      let whole =
        prepared.isCaseSensitive ? text == pattern : text.lowercased() == pattern.lowercased()
      #expect(
        prepared.isWhole(text) == whole, "\(pattern.debugDescription) is \(text.debugDescription)")
      #expect(
        prepared.matches(text) == (expected != nil),
        "\(pattern.debugDescription) in \(text.debugDescription)")
      guard let match else { continue }
      matched += 1
      let characters = Array(text)
      let wanted = Array(pattern)
      #expect(match.positions.count == wanted.count)
      #expect(zip(match.positions, match.positions.dropFirst()).allSatisfy { $0 < $1 })
      #expect(
        match.positions.indices.allSatisfy {
          Oracle.same(
            characters[match.positions[$0]], wanted[$0],
            caseSensitive: prepared.isCaseSensitive)
        })
      #expect(Oracle.score(match.positions, characters) == match.score)
    }
    #expect(matched > 3_000, "enough texts match to test the scores")
  }

  @Test(
    "the score alone (the bytes' programme for ASCII) is the best of every placement on every ASCII pair of characters under every one-character pattern; a whole label compares case as the pattern does"
  )
  func scoreAlone() {
    let ascii = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
    // Every bonus rule reads a pair: the character before and the one matched.
    for pattern in ["a", "A", "1", "/", " "] {
      let prepared = FuzzyPattern(pattern)
      for first in ascii {
        for second in ascii {
          let text = String([first, second])
          #expect(
            prepared.score(in: text) == Oracle.best(pattern, text),
            "\(pattern.debugDescription) in \(text.debugDescription)")
        }
      }
    }
    #expect(FuzzyPattern("ab").isWhole("AB") && !FuzzyPattern("Ab").isWhole("AB"))
    #expect(FuzzyPattern("k").isWhole("\u{212A}"), "the Kelvin sign lowercases to k")
  }

  @Test("word starts, separators and runs win: the placements a user expects")
  func placements() {
    #expect(FuzzyMatch("frap", in: "Fruit/Apple")?.positions == [0, 1, 6, 7])
    #expect(FuzzyMatch("ap", in: "Snapper")?.positions == [2, 3])
    #expect(FuzzyMatch("gs", in: "granny smith")?.positions == [0, 7])
    #expect(FuzzyMatch("tk", in: "ToggleKit")?.positions == [0, 6], "a camelCase hump")
    #expect(FuzzyMatch("", in: "anything") == FuzzyMatch(score: 0, positions: []))
    #expect(FuzzyMatch("xyz", in: "Fruit/Apple") == nil)
    #expect(FuzzyMatch("ba", in: "ab") == nil, "order matters")
    let better = FuzzyMatch("app", in: "Apple")!.score
    let worse = FuzzyMatch("app", in: "a_pencil_p")!.score
    #expect(better > worse, "a run at a word start beats scattered characters")
  }

  @Test(
    "case is smart: ignored for a lowercase pattern, exact once the pattern has an uppercase letter"
  )
  func smartCase() {
    #expect(FuzzyPattern("apple").matches("APPLE"))
    #expect(!FuzzyPattern("Apple").matches("apple"))
    #expect(FuzzyPattern("Apple").matches("Apple pie"))
    #expect(FuzzyPattern("é").matches("CAFÉ"), "outside ASCII too")
    #expect(!FuzzyPattern("É").matches("café"))
    #expect(!FuzzyPattern("\n").matches("a\r\nb"), "a CR LF is one character, not a newline")
    #expect(FuzzyPattern("@").matches("@") && !FuzzyPattern("@").matches("`"))
  }

  @Test(
    "a text too long to score every placement takes the first placement, scored by the same rules")
  func longTexts() {
    let text = String(repeating: "ab", count: 600_000) + "/Zed"
    let match = FuzzyMatch("baz", in: text)!
    #expect(match.positions == [1, 2, 1_200_001])
    // b (no bonus) 16, a in its run 16 + 4, Z after "/" 16 + 9 after a gap of 1,199,998:
    // 36 + 25 - 3 - 1,199,997.
    #expect(match.score == -1_199_939)
    #expect(match.score == Oracle.score(match.positions, Array(text)))
    #expect(FuzzyPattern("zz").matches(text) == false)
  }

  @Test("a fuzzy tree filter shows the matching labels, their folders and what is inside them")
  func treeFilter() throws {
    var tree = try SelectionTree(paths: [
      "Fruit/Apple", "Fruit/Pear", "Veg/Leek", "Veg/Granny Smith/Seeds",
    ])
    tree.setFilter(TreeFilter(fuzzy: "grsm"))
    #expect(
      tree.ids.filter { tree.isVisible($0) == true } == [
        "Veg", "Veg/Granny Smith", "Veg/Granny Smith/Seeds",
      ])
    tree.setFilter(TreeFilter(fuzzy: "Pe"))
    #expect(tree.ids.filter { tree.isVisible($0) == true } == ["Fruit", "Fruit/Pear"])
    tree.setFilter(TreeFilter(fuzzy: "pe"))
    #expect(
      tree.ids.filter { tree.isVisible($0) == true } == ["Fruit", "Fruit/Apple", "Fruit/Pear"])
  }
}
