import Explorer
import Testing
import ToggleKit

@testable import TestSupport

@Suite(
  "Explorer finding: fuzzy by default, --exact, --query, highlighted matches, Ctrl-N and Ctrl-P")
struct ExplorerFindingTests {
  private func fruit() throws -> SelectionTree<String> {
    try SelectionTree(paths: [
      "Fruit/Apple", "Fruit/Pear", "Veg/Leek", "Veg/Granny Smith", "Nuts/Pecan",
    ])
  }

  private func type(_ text: String, into explorer: inout Explorer) {
    explorer.handle(.character("/"))
    explorer.handle(text.map { Key.character($0) })
    explorer.handle(.enter)
  }

  @Test("the filter is fuzzy unless exact: 'grsm' finds Granny Smith, and only as a fuzzy match")
  func fuzzyByDefault() throws {
    var fuzzy = Explorer(tree: try fruit(), height: 10, width: 40)
    type("grsm", into: &fuzzy)
    #expect(fuzzy.frame(mode: .plain).prefix(2) == ["▾ [ ] Veg", "    [ ] Granny Smith"])
    var exact = Explorer(tree: try fruit(), height: 10, width: 40)
    exact.finding.exact = true
    type("grsm", into: &exact)
    #expect(exact.frame(mode: .plain).first == "(nothing matches)")
    type("SMI", into: &exact)
    #expect(exact.finding.text == "grsmSMI")
    exact.startFiltering("SMI")
    #expect(exact.frame(mode: .plain).first == "(nothing matches)", "smart case: SMI is not Smi")
    exact.startFiltering("smi")
    #expect(exact.frame(mode: .plain).prefix(2) == ["▾ [ ] Veg", "    [ ] Granny Smith"])
  }

