import Foundation
import Testing

@testable import TestSupport

/// The same catalogue in the three formats.
private let indented = """
  [ ] Fruit
    [x] Apple
    [ ] Pear
    [xL] Bags
  [ ] Veg
    [ ] Leek
    [ D] Kale

  """
private let json = """
  [{"label": "Fruit", "children": [
     {"label": "Apple", "selected": true}, {"label": "Pear"},
     {"label": "Bags", "selected": true, "locked": true}]},
   {"label": "Veg", "children": [{"label": "Leek"}, {"label": "Kale", "disabled": true}]}]
  """
private let paths = """
  [x] Fruit/Apple
  [ ] Fruit/Pear
  [xL] Fruit/Bags
  [ ] Veg/Leek
  [ D] Veg/Kale

  """

@Suite("togglekit apply, run as a program")
struct ApplyEndToEndTests {
  private func files() throws -> [String] {
    let folder = try TogglekitBinary.scratch()
    return [
      try TogglekitBinary.file("cats.txt", indented, in: folder),
      try TogglekitBinary.file("cats.json", json, in: folder),
      try TogglekitBinary.file("cats.paths", paths, in: folder),
    ]
  }

  @Test("the same operations give the same states in every input format")
  func statesInEveryFormat() throws {
    for file in try files() {
      let result = try TogglekitBinary.run(["apply", "--toggle", "Fruit", "--on", "Veg", file])
      #expect(result.code == 0, "\(file): \(result.stderr)")
      #expect(
        result.stdout == """
          on\tFruit
          on\tFruit/Apple
          on\tFruit/Pear
          on\tFruit/Bags
          on\tVeg
          on\tVeg/Leek
          off\tVeg/Kale

          """, "\(file)")
    }
  }

  @Test("every --print form")
  func printForms() throws {
    let file = try files()[0]
    func output(_ form: String, _ extra: [String] = []) throws -> String {
      try TogglekitBinary.run(["apply", "--on", "Fruit"] + extra + ["--print", form, file]).stdout
    }
    #expect(try output("leaves") == "Fruit/Apple\nFruit/Pear\nFruit/Bags\n")
    #expect(try output("topmost") == "Fruit\n")
    #expect(try output("all") == "Fruit\nFruit/Apple\nFruit/Pear\nFruit/Bags\n")
    #expect(try output("paths").hasPrefix("[x] Fruit\n[x] Fruit/Apple\n"))
    #expect(try output("indent").hasPrefix("[x] Fruit\n  [x] Apple\n"))
    #expect(try output("json").hasPrefix("[\n  {\"label\": \"Fruit\""))
  }

  @Test("--locked counted, --mixed-toggles-to off, --filter with both scopes")
  func modes() throws {
    let file = try files()[0]
    let counted = try TogglekitBinary.run([
      "apply", "--locked", "counted", "--print", "states", file,
    ])
    #expect(counted.stdout.hasPrefix("mixed\tFruit\n"))
    let off = try TogglekitBinary.run([
      "apply", "--mixed-toggles-to", "off", "--toggle", "Fruit", "--print", "leaves", file,
    ])
    #expect(off.stdout == "Fruit/Bags\n", "a mixed Fruit turns off; the locked bags stay")
    let visible = try TogglekitBinary.run([
      "apply", "--filter", "ee", "--on", "Veg", "--print", "leaves", file,
    ])
    #expect(visible.stdout == "Fruit/Apple\nFruit/Bags\nVeg/Leek\n")
    let all = try TogglekitBinary.run([
      "apply", "--filter", "pe", "--scope", "all", "--on", "Fruit", "--print", "leaves", file,
    ])
    #expect(all.stdout == "Fruit/Apple\nFruit/Pear\nFruit/Bags\n")
  }

  @Test("input from a pipe and from '-'; escaped labels in PATHs and marked lines")
  func standardInput() throws {
    let piped = try TogglekitBinary.run(
      ["apply", "--format", "paths", "--on", #"Sizes/1\/2 inch"#, "--print", "leaves", "-"],
      input: "[ ] Sizes/1\\/2 inch\nSizes/1 inch\n")
    #expect(piped.code == 0, "\(piped.stderr)")
    #expect(piped.stdout == "Sizes/1\\/2 inch\n")
  }

  @Test(
    "absolute paths as find prints them: a root '/', PATHs and every output as given, -0 a pick to select again"
  )
  func absolutePaths() throws {
    let folder = try TogglekitBinary.scratch().path
    try FileManager.default.createDirectory(
      atPath: folder + "/a b/c", withIntermediateDirectories: true)
    for file in ["a b/x", "a b/c/y", "z"] {
      #expect(FileManager.default.createFile(atPath: folder + "/" + file, contents: Data()))
    }
    let find = Process()
    find.executableURL = URL(fileURLWithPath: "/usr/bin/find")
    find.arguments = [folder]
    let pipe = Pipe()
    find.standardOutput = pipe
    try find.run()
    let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    find.waitUntilExit()
    let topmost = try TogglekitBinary.run(
      ["apply", "--on", folder + "/a b", "--print", "topmost", "-"], input: listing)
    #expect(topmost.code == 0, "\(topmost.stderr)")
    #expect(topmost.stdout == folder + "/a b\n")
    let raw = try TogglekitBinary.run(
      ["apply", "--on", folder + "/a b", "--print", "leaves", "-0", "-"], input: listing)
    // find lists a folder in the order the file system gives.
    #expect(
      Set(raw.stdout.split(separator: "\0").map(String.init))
        == [folder + "/a b/x", folder + "/a b/c/y"])
    #expect(raw.stdout.hasSuffix("\0"))
    let pick = try TogglekitBinary.file("pick", raw.stdout, in: URL(fileURLWithPath: folder))
    let again = try TogglekitBinary.run(
      ["apply", "--select-from", pick, "--print", "topmost", "-"], input: listing)
    #expect(again.stdout == topmost.stdout, "\(again.stderr)")
    let states = try TogglekitBinary.run(["apply", "--print", "states", "-"], input: "/\n/etc\n")
    #expect(states.stdout == "off\t/\noff\t/etc\n")
    let doubled = try TogglekitBinary.run(["apply", "--print", "states", "-"], input: "//etc\n")
    #expect(doubled.code == 1)
    #expect(doubled.stderr.contains("<stdin>:1:1: empty label in path"), "\(doubled.stderr)")
  }

  @Test("bad input data exits 1 with FILE:LINE:COL or the unknown path")
  func badInput() throws {
    let folder = try TogglekitBinary.scratch()
    let broken = try TogglekitBinary.file("broken.txt", "a\n  b\n \tc\n", in: folder)
    let parse = try TogglekitBinary.run(["apply", broken])
    #expect(parse.code == 1)
    #expect(parse.stderr == "togglekit: \(broken):3:1: indentation mixes tabs and spaces\n")
    let file = try files()[0]
    let unknown = try TogglekitBinary.run(["apply", "--on", "Fruit/Plum", file])
    #expect(unknown.code == 1)
    #expect(unknown.stderr == "togglekit: no node at path 'Fruit/Plum'\n")
    let missing = try TogglekitBinary.run(["apply", folder.appendingPathComponent("nope.txt").path])
    #expect(missing.code == 1)
    #expect(missing.stderr.hasSuffix("nope.txt: No such file or directory\n"))
    // A file that opens but cannot be read (a folder) is an error too, not an empty tree.
    let unreadable = try TogglekitBinary.run(["apply", "--format", "paths", folder.path])
    #expect(unreadable.code == 1)
    #expect(unreadable.stderr == "togglekit: \(folder.path): Is a directory\n")
    let duplicates = try TogglekitBinary.file(
      "dup.json", "[{\"id\": \"1\", \"label\": \"a\"},\n {\"id\": \"2\", \"label\": \"a\"}]",
      in: folder)
    let duplicate = try TogglekitBinary.run(["apply", duplicates])
    #expect(duplicate.code == 1)
    #expect(
      duplicate.stderr.contains(
        "dup.json:2:2: duplicate label \"a\" at the top level (lines 1 and 2)"))
  }

  @Test("usage errors exit 2 with a hint; help and version exit 0")
  func usage() throws {
    let unknown = try TogglekitBinary.run(["apply", "--frob"])
    #expect(unknown.code == 2)
    #expect(
      unknown.stderr
        == "togglekit: unknown option '--frob' for 'apply'\nTry 'togglekit --help' for more information.\n"
    )
    let missingValue = try TogglekitBinary.run(["apply", "--on"])
    #expect(missingValue.code == 2)
    let empty = try TogglekitBinary.run(["apply"])
    #expect(
      empty.code == 0 && empty.stdout.isEmpty, "a standard input that is not a terminal is read")
    let help = try TogglekitBinary.run(["--help"])
    #expect(help.code == 0 && help.stdout.hasPrefix("usage: togglekit <command>"))
    #expect(
      try TogglekitBinary.run(["help", "explore"]).stdout.hasPrefix("usage: togglekit explore"))
    #expect(try TogglekitBinary.run(["--version"]).stdout == "togglekit 0.1.0\n")
  }

  @Test(
    "without a command, or with a misspelt one, nothing reaches standard output: the usage and the error go to stderr, exit 2"
  )
  func noCommand() throws {
    // `sel=$(find . | togglekit)` must not capture the help text as a selection.
    let piped = try TogglekitBinary.run([], input: "a/b\na/c\n")
    #expect(piped.code == 2)
    #expect(piped.stdout.isEmpty)
    #expect(piped.stderr.hasPrefix("usage: togglekit <command>"))
    #expect(piped.stderr.contains("\ntogglekit: a command is needed (explore or apply)\n"))
    let misspelt = try TogglekitBinary.run(["explor", "--dir", "."])
    #expect(misspelt.code == 2 && misspelt.stdout.isEmpty)
    #expect(
      misspelt.stderr.hasPrefix("togglekit: unknown command 'explor'; did you mean 'explore'?"))
    let option = try TogglekitBinary.run(["apply", "--ouptut", "x"])
    #expect(option.code == 2 && option.stdout.isEmpty)
    #expect(
      option.stderr.contains("unknown option '--ouptut' for 'apply'; did you mean '--output'?")
        == false)
    #expect(option.stderr.contains("unknown option '--ouptut' for 'apply'"))
  }

  @Test("explore without a terminal says so and points to apply")
  func exploreWithoutTerminal() throws {
    let result = try TogglekitBinary.run(["explore", try files()[0]])
    #expect(result.code == 1)
    #expect(result.stderr.contains("use 'togglekit apply'"))
  }

  @Test(
    "a pick saved with --print leaves (or -0) comes back with --select-from, compressed with topmost"
  )
  func selectFrom() throws {
    let folder = try TogglekitBinary.scratch()
    let tree = try TogglekitBinary.file(
      "t.txt", "Fruit\n  Apple\n  Pear\nVeg\n  Leek\n", in: folder)
    for raw in [false, true] {
      let saved = try TogglekitBinary.run(
        ["apply", "--on", "Fruit", "--print", "leaves", tree] + (raw ? ["-0"] : []))
      #expect(saved.code == 0)
      let list = try TogglekitBinary.file("saved", saved.stdout, in: folder)
      let back = try TogglekitBinary.run([
        "apply", "--select-from", list, "--print", "topmost", tree,
      ])
      #expect(back.stdout == "Fruit\n" && back.stderr.isEmpty && back.code == 0, "raw \(raw)")
    }
    let piped = try TogglekitBinary.run(
      ["apply", "--select-from", "-", "--select", "Veg/Leek", "--print", "topmost", tree],
      input: "Fruit/Pear\r\n")
    #expect(piped.stdout == "Fruit/Pear\nVeg\n" && piped.code == 0)
    let missing = try TogglekitBinary.run(["apply", "--select", "Nope", tree])
    #expect(missing.code == 1 && missing.stderr == "togglekit: --select: no node at path 'Nope'\n")
    let both = try TogglekitBinary.run(["apply", "--select-from", "-"], input: "Fruit\n")
    #expect(both.code == 2, "standard input cannot be the tree and the list")
    #expect(both.stderr.hasPrefix("togglekit: standard input cannot be both the tree and"))
  }

  @Test(
    "--dir with --gitignore and --exclude leaves out what git ignores and what the patterns match; --gitignore sees dotfiles as git does, with or without --hidden"
  )
  func gitignore() throws {
    let folder = try TogglekitBinary.scratch()
    let project = folder.appendingPathComponent("proj")
    try FileManager.default.createDirectory(
      at: project.appendingPathComponent("build"), withIntermediateDirectories: true)
    for (name, text) in [
      (".gitignore", "*.o\n/build/\n"), ("a.c", "x"), ("a.o", "x"), ("build/x", "x"),
      ("notes.md", "x"),
    ] {
      try Data(text.utf8).write(to: project.appendingPathComponent(name))
    }
    let result = try TogglekitBinary.run([
      "apply", "--dir", project.path, "--gitignore", "--exclude", "*.md", "--on", "proj",
      "--print", "leaves",
    ])
    #expect(result.code == 0 && result.stderr.isEmpty, "\(result.stderr)")
    // Paths from the working directory: the folder as given (absolute here), then the names.
    #expect(result.stdout == "\(project.path)/.gitignore\n\(project.path)/a.c\n")
    let hidden = try TogglekitBinary.run([
      "apply", "--dir", project.path, "--gitignore", "--hidden", "--on", "proj", "--print",
      "leaves",
    ])
    #expect(
      hidden.stdout
        == ["/.gitignore", "/a.c", "/notes.md"].map { project.path + $0 + "\n" }.joined())
  }
}
