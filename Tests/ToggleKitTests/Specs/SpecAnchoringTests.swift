import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("Specs anchored at a folder: paths relative to the tree's root, as a shell writes them")
struct SpecAnchoringTests {
  /// Labels a folder may hold: spaces at either end, separators, backslashes, controls, an empty
  /// label, names a spec's syntax reads (`#`, `+ `, `rules`), twins of one normalisation.
  static let labels = [
    "a", " lead", "trail ", " ", "x/y", #"back\slash"#, "tab\there", "", "#hash", "+ plus",
    "rules rsync", "caf\u{E9}", "cafe\u{301}", "\u{1B}[2J", "..x", ".hidden", "/",
  ]

  @Test(
    "a spec written relative to a folder reads back below any folder, the same decisions and rules: '.' is the folder itself (2,000 seeded random specs of hostile labels)"
  )
  func relativeTextRoundTrips() throws {
    var random = SeededGenerator(seed: 0x616e_6368)
    for round in 0..<Tier.size(fast: 2_000, long: 20_000) {
      let base = [["ada"], ["/"], ["."], ["/", "home", "x", "ada"], ["a b"]].randomElement(
        using: &random)!
      var decisions: [SelectionSpec.Decision] = []
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let below = (0..<Int.random(in: 0...3, using: &random)).map { _ in
          Self.labels.randomElement(using: &random)!
        }
        decisions.append(.init(base + below, isIncluded: Bool.random(using: &random)))
      }
      var rules: FilterRules? = nil
      if Int.random(in: 0..<4, using: &random) == 0 {
        let folder = Bool.random(using: &random) ? [] : [Self.labels.randomElement(using: &random)!]
        rules = try FilterRules(
          Bool.random(using: &random) ? .rsync : .gitignore, lines: ["- *.o", "# c"],
          under: base + folder)
      }
      let spec = SelectionSpec(decisions, rules: rules)
      let text = try #require(spec.text(relativeTo: base))
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(round)")
      for other in [base, ["moved"], ["/", "elsewhere"]] {
        let read = try SelectionSpec(text: text, base: other)
        let expected = SelectionSpec(
          spec.decisions.map {
            .init(other + $0.path.dropFirst(base.count), isIncluded: $0.isIncluded)
          },
          rules: spec.rules.map { $0.under(other + $0.folder.dropFirst(base.count)) })
        #expect(read == expected, "round \(round): \(text.debugDescription)")
      }
    }
  }

  @Test(
    "paths as a shell writes them: './' and '../' are followed, a trailing '/' is dropped (an escaped one stays), a leading '/' anchors at the folder as rsync's rules do; '..' above the folder is an error with its line and column"
  )
  func shellForms() throws {
    let text = """
      + .
      - ./docs/
      + docs/../photos//
      - /cache/
      + a\\/
      rules gitignore under ./sub/
      *.o

      """
    let spec = try SelectionSpec(text: text, base: ["ada"])
    #expect(
      spec.decisions == [
        .init(["ada"], isIncluded: true), .init(["ada", "a/"], isIncluded: true),
        .init(["ada", "cache"], isIncluded: false), .init(["ada", "docs"], isIncluded: false),
        .init(["ada", "photos"], isIncluded: true),
      ])
    #expect(spec.rules?.folder == ["ada", "sub"])
    #expect(throws: TreeFormatError.self) { try SelectionSpec(text: "+ a//b\n", base: ["ada"]) }
    do {
      _ = try SelectionSpec(text: "+ .\n- docs/../../x\n", file: "s.spec", base: ["ada"])
      Issue.record("'..' above the folder is refused")
    } catch {
      #expect(error.line == 2 && error.column == 3 && error.message.contains("'..' climbs above"))
    }
    // Without a folder the labels are the file's: `.` is a label (`find .` names one so).
    let forest = try SelectionSpec(text: "+ ./docs/\n")
    #expect(forest.decisions == [.init([".", "docs"], isIncluded: true)])
  }

  @Test(
    "a path with a space or tab at either end is an error at its column — a typo ('-  ada/.cache') would name another file; a name that has one is written \\u{20} and reads back"
  )
  func spacesAtTheEnds() throws {
    for (line, column) in [
      ("-  ada/.cache", 3), ("+ docs ", 7), ("+ docs\t", 7), ("- \tx", 3), ("+ a  ", 4),
    ] {
      do {
        _ = try SelectionSpec(text: "+ .\n" + line + "\n", file: "s.spec")
        Issue.record("\(line.debugDescription) is refused")
      } catch {
        #expect(error.line == 2 && error.column == column, "\(line.debugDescription): \(error)")
        #expect(error.message.contains("\\u{20}"), "it says how to write such a name")
      }
    }
    let spec = SelectionSpec([
      .init([" lead", "mid dle ", "trail "], isIncluded: true), .init([" "], isIncluded: false),
    ])
    #expect(spec.text == "- \\u{20}\n+ \\u{20}lead/mid dle /trail\\u{20}\n")
    #expect(try SelectionSpec(text: spec.text) == spec)
  }

  @Test(
    "text(relativeTo:) is nil when a decision or the rules' folder lies outside the folder, and writes the folder's own decision as '.'"
  )
  func outsideTheFolder() throws {
    let inside = SelectionSpec([.init(["ada"], isIncluded: true)])
    #expect(inside.text(relativeTo: ["ada"]) == "+ .\n")
    #expect(inside.text(relativeTo: ["bob"]) == nil)
    let rules = SelectionSpec(rules: try FilterRules(rsyncFilter: "- *.o\n").under(["other"]))
    #expect(rules.text(relativeTo: ["ada"]) == nil)
    #expect(rules.text(relativeTo: ["other"]) == "rules rsync\n- *.o\n")
    #expect(
      SelectionSpec([.init(["caf\u{E9}"], isIncluded: true)]).text(relativeTo: ["cafe\u{301}"])
        == nil, "labels compare by their bytes")
  }
}
