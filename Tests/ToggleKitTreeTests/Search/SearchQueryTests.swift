import Testing
import ToggleKit

@Suite("SearchQuery: fzf's extended syntax over a tree's labels and paths")
struct SearchQueryTests {
  private func matches(_ query: String, _ path: String, exact: Bool = false) -> Bool {
    SearchQuery(query, exact: exact).matches(path.split(separator: "/").map(String.init))
  }

  @Test("a plain term is fuzzy on the node's own label; 'term exact, ^prefix, suffix$, ^equal$")
  func termKinds() {
    #expect(matches("aple", "Fruit/Apple"))
    #expect(!matches("'aple", "Fruit/Apple"), "'aple is a substring, not a subsequence")
    #expect(matches("'ppl", "Fruit/Apple"))
    #expect(matches("^app", "Fruit/Apple") && !matches("^ppl", "Fruit/Apple"))
    #expect(matches("ple$", "Fruit/Apple") && !matches("app$", "Fruit/Apple"))
    #expect(matches("^apple$", "Fruit/Apple") && !matches("^appl$", "Fruit/Apple"))
    #expect(!matches("aple", "Fruit"), "no label of Fruit holds it")
  }

  @Test("--exact makes plain terms substrings and 'term fuzzy, as in fzf")
  func exactFlips() {
    #expect(!matches("aple", "Fruit/Apple", exact: true))
    #expect(matches("'aple", "Fruit/Apple", exact: true))
    #expect(matches("ppl", "Fruit/Apple", exact: true))
  }

  @Test(
    "spaces AND terms; a term may hold on an ancestor's label, but one must hold on the node's own")
  func andAcrossAncestors() {
    #expect(matches("src swift", "src/main.swift"))
    #expect(!matches("src swift", "src"), "swift holds nowhere on src's path")
    #expect(!matches("src", "src/main.swift"), "no term of src touches main.swift itself")
    #expect(matches("src", "src"))
    #expect(!matches("lib swift", "src/main.swift"))
  }

  @Test("| joins alternatives; !term holds when no label from the root holds the term (exactly)")
  func orAndNot() {
    #expect(matches("apple | pear", "Fruit/Pear"))
    #expect(matches("apple | pear", "Fruit/Apple"))
    #expect(!matches("apple | pear", "Veg/Leek"))
    #expect(matches("swift !test", "src/main.swift"))
    #expect(!matches("swift !test", "src/test/a.swift"), "an ancestor holds test")
    #expect(matches("!tst", "src/test/a.swift"), "!term is exact: tst is no substring of test")
    #expect(matches("!test", "src/main.swift"), "only negations: every node not excluded")
    #expect(!matches("!src", "src"))
  }

  @Test("a term holding / matches the path, its last character inside the node's own label")
  func pathFragments() {
    #expect(matches("Explorer/Prev", "Sources/Explorer/Previewer.swift"))
    #expect(!matches("Explorer/Prev", "Sources/Explorer"), "the match must reach the node's label")
    #expect(matches("Sou/Exp", "Sources/Explorer"))
    #expect(
      !matches("Sou/Exp", "Sources/Explorer/Key.swift"),
      "it ends in Explorer: the folder matches, not the files below it")
    #expect(matches("^Sources/Exp", "Sources/Explorer"))
    #expect(!matches("^ources/Exp", "Sources/Explorer"))
    #expect(matches("xplorer/Previewer.swift$", "Sources/Explorer/Previewer.swift"))
    #expect(!matches("!test/ swift", "src/test/a.swift"), "a negated path term on the path")
  }

  @Test("case is smart per term; escaped spaces are part of a term; empty queries match everything")
  func caseAndSpaces() {
    #expect(matches("apple", "Fruit/APPLE") && !matches("Apple", "Fruit/APPLE"))
    #expect(matches("granny\\ smith", "Veg/Granny Smith"))
    #expect(!matches("'granny\\ smith", "Veg/Granny-Smith"))
    #expect(SearchQuery("  ").isEmpty && matches("  ", "Veg/Leek"))
    #expect(SearchQuery("!").isEmpty, "an operator alone is no term")
  }

  @Test("matched positions are the node's own label's characters the positive terms match")
  func positions() {
    #expect(SearchQuery("aple").matchedPositions(in: ["Fruit", "Apple"]) == [0, 1, 3, 4])
    #expect(SearchQuery("^ap ple$").matchedPositions(in: ["Fruit", "Apple"]) == [0, 1, 2, 3, 4])
    #expect(SearchQuery("fruit !x").matchedPositions(in: ["Fruit", "Apple"]) == [])
    #expect(
      SearchQuery("Explorer/Prev").matchedPositions(in: ["Sources", "Explorer", "Previewer"])
        == [0, 1, 2, 3])
  }

  @Test(
    "a node's score: nil exactly when it does not match; word starts and runs beat scattered characters; the whole label beats a part; a term matching only above the node adds nothing"
  )
  func scores() {
    func score(_ query: String, _ path: String) -> Int? {
      SearchQuery(query).score(path.split(separator: "/").map(String.init))
    }
    // nil exactly when matches(_:) is false, on every query and label here.
    let labels = ["docs/notes.txt", "docs/txt", "src/t-x-t.c", "a/b", "Fruit/Apple", "x/TXT"]
    for query in ["txt", "^no", "t$", "'xt", "!a", "docs/ txt", "txt | b", "TXT", "zz"] {
      for path in labels {
        let labelPath = path.split(separator: "/").map(String.init)
        #expect(
          (SearchQuery(query).score(labelPath) != nil) == SearchQuery(query).matches(labelPath),
          "\(query) on \(path)")
      }
    }
    #expect(score("txt", "docs/txt")! > score("txt", "docs/notes.txt")!, "the whole label")
    #expect(score("app", "x/app")! > score("app", "x/apple")!, "the whole label, the same run")
    #expect(score("app", "x/apple")! == score("app", "x/applet")!, "a part: the run alone")
    #expect(score("txt", "docs/notes.txt")! > score("txt", "src/t-x-t.c")!, "a run")
    #expect(score("ap", "Fruit/Apple")! > score("ap", "Fruit/Grape")!, "a word start")
    #expect(score("txt", "a/b") == nil)
    #expect(score("!a", "x/TXT") == 0, "a negated term adds nothing")
    #expect(score("docs/ txt", "docs/notes.txt") == score("txt", "docs/notes.txt"))
    #expect(score("TXT", "x/TXT") != nil && score("TXT", "docs/txt") == nil, "smart case")
  }

  @Test(
    "a tree filtered by a query shows its matches, their ancestors and a matching folder's contents"
  )
  func filtersATree() throws {
    var tree = try SelectionTree(paths: [
      "src/main.swift", "src/test/a.swift", "docs/readme.md",
    ])
    tree.setFilter(TreeFilter(query: SearchQuery("swift !test")))
    #expect(tree.isVisible("src/main.swift") == true)
    #expect(tree.isVisible("src/test/a.swift") == false)
    #expect(tree.isVisible("docs/readme.md") == false)
    tree.setFilter(TreeFilter(query: SearchQuery("^read")))
    #expect(tree.isVisible("docs/readme.md") == true && tree.isVisible("src") == false)
  }
}
