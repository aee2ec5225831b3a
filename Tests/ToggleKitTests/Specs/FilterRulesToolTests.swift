import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

#if canImport(Glibc)
  import Glibc
#endif

/// Part of a pattern: bytes of a name, or pattern syntax.
enum RulePiece {
  /// Bytes of a name, quoted where the pattern's language needs it.
  case name([UInt8])
  /// Syntax: a wildcard, a separator, `**/`, `/***`.
  case syntax(String)
}

/// Random rule files written over the names of random folders, as a user writes them.
struct RuleWriter {
  /// The paths below the root, names as bytes, with whether each is a folder.
  let entries: [([[UInt8]], Bool)]

  /// The bytes a backslash quotes.
  static let special: Set<UInt8> = [0x5C, 0x2A, 0x3F, 0x5B]

  /// A name as a pattern: as it is, or now and then with a wildcard in it (half the time with
  /// `wild`, never without).
  func name(_ name: [UInt8], wild: Bool, _ random: inout SeededGenerator) -> [RulePiece] {
    guard wild else { return [.name(name)] }
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return [.syntax("*")]
    case 1 where name.count > 1:
      // A `*` for the name's end.
      return [
        .name(Array(name.prefix(Int.random(in: 1..<name.count, using: &random)))), .syntax("*"),
      ]
    case 2 where !name.isEmpty:
      // A `?` for one byte (an ASCII one: `?` is one byte to both tools).
      let at = Int.random(in: 0..<name.count, using: &random)
      guard name[at] < 0x80 else { return [.name(name)] }
      return [.name(Array(name[..<at])), .syntax("?"), .name(Array(name[(at + 1)...]))]
    case 3 where !name.isEmpty && name[0] < 0x80 && !"]!^\\".utf8.contains(name[0]):
      // A bracket expression for the first byte.
      return [.syntax("[\(UnicodeScalar(name[0]))]"), .name(Array(name.dropFirst()))]
    default: return [.name(name)]
    }
  }

  /// The pattern's bytes: names quoted when `quote`.
  func render(_ pieces: [RulePiece], quote: Bool) -> [UInt8] {
    pieces.flatMap { piece -> [UInt8] in
      switch piece {
      case .syntax(let text): return Array(text.utf8)
      case .name(let bytes):
        return quote ? bytes.flatMap { Self.special.contains($0) ? [0x5C, $0] : [$0] } : bytes
      }
    }
  }

  /// Names joined by `/`.
  func joined(_ names: [[RulePiece]]) -> [RulePiece] {
    Array(names.joined(separator: [.syntax("/")]))
  }

  /// An rsync rule for a random entry: anchored, a name anywhere, the path's end, `**/`, a
  /// folder's `/***`, folders only.
  func rsyncRule(_ random: inout SeededGenerator) -> [UInt8] {
    let (path, isFolder) = entries.randomElement(using: &random)!
    let include = Bool.random(using: &random)
    let wild = Bool.random(using: &random)
    let names = path.map { name($0, wild: wild, &random) }
    var pieces: [RulePiece]
    switch Int.random(in: 0..<5, using: &random) {
    case 0: pieces = names.last!
    case 1 where names.count > 1:
      pieces = joined(names.suffix(Int.random(in: 1..<names.count, using: &random)))
    case 2:
      // At any depth, the top's names too (`**/x` matches a top-level `x` in rsync).
      pieces =
        [.syntax("**/")] + joined(names.suffix(Int.random(in: 1...names.count, using: &random)))
    default: pieces = [.syntax("/")] + joined(names)
    }
    // Mostly on folders; now and then on a file, which neither matches.
    let suffix = Int.random(in: 0..<(isFolder ? 3 : 8), using: &random)
    if suffix == 0 {
      pieces.append(.syntax("/***"))
    } else if suffix == 1 {
      pieces.append(.syntax("/"))
    }
    // rsync reads backslashes as quotes only in a pattern with `*`, `?` or `[` (the names' own
    // included): quote the names then, and only then.
    let plain = render(pieces, quote: false)
    let isWild = plain.contains { $0 == 0x2A || $0 == 0x3F || $0 == 0x5B }
    return Array((include ? "+ " : "- ").utf8) + render(pieces, quote: isWild)
  }

  /// A `.gitignore` pattern for a random entry (relative to the root): a name anywhere, an
  /// anchored path, `**/`, folders only, `!` to re-include.
  func gitRule(_ random: inout SeededGenerator) -> [UInt8] {
    let (path, isFolder) = entries.randomElement(using: &random)!
    let names = path.map { name($0, wild: Bool.random(using: &random), &random) }
    var pattern: [UInt8]
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      // A name anywhere: a leading `#` or `!` quoted.
      pattern = render(names.last!, quote: true)
      if pattern.first == 0x23 || pattern.first == 0x21 { pattern.insert(0x5C, at: 0) }
    case 1 where names.count > 1: pattern = render([.syntax("**/")] + names.last!, quote: true)
    default: pattern = render([.syntax("/")] + joined(names), quote: true)
    }
    if pattern.last == 0x20 { pattern.insert(0x5C, at: pattern.count - 1) }
    if Int.random(in: 0..<(isFolder ? 2 : 6), using: &random) == 0 { pattern += [0x2F] }
    return (Int.random(in: 0..<3, using: &random) == 0 ? [0x21] : []) + pattern
  }
}

