import Testing

@testable import ToggleKit

@Suite("FilterRules: rsync filter files and gitignores a user already has")
struct FilterRulesTests {
  /// Whether rules select a path written with `/` (a trailing `/` for a folder).
  func selects(_ rules: FilterRules, _ path: String) -> Bool {
    let isFolder = path.hasSuffix("/")
    let names = path.split(separator: "/").map(String.init)
    return rules.isSelected(names, isFolder: isFolder)
  }

  @Test("rsync: the first rule that matches decides, and a path no rule matches is selected")
  func rsyncFirstMatchDecides() throws {
    let rules = try FilterRules(rsyncFilter: "+ keep.o\n- *.o\n+ *.o\n")
    #expect(selects(rules, "src/keep.o"))
    #expect(!selects(rules, "src/main.o"))
    #expect(selects(rules, "src/main.c"))
  }

  @Test("rsync: nothing inside an excluded folder is selected, whatever a later rule says")
  func rsyncExcludedFolderIsNotEntered() throws {
    let rules = try FilterRules(rsyncFilter: "- /a/\n+ /a/b/c\n")
    #expect(!selects(rules, "a/b/c"))
    #expect(!selects(rules, "a/"))
    #expect(selects(rules, "ab/"))
  }

  @Test(
    "rsync: includes need their folders before the closing '- *', and '/P/***' selects the folder P and all inside it but not a file named P"
  )
  func rsyncIncludesNeedTheirFolders() throws {
    let rules = try FilterRules(rsyncFilter: "+ /home/\n+ /home/ada/***\n- *\n")
    #expect(selects(rules, "home/ada/notes/today.txt"))
    #expect(selects(rules, "home/ada/"))
    #expect(!selects(rules, "home/bob/notes.txt"))
    #expect(!selects(rules, "etc/"))
    let lone = try FilterRules(rsyncFilter: "+ /home/ada/***\n- *\n")
    #expect(!selects(lone, "home/ada/notes.txt"), "home itself is excluded by '- *'")
    let file = try FilterRules(rsyncFilter: "+ /P/***\n- *\n")
    #expect(!selects(file, "P"), "a file named P")
    #expect(selects(file, "P/"))
  }

  @Test(
    "rsync: a name pattern matches at any depth, a leading '/' anchors, and a pattern with a '/' inside matches the path's end at a name's start"
  )
  func rsyncPlaces() throws {
    let name = try FilterRules(rsyncFilter: "- core\n")
    #expect(!selects(name, "core") && !selects(name, "a/b/core") && selects(name, "a/core2"))
    let anchored = try FilterRules(rsyncFilter: "- /core\n")
    #expect(!selects(anchored, "core") && selects(anchored, "a/core"))
    let inner = try FilterRules(rsyncFilter: "- b/c\n")
    #expect(!selects(inner, "b/c") && !selects(inner, "a/b/c") && selects(inner, "a/xb/c"))
  }

  @Test(
    "rsync: a pattern starting with '**/' matches at the top too, an anchored '/**/' and an inner '/**/' need a folder there"
  )
  func rsyncLeadingDoubleStar() throws {
    // Each checked with rsync 3.5.0 on these paths first.
    let lead = try FilterRules(rsyncFilter: "- **/x\n")
    #expect(!selects(lead, "x/") && !selects(lead, "a/x/") && !selects(lead, "q/a/x/"))
    let anchored = try FilterRules(rsyncFilter: "- /**/x\n")
    #expect(selects(anchored, "x/") && !selects(anchored, "a/x/"))
    let two = try FilterRules(rsyncFilter: "- **/a/x\n")
    #expect(!selects(two, "a/x/") && !selects(two, "q/a/x/") && selects(two, "a/b/"))
    let inner = try FilterRules(rsyncFilter: "- a/**/x\n")
    #expect(selects(inner, "a/x/") && selects(inner, "q/a/x/") && !selects(inner, "a/b/x/"))
    let inside = try FilterRules(rsyncFilter: "+ **/x/***\n- *\n")
    #expect(selects(inside, "x/") && selects(inside, "x/f") && !selects(inside, "a/"))
    let wild = try FilterRules(rsyncFilter: "- **/a/**/x\n")
    #expect(!selects(wild, "a/b/x/") && !selects(wild, "q/a/b/x/") && selects(wild, "a/x/"))
  }

