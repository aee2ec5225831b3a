import TestSupport
import Testing

@testable import ToggleKit

/// The patterns of filter files at every depth, against a naive matcher.
///
/// A pattern of a fixed number of names is tried only where that many names can be (at one depth
/// when anchored, at the path's last names when not), so a deep tree costs no more per node than a
/// shallow one. The naive matcher, written from the tools' manuals, tries every place.
@Suite("Filter patterns at every depth, against a naive matcher that tries every place")
struct FilterPatternDepthTests {
  // MARK: A naive matcher, from the manuals

  /// Whether a glob matches all of `text`, tried the obvious way (the strings are short).
  ///
  /// `**` matches any bytes, `*` any bytes but `/`, `?` one byte but `/`, `[ab]` / `[!ab]` one byte
  /// of (not of) the set; other bytes themselves. By recursion over both.
  static func glob(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    let rest = pattern.dropFirst()
    switch first {
    case UInt8(ascii: "*"):
      if rest.first == UInt8(ascii: "*") {
        let after = rest.drop { $0 == UInt8(ascii: "*") }
        return (0...text.count).contains { glob(after, text.dropFirst($0)) }
      }
      var taken = 0
      while true {
        if glob(rest, text.dropFirst(taken)) { return true }
        guard taken < text.count, text[text.startIndex + taken] != UInt8(ascii: "/") else {
          return false
        }
        taken += 1
      }
    case UInt8(ascii: "?"):
      guard let byte = text.first, byte != UInt8(ascii: "/") else { return false }
      return glob(rest, text.dropFirst())
    case UInt8(ascii: "["):
      let close = rest.firstIndex(of: UInt8(ascii: "]"))!
      var members = rest[..<close]
      let negated = members.first == UInt8(ascii: "!")
      if negated { members = members.dropFirst() }
      guard let byte = text.first, byte != UInt8(ascii: "/"), members.contains(byte) != negated
      else { return false }
      return glob(rest[(close + 1)...], text.dropFirst())
    default:
      return text.first == first && glob(rest, text.dropFirst())
    }
  }

  /// Whether an rsync pattern matches, as rsync's manual and its exclude.c say.
  ///
  /// A leading `/` anchors the pattern at the top; otherwise it matches the end of
  /// the path at a name's start (a pattern without `/` or `**` can only match the last name
  /// then); a trailing `/` matches folders only; a trailing `/***` matches the folder and
  /// everything inside it. And rsync's exclude.c: an unanchored pattern starting with `**/` is
  /// tried without them at the root too (checked with rsync 3: `- **/x` leaves out a top-level
  /// `x`, `- /**/x` keeps it), and a `**/***` matches every path (checked with rsync: its
  /// exclude.c puts a `/` before the path for a pattern that starts with `**`).
  static func rsyncMatches(_ pattern: String, _ names: [String], isFolder: Bool) -> Bool {
    var body = Array(pattern.utf8)[...]
    var folderOnly = false
    var inside = false
    if body.count >= 4, body.suffix(4).elementsEqual("/***".utf8) {
      inside = true
      folderOnly = true
      body = body.dropLast(4)
    } else if body.last == UInt8(ascii: "/") {
      folderOnly = true
      body = body.dropLast()
    }
    let anchored = body.first == UInt8(ascii: "/")
    if anchored { body = body.dropFirst() }
    func itself(_ names: ArraySlice<String>, isFolder: Bool) -> Bool {
      if folderOnly && !isFolder { return false }
      let text = Array(names.joined(separator: "/").utf8)
      if anchored { return glob(body, text[...]) }
      if body.starts(with: "**/".utf8), glob(body.dropFirst(3), text[...]) { return true }
      var start = 0
      for name in names {
        if glob(body, text[start...]) { return true }
        start += name.utf8.count + 1
      }
      return false
    }
    if itself(names[...], isFolder: isFolder) { return true }
    // rsync matches a pattern starting with `**` against the path with a `/` before it: a body
    // that matches the empty name before that `/` (`**` of `**/***`) makes the top its folder.
    if inside && !anchored && body.starts(with: "**".utf8) && glob(body, []) { return true }
    return inside && (1..<names.count).contains { itself(names[..<$0], isFolder: true) }
  }

  /// git's manual, for a pattern with a `/` before its end: matched against the whole path (from
  /// the `.gitignore`'s folder), `*` and `?` within a name; a name `**` matches any number of
  /// names (at the end: one or more, everything inside); a trailing `/` matches folders only.
  static func gitMatches(_ pattern: String, _ names: [String], isFolder: Bool) -> Bool {
    var text = pattern
    if text.hasSuffix("/") {
      guard isFolder else { return false }
      text.removeLast()
    }
    if text.hasPrefix("/") { text.removeFirst() }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    func match(_ parts: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
      guard let part = parts.first else { return names.isEmpty }
      if part == "**" {
        if parts.count == 1 { return !names.isEmpty }
        return (0...names.count).contains { match(parts.dropFirst(), names.dropFirst($0)) }
      }
      guard let name = names.first, glob(Array(part.utf8)[...], Array(name.utf8)[...]) else {
        return false
      }
      return match(parts.dropFirst(), names.dropFirst())
    }
    return match(parts[...], names[...])
  }

  // MARK: Random patterns and paths

