import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

#if canImport(Glibc)
  import Glibc
#endif

/// Every form of a pattern's grammar, read as git and rsync read it: each pattern is given to the
/// tools themselves, over folders of names its syntax could be taken for.
@Suite("Filter patterns of every form, decided as git and rsync decide them")
struct FilterGrammarToolTests {
  /// Names a pattern's syntax could be taken for, in a folder and in folders below it.
  static let names = [
    "ab[", "abc", "ab", "a[]b", "a]b", "ab]", "[!", "!", "a", "]", "[", "x y", "x", "x ", "x  ",
    #"a\b"#, "a-b", "b", "-", "*", "?", "#x", "!x", #"\"#, "c", "A", "1", ".h", #"x\"#, "^",
  ]
  static let folders = ["d", "d/x", "e", "e/d"]

  /// Pattern forms: brackets closed and not (`ab[`, `a[]b`, `[!`), `]` first, ranges reversed and
  /// escaped, classes known and not, escapes inside and outside brackets, stars and `**` forms,
  /// anchors and folder-only slashes, trailing spaces quoted and not, a CR.
  static let atoms = [
    "ab[", "a[]b", "[!", "[]]", "[!]]", "a[]]b", "[a-]", "[-a]", #"a\[b"#, #"x\ "#, "x ",
    #"x\  "#, "[[:alpha:]]", "[[:foo:]]", "[[:alpha:]", #"[a\]]b"#, #"[\]]"#, "[]", "[!]",
    #"ab\"#, "[^a]", "[c-a]", "[a-c]", "[[]", #"[\]"#, #"[\\]"#, #"\*"#, #"\?"#, "*", "**",
    "***", "?", "\\#x", "#x", #"\!x"#, "!x", "x/", "/x", "d/x", "**/x", "d/**", "d/**/x",
    "**/d/x", "*/x", "e/**/x", "[[:alpha:][:digit:]]", "[a-]]", "[!-]", "[]-a]", "[--0]",
    #"x\"#, #"\x"#, #"\\"#, #"[x]\"#, "a*[", "[*]", "[?]", "[/]", "d[/]x", #"d\/x"#, "x\r",
    "!/x", "/", "//", "*/", "[[:space:]]", "[[:upper:]]", "[[:punct:]]", "[!a-z]", "x*", "x**",
    "x/**/", "**/", "/**", "d/*", "a**b", "ab**", " ", "  ", "/***", "/*", "**/**", "x//",
    "d//x", "!", "!/", #"\"#, #"\ "#, "x/***", "d/***", "*/***", "**/***", "x***", #"\[x]"#,
    #"[x\"#, "x[", "[]x", "[!]x]", #"[a-\]]"#, #"[\a-c]"#, #"[a-\c]"#, "[[:alpha:]-z]",
    "[a-[:alpha:]]", "[[.a.]]", "[[=a=]]", "[[:alpha:]x", "[:alpha:]", #"x\\"#, "**x", "x**y",
    "d**", "**d", #"\\x"#, #"a\-b"#, #"[a\-b]"#, "x/***/", "d/***/", "**/***/", "*/***/",
  ]

  /// The patterns a tier asks: every atom, and in the long tier each with a folder or anchor
  /// before it and a folder mark after it.
  static var patterns: [String] {
    guard Tier.isLong else { return atoms }
    var result = atoms
    for atom in atoms {
      for prefix in ["/", "d/", "**/"] { result.append(prefix + atom) }
      result.append(atom + "/")
    }
    return result
  }

  /// Makes the names in a folder and the folders below it.
  static func makeWorld(at root: String) throws {
    for folder in [""] + folders {
      try FileManager.default.createDirectory(
        atPath: folder.isEmpty ? root : root + "/" + folder, withIntermediateDirectories: true)
    }
    let made = Set(folders)
    for folder in [""] + folders {
      let path = folder.isEmpty ? root : root + "/" + folder
      for name in names where !made.contains(folder.isEmpty ? name : folder + "/" + name) {
        let created = creat(path + "/" + name, 0o644)
        #expect(created >= 0, "\(path)/\(name)")
        close(created)
      }
    }
  }

