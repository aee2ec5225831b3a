import Explorer
import Testing
import ToggleKit
import ToggleKitRules

@testable import TestSupport

@Suite("Hostile input: pastes, partial characters, NUL bytes, long chains and needles")
struct HostileInputTests {
  private func bigTree() throws -> SelectionTree<String> {
    let text = (0..<200).map { "Folder \($0)\n" + (0..<20).map { "  item \($0)\n" }.joined() }
      .joined()
    return try SelectionTree(parsing: text, format: .indented)
  }

  @Test("a paste into the filter refilters once, and ends where typing key by key ends")
  func pasteCoalesces() throws {
    let tree = try bigTree()
    let paste = "item 1" + String(repeating: "x", count: 64)
    var pasted = Explorer(tree: tree, height: 10, width: 60)
    pasted.handle([.character("/")] + paste.map(Key.character) + [.backspace, .enter, .down])
    #expect(pasted.finding.runs == 1)
    var typed = Explorer(tree: tree, height: 10, width: 60)
    for key in [.character("/")] + paste.map(Key.character) + [.backspace, .enter, .down] {
      typed.handle(key)
    }
    #expect(typed.finding.runs == 71)
    #expect(pasted.finding.text == typed.finding.text)
    #expect(pasted.cursor == typed.cursor)
    #expect(pasted.frame(mode: .plain) == typed.frame(mode: .plain))
    #expect(!pasted.finding.isEditing)
  }

  @Test("a batch that types, moves and types again keeps every key's order")
  func batchOrder() throws {
    var explorer = Explorer(tree: try bigTree(), height: 10, width: 60)
    explorer.handle([.character("/"), .character("i"), .enter, .down, .character(" ")])
    var single = Explorer(tree: try bigTree(), height: 10, width: 60)
    for key in [Key.character("/"), .character("i"), .enter, .down, .character(" ")] {
      single.handle(key)
    }
    #expect(explorer.tree.selection(.leaves) == single.tree.selection(.leaves))
    #expect(!explorer.tree.selection(.leaves).isEmpty, "space after Enter toggles, not types")
  }

  @Test("Ctrl-C after a partial UTF-8 character still cancels; Ctrl-Z is suspend")
  func interruptAfterPartialCharacter() throws {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xE9]).isEmpty, "a lead byte waits for its continuation")
    #expect(decoder.feed([0x03]) == [.interrupt])
    #expect(!decoder.hasPending)
    #expect(KeyDecoder().decodedAll([0xF0, 0x9F, 0x03]) == [.interrupt])
    #expect(KeyDecoder().decodedAll([0xE6, 0x97, 0xA5]) == [.character("日")])
    #expect(KeyDecoder().decodedAll([0x1A]) == [.suspend])
    var explorer = Explorer(tree: try SelectionTree<String>(entries: []), height: 5, width: 20)
    explorer.handle(.suspend)
    #expect(explorer.outcome == nil, "suspending is the terminal's business, not the reducer's")
  }

  @Test("a NUL byte stops reading at once, naming its line and column")
  func nulByte() throws {
    var reader = InputReader(name: "in.txt")
    try reader.append(Array("Fruit\n  Ap".utf8)[...])
    #expect(throws: InputError(message: "in.txt:2:6: NUL byte in text (is this a binary file?)")) {
      try reader.append([0x70, 0x00, 0x00][...])
    }
    var zero = InputReader(name: "/dev/zero")
    #expect(throws: InputError(message: "/dev/zero:1:1: NUL byte in text (is this a binary file?)"))
    {
      try zero.append([UInt8](repeating: 0, count: 65_536)[...])
    }
  }

  @Test(
    "a 30,000-term (100,000 in the long tier) && or || chain parses as one flat condition, printed as written"
  )
  func longChains() throws {
    for symbol in ["&&", "||"] {
      let terms = (0..<Tier.size(fast: 30_000, long: 100_000)).map { "depth >= \($0 % 7)" }
      let line = terms.joined(separator: " \(symbol) ") + " => enabled <= false"
      let model = try RuleModel(parsing: Array(line.utf8), vocabulary: togglekitRuleVocabulary)
      #expect(model.rules.count == 1)
      #expect(model.rules[0].predicate.description == terms.joined(separator: " \(symbol) "))
      #expect(model.rules[0].predicate.complexity == (symbol == "&&" ? terms.count : 1))
    }
    let mixed = try RuleModel(
      parsing: Array(
        "depth >= 1 || depth >= 2 && leaf == true || !(depth >= 3) => enabled <= false".utf8),
      vocabulary: togglekitRuleVocabulary)
    #expect(
      mixed.rules[0].predicate.description
        == "depth >= 1 || depth >= 2 && isLeaf == true || !(depth >= 3)")
  }

  @Test("a 100,000-character filter over 200,000 labels is prepared once")
  func longNeedle() throws {
    let labels = (0..<200_000).map { "label \($0)" }
    let tree = try SelectionTree(parsing: labels.joined(separator: "\n"), format: .indented)
    var filtered = tree
    filtered.setFilter(TreeFilter(text: String(repeating: "a", count: 100_000)))
    #expect(filtered.statistics.hiddenNodes == 200_000)
    filtered.setFilter(TreeFilter(text: "label 19999"))
    #expect(filtered.statistics.hiddenNodes == 200_000 - 11)
  }
}

extension KeyDecoder {
  fileprivate func decodedAll(_ bytes: [UInt8]) -> [Key] {
    var decoder = self
    return decoder.feed(bytes) + decoder.flush()
  }
}