  /// A random pattern of one to three names, each a name, a wildcard or `**`.
  static func randomNames(_ random: inout SeededGenerator, doubleStar: Bool) -> [String] {
    var pieces = ["a", "b", "ab", "*", "?", "a*", "*b", "[ab]", "[!a]", "a?"]
    if doubleStar { pieces.append("**") }
    return (0..<Int.random(in: 1...3, using: &random)).map { _ in
      pieces.randomElement(using: &random)!
    }
  }

  /// A random path of one to `maxDepth` names.
  static func randomPath(_ random: inout SeededGenerator, maxDepth: Int = 7) -> [String] {
    (0..<Int.random(in: 1...maxDepth, using: &random)).map { _ in
      ["a", "b", "ab", "ba", "aa"].randomElement(using: &random)!
    }
  }

  /// The path's names joined by `/`, and where each starts.
  static func joined(_ names: [String]) -> (bytes: [UInt8], starts: [Int]) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    for name in names {
      if !bytes.isEmpty { bytes.append(UInt8(ascii: "/")) }
      starts.append(bytes.count)
      bytes += name.utf8
    }
    return (bytes, starts)
  }

  @Test(
    "an rsync pattern matches a path at every depth as the manual says: anchored, at a name's start, folders only, and a folder with all inside it"
  )
  func rsyncPatternsAtEveryDepth() {
    var random = SeededGenerator(seed: 43)
    var matched = 0
    var fixed = 0
    var wrong: [String] = []
    let trials = Tier.size(fast: 6_000, long: 60_000)
    for _ in 0..<trials {
      let names = Self.randomNames(&random, doubleStar: Bool.random(using: &random))
      let lead = Bool.random(using: &random) ? "/" : ""
      let tail = ["", "", "/", "/***"].randomElement(using: &random)!
      let text = lead + names.joined(separator: "/") + tail
      let pattern = RsyncPattern(Array(text.utf8))!
      if pattern.nameCount != nil { fixed += 1 }
      for _ in 0..<6 {
        let path = Self.randomPath(&random)
        let isFolder = Bool.random(using: &random)
        let (bytes, starts) = Self.joined(path)
        let expected = Self.rsyncMatches(text, path, isFolder: isFolder)
        if pattern.matches(bytes, starts, isFolder: isFolder) != expected {
          wrong.append("\(text) on \(path.joined(separator: "/"))\(isFolder ? "/" : "")")
        }
        if expected { matched += 1 }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) answers differ, first: \(wrong.prefix(3))")
    // The worlds are not trivial: many matches, and most patterns of a fixed number of names.
    #expect(matched > trials / 2)
    #expect(fixed > trials / 2)
  }

  @Test(
    "a gitignore pattern with a '/' matches the whole path at every depth as the manual says, '**' any number of names"
  )
  func gitPatternsAtEveryDepth() {
    var random = SeededGenerator(seed: 44)
    var matched = 0
    var wrong: [String] = []
    let trials = Tier.size(fast: 6_000, long: 60_000)
    for _ in 0..<trials {
      var names = Self.randomNames(&random, doubleStar: Bool.random(using: &random))
      // A slash before the end anchors: two names at least, or a leading '/'.
      let lead = names.count == 1 || Bool.random(using: &random) ? "/" : ""
      if names == ["**"] { names = ["a", "**"] }
      let text = lead + names.joined(separator: "/") + (Bool.random(using: &random) ? "/" : "")
      let rules = FilterRules(gitignore: text + "\n")
      let rule = rules.filters[0]
      for _ in 0..<6 {
        let path = Self.randomPath(&random, maxDepth: Int.random(in: 3...7, using: &random))
        let isFolder = Bool.random(using: &random)
        let (bytes, starts) = Self.joined(path)
        let expected = Self.gitMatches(text, path, isFolder: isFolder)
        if rule.matches(bytes, starts, isFolder) != expected {
          wrong.append("\(text) on \(path.joined(separator: "/"))\(isFolder ? "/" : "")")
        }
        if expected { matched += 1 }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) answers differ, first: \(wrong.prefix(3))")
    // Not trivial: whole paths match now and then (a fifth of the patterns, once in six paths).
    #expect(matched > trials / 5)
  }

  @Test(
    "a 100,000-deep chain follows rules of a fixed number of names in one pass: each is tried where its names can be"
  )
  func deepChainFollowsRules() throws {
    let depth = 100_000
    let entries = (0..<depth).map { node in
      SelectionTree<Int>.Entry(id: node, parent: node == 0 ? nil : node - 1, label: "n\(node)")
    }
    let tree = try SelectionTree(entries: entries)
    let path = (0..<depth).map { "n\($0)" }
    // Anchored names, a path's end, `**/` and names, a folder and all inside it, a name: each
    // asked of every node.
    let rsync = try FilterRules(
      rsyncFilter: "- /n0/n1/x/\n+ /n0/q/***\n- **/n9/z\n- n49999/n50000\n- n7?/z\n- *.o\n")
    #expect(
      try tree.selectionSpec(following: rsync)
        == SelectionSpec([
          .init(["n0"], isIncluded: true), .init(Array(path[...50_000]), isIncluded: false),
        ]))
    let git = FilterRules(gitignore: "/n0/n1/x\nn3/n4\n**/n9/z/\n[n]99999\n*.o\n")
    #expect(
      try tree.selectionSpec(following: git)
        == SelectionSpec([
          .init(["n0"], isIncluded: true), .init(path, isIncluded: false),
        ]))
  }
}