@Suite("Filter files a user already has, read as rsync and git read them")
struct FilterRulesToolTests {
  /// Every entry below a folder (bytes, relative), with whether it is a folder.
  static func everything(below root: String) -> [([[UInt8]], Bool)] {
    var result: [([[UInt8]], Bool)] = []
    var pending: [[[UInt8]]] = [[]]
    while let relative = pending.popLast() {
      let path = Array(root.utf8) + relative.flatMap { [UInt8(ascii: "/")] + $0 }
      guard let folder = SpecToolWorld.opendirBytes(path) else { continue }
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          Array(raw.prefix(while: { $0 != 0 }))
        }
        if name == Array(".".utf8) || name == Array("..".utf8) || name == Array(".git".utf8) {
          continue
        }
        let isFolder = entry.pointee.d_type == UInt8(DT_DIR)
        result.append((relative + [name], isFolder))
        if isFolder { pending.append(relative + [name]) }
      }
      closedir(folder)
    }
    return result
  }

  /// A path's names joined by `/`.
  static func joined(_ entry: ([[UInt8]], Bool)) -> [UInt8] {
    Array(entry.0.joined(separator: [0x2F]))
  }

  @Test(
    "in 16 random folders of hostile names (32 in the long tier), random rsync filter files and gitignores read by FilterRules select exactly what rsync copies and what git tracks — every file and folder — as does a tree of the folder set to the spec that follows them, and they still do after new files appear inside included and excluded folders",
    .enabled(if: SpecToolWorld.hasRsync && SpecToolWorld.hasGit))
  func rulesDecideAsTheToolsDo() throws {
    var random = SeededGenerator(seed: 0x6669_6c74)
    var partial = (rsync: 0, git: 0)
    for round in 0..<Tier.size(fast: 16, long: 32) {
      let scratch = NSTemporaryDirectory() + "togglekit-rules-\(UUID().uuidString)"
      defer { try? FileManager.default.removeItem(atPath: scratch) }
      try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
      let root = Array((scratch + "/proj").utf8)
      SpecToolWorld.make(root, folder: true)
      let folders = SpecToolWorld.makeTree(root, random: &random)
      let writer = RuleWriter(
        entries: Self.everything(below: scratch + "/proj").map { ([Array("proj".utf8)] + $0, $1) })
      // Now and then the top included first, as files that end in `- *` need.
      var rsyncText = Bool.random(using: &random) ? Array("+ /proj/\n".utf8) : []
      for _ in 0..<Int.random(in: 1...7, using: &random) {
        rsyncText += writer.rsyncRule(&random) + [0x0A]
      }
      if Bool.random(using: &random) { rsyncText += Array("- *\n".utf8) }
      let gitWriter = RuleWriter(entries: writer.entries.map { (Array($0.dropFirst()), $1) })
      var gitText: [UInt8] = []
      for _ in 0..<Int.random(in: 1...7, using: &random) {
        gitText += gitWriter.gitRule(&random) + [0x0A]
      }
      try Data(rsyncText).write(to: URL(fileURLWithPath: scratch + "/rules"))
      let rsyncRules = try FilterRules(rsyncFilter: rsyncText, file: "rules")
      let gitRules = FilterRules(gitignore: gitText, under: ["proj"])
      let context =
        "round \(round):\n\(String(decoding: rsyncText, as: UTF8.self))--\n"
        + String(decoding: gitText, as: UTF8.self)

      func check(_ when: String) throws {
        let project = scratch + "/proj"
        let entries = Self.everything(below: scratch + "/proj")
        // rsync: every file and folder it copies, and nothing else.
        try? FileManager.default.removeItem(atPath: scratch + "/copy")
        try SpecToolWorld.run(
          "/usr/bin/rsync",
          ["-r", "--filter=merge \(scratch)/rules", scratch + "/proj", scratch + "/copy/"],
          in: scratch)
        let copied = Set(Self.everything(below: scratch + "/copy").map(Self.joined))
        let top = [Array("proj".utf8)]
        let all = [(top, true)] + entries.map { (top + $0.0, $0.1) }
        let expected = Set(
          all.filter { rsyncRules.isSelected(bytes: $0.0, isFolder: $0.1) }.map(Self.joined))
        #expect(copied == expected, "rsync \(when), \(context)")
        if !copied.isEmpty && copied.count <= entries.count { partial.rsync += 1 }
        // A tree of the folder set to the spec that follows the rules selects the files rsync
        // copies.
        var tree = try SelectionTree.directory(at: project, includeHidden: true).tree
        let applied = tree.setSelection(to: try tree.selectionSpec(following: rsyncRules))
        #expect(applied.isComplete)
        #expect(
          SpecToolWorld.selectedLeaves(tree, foldersToo: false)
            == SpecToolWorld.entries(below: scratch + "/copy/proj").files,
          "tree following the rsync rules \(when), \(context)")
        // git: every file it tracks.
        try SpecToolWorld.run("/usr/bin/git", ["init", "-q"], in: project)
        try Data(gitText).write(to: URL(fileURLWithPath: project + "/.git/info/exclude"))
        try SpecToolWorld.run("/usr/bin/git", ["add", "-A"], in: project)
        let tracked = try SpecToolWorld.run("/usr/bin/git", ["ls-files", "-z"], in: project).output
        let trackedSet = Set(tracked.split(separator: 0).map(Array.init))
        let files = entries.filter { !$0.1 }
        let expectedTracked = Set(
          files.filter { gitRules.isSelected(bytes: top + $0.0, isFolder: false) }.map(Self.joined)
        )
        #expect(trackedSet == expectedTracked, "git \(when), \(context)")
        if !trackedSet.isEmpty && trackedSet.count < files.count { partial.git += 1 }
        tree.setSelection(to: try tree.selectionSpec(following: gitRules))
        #expect(
          SpecToolWorld.selectedLeaves(tree, foldersToo: false) == trackedSet,
          "tree following the gitignore \(when), \(context)")
        try FileManager.default.removeItem(atPath: project + "/.git")
      }

      try check("as written")
      for _ in 0..<3 {
        let folder = folders.randomElement(using: &random)!
        SpecToolWorld.make(
          folder + Array("/new \(round)\(Int.random(in: 0..<1000, using: &random))".utf8),
          folder: false)
      }
      try check("after new files")
    }
    // Most checks (two a round) select some entries and leave others.
    #expect(partial.rsync >= Tier.size(fast: 16, long: 32), "\(partial) partial checks")
    #expect(partial.git >= Tier.size(fast: 16, long: 32), "\(partial) partial checks")
  }
}