  /// The world's paths, relative, with whether each is a folder (as ``makeWorld(at:)`` makes it).
  static let world: [(path: [String], isFolder: Bool)] = {
    var result = folders.map { ($0.split(separator: "/").map(String.init), true) }
    let made = Set(folders)
    for folder in [""] + folders {
      for name in names {
        let path = folder.isEmpty ? name : folder + "/" + name
        if !made.contains(path) {
          result.append((path.split(separator: "/").map(String.init), false))
        }
      }
    }
    return result
  }()

  /// Every path below `root` (its folders too), relative, with whether it is a folder.
  static func entries(below root: String) -> [(path: [String], isFolder: Bool)] {
    var result: [(path: [String], isFolder: Bool)] = []
    var pending: [[String]] = [[]]
    while let relative = pending.popLast() {
      let path = ([root] + relative).joined(separator: "/")
      for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder)
        result.append((relative + [name], isFolder.boolValue))
        if isFolder.boolValue { pending.append(relative + [name]) }
      }
    }
    return result
  }

  /// Runs each command (a program, its arguments and standard input), sixteen at a time.
  ///
  /// The tools wait on their own processes more than they compute. Returns their exit statuses
  /// and outputs.
  static func concurrently(_ commands: [(program: String, arguments: [String], input: [UInt8])])
    throws -> [(status: Int32, output: [UInt8], errors: String)]
  {
    var results: [(status: Int32, output: [UInt8], errors: String)] = []
    for batch in stride(from: 0, to: commands.count, by: 16) {
      var running: [(Process, Pipe, Pipe)] = []
      for command in commands[batch..<min(batch + 16, commands.count)] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.program)
        process.arguments = command.arguments
        process.environment = [
          "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent",
          "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
        ]
        let (input, output, errors) = (Pipe(), Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(command.input))
        try input.fileHandleForWriting.close()
        running.append((process, output, errors))
      }
      for (process, output, errors) in running {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let failure = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        results.append(
          (process.terminationStatus, Array(data), String(decoding: failure, as: UTF8.self)))
      }
    }
    return results
  }

  @Test(
    "every pattern form in a .gitignore ignores exactly what git check-ignore says (an unclosed '[' or an unknown class matches nothing, a reversed range its first byte, trailing spaces quoted or dropped, a CR before the LF dropped)",
    .enabled(if: SpecToolWorld.hasGit))
  func gitDecidesAsWeDo() throws {
    let scratch = NSTemporaryDirectory() + "togglekit-grammar-git-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try Self.makeWorld(at: scratch + "/repo")
    try SpecToolWorld.run("/usr/bin/git", ["init", "-q", "."], in: scratch + "/repo")
    let patterns = Self.patterns
    let asked = Array(
      Self.world.map { $0.path.joined(separator: "/") }.joined(separator: "\0").utf8)
    var commands: [(program: String, arguments: [String], input: [UInt8])] = []
    for (index, pattern) in patterns.enumerated() {
      // One excludes file a pattern, read as a .gitignore at the top of the work tree.
      let file = scratch + "/exclude-\(index)"
      try Data(Array(pattern.utf8) + [0x0A]).write(to: URL(fileURLWithPath: file))
      commands.append(
        (
          "/usr/bin/git",
          [
            "-C", scratch + "/repo", "-c", "core.excludesFile=\(file)", "check-ignore",
            "--no-index", "-z", "--stdin",
          ], asked + [0]
        ))
    }
    for (index, result) in try Self.concurrently(commands).enumerated() {
      let pattern = patterns[index]
      #expect(
        result.status == 0 || result.status == 1, "\(pattern.debugDescription): \(result.errors)")
      let ignored = Set(
        result.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
      let rules = FilterRules(gitignore: Array(pattern.utf8) + [0x0A])
      let expected = Set(
        Self.world.filter { !rules.isSelected($0.path, isFolder: $0.isFolder) }.map {
          $0.path.joined(separator: "/")
        })
      if ignored != expected {
        let more = Array(ignored.subtracting(expected).sorted().prefix(6))
        let less = Array(expected.subtracting(ignored).sorted().prefix(6))
        Issue.record("\(pattern.debugDescription): git ignores \(more) more and \(less) less")
      }
    }
    #expect(patterns.count > 100)
  }

  @Test(
    "every pattern form as an rsync rule, '- PATTERN' and '+ PATTERN' before '- *', copies exactly what rsync copies ('- /' takes nothing, an unclosed '[' matches nothing, '**/***' everything)",
    .enabled(if: SpecToolWorld.hasRsync))
  func rsyncDecidesAsWeDo() throws {
    let scratch = NSTemporaryDirectory() + "togglekit-grammar-rsync-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try Self.makeWorld(at: scratch + "/src")
    let entries = Self.entries(below: scratch + "/src")
    #expect(
      Set(entries.map { $0.path.joined(separator: "/") })
        == Set(Self.world.map { $0.path.joined(separator: "/") }), "the world is as listed")
    var runs: [(rules: [UInt8], file: String)] = []
    for (index, pattern) in Self.patterns.enumerated() {
      for (form, text) in [("exclude", "- \(pattern)\n"), ("include", "+ \(pattern)\n- *\n")] {
        let file = scratch + "/rules-\(index)-\(form)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        runs.append((Array(text.utf8), file))
      }
    }
    let results = try Self.concurrently(
      runs.indices.map { index in
        (
          "/usr/bin/rsync",
          [
            "-r", "--dry-run", "--out-format=%n", "--filter=merge \(runs[index].file)",
            scratch + "/src/", scratch + "/dest-\(index)/",
          ], []
        )
      })
    for (index, run) in runs.enumerated() {
      let rule = String(decoding: run.rules, as: UTF8.self).debugDescription
      // What rsync refuses (a CR ends its line: `x\r/` leaves `/` a line of its own), the
      // reader refuses.
      guard let rules = try? FilterRules(rsyncFilter: run.rules, file: "rules") else {
        #expect(results[index].status != 0, "\(rule): rsync takes it")
        continue
      }
      #expect(results[index].status == 0, "\(rule): \(results[index].errors)")
      let copies = Set(
        String(decoding: results[index].output, as: UTF8.self).split(separator: "\n").map {
          $0.hasSuffix("/") ? String($0.dropLast()) : String($0)
        }.filter { $0 != "." })
      let selected = Set(
        entries.filter { rules.isSelected($0.path, isFolder: $0.isFolder) }.map {
          $0.path.joined(separator: "/")
        })
      if selected != copies {
        let more = Array(copies.subtracting(selected).sorted().prefix(6))
        let less = Array(selected.subtracting(copies).sorted().prefix(6))
        Issue.record("\(rule): rsync copies \(more) more and \(less) less")
      }
    }
  }

  @Test(
    "rsync refuses what it cannot read, and so does the reader, at the line: an empty pattern; '- /' and '- //' are rules that match nothing"
  )
  func rulesRsyncTakesOrRefuses() throws {
    for text in ["- \n", "+ \n"] {
      #expect(throws: TreeFormatError.self, "\(text.debugDescription)") {
        try FilterRules(rsyncFilter: text, file: "rules")
      }
    }
    for text in ["- /\n", "- //\n", "+ /\n"] {
      let rules = try FilterRules(rsyncFilter: text, file: "rules")
      #expect(rules.filters.count == 1, "\(text.debugDescription)")
      #expect(rules.isSelected(["a"], isFolder: false) && rules.isSelected(["a"], isFolder: true))
    }
  }
}
