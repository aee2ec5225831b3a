import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

private let hasGit = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")

/// Runs git in `folder` with no user or system configuration.
private func git(_ arguments: [String], in folder: String) throws -> String {
  let (status, output) = try gitStatus(arguments, in: folder)
  #expect(status == 0, "git \(arguments)")
  return output
}

/// Runs git; its exit status and output.
private func gitStatus(_ arguments: [String], in folder: String) throws -> (Int32, String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
  process.arguments = ["-C", folder] + arguments
  process.environment = [
    "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
    "PATH": "/usr/bin:/bin",
  ]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The paths of a tree's files and links below its root, as git lists them.
private func files(_ tree: SelectionTree<String>) -> Set<String> {
  Set(
    tree.ids.filter { tree.attributes(of: $0)?["kind"] != "directory" }.map {
      tree.labelPath(of: $0).dropFirst().joined(separator: "/")
    })
}

@Suite("gitignore: patterns and directory reads, against git itself")
struct GitIgnoreTests {
  @Test(
    "of several lists, the first that decides decides (the innermost .gitignore first, as git reads them)"
  )
  func innerListsDecideFirst() {
    let outer = IgnoreList(text: "*.log\n")
    let inner = IgnoreList(text: "!b.log\n", folder: "a")
    #expect(IgnoreList.decision(for: "a/b.log", isDirectory: false, in: [inner, outer]) == false)
    #expect(IgnoreList.decision(for: "a/b.log", isDirectory: false, in: [outer, inner]) == true)
    #expect(IgnoreList.decision(for: "a/c.log", isDirectory: false, in: [inner, outer]) == true)
    #expect(IgnoreList.decision(for: "a/c.txt", isDirectory: false, in: [inner, outer]) == false)
  }

  @Test(
    "patterns match as gitignore(5) says",
    arguments: [
      // pattern, path, is a folder, ignored (nil: no match)
      ("*.log", "a.log", false, true), ("*.log", "deep/er/a.log", false, true),
      ("*.log", "a.log/x", false, nil), ("build/", "build", true, true),
      ("build/", "build", false, nil), ("build/", "src/build", true, true),
      ("/build", "src/build", true, nil), ("/build", "build", false, true),
      ("doc/frotz", "doc/frotz", true, true), ("doc/frotz", "a/doc/frotz", true, nil),
      ("doc/*.txt", "doc/a.txt", false, true), ("doc/*.txt", "doc/x/a.txt", false, nil),
      ("**/foo", "foo", false, true), ("**/foo", "x/y/foo", false, true),
      ("**/foo/bar", "x/foo/bar", false, true), ("abc/**", "abc/x/y", false, true),
      ("abc/**", "abc", true, nil), ("a/**/b", "a/b", false, true),
      ("a/**/b", "a/x/y/b", false, true), ("a/**/b", "a/xb", false, nil),
      ("a**b", "a/b", false, nil), ("a**b", "axxb", false, true),
      ("?", "x", false, true), ("?", "xy", false, nil),
      ("[ab]c", "bc", false, true), ("[!ab]c", "bc", false, nil), ("[!ab]c", "cc", false, true),
      ("[^a]", "b", false, true), ("[a-c]x", "bx", false, true), ("[]a]", "]", false, true),
      ("[[:digit:]]*", "7up", false, true), ("[[:digit:]]*", "up", false, nil),
      ("\\#x", "#x", false, true), ("#x", "#x", false, nil), ("\\!x", "!x", false, true),
      ("!x", "x", false, false), ("x\\ ", "x ", false, true), ("x  ", "x", false, true),
      ("x\\*", "x*", false, true), ("x\\*", "xy", false, nil),
      // A `[` never closed, or an unknown class: git gives the whole pattern up.
      ("[a", "[a", false, nil), ("a[]b", "a[]b", false, nil), ("[!", "[!", false, nil),
      ("[[:word:]]", "w", false, nil), ("x*[", "xa[", false, nil),
      // A reversed range holds its first byte, as git reads it.
      ("[c-a]", "c", false, true), ("[c-a]", "b", false, nil),
    ] as [(String, String, Bool, Bool?)])
  func patterns(pattern: String, path: String, isDirectory: Bool, ignored: Bool?) {
    let list = IgnoreList(text: pattern)
    #expect(list.decision(for: path, isDirectory: isDirectory) == ignored)
  }

  @Test("comments and blank lines are no patterns; the last match in a file decides")
  func lastMatchDecides() {
    #expect(IgnorePattern(line: "# note") == nil && IgnorePattern(line: "   ") == nil)
    let list = IgnoreList(text: "*.log\n!keep.log\n# keep.log\n\nkeep.log.bak\n", folder: "app")
    #expect(list.decision(for: "app/x.log", isDirectory: false) == true)
    #expect(list.decision(for: "app/keep.log", isDirectory: false) == false)
    #expect(list.decision(for: "x.log", isDirectory: false) == nil, "not below the file's folder")
    #expect(list.patterns.count == 3)
  }

  /// A random name: letters, dots, a space, characters with meaning in patterns.
  private static let names = [
    "a", "b", "ab", "a.log", "b.txt", ".h", "c d", "#x", "!y", "x[1]", "ba",
  ]
  private static let segments = [
    "a", "b", "ab", "*", "?", "a*", "*.log", "[ab]", "[!a]*", "**", "*b", "x\\[1]", "c\\ d", ".h",
    "[[:alpha:]]", "b?",
  ]

  private static func pattern(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<12, using: &random) {
    case 0: return "# comment"
    case 1: return ""
    case 2: return "\\#x"
    case 3: return "\\!y"
    default:
      var text = Bool.random(using: &random) && Bool.random(using: &random) ? "!" : ""
      if Int.random(in: 0..<4, using: &random) == 0 { text += "/" }
      let count = Int.random(in: 1...3, using: &random)
      text += (0..<count).map { _ in segments.randomElement(using: &random)! }
        .joined(separator: "/")
      if Int.random(in: 0..<4, using: &random) == 0 { text += "/" }
      if Int.random(in: 0..<8, using: &random) == 0 { text += "  " }
      return text
    }
  }

  /// A random work tree under `root`: folders, files, `.gitignore` files at random levels.
  private static func makeTree(
    _ root: String, depth: Int, random: inout SeededGenerator
  ) throws -> [String] {
    var folders = [root]
    let manager = FileManager.default
    for name in names.shuffled(using: &random).prefix(Int.random(in: 2...7, using: &random)) {
      let path = root + "/" + name
      if depth < 3 && Int.random(in: 0..<3, using: &random) == 0 {
        try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        folders += try makeTree(path, depth: depth + 1, random: &random)
      } else {
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
      }
    }
    if Int.random(in: 0..<2, using: &random) == 0 {
      let lines = (0..<Int.random(in: 1...6, using: &random)).map { _ in pattern(&random) }
      // Files of an even count of lines end them in CR LF, as a file written on Windows does.
      let end = lines.count % 2 == 0 ? "\r\n" : "\n"
      try Data((lines.joined(separator: end) + end).utf8).write(
        to: URL(fileURLWithPath: root + "/.gitignore"))
    }
    return folders
  }

  @Test(
    "--gitignore reads the files git lists as untracked and not ignored, in 40 random work trees (200 in the long tier; .gitignore files with LF or CR LF lines), from the top and from a folder inside; read lazily folder by folder, the same tree",
    .enabled(if: hasGit))
  func againstGit() throws {
    var random = SeededGenerator(seed: 0x6172_6769)
    var compared = 0
    var ignoredSome = 0
    var insides: [String] = []
    for round in 0..<Tier.size(fast: 40, long: 200) {
      let root = NSTemporaryDirectory() + "togglekit-git-\(UUID().uuidString)"
      defer { try? FileManager.default.removeItem(atPath: root) }
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
      _ = try git(["init", "-q"], in: root)
      let folders = try Self.makeTree(root, depth: 0, random: &random)
      if round % 3 == 0 {
        try FileManager.default.createDirectory(
          atPath: root + "/.git/info", withIntermediateDirectories: true)
        try Data((Self.pattern(&random) + "\n").utf8).write(
          to: URL(fileURLWithPath: root + "/.git/info/exclude"))
      }
      // A folder inside is read even when git ignores it (as fd and rg read a folder they are
      // given): compare only from folders git does not ignore.
      var inside = folders.filter { $0 != root }.randomElement(using: &random) ?? root
      var step = inside
      while step != root {
        let relative = String(step.dropFirst(root.count + 1))
        if try gitStatus(["check-ignore", "-q", "--no-index", relative + "/"], in: root).0 == 0 {
          inside = root
        }
        step = (step as NSString).deletingLastPathComponent
      }
      for folder in [root, inside] {
        let listed = Set(
          try git(["ls-files", "-o", "--exclude-standard", "-z"], in: folder)
            .split(separator: "\0").map(String.init))
        let tree = try SelectionTree.directory(at: folder, includeHidden: true, gitignore: true)
          .tree
        let everything = try SelectionTree.directory(at: folder, includeHidden: true).tree
        let all = files(everything).filter { !$0.hasPrefix(".git/") }
        #expect(
          files(tree) == listed,
          "round \(round) \(folder.dropFirst(root.count)): ours − git \(files(tree).subtracting(listed)), git − ours \(listed.subtracting(files(tree)))"
        )
        if listed.count < all.count { ignoredSome += 1 }
        // Read lazily, folder by folder, then whole: the same tree, whatever the depth limit.
        let maxDepth = [nil, 0, 1, 2].randomElement(using: &random)!
        let exclude = round % 4 == 0 ? [Self.pattern(&random)] : []
        var (lazy, loader) = try LazyTree.directory(
          at: folder, maxDepth: maxDepth, includeHidden: true, exclude: exclude, gitignore: true)
        try lazy.loadAll(using: loader.children)
        try lazy.tree.collapse(lazy.tree.ids[0])
        let eager = try SelectionTree.directory(
          at: folder, maxDepth: maxDepth, includeHidden: true, exclude: exclude, gitignore: true
        ).tree
        #expect(
          lazy.tree == eager && lazy.unloaded.isEmpty,
          "round \(round) depth \(String(describing: maxDepth)) exclude \(exclude): lazy − eager \(Set(lazy.tree.ids).subtracting(eager.ids)), eager − lazy \(Set(eager.ids).subtracting(lazy.tree.ids))"
        )
        if folder != root { insides.append("\(round)") }
        compared += 1
      }
    }
    let rounds = Tier.size(fast: 40, long: 200)
    #expect(compared == 2 * rounds)
    #expect(Set(insides).count > rounds / 3, "folders inside were compared too")
    #expect(
      ignoredSome > rounds / 2, "the random rules ignore something in most trees: \(ignoredSome)")
  }

  @Test("--exclude leaves out what its patterns match, relative to the folder read, first of all")
  func exclude() throws {
    let root = NSTemporaryDirectory() + "togglekit-exclude-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/src/build", withIntermediateDirectories: true)
    try manager.createDirectory(atPath: root + "/build", withIntermediateDirectories: true)
    for file in ["src/a.swift", "src/build/o", "build/o", "notes.log", "src/x.log"] {
      try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/" + file))
    }
    try Data("!*.log\n".utf8).write(to: URL(fileURLWithPath: root + "/.gitignore"))
    let tree = try SelectionTree.directory(at: root, exclude: ["/build", "*.log"], gitignore: true)
      .tree
    #expect(files(tree) == ["src/a.swift", "src/build/o"])
    let noGit = try SelectionTree.directory(at: root, exclude: ["build/"]).tree
    #expect(files(noGit) == ["src/a.swift", "notes.log", "src/x.log"])
  }
}
