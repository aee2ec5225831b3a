import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

private let hasGit = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
private let hasRsync = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsync")
private let hasScript = FileManager.default.fileExists(atPath: "/usr/bin/script")

/// The names of a NUL-separated output, sorted.
private func records(_ output: String) -> [String] {
  output.split(separator: "\0").map(String.init).sorted()
}

/// A backup set a cron job can trust: each defect of issue 67 run on the built binary, as a user
/// meets it.
@Suite(
  "A backup set you can trust from cron: the same spec from any directory, nothing never a success")
struct TrustEndToEndTests {
  @Test(
    "1. a spec made in one directory means the same used from another, from inside the folder (--dir .), through a symlink and after the folder moved; one that names nothing here fails (exit 1), never '- *' and exit 0; a typo's space is refused at its line"
  )
  func specFromAnyDirectory() throws {
    let scratch = try TogglekitBinary.scratch().resolvingSymlinksInPath()
    let home = scratch.appendingPathComponent("ada")
    try makeFiles(["docs/cv.txt", ".cache/big", "photos/p.jpg"], in: home)
    let saved = try TogglekitBinary.run(
      [
        "apply", "--dir", "ada", "--hidden", "--on", "ada", "--off", "ada/.cache", "--print",
        "spec",
      ],
      directory: scratch)
    #expect(saved.stdout == "+ .\n- .cache\n")
    let spec = try TogglekitBinary.file("backup.spec", saved.stdout, in: scratch)
    let expected = "- /.cache\n- /.cache/***\n"
    func filter(_ dir: String, from directory: URL) throws -> TogglekitBinary.Result {
      try TogglekitBinary.run(
        ["apply", "--dir", dir, "--hidden", "--select-spec", spec, "--print", "rsync-filter"],
        directory: directory)
    }
    for (dir, directory) in [
      ("ada", scratch), (home.path, URL(fileURLWithPath: "/")), (".", home), ("../ada", home),
    ] {
      let result = try filter(dir, from: directory)
      #expect(result.code == 0 && result.stdout == expected, "\(dir): \(result.stderr)")
    }
    try FileManager.default.createSymbolicLink(
      atPath: scratch.appendingPathComponent("ada-link").path, withDestinationPath: "ada")
    #expect(try filter("ada-link", from: scratch).stdout == expected)
    try FileManager.default.moveItem(at: home, to: scratch.appendingPathComponent("moved"))
    #expect(try filter("moved", from: scratch).stdout == expected)
    // A spec for another folder names nothing here: a failure, with what its paths would need
    // (`+ .` names any folder: this spec's decisions are inside it).
    try makeFiles(["x/y"], in: scratch.appendingPathComponent("other"))
    let inside = try TogglekitBinary.file("inside.spec", "+ docs\n- docs/old\n", in: scratch)
    let nothing = try TogglekitBinary.run(
      ["apply", "--dir", "other", "--select-spec", inside, "--print", "rsync-filter"],
      directory: scratch)
    #expect(nothing.code == 1 && nothing.stdout.isEmpty)
    #expect(
      nothing.stderr.contains("inside.spec names nothing in this tree")
        && nothing.stderr.contains("relative to the folder"), "\(nothing.stderr)")
    // A typo: two spaces after the sign.
    let typo = try TogglekitBinary.file("typo.spec", "+ .\n-  .cache\n", in: scratch)
    let refused = try TogglekitBinary.run(
      ["apply", "--dir", "moved", "--hidden", "--select-spec", typo, "--print", "rsync-filter"],
      directory: scratch)
    #expect(refused.code == 1 && refused.stdout.isEmpty)
    #expect(refused.stderr.hasPrefix("togglekit: \(typo):2:3: a path does not start with a space"))
    // --strict: a decision that names nothing yet is an error, for cron jobs.
    let stale = try TogglekitBinary.file("stale.spec", "+ docs\n- docs/gone\n", in: scratch)
    let kept = try TogglekitBinary.run(
      ["apply", "--dir", "moved", "--select-spec", stale, "--print", "spec"], directory: scratch)
    #expect(kept.code == 0 && kept.stderr.contains("no node at path 'docs/gone'"))
    let strict = try TogglekitBinary.run(
      ["apply", "--dir", "moved", "--strict", "--select-spec", stale, "--print", "spec"],
      directory: scratch)
    #expect(strict.code == 1 && strict.stdout.isEmpty && strict.stderr.contains("'docs/gone'"))
    // A list that names nothing here fails too.
    let list = try TogglekitBinary.file("list", "ada/docs/cv.txt\n", in: scratch)
    let listed = try TogglekitBinary.run(
      ["apply", "--dir", "other", "--select-from", list, "--print", "leaves"], directory: scratch)
    #expect(listed.code == 1 && listed.stderr.contains("names nothing in this tree"))
  }

  @Test(
    "2. Enter after a lazy restore prints the restored selection, not every file; with an exclusion deep inside one-subfolder folders, explore's topmost is apply's",
    .enabled(if: hasScript))
  func enterAfterARestore() async throws {
    let scratch = try TogglekitBinary.scratch()
    try makeFiles(["ada/docs/a.txt", "ada/docs/b.txt", "ada/photos/p.jpg"], in: scratch)
    _ = try TogglekitBinary.file("s.spec", "+ docs/a.txt\n", in: scratch)
    _ = try TogglekitBinary.file("two.spec", "+ docs/a.txt\n+ photos/p.jpg\n", in: scratch)
    // Its first decision names a folder read already: the one inside photos is left unread.
    _ = try TogglekitBinary.file("deep.spec", "- docs\n+ photos/p.jpg\n", in: scratch)
    let out = scratch.appendingPathComponent("out").path
    func explore(_ arguments: String, keys: [String] = ["\r"]) async throws -> String {
      let command =
        "cd \(scratch.path) && \(TogglekitBinary.url.path) explore \(arguments) > \(out) "
        + "2>/dev/null; echo code=$?"
      let (screen, _) = try await inTerminal(command, keys: keys, ready: "selected")
      #expect(screen.contains("code=0"), "\(screen.suffix(300))")
      return try String(contentsOfFile: out, encoding: .utf8)
    }
    #expect(try await explore("--dir ada --select-spec s.spec") == "ada/docs/a.txt\n")
    #expect(try await explore("--dir ada --select-spec s.spec --output spec") == "+ docs/a.txt\n")
    // The status line says what the unread folders hold, not "1 of 3 selected": the first
    // decision's folder is read (to know the spec names the tree), the second's is not.
    let command =
      "cd \(scratch.path) && \(TogglekitBinary.url.path) explore --dir ada --select-spec two.spec "
      + "> /dev/null 2>&1"
    let (screen, _) = try await inTerminal(command, keys: ["q"], ready: "selected")
    #expect(
      withoutEscapeSequences(screen).contains("1 selected · more in 1 unread folder"),
      "\(withoutEscapeSequences(screen).suffix(300))")
    #expect(
      try await explore("--dir ada --select-spec two.spec") == "ada/docs/a.txt\nada/photos/p.jpg\n")
    #expect(try await explore("--dir ada --select-spec deep.spec") == "ada/photos/p.jpg\n")
    #expect(try await explore("--dir ada --select-spec deep.spec", keys: ["n", "\r"]).isEmpty)
    #expect(
      try await explore("--dir ada --select-spec deep.spec --empty-enter focused")
        == "ada/photos/p.jpg\n",
      "a selection in folders not read is one: Enter picks no focused row")
    // A session that starts empty still picks the focused row; one whose selection was cleared
    // prints nothing.
    #expect(try await explore("--dir ada") == "ada/docs/a.txt\nada/docs/b.txt\nada/photos/p.jpg\n")
    #expect(try await explore("--dir ada --select-spec s.spec", keys: ["n", "\r"]).isEmpty)
    // An exclusion deep in folders that hold one folder each.
    try makeFiles(["e/a/b/c/f", "e/a/b/e/g", "e/z/h"], in: scratch)
    _ = try TogglekitBinary.file("d.spec", "+ .\n- a/b/c\n", in: scratch)
    let applied = try TogglekitBinary.run(
      ["apply", "--dir", "e", "--select-spec", "d.spec", "--print", "topmost"], directory: scratch)
    #expect(applied.stdout == "e/a/b/e\ne/z\n")
    #expect(try await explore("--dir e --select-spec d.spec --output topmost") == applied.stdout)
  }

  @Test(
    "3. paths as the shell writes them: a trailing '/', './' and '../', a spec line with a trailing '/', a --dir that is a symlink to a folder"
  )
  func shellPaths() throws {
    let scratch = try TogglekitBinary.scratch()
    try makeFiles(["ada/docs/a.txt", "ada/x"], in: scratch)
    for arguments in [
      ["--dir", "ada", "--select", "ada/docs/"], ["--dir", "ada", "--on", "./ada/docs"],
      ["--dir", "ada", "--on", "ada/./docs//"], ["--dir", "./ada/", "--on", "ada/docs/"],
    ] {
      let result = try TogglekitBinary.run(
        ["apply"] + arguments + ["--print", "topmost"], directory: scratch)
      #expect(
        result.code == 0 && result.stdout.hasSuffix("ada/docs\n"), "\(arguments): \(result.stderr)")
    }
    let inside = try TogglekitBinary.run(
      ["apply", "--dir", ".", "--on", "docs/", "--print", "topmost"],
      directory: scratch.appendingPathComponent("ada"))
    #expect(inside.code == 0 && inside.stdout == "./docs\n", "\(inside.stderr)")
    let spec = try TogglekitBinary.file("s.spec", "+ docs/\n", in: scratch)
    let read = try TogglekitBinary.run(
      ["apply", "--dir", "ada", "--select-spec", spec, "--print", "topmost"], directory: scratch)
    #expect(read.code == 0 && read.stdout == "ada/docs\n", "\(read.stderr)")
    try FileManager.default.createSymbolicLink(
      atPath: scratch.appendingPathComponent("ada-link").path, withDestinationPath: "ada")
    let link = try TogglekitBinary.run(
      ["apply", "--dir", "ada-link", "--on", "ada-link/docs/", "--print", "topmost"],
      directory: scratch)
    #expect(link.code == 0 && link.stdout == "ada-link/docs\n", "\(link.stderr)")
    let empty = try TogglekitBinary.run(
      ["apply", "--dir", "ada", "--on", "ada//docs"], directory: scratch)
    #expect(empty.code == 2 && empty.stderr.contains("write \\e"), "a real empty label needs \\e")
  }

  /// A random work tree: hostile names, dotfiles, folders of folders, `.gitignore` files at
  /// random levels with patterns over its names.
  private func workTree(at root: URL, _ random: inout SeededGenerator) throws -> [String] {
    let names = ["a", "b.o", ".env", "x y", "build", "keep.log", "#h", "!b", "é", ".d", "z.log"]
    var files: [String] = []
    var folders = [""]
    for _ in 0..<Int.random(in: 3...6, using: &random) {
      let parent = folders.randomElement(using: &random)!
      let name =
        names.randomElement(using: &random)! + String(Int.random(in: 0..<3, using: &random))
      let path = parent.isEmpty ? name : parent + "/" + name
      if !folders.contains(path) { folders.append(path) }
    }
    for folder in folders {
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let name =
          names.randomElement(using: &random)! + String(Int.random(in: 0..<3, using: &random))
        let path = folder.isEmpty ? name : folder + "/" + name
        if !folders.contains(path) && !files.contains(path) { files.append(path) }
      }
      if Bool.random(using: &random) {
        let patterns = (0..<Int.random(in: 1...4, using: &random)).map { _ in
          [
            "*.o", "build*/", "!keep.log", "*.log", ".env*", "/a*", "**/x*", "é*", ".d*/", "#h*",
            "\\#h0",
          ]
          .randomElement(using: &random)!
        }
        files.append((folder.isEmpty ? "" : folder + "/") + ".gitignore")
        let url = root.appendingPathComponent(folder).appendingPathComponent(".gitignore")
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((patterns.joined(separator: "\n") + "\n").utf8).write(to: url)
      }
    }
    try makeFiles(files.filter { !$0.hasSuffix(".gitignore") }, in: root)
    return files
  }

  /// The files of `apply --dir . … -0`'s records (each `./` first), as `git ls-files` lists them:
  /// git lists files, and an empty folder (all its files ignored) is a leaf of the tree.
  private func files(printed: String, under root: URL) -> [String] {
    records(printed).map { String($0.dropFirst(2)) }.filter {
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: root.path + "/" + $0, isDirectory: &isFolder)
        && !isFolder.boolValue
    }
  }

  @Test(
    "4. --gitignore and --select-gitignore select what git tracks: never .git, dotfiles with or without --hidden — as git ls-files --others --cached --exclude-standard lists on random work trees",
    .enabled(if: hasGit))
  func whatGitTracks() throws {
    var random = SeededGenerator(seed: 0x6769_7474)
    for round in 0..<Tier.size(fast: 6, long: 40) {
      let scratch = try TogglekitBinary.scratch()
      let root = scratch.appendingPathComponent("repo")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      _ = try workTree(at: root, &random)
      let environment = [
        "HOME": scratch.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
        "PATH": "/usr/bin:/bin",
      ]
      func git(_ arguments: [String]) throws -> TogglekitBinary.Result {
        try TogglekitBinary.run(
          executable: URL(fileURLWithPath: "/usr/bin/git"), arguments, environment: environment,
          directory: root)
      }
      _ = try git(["init", "-q", "."])
      if Bool.random(using: &random) {
        _ = try git(["add", "-A"])  // tracked or not, ls-files lists the same set
      }
      let tracked = records(
        try git(["ls-files", "--others", "--cached", "--exclude-standard", "-z"]).stdout)
      for hidden in [false, true] {
        let result = try TogglekitBinary.run(
          ["apply", "--dir", ".", "--gitignore", "--on", ".", "--print", "leaves", "-0"]
            + (hidden ? ["--hidden"] : []), directory: root)
        #expect(result.code == 0, "\(result.stderr)")
        let listed = files(printed: result.stdout, under: root)
        #expect(listed == tracked, "round \(round), --hidden \(hidden)")
      }
      // --select-gitignore: the top .gitignore's rules alone, as git reads that file alone.
      guard FileManager.default.fileExists(atPath: root.path + "/.gitignore") else { continue }
      let top = try String(contentsOfFile: root.path + "/.gitignore", encoding: .utf8)
      let alone = scratch.appendingPathComponent("alone")
      try FileManager.default.copyItem(at: root, to: alone)
      for file in FileManager.default.enumerator(atPath: alone.path)!.allObjects as! [String]
      where file.hasSuffix(".gitignore") && file != ".gitignore" {
        try FileManager.default.removeItem(atPath: alone.path + "/" + file)
      }
      let aloneTracked = records(
        try TogglekitBinary.run(
          executable: URL(fileURLWithPath: "/usr/bin/git"),
          ["ls-files", "--others", "--cached", "--exclude-standard", "-z"],
          environment: environment, directory: alone
        ).stdout)
      for hidden in [false, true] {
        let result = try TogglekitBinary.run(
          ["apply", "--dir", ".", "--select-gitignore", ".gitignore", "--print", "leaves", "-0"]
            + (hidden ? ["--hidden"] : []), directory: alone)
        #expect(result.code == 0, "\(result.stderr)")
        let selected = files(printed: result.stdout, under: alone)
        #expect(selected == aloneTracked, "round \(round), --hidden \(hidden): \(top)")
        #expect(!selected.contains { $0.hasPrefix(".git/") }, "never .git")
      }
    }
  }

  @Test(
    "5. filter rules as git and rsync read them: an unclosed '[' matches nothing (git keeps 'ab[' and '!ab[' takes nothing back), '- /' is a rule rsync takes",
    .enabled(if: hasGit && hasRsync))
  func rulesAsTheToolsReadThem() throws {
    let scratch = try TogglekitBinary.scratch()
    try makeFiles(["proj/ab[", "proj/abc", "proj/a[]b", "proj/x"], in: scratch)
    _ = try TogglekitBinary.file("ignore", "ab[\na[]b\n*\n!ab[\n!x\n", in: scratch)
    let git = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-gitignore", "ignore", "--print", "leaves"],
      directory: scratch)
    #expect(git.code == 0 && git.stdout == "proj/x\n", "\(git.stdout) \(git.stderr)")
    _ = try TogglekitBinary.file("rules", "- /\n- ab[\n", in: scratch)
    let rsync = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-rsync-filter", "rules", "--print", "leaves"],
      directory: scratch)
    #expect(rsync.code == 0, "\(rsync.stderr)")
    #expect(rsync.stdout == "proj/a[]b\nproj/ab[\nproj/abc\nproj/x\n")
    let copy = try TogglekitBinary.runProgram(
      "/usr/bin/rsync", ["-r", "--filter=merge rules", "proj/", "copy/"], directory: scratch)
    #expect(copy.code == 0)
    #expect(
      (try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/copy")).sorted()
        == ["a[]b", "ab[", "abc", "x"])
  }

  @Test(
    "6. every key name fzf users bind is taken: ctrl-j, ctrl-m, ctrl-/, alt-enter, f1, shift-left")
  func keyNames() throws {
    for name in ["ctrl-j", "ctrl-m", "ctrl-/", "alt-enter", "f1", "f12", "shift-left", "ctrl-h"] {
      let result = try TogglekitBinary.run([
        "explore", "--bind", "\(name):down", "--exit-0", "-q", "zz",
      ])
      #expect(result.code == 0, "\(name): \(result.stderr)")
    }
    let refused = try TogglekitBinary.run(["explore", "--bind", "ctrl-[:down"])
    #expect(refused.code == 2 && refused.stderr.contains("a terminal sends Esc for Ctrl-["))
  }
}