  @Test(
    "the focus goes to the best match a naive ranking finds: the highest score of every placement (doubled for a whole label), then the shorter label, then the first row; 400 random trees and queries, ASCII and not"
  )
  func bestMatchAgreesWithANaiveRanking() throws {
    var generator = SeededGenerator(seed: 2_026)
    var ranked = 0
    let pieces = ["a", "b", "A", "ab", "ba", "a-b", "b/a", "é", "Ab", "b a", "x"]
    for _ in 0..<400 {
      var paths: [String] = []
      for _ in 0..<Int.random(in: 1...12, using: &generator) {
        let depth = Int.random(in: 1...3, using: &generator)
        paths.append(
          (0..<depth).map { _ in pieces.randomElement(using: &generator)! }
            .joined(separator: "/").replacingOccurrences(of: "//", with: "/"))
      }
      let query = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
        ["a", "b", "A", "ab", "é", "x"].randomElement(using: &generator)!
      }.joined()
      guard let tree = try? SelectionTree(paths: paths) else { continue }
      var explorer = Explorer(tree: tree, height: 30, width: 40)
      explorer.startFiltering(query)
      // The naive ranking: every shown row the query matches, scored by FuzzyMatch's programme
      // over characters, not by the byte path the explorer takes.
      let shown = explorer.tree
      let search = SearchQuery(query)
      var best: (index: Int, score: Int, length: Int)? = nil
      for index in 0..<shown.count where shown.isRow(index) {
        let label = shown.label(at: index)
        guard search.matches([label]), let match = FuzzyMatch(query, in: label) else { continue }
        let whole =
          FuzzyMatch.isCaseSensitive(query)
          ? label == query : label.lowercased() == query.lowercased()
        let score = match.score * (whole ? 2 : 1)
        if best.map({ score > $0.score || (score == $0.score && label.count < $0.length) }) ?? true
        {
          best = (index, score, label.count)
        }
      }
      if let best {
        ranked += 1
        #expect(explorer.cursor == best.index, "\(query.debugDescription) in \(paths)")
      }
    }
    #expect(ranked > 100, "enough queries match a row")
  }

  @Test(
    "--query starts with a filter: its matches shown, the cursor on the best match (as fzf's on its first result), not editing"
  )
  func startsWithAQuery() throws {
    var explorer = Explorer(tree: try fruit(), height: 10, width: 40)
    explorer.startFiltering("pe")
    #expect(explorer.finding.text == "pe" && !explorer.finding.isEditing)
    #expect(
      explorer.tree.ids.filter { explorer.tree.isVisible($0) == true } == [
        "Fruit", "Fruit/Apple", "Fruit/Pear", "Nuts", "Nuts/Pecan",
      ])
    #expect(explorer.cursor.map { explorer.tree.id(at: $0) } == "Fruit/Pear")
    #expect(explorer.top == 0, "the list from its first row: the match's folder above it")
    explorer.handle(.character(" "))
    #expect(explorer.tree.selection(.leaves) == ["Fruit/Pear"], "keys act at once")
    explorer.handle([.up, .up, .character(" ")])
    #expect(
      explorer.tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Pear"],
      "Space on a folder toggles its shown leaves")
  }

  @Test("matched characters are drawn bold, underlined and green; hostile labels stay escaped")
  func highlighting() throws {
    let row = Explorer.labelRow("Fruit/Apple", highlighting: [0, 1, 6, 7])
    #expect(row.spans.map(\.text) == ["Fr", "uit/", "Ap", "ple"])
    #expect(row.spans.map(\.style) == [Explorer.matchStyle, .plain, Explorer.matchStyle, .plain])
    let hostile = Explorer.labelRow("a\u{1B}[2Jb", highlighting: [0, 5])
    #expect(hostile.plainText == "a\\u{1B}[2Jb")
    #expect(hostile.spans.map(\.style) == [Explorer.matchStyle, .plain, Explorer.matchStyle])
    #expect(Explorer.labelRow("plain", highlighting: []) == Row("plain"))

    var explorer = Explorer(tree: try fruit(), height: 10, width: 40)
    type("aple", into: &explorer)
    explorer.handle(.up)  // off Apple, the best match: its row is then not drawn reversed
    let ansi = explorer.frame(mode: .ansi(colors: true)).joined(separator: "\n")
    let marked = Row("Ap", style: Explorer.matchStyle).rendered(.ansi(colors: true))
    #expect(ansi.contains(marked), "the A and p of Apple are marked")
    #expect(explorer.matchedPositions(in: ["Apple"]) == [0, 1, 3, 4])
    explorer.finding.exact = true
    explorer.startFiltering("pp")
    #expect(explorer.matchedPositions(in: ["Apple"]) == [1, 2])
    #expect(explorer.matchedPositions(in: ["Pear"]) == [])
  }

  @Test(
    "Ctrl-N and Ctrl-P jump to the next and previous node whose label matches, opening its folders and wrapping around"
  )
  func jumpsBetweenMatches() throws {
    var explorer = Explorer(tree: try fruit(), height: 10, width: 40)
    explorer.handle(.nextMatch)
    #expect(explorer.statusLine.hasSuffix("no filter: / starts one"))
    type("pe", into: &explorer)
    let ids = explorer.tree.ids
    func focused() -> String? { explorer.cursor.map { ids[$0] } }
    #expect(focused() == "Fruit/Pear", "the best match: 'pe' starts Pear, the shorter label")
    explorer.handle(.nextMatch)
    #expect(focused() == "Nuts/Pecan" && explorer.tree.isExpanded("Nuts") == true)
    explorer.handle(.nextMatch)
    #expect(focused() == "Fruit/Apple", "wraps around to the first match")
    explorer.handle(.nextMatch)
    #expect(focused() == "Fruit/Pear")
    explorer.handle(.previousMatch)
    #expect(focused() == "Fruit/Apple", "and back")
    explorer.handle(.previousMatch)
    #expect(focused() == "Nuts/Pecan", "wrapping back")
    #expect(explorer.visibleRows.contains(explorer.cursor!))
    // While the filter is typed the keys jump too.
    explorer.handle(.character("/"))
    explorer.handle(.character("c"))
    explorer.handle(.previousMatch)
    #expect(focused() == "Nuts/Pecan" && explorer.finding.isEditing)
  }

  @Test(
    "under a filter a folder's box is its whole state, hidden leaves included; the shown part's state follows the label where it differs"
  )
  func folderStateUnderAFilter() throws {
    var explorer = Explorer(tree: try fruit(), height: 10, width: 60)
    explorer.handle([.right, .down, .character(" ")])  // Apple
    explorer.startFiltering("pear")
    #expect(
      explorer.frame(mode: .plain).prefix(2) == ["▾ [-] Fruit (shown: none)", "    [ ] Pear"],
      "Apple is selected, hidden: Fruit is mixed, not off")
    explorer.handle(.character(" "))  // Pear, the focused best match
    #expect(explorer.frame(mode: .plain).prefix(2) == ["▾ [x] Fruit", "    [x] Pear"])
    explorer.startFiltering("apple")
    #expect(explorer.frame(mode: .plain).first == "▾ [x] Fruit", "the same state: no cue")
    explorer.handle(.character(" "))  // Apple off: Fruit mixed, its shown part off
    #expect(explorer.frame(mode: .plain).first == "▾ [-] Fruit (shown: none)")
    // What Space then does is what the hint says: the shown part's click.
    explorer.handle(.up)
    #expect(
      explorer.statusLine.hasSuffix("Space: select 1 · 1 hidden stay"), "\(explorer.statusLine)")
    // With --scope all a click reaches the hidden leaves: the box is the whole state already.
    var whole = try fruit()
    whole.options.filterScope = .all
    var all = Explorer(tree: whole, height: 10, width: 60)
    all.handle([.right, .down, .character(" ")])
    all.startFiltering("pear")
    #expect(all.frame(mode: .plain).first == "▾ [-] Fruit")
  }

  @Test("Ctrl-N and Ctrl-P come from their control bytes")
  func keys() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x0E, 0x10]) == [.nextMatch, .previousMatch])
  }
}