  @Test("rsync: '*' stays within a name, '**' crosses names, '?' and '[…]' match one byte")
  func rsyncWildcards() throws {
    let star = try FilterRules(rsyncFilter: "- /a/*.log\n")
    #expect(!selects(star, "a/x.log") && selects(star, "a/b/x.log"))
    let stars = try FilterRules(rsyncFilter: "- /a/**.log\n")
    #expect(!selects(stars, "a/x.log") && !selects(stars, "a/b/x.log"))
    let one = try FilterRules(rsyncFilter: "- ?.[ch]\n")
    #expect(
      !selects(one, "a.c") && !selects(one, "b.h") && selects(one, "ab.c") && selects(one, "a.o"))
  }

  @Test("rsync: a trailing '/' matches folders only")
  func rsyncFolderOnly() throws {
    let rules = try FilterRules(rsyncFilter: "- build/\n")
    #expect(!selects(rules, "app/build/") && selects(rules, "app/build"))
  }

  @Test(
    "rsync: a backslash quotes only in a pattern with '*', '?' or '[' — elsewhere it is a byte of the name"
  )
  func rsyncBackslashes() throws {
    let plain = try FilterRules(rsyncFilter: #"- /a\b"# + "\n")
    #expect(!selects(plain, #"a\b"#) && selects(plain, "ab"))
    let wild = try FilterRules(rsyncFilter: #"- /a\b*"# + "\n")
    #expect(!selects(wild, "ab1") && selects(wild, #"a\b1"#))
    let quotedStar = try FilterRules(rsyncFilter: #"- /st\*r"# + "\n")
    #expect(!selects(quotedStar, "st*r") && selects(quotedStar, "stXr"))
  }

  @Test(
    "rsync: comments ('#', ';') and blank lines are skipped, CR LF and CR end lines, trailing spaces belong to the pattern, '!' clears the rules, long names and '_' read as the short ones"
  )
  func rsyncFileSyntax() throws {
    let rules = try FilterRules(
      rsyncFilter: "# a comment\r\n; another\r\n\r\n- gone\r- x \n!\nexclude a.o\n-_b.o\nP keep\n")
    #expect(rules.filters.map(\.pattern) == ["a.o", "b.o"])
    #expect(rules.filters.map(\.line) == [7, 8])
    #expect(selects(rules, "gone"), "cleared by '!'")
    let spaced = try FilterRules(rsyncFilter: "- x \n")
    #expect(!selects(spaced, "x ") && selects(spaced, "x"))
  }

  @Test("rsync: names are bytes — a pattern holding a byte that is not UTF-8 matches that byte")
  func rsyncRawBytes() throws {
    let rules = try FilterRules(rsyncFilter: Array("- /f".utf8) + [0xFF] + [0x0A])
    #expect(!rules.isSelected(bytes: [[0x66, 0xFF]], isFolder: false))
    #expect(rules.isSelected(bytes: [Array("f\u{FFFD}".utf8)], isFolder: false))
  }

  @Test(
    "rsync: a line that is not a rule this reader knows is an error with its file, line and column — merges, modifiers, unknown words, a missing pattern"
  )
  func rsyncErrors() {
    func error(_ text: String) -> String {
      do {
        _ = try FilterRules(rsyncFilter: text, file: "rules")
        return "no error"
      } catch { return error.description }
    }
    #expect(
      error("+ a\nmerge other\n").hasPrefix("rules:2:1: 'merge' reads rules from other files"))
    #expect(error(": .rsync-filter\n").hasPrefix("rules:1:1: ':' reads rules from other files"))
    #expect(error("-/ etc\n").hasPrefix("rules:1:2: modifiers after '-' are not supported"))
    #expect(error("+! a\n").hasPrefix("rules:1:2: modifiers after '+' are not supported"))
    #expect(error("exclude,s a\n").hasPrefix("rules:1:8: modifiers after 'exclude'"))
    #expect(error("* .o\n").hasPrefix("rules:1:1: expected a rule: '+ PATTERN'"))
    #expect(error("-\n").hasPrefix("rules:1:2: expected a pattern after '-"))
    #expect(error("- \n").hasPrefix("rules:1:3: expected a pattern after '- '"))
    #expect(error("! x\n").hasPrefix("rules:1:2: expected nothing after '!'"))
    // No raw control character reaches the message.
    #expect(!error("\u{1B}[31m x\n").contains("\u{1B}"))
  }

  @Test(
    "gitignore: the last pattern that matches decides, '!' re-includes, but nothing inside an ignored folder comes back"
  )
  func gitignoreLastMatchDecides() {
    let rules = FilterRules(gitignore: "*.log\n!keep.log\nbuild/\n!build/keep.txt\n", under: ["p"])
    #expect(!selects(rules, "p/x.log") && selects(rules, "p/keep.log"))
    #expect(!selects(rules, "p/build/keep.txt"), "git cannot re-include inside an ignored folder")
    #expect(selects(rules, "p/build"), "a file named build: the pattern is for folders")
    #expect(rules.filters.map(\.isIncluded) == [false, true, false, true])
    #expect(rules.filters.map(\.pattern) == ["*.log", "keep.log", "build/", "build/keep.txt"])
  }

  @Test(
    "gitignore: patterns are relative to the folder that holds the file, and a path outside it is selected"
  )
  func gitignoreFolder() {
    let rules = FilterRules(gitignore: "/a\n", under: ["p", "q"])
    #expect(!selects(rules, "p/q/a") && selects(rules, "p/q/b/a") && selects(rules, "a"))
    #expect(selects(rules, "p/q/"), "the folder itself")
    #expect(selects(rules, "x/q/a"))
  }

  @Test("gitignore: names are bytes, and a CR LF file reads as its LF twin")
  func gitignoreBytes() {
    let rules = FilterRules(gitignore: Array("/f".utf8) + [0xFF, 0x0D, 0x0A], under: [])
    #expect(!rules.isSelected(bytes: [[0x66, 0xFF]], isFolder: false))
    #expect(rules.isSelected(bytes: [[0x66]], isFolder: false))
    #expect(rules.filters.first?.pattern == LabelBytes.label(decoding: Array("/f".utf8) + [0xFF]))
  }
}
