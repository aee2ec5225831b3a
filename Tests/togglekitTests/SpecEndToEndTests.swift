import Foundation
import Testing

@testable import TestSupport

private let hasRsync = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsync")
private let hasRestic = FileManager.default.isExecutableFile(atPath: "/usr/bin/restic")
private let hasBorg = FileManager.default.isExecutableFile(atPath: "/usr/bin/borg")

/// The files below `folder`, as sorted relative paths.
private func files(below folder: URL) -> [String] {
  let root = folder.path
  return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isFolder)
      && !isFolder.boolValue
  }.sorted()
}

@Suite(
  "Selection specs from the command line: --print spec, rsync-filter, gitignore, --select-spec")
struct SpecEndToEndTests {
  @Test(
    "--print restic-files, restic-excludes and borg-patterns name files by absolute paths from the working directory (--dir ../ada from a folder beside it), and restic and borg given them back up exactly the selected files"
  )
  func backupsForResticAndBorg() throws {
    let scratch = try TogglekitBinary.scratch().resolvingSymlinksInPath()
    let home = scratch.appendingPathComponent("ada")
    try makeFiles(
      ["docs/cv.txt", "docs/old/a.txt", "docs/old/keep.txt", "docs/old/b.txt", "tmp/x", "top.txt"],
      in: home)
    let work = scratch.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let spec = try TogglekitBinary.file(
      "backup.spec", "+ .\n- tmp\n- docs/old\n+ docs/old/keep.txt\n", in: scratch)
    func print(_ form: String) throws -> String {
      let result = try TogglekitBinary.run(
        ["apply", "--dir", "../ada", "--select-spec", spec, "--print", form], directory: work)
      #expect(result.code == 0 && result.stderr.isEmpty, "\(form): \(result.stderr)")
      return result.stdout
    }
    let root = home.path
    #expect(try print("restic-files") == root + "\0")
    let excludes = try print("restic-excludes")
    #expect(excludes.hasPrefix(root + "/docs/old/[^k]*\n") && excludes.hasSuffix(root + "/tmp\n"))
    let patterns = try print("borg-patterns")
    #expect(
      patterns == "R \(root)\n! pp:\(root)/tmp\n+ pp:\(root)/docs/old/keep.txt\n"
        + "- pp:\(root)/docs/old\n")
    let expected = ["docs/cv.txt", "docs/old/keep.txt", "top.txt"]
    let environment = [
      "RESTIC_PASSWORD": "togglekit", "BORG_UNKNOWN_UNENCRYPTED_REPO_ACCESS_IS_OK": "yes",
      "HOME": scratch.path, "PATH": "/usr/bin:/bin",
    ]
    func run(_ program: String, _ arguments: [String], in folder: URL = scratch) throws {
      let result = try TogglekitBinary.run(
        executable: URL(fileURLWithPath: program), arguments, environment: environment,
        directory: folder)
      #expect(result.code == 0, "\(program) \(arguments): \(result.stderr)")
    }
    if hasRestic {
      try Data(try print("restic-files").utf8).write(to: scratch.appendingPathComponent("files"))
      try Data(excludes.utf8).write(to: scratch.appendingPathComponent("excludes"))
      try run("/usr/bin/restic", ["init", "-q", "--repo", "restic"])
      try run(
        "/usr/bin/restic",
        [
          "backup", "-q", "--no-cache", "--repo", "restic", "--files-from-raw", "files",
          "--exclude-file", "excludes",
        ])
      try run(
        "/usr/bin/restic",
        ["restore", "-q", "--no-cache", "--repo", "restic", "latest", "--target", "restored"])
      #expect(files(below: scratch.appendingPathComponent("restored" + root)) == expected)
    }
    if hasBorg {
      try Data(patterns.utf8).write(to: scratch.appendingPathComponent("patterns"))
      try run("/usr/bin/borg", ["init", "-e", "none", "borg"])
      try run("/usr/bin/borg", ["create", "--patterns-from", "patterns", "borg::one"])
      let extracted = scratch.appendingPathComponent("extracted")
      try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
      try run("/usr/bin/borg", ["extract", scratch.path + "/borg::one"], in: extracted)
      #expect(files(below: extracted.appendingPathComponent(String(root.dropFirst()))) == expected)
    }
  }

  @Test(
    "the README's backup: a spec saved with --print spec, restored with --select-spec after files changed (new ones follow their folder), handed to rsync as a filter, copies exactly what the tree selects"
  )
  func backupKeptAsASpec() throws {
    let scratch = try TogglekitBinary.scratch()
    let home = scratch.appendingPathComponent("ada")
    try makeFiles(
      ["docs/cv.txt", "docs/notes.md", ".cache/big/blob", "music/song.mp3", "todo.txt"], in: home)
    let saved = try TogglekitBinary.run(
      [
        "apply", "--dir", "ada", "--hidden", "--on", "ada", "--off", "ada/.cache", "--print",
        "spec",
      ],
      directory: scratch)
    #expect(saved.code == 0 && saved.stderr.isEmpty, "\(saved.stderr)")
    #expect(saved.stdout == "+ .\n- .cache\n", "relative to the folder: '.' is the folder itself")
    try Data(saved.stdout.utf8).write(to: scratch.appendingPathComponent("backup.spec"))
    // Files come and go: new ones follow the nearest decision.
    try makeFiles(["music/new.mp3", ".cache/more/z", "docs/2027/plan.txt"], in: home)
    try FileManager.default.removeItem(at: home.appendingPathComponent("todo.txt"))
    let restored = try TogglekitBinary.run(
      ["apply", "--dir", "ada", "--hidden", "--select-spec", "backup.spec", "--print", "leaves"],
      directory: scratch)
    #expect(restored.code == 0 && restored.stderr.isEmpty, "\(restored.stderr)")
    #expect(
      restored.stdout.split(separator: "\n").sorted() == [
        "ada/docs/2027/plan.txt", "ada/docs/cv.txt", "ada/docs/notes.md", "ada/music/new.mp3",
        "ada/music/song.mp3",
      ])
    let again = try TogglekitBinary.run(
      ["apply", "--dir", "ada", "--hidden", "--select-spec", "backup.spec", "--print", "spec"],
      directory: scratch)
    #expect(again.stdout == saved.stdout, "restoring and saving keeps the decisions")
    let rules = try TogglekitBinary.run(
      [
        "apply", "--dir", "ada", "--hidden", "--select-spec", "backup.spec", "--print",
        "rsync-filter",
      ], directory: scratch)
    #expect(rules.stdout == "- /.cache\n- /.cache/***\n", "anchored at the folder itself")
    if hasRsync {
      try Data(rules.stdout.utf8).write(to: scratch.appendingPathComponent("backup.rsync"))
      let copy = try TogglekitBinary.runProgram(
        "/usr/bin/rsync", ["-a", "--filter=merge backup.rsync", "ada/", "copy/"],
        directory: scratch)
      #expect(copy.code == 0, "\(copy.stderr)")
      #expect(
        files(below: scratch.appendingPathComponent("copy"))
          == restored.stdout.split(separator: "\n").map { String($0.dropFirst(4)) }.sorted())
    }
    let ignore = try TogglekitBinary.run(
      [
        "apply", "--dir", "ada", "--hidden", "--select-spec", "backup.spec", "--print", "gitignore",
      ],
      directory: scratch)
    #expect(ignore.stdout == "/.cache\n")
  }

  @Test(
    "--select-rsync-filter and --select-gitignore start with what rsync would copy (rules anchored inside the --dir folder) and git would track, keeping the rules: the spec printed from there carries them, the rsync filter printed is the rules themselves and copies what they copy, files that come later included; a rule this reader does not know is an error with its line and column, and the options refuse each other and --select-spec"
  )
  func filterFilesAsTheStartingSelection() throws {
    let scratch = try TogglekitBinary.scratch()
    let home = scratch.appendingPathComponent("proj")
    try makeFiles(
      [
        "src/main.c", "src/main.o", "src/vendor/lib.c", "build/out", "docs/a.md", "x.log", "README",
      ],
      in: home)
    _ = try TogglekitBinary.file("rules", "- *.o\n- /src/vendor/\n- /build/\n", in: scratch)
    _ = try TogglekitBinary.file("ignore", "build/\n*.log\n!keep.log\n", in: scratch)
    let leaves = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-rsync-filter", "rules", "--print", "leaves"],
      directory: scratch)
    #expect(leaves.code == 0 && leaves.stderr.isEmpty, "\(leaves.stderr)")
    #expect(
      leaves.stdout.split(separator: "\n").sorted() == [
        "proj/README", "proj/docs/a.md", "proj/src/main.c", "proj/x.log",
      ])
    let spec = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-gitignore", "ignore", "--print", "spec"],
      directory: scratch)
    #expect(
      spec.stdout == "rules gitignore\nbuild/\n*.log\n!keep.log\n\n", "\(spec.stderr)")
    let back = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-rsync-filter", "rules", "--print", "rsync-filter"],
      directory: scratch)
    #expect(back.stdout == "- *.o\n- /src/vendor/\n- /build/\n" && back.stderr.isEmpty)
    // A form that cannot hold the rules writes today's paths, and says so.
    let across = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-rsync-filter", "rules", "--print", "gitignore"],
      directory: scratch)
    #expect(across.code == 0 && across.stdout == "/build\n/src\n!/src/\n/src/*\n!/src/main.c\n")
    #expect(
      across.stderr.hasPrefix(
        "togglekit: warning: the kept rsync rules cannot be written as gitignore (another filter "
          + "language); wrote today's selection by its paths"))
    let borg = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-gitignore", "ignore", "--print", "borg-patterns"],
      directory: scratch)
    #expect(borg.code == 0 && borg.stdout.contains("! pp:") && !borg.stdout.contains("build/"))
    #expect(borg.stderr.contains("the kept gitignore rules cannot be written as borg-patterns"))
    if hasRsync {
      _ = try TogglekitBinary.file("back.rsync", back.stdout, in: scratch)
      try makeFiles(["src/new.c", "src/new.o", "build/later", "docs/more/b.md"], in: home)
      for (filter, copy) in [("rules", "copy1"), ("back.rsync", "copy2")] {
        let result = try TogglekitBinary.runProgram(
          "/usr/bin/rsync", ["-a", "--filter=merge \(filter)", "proj/", copy + "/"],
          directory: scratch)
        #expect(result.code == 0, "\(result.stderr)")
      }
      #expect(
        files(below: scratch.appendingPathComponent("copy1"))
          == files(below: scratch.appendingPathComponent("copy2")))
      #expect(files(below: scratch.appendingPathComponent("copy1")).count == 6)
      for file in ["src/new.c", "src/new.o", "build/later", "docs/more/b.md"] {
        try FileManager.default.removeItem(at: home.appendingPathComponent(file))
      }
    }
    _ = try TogglekitBinary.file("bad", "+ /src/\nmerge more\n", in: scratch)
    let bad = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-rsync-filter", "bad"], directory: scratch)
    #expect(bad.code == 1)
    #expect(bad.stderr.hasPrefix("togglekit: bad:2:1: 'merge' reads rules from other files"))
    for arguments in [
      ["--select-rsync-filter", "rules", "--select-gitignore", "ignore"],
      ["--select-spec", "rules", "--select-rsync-filter", "rules"],
    ] {
      let both = try TogglekitBinary.run(
        ["apply", "--dir", "proj"] + arguments, directory: scratch)
      #expect(both.code == 2 && both.stderr.contains("give one"), "\(arguments)")
    }
  }

  @Test(
    "a spec that keeps rsync rules as patterns: --select-spec selects what the rules select where no decision covers, files added later follow them, --print spec writes the rules back (their folder relative to the folder, whatever the --dir), and a bad rule is refused at its line in the spec"
  )
  func specsKeepingRules() throws {
    let scratch = try TogglekitBinary.scratch()
    try makeFiles(
      ["proj/src/a.c", "proj/src/a.o", "proj/src/vendor/v.c", "proj/README"], in: scratch)
    let text = "+ src/vendor\nrules rsync\n# objects\n- *.o\n- /src/vendor/\n"
    _ = try TogglekitBinary.file("kept.spec", text, in: scratch)
    func leaves(_ arguments: [String] = ["--dir", "proj"]) throws -> [String] {
      let result = try TogglekitBinary.run(
        ["apply"] + arguments + ["--select-spec", "kept.spec", "--print", "leaves"],
        directory: scratch)
      #expect(result.code == 0 && result.stderr.isEmpty, "\(result.stderr)")
      return result.stdout.split(separator: "\n").map(String.init).sorted()
    }
    #expect(try leaves() == ["proj/README", "proj/src/a.c", "proj/src/vendor/v.c"])
    try makeFiles(["proj/lib/b.o", "proj/lib/b.c", "proj/src/vendor/w.o"], in: scratch)
    #expect(
      try leaves() == [
        "proj/README", "proj/lib/b.c", "proj/src/a.c", "proj/src/vendor/v.c",
        "proj/src/vendor/w.o",
      ])
    let spec = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-spec", "kept.spec", "--print", "spec"],
      directory: scratch)
    #expect(spec.stdout == text, "\(spec.stderr)")
    let folder = scratch.appendingPathComponent("proj").path
    let absolute = try TogglekitBinary.run(
      ["apply", "--dir", folder, "--select-spec", "kept.spec", "--print", "spec"],
      directory: scratch)
    // Every path, the rules' folder too, is relative to the folder: the same text.
    #expect(absolute.stdout == text, "\(absolute.stderr)")
    _ = try TogglekitBinary.file("abs.spec", absolute.stdout, in: scratch)
    let back = try TogglekitBinary.run(
      ["apply", "--dir", folder, "--select-spec", "abs.spec", "--print", "spec"],
      directory: scratch)
    #expect(back.stdout == absolute.stdout, "\(back.stderr)")
    _ = try TogglekitBinary.file("bad.spec", "+ .\nrules rsync\n- *.o\nmerge x\n", in: scratch)
    let bad = try TogglekitBinary.run(
      ["apply", "--dir", "proj", "--select-spec", "bad.spec"], directory: scratch)
    #expect(bad.code == 1 && bad.stderr.hasPrefix("togglekit: bad.spec:4:1: 'merge' reads"))
  }

  @Test(
    "a spec's paths are relative to the folder it selects in: one spec file means the same with --dir proj, an absolute --dir, --dir . inside the folder, a symlink to it, and after the folder moves; an older spec (paths from the working directory) is read so with a warning, and --print spec rewrites it"
  )
  func specsAnchoredAtTheFolder() throws {
    let scratch = try TogglekitBinary.scratch().resolvingSymlinksInPath()
    try makeFiles(
      ["proj/src/a.c", "proj/src/b.c", "proj/src/c.c", "proj/src/gen/x.c", "proj/README"],
      in: scratch)
    let folder = scratch.appendingPathComponent("proj").path
    let spec = try TogglekitBinary.run([
      "apply", "--dir", folder, "--on", "proj/src", "--off", "proj/src/gen", "--print", "spec",
    ])
    #expect(spec.stdout == "+ src\n- src/gen\n")
    let file = try TogglekitBinary.file("s.spec", spec.stdout, in: scratch)
    let picked = ["a", "b", "c"].map { "src/\($0).c" }
    func leaves(_ dir: String, from directory: URL, spec: String = file) throws -> [String] {
      let result = try TogglekitBinary.run(
        ["apply", "--dir", dir, "--select-spec", spec, "--print", "leaves"], directory: directory)
      #expect(result.code == 0 && result.stderr.isEmpty, "\(dir): \(result.stderr)")
      return result.stdout.split(separator: "\n").map(String.init)
    }
    #expect(try leaves("proj", from: scratch) == picked.map { "proj/" + $0 })
    #expect(try leaves(folder, from: scratch) == picked.map { folder + "/" + $0 })
    #expect(
      try leaves(".", from: scratch.appendingPathComponent("proj")) == picked.map { "./" + $0 })
    try FileManager.default.createSymbolicLink(
      atPath: scratch.appendingPathComponent("link").path, withDestinationPath: "proj")
    #expect(try leaves("link", from: scratch) == picked.map { "link/" + $0 })
    try FileManager.default.moveItem(
      atPath: folder, toPath: scratch.appendingPathComponent("moved").path)
    #expect(try leaves("moved", from: scratch) == picked.map { "moved/" + $0 })
    // The older form: from the working directory, the folder's own name first.
    let old = try TogglekitBinary.file("old.spec", "+ moved/src\n- moved/src/gen\n", in: scratch)
    for (dir, directory) in [
      ("moved", scratch), (".", scratch.appendingPathComponent("moved")),
    ] {
      let result = try TogglekitBinary.run(
        ["apply", "--dir", dir, "--select-spec", old, "--print", "spec"], directory: directory)
      #expect(result.code == 0 && result.stdout == spec.stdout, "\(dir): \(result.stderr)")
      #expect(
        result.stderr.contains("warning: \(old): its paths name files from the working directory")
          && result.stderr.contains("'--print spec' writes them relative to the folder"))
    }
  }

  @Test(
    "bad specs and forms are refused clearly: a bad line with its file, line and column (exit 1), a missing file, -0 with a line format (exit 2), a name a filter cannot hold (exit 1, escaped, nothing printed); a decision no node has is a warning"
  )
  func refusals() throws {
    let scratch = try TogglekitBinary.scratch()
    try makeFiles(["d/a", "d/b", "d/c", "d/tab\there"], in: scratch)
    try Data("+ d\n\n* d/a\n".utf8).write(to: scratch.appendingPathComponent("bad.spec"))
    let bad = try TogglekitBinary.run(
      ["apply", "--dir", "d", "--select-spec", "bad.spec"], directory: scratch)
    #expect(bad.code == 1 && bad.stdout.isEmpty)
    #expect(bad.stderr.hasPrefix("togglekit: bad.spec:3:1: expected a decision"), "\(bad.stderr)")
    let missing = try TogglekitBinary.run(
      ["apply", "--dir", "d", "--select-spec", "none.spec"], directory: scratch)
    #expect(missing.code == 1 && missing.stderr.contains("none.spec"))
    let null = try TogglekitBinary.run(
      ["apply", "--dir", "d", "-0", "--print", "rsync-filter"], directory: scratch)
    #expect(null.code == 2 && null.stderr.contains("'-0' cannot be used with 'rsync-filter'"))
    let tab = try TogglekitBinary.run(
      ["apply", "--dir", "d", "--on", "d", "--off", #"d/tab\there"#, "--print", "gitignore"],
      directory: scratch)
    #expect(tab.code == 1 && tab.stdout.isEmpty)
    #expect(tab.stderr.contains(#"cannot write 'd/tab\there' as a gitignore pattern"#))
    #expect(!tab.stderr.contains("\t"), "no raw control character in a message")
    let spec = try TogglekitBinary.run(
      ["apply", "--dir", "d", "--on", "d", "--off", #"d/tab\there"#, "--print", "spec"],
      directory: scratch)
    #expect(spec.stdout == "+ .\n- tab\\there\n", "the spec's own text escapes it")
    try Data("+ .\n- gone\n".utf8).write(to: scratch.appendingPathComponent("gone.spec"))
    let gone = try TogglekitBinary.run(
      ["apply", "--dir", "d", "--select-spec", "gone.spec", "--print", "spec"], directory: scratch)
    #expect(
      gone.code == 0 && gone.stdout == "+ .\n- gone\n",
      "the decision of a file gone is kept for when it comes back")
    #expect(
      gone.stderr
        == "togglekit: warning: gone.spec: no node at path 'gone'; its decision is kept for when one comes\n"
    )
  }

  @Test(
    "the explorer keeps a restored spec's decisions: a click changes them and --output spec writes them back, the decision of a file gone included",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func explorerKeepsDecisions() async throws {
    let scratch = try TogglekitBinary.scratch()
    try makeFiles(["d/a", "d/b", "d/sub/c"], in: scratch)
    try Data("+ .\n- gone\n- sub\n".utf8).write(
      to: scratch.appendingPathComponent("kept.spec"))
    let out = scratch.appendingPathComponent("out.spec").path
    let command =
      "cd \(scratch.path) && \(TogglekitBinary.url.path) explore --dir d --select-spec kept.spec "
      + "--output spec > \(out) 2>/dev/null; echo code=$?"
    // d is read and open (the spec needs no other folder), ↓ to a, Space deselects it, Enter.
    let (screen, _) = try await inTerminal(command, keys: ["j", " ", "\r"], ready: "selected")
    #expect(screen.contains("code=0"), "\(screen.suffix(400))")
    #expect(
      try String(contentsOfFile: out, encoding: .utf8) == "+ .\n- a\n- gone\n- sub\n")
  }

  @Test(
    "explore --dir --select-spec reads no folder the spec does not need: a folder not read with a decision below it is drawn mixed, a click on it selects all of it, the decisions save back, and --output topmost reads the mixed folder only"
  )
  func explorerRestoresLazily() async throws {
    let scratch = try TogglekitBinary.scratch()
    try makeFiles(["d/other/f", "d/sub/c", "d/sub/e", "d/zfile"], in: scratch)
    try Data("+ .\n- sub/c\n- gone\n".utf8).write(
      to: scratch.appendingPathComponent("kept.spec"))
    let out = scratch.appendingPathComponent("out.spec").path
    let command =
      "cd \(scratch.path) && \(TogglekitBinary.url.path) explore --dir d --select-spec kept.spec "
      + "--output spec > \(out) 2>/dev/null; echo code=$?"
    // Enter at once: nothing read, the decisions written back as they came.
    let (first, _) = try await inTerminal(command, keys: ["\r"], ready: "selected")
    let shown = withoutEscapeSequences(first)
    #expect(first.contains("code=0"), "\(first.suffix(400))")
    #expect(shown.contains("[-] sub") && shown.contains("[x] other"), "\(shown.suffix(600))")
    #expect(shown.contains("2 folders not read"), "\(shown.suffix(600))")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "+ .\n- gone\n- sub/c\n")
    // ↓ other, ↓ sub, Space: the folder shown mixed is clicked as mixed, all of it selected.
    let (second, _) = try await inTerminal(command, keys: ["j", "j", " ", "\r"], ready: "selected")
    #expect(second.contains("code=0"), "\(second.suffix(400))")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "+ .\n- gone\n")
    // The topmost form reads the folder shown mixed, to say what in it is selected.
    let topmost = command.replacingOccurrences(of: "--output spec", with: "--output topmost")
    let (third, _) = try await inTerminal(topmost, keys: ["\r"], ready: "selected")
    #expect(third.contains("code=0"), "\(third.suffix(400))")
    #expect(
      try String(contentsOfFile: out, encoding: .utf8) == "d/other\nd/sub/e\nd/zfile\n")
  }
}
