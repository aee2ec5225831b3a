import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("A spec that keeps rules, written back as rsync filter rules and gitignore patterns")
struct SpecRulesExportTests {
  @Test(
    "rsync: the decisions first (a folder on the way to an include entered, and closed after them where the rules exclude it), then the rules as read after the last that clears the list, and no closing '- *'"
  )
  func rsyncWritesTheDecisionsThenTheRules() throws {
    let rules = try FilterRules(rsyncFilter: "- *.o\n- /build/\n")
    let spec = SelectionSpec([.init(["build", "keep"], isIncluded: true)], rules: rules)
    #expect(
      String(decoding: try spec.rsyncFilter(), as: UTF8.self)
        == "+ /build/\n+ /build/keep\n+ /build/keep/***\n- /build/*\n- *.o\n- /build/\n")
    // A folder the rules copy is entered and left to them; an exclusion needs no entering.
    let more = SelectionSpec(
      [.init(["src", "keep.o"], isIncluded: true), .init(["src", "vendor"], isIncluded: false)],
      rules: try FilterRules(rsyncFilter: "- *.o\n- stale\n!\nP /x\n# note\nhide *.tmp\n+ src/\n"))
    #expect(
      String(decoding: try more.rsyncFilter(), as: UTF8.self)
        == "+ /src/\n- /src/vendor\n- /src/vendor/***\n+ /src/keep.o\n+ /src/keep.o/***\n"
        + "- *.tmp\n+ src/\n")
    // Names with wildcards are escaped in the entering and closing rules alike.
    let wild = SelectionSpec(
      [.init(["b*", "k"], isIncluded: true)], rules: try FilterRules(rsyncFilter: "- /b\\*/\n"))
    #expect(
      String(decoding: try wild.rsyncFilter(), as: UTF8.self)
        == "+ /b\\*/\n+ /b\\*/k\n+ /b\\*/k/***\n- /b\\*/*\n- /b\\*/\n")
    // Rules alone: written as they are.
    #expect(
      String(decoding: try SelectionSpec(rules: rules).rsyncFilter(), as: UTF8.self)
        == "- *.o\n- /build/\n")
  }

  @Test(
    "gitignore: the rules first, then the decisions (the last match wins): an include takes back its path and all inside it, a folder on the way to one that the rules ignore is taken back with its contents ignored, an exclusion over includes ignores a file of its name and keeps the folder"
  )
  func gitignoreWritesTheRulesThenTheDecisions() throws {
    let rules = FilterRules(gitignore: "*.log\nbuild/\n", under: ["proj"])
    let spec = SelectionSpec([.init(["proj", "build", "keep"], isIncluded: true)], rules: rules)
    #expect(
      String(decoding: try spec.gitignore(under: ["proj"]), as: UTF8.self)
        == "*.log\nbuild/\n!/build/\n/build/*\n!/build/keep\n!/build/keep/**\n")
    let more = SelectionSpec(
      [
        .init(["proj", "src"], isIncluded: false),
        .init(["proj", "src", "a.log"], isIncluded: true),
        .init(["proj", "docs"], isIncluded: false),
      ],
      rules: FilterRules(gitignore: "# ignored\n\n!keep\n\\#x \n", under: ["proj"]))
    #expect(
      String(decoding: try more.gitignore(under: ["proj"]), as: UTF8.self)
        == "!keep\n\\#x \n/docs\n/src\n!/src/\n/src/*\n!/src/a.log\n!/src/a.log/**\n")
    // A folder the rules keep is left to them.
    let kept = SelectionSpec(
      [.init(["proj", "src", "gen"], isIncluded: false)],
      rules: FilterRules(gitignore: "*.o\n", under: ["proj"]))
    #expect(
      String(decoding: try kept.gitignore(under: ["proj"]), as: UTF8.self) == "*.o\n/src/gen\n")
  }

  @Test(
    "rules are refused by a format of another language (sparse checkout, restic, borg among them), when relative to another folder than the output's, and for a control character in a pattern, each with a clear error; a decision over the whole output leaves the rules out"
  )
  func rulesAFormatCannotWriteAreRefused() throws {
    let rsync = SelectionSpec(rules: try FilterRules(rsyncFilter: "- *.o\n"))
    let git = SelectionSpec(rules: FilterRules(gitignore: "*.o\n"))
    #expect(throws: SelectionSpecError.keepsRules(.gitignore, format: "an rsync filter rule")) {
      try git.rsyncFilter()
    }
    #expect(throws: SelectionSpecError.keepsRules(.rsync, format: "a gitignore pattern")) {
      try rsync.gitignore()
    }
    #expect(throws: SelectionSpecError.keepsRules(.gitignore, format: "a sparse-checkout pattern"))
    {
      try git.sparseCheckout()
    }
    #expect(throws: SelectionSpecError.self) { try rsync.restic(in: Array("/r".utf8)) }
    #expect(throws: SelectionSpecError.self) { try rsync.borgPatterns(in: Array("/r".utf8)) }
    let under = SelectionSpec(rules: try FilterRules(rsyncFilter: "- *.o\n").under(["proj"]))
    #expect(
      throws: SelectionSpecError.rulesElsewhere(
        ["proj"], base: [], format: "an rsync filter rule")
    ) { try under.rsyncFilter() }
    #expect(throws: SelectionSpecError.self) { try under.rsyncFilter(under: ["proj", "src"]) }
    #expect(
      throws: SelectionSpecError.rulesElsewhere(
        ["proj"], base: ["other"], format: "an rsync filter rule")
    ) { try under.rsyncFilter(under: ["other"]) }
    #expect(try under.rsyncFilter(under: ["proj"]) == Array("- *.o\n".utf8))
    let message = SelectionSpecError.rulesElsewhere(
      ["proj", "a\u{1B}b"], base: [], format: "a gitignore pattern"
    ).description
    #expect(message.contains("below 'proj/a\\u{1B}b'") && message.contains("anchored at the top"))
    #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
    // A tab in a pattern: refused by its line, never carried to a terminal.
    let tab = SelectionSpec(rules: try FilterRules(rsyncFilter: "- a\n- b\tc\n"))
    #expect(throws: SelectionSpecError.unwritableRule(line: 2, format: "an rsync filter rule")) {
      try tab.rsyncFilter()
    }
    #expect(
      SelectionSpecError.unwritableRule(line: 2, format: "a gitignore pattern").description
        .contains("line 2"))
    // A decision on the output's folder (or above it) decides all it writes: no rules needed.
    let decided = SelectionSpec(
      [.init(["proj"], isIncluded: true), .init(["proj", "tmp"], isIncluded: false)],
      rules: FilterRules(gitignore: "*.o\n", under: ["elsewhere"]))
    #expect(try decided.rsyncFilter(under: ["proj"]) == Array("- /tmp\n- /tmp/***\n".utf8))
    #expect(try decided.gitignore(under: ["proj"]) == Array("/tmp\n".utf8))
    #expect(try decided.restic(in: Array("/r".utf8), under: ["proj"]).excludes.count > 0)
    #expect(throws: SelectionSpecError.self) { try decided.rsyncFilter() }
  }

  @Test(
    "seeded random worlds of hostile names, rule files over some of their paths and random decisions: what the exported rsync filter copies and what the exported gitignore keeps — read back as rsync and git read them — is exactly what the spec selects, for every file and folder of the world, today's and those that came later; only a folder on the way to an include is copied beyond it"
  )
  func exportsSelectWhatTheSpecSelects() throws {
    var checked = (rsync: 0, git: 0, mixed: 0)
    for seed in 0..<Tier.size(fast: 150, long: 1500) {
      var random = SeededGenerator(seed: UInt64(seed) &+ 0x7275_6c65)
      let world = Self.world(&random)
      // Rules and decisions name the paths of today: the first part of the world.
      let today = Array(world.prefix(Int.random(in: 1...world.count, using: &random)))
      let proj = Array("proj".utf8)
      let atTop = Bool.random(using: &random)
      let base = atTop ? [] : ["proj"]
      let gitignore = Bool.random(using: &random)
      let writer = RuleWriter(
        entries: today.map { (atTop && !gitignore ? [proj] : []) + $0.0 }
          .enumerated().map { ($1, today[$0].1) })
      var text: [UInt8] = []
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        text += (gitignore ? writer.gitRule(&random) : writer.rsyncRule(&random)) + [0x0A]
      }
      if !gitignore && Int.random(in: 0..<4, using: &random) == 0 { text += Array("- *\n".utf8) }
      let rules =
        gitignore
        ? FilterRules(gitignore: text, under: ["proj"])
        : try FilterRules(rsyncFilter: text).under(base)
      var decisions: [SelectionSpec.Decision] = []
      for _ in 0..<Int.random(in: 0...5, using: &random) {
        let path = [proj] + today.randomElement(using: &random)!.0
        let length = Int.random(in: 1...path.count, using: &random)
        decisions.append(
          .init(
            path.prefix(length).map(LabelBytes.label(decoding:)),
            isIncluded: Bool.random(using: &random)))
      }
      let spec = SelectionSpec(decisions, rules: rules)
      let context = "seed \(seed), under \(base):\n\(spec.text)"
      let everything = [([proj], true)] + world.map { ([proj] + $0.0, $0.1) }
      if gitignore {
        let exported = try spec.gitignore(under: ["proj"])
        let read = FilterRules(gitignore: exported, under: ["proj"])
        for (path, isFolder) in everything.dropFirst() where !isFolder {
          let labels = path.map(LabelBytes.label(decoding:))
          #expect(
            read.isSelected(bytes: path, isFolder: false)
              == spec.isSelected(labels, isFolder: false),
            "\(labels) \(context)\n--\n\(String(decoding: exported, as: UTF8.self))")
        }
        checked.git += 1
      } else {
        let exported = try spec.rsyncFilter(under: base)
        let read = try FilterRules(rsyncFilter: exported).under(base)
        for (path, isFolder) in everything where path.count > base.count {
          let labels = path.map(LabelBytes.label(decoding:))
          #expect(
            read.isSelected(bytes: path, isFolder: isFolder)
              == Self.rsyncCopies(labels, isFolder: isFolder, by: spec),
            "\(labels) \(context)\n--\n\(String(decoding: exported, as: UTF8.self))")
        }
        checked.rsync += 1
      }
      let files = everything.filter { !$0.1 }.map { $0.0.map(LabelBytes.label(decoding:)) }
      let selected = files.filter { spec.isSelected($0, isFolder: false) }.count
      if selected > 0 && selected < files.count { checked.mixed += 1 }
    }
    #expect(checked.rsync >= Tier.size(fast: 50, long: 500), "\(checked)")
    #expect(checked.git >= Tier.size(fast: 50, long: 500), "\(checked)")
    #expect(checked.mixed >= Tier.size(fast: 70, long: 700), "\(checked)")
  }

  @Test(
    "in 16 random folders of hostile names on disk (48 in the long tier), with random rule files and decisions: rsync with the exported filter copies exactly what the spec selects and the folders on the way to its includes, git with the exported patterns tracks exactly the files it selects; after new files and folders appear inside included, excluded and ruled folders, the same exports still do, and a fresh read of the folder set to the spec selects them too",
    .enabled(if: SpecToolWorld.hasRsync && SpecToolWorld.hasGit))
  func exportsAgreeWithRsyncAndGit() throws {
    var random = SeededGenerator(seed: 0x6578_706f)
    var partial = 0
    for round in 0..<Tier.size(fast: 16, long: 48) {
      let scratch = NSTemporaryDirectory() + "togglekit-export-\(UUID().uuidString)"
      defer { try? FileManager.default.removeItem(atPath: scratch) }
      try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
      let project = scratch + "/proj"
      let proj = Array("proj".utf8)
      SpecToolWorld.make(Array(project.utf8), folder: true)
      let folders = SpecToolWorld.makeTree(Array(project.utf8), random: &random)
      let entries = FilterRulesToolTests.everything(below: project)
      // rsync from the folder itself (`proj`: paths start with its name) or from inside it
      // (`proj/`: its rules under it).
      let atTop = Bool.random(using: &random)
      let base = atTop ? [] : ["proj"]
      let rsyncWriter = RuleWriter(entries: entries.map { ((atTop ? [proj] : []) + $0.0, $0.1) })
      let gitWriter = RuleWriter(entries: entries)
      var rsyncText: [UInt8] = []
      var gitText: [UInt8] = []
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        rsyncText += rsyncWriter.rsyncRule(&random) + [0x0A]
        gitText += gitWriter.gitRule(&random) + [0x0A]
      }
      var decisions: [SelectionSpec.Decision] = []
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        let path = [proj] + entries.randomElement(using: &random)!.0
        decisions.append(
          .init(path.map(LabelBytes.label(decoding:)), isIncluded: Bool.random(using: &random)))
      }
      let rsyncSpec = SelectionSpec(
        decisions, rules: try FilterRules(rsyncFilter: rsyncText).under(base))
      let gitSpec = SelectionSpec(
        decisions, rules: FilterRules(gitignore: gitText, under: ["proj"]))
      let rsyncRules = try rsyncSpec.rsyncFilter(under: base)
      let ignore = try gitSpec.gitignore(under: ["proj"])
      try Data(rsyncRules).write(to: URL(fileURLWithPath: scratch + "/rules"))
      let context =
        "round \(round), rsync under \(base):\n\(rsyncSpec.text)--\n"
        + String(decoding: rsyncRules, as: UTF8.self) + "--\n\(gitSpec.text)--\n"
        + String(decoding: ignore, as: UTF8.self)

      func check(_ when: String) throws {
        let now =
          [([proj], true)]
          + FilterRulesToolTests.everything(below: project).map {
            ([proj] + $0.0, $0.1)
          }
        // rsync: every file and folder it copies, and nothing else.
        try? FileManager.default.removeItem(atPath: scratch + "/copy")
        try SpecToolWorld.run(
          "/usr/bin/rsync",
          [
            "-r", "--filter=merge \(scratch)/rules", project + (atTop ? "" : "/"),
            scratch + "/copy/",
          ],
          in: scratch)
        let copied = Set(FilterRulesToolTests.everything(below: scratch + "/copy").map { $0.0 })
        var expected: Set<[[UInt8]]> = []
        for (path, isFolder) in now where path.count > base.count {
          let labels = path.map(LabelBytes.label(decoding:))
          if Self.rsyncCopies(labels, isFolder: isFolder, by: rsyncSpec) {
            expected.insert(Array(path.dropFirst(base.count)))
          }
        }
        #expect(copied == expected, "rsync \(when), \(context)")
        // git: every file it tracks.
        try SpecToolWorld.run("/usr/bin/git", ["init", "-q"], in: project)
        try Data(ignore).write(to: URL(fileURLWithPath: project + "/.git/info/exclude"))
        try SpecToolWorld.run("/usr/bin/git", ["add", "-A"], in: project)
        let tracked = try SpecToolWorld.run("/usr/bin/git", ["ls-files", "-z"], in: project).output
        try FileManager.default.removeItem(atPath: project + "/.git")
        let files = now.filter { !$0.1 }
        let selected = Set(
          files.filter {
            gitSpec.isSelected($0.0.map(LabelBytes.label(decoding:)), isFolder: false)
          }
          .map { Array($0.0.dropFirst().joined(separator: [0x2F])) })
        #expect(
          Set(tracked.split(separator: 0).map(Array.init)) == selected, "git \(when), \(context)")
        if !selected.isEmpty && selected.count < files.count { partial += 1 }
        // A fresh read of the folder set to the spec selects what it says.
        var tree = try SelectionTree.directory(at: project, includeHidden: true).tree
        tree.setSelection(to: gitSpec)
        #expect(SpecToolWorld.selectedLeaves(tree, foldersToo: false) == selected, "tree \(when)")
      }

      try check("as exported")
      for number in 0..<3 {
        let folder = folders.randomElement(using: &random)!
        let name = folder + Array("/new \(round) \(number)".utf8)
        let asFolder = Bool.random(using: &random)
        SpecToolWorld.make(name, folder: asFolder)
        if asFolder { SpecToolWorld.make(name + Array("/inside".utf8), folder: false) }
      }
      try check("after new files")
    }
    // Most checks (two a round) keep some files and leave others.
    #expect(partial >= Tier.size(fast: 16, long: 48), "\(partial) partial checks")
  }

  /// Whether rsync with a spec's exported filter copies a path: the spec selects it, or it is a
  /// folder on the way to an include (rsync enters it).
  static func rsyncCopies(_ path: [String], isFolder: Bool, by spec: SelectionSpec) -> Bool {
    spec.isSelected(path, isFolder: isFolder)
      || isFolder
        && spec.decisions.contains {
          $0.isIncluded && $0.path.count > path.count
            && $0.path.starts(with: path, by: LabelBytes.same)
        }
  }

  /// A random world of hostile names (no control characters): paths below `proj` as bytes, with
  /// whether each is a folder, parents before children.
  static func world(_ random: inout SeededGenerator) -> [([[UInt8]], Bool)] {
    var entries: [([[UInt8]], Bool)] = []
    var pending: [([[UInt8]], Int)] = [([], 0)]
    var serial = 0
    while !pending.isEmpty {
      let (folder, depth) = pending.removeFirst()
      for _ in 0..<Int.random(in: (depth == 0 ? 3 : 1)...4, using: &random) {
        serial += 1
        let name = SpecToolWorld.hostileNames.randomElement(using: &random)!
        let path = folder + [Array("\(serial)".utf8) + name]
        let isFolder = depth < 3 && Bool.random(using: &random)
        entries.append((path, isFolder))
        if isFolder { pending.append((path, depth + 1)) }
      }
    }
    return entries
  }
}
