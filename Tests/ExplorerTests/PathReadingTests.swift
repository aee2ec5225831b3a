import Testing
import ToggleKit

@testable import Explorer
@testable import TestSupport

@Suite(
  "PATHs as the other forms print them and as a shell writes them; specs anchored at the folder")
struct PathReadingTests {
  /// A `--dir` tree as the CLI reads it: its root labelled as the argument names the folder.
  func tree(root: String) throws -> SelectionTree<String> {
    try SelectionTree(paths: [
      "\(root)/docs/a.txt", "\(root)/docs/b", "\(root)/.cache/c", "\(root)/x",
    ])
  }

  /// The node a PATH names with `--dir directory`, from the working directory `cwd`.
  func node(_ path: String, dir directory: String, cwd: String, root: String) throws -> String? {
    var index = try tree(root: root).labelIndex()
    let invocation = try Invocation.parse(["apply", "--dir", directory])
    let reading = PathReading(invocation, workingDirectory: Array(cwd.utf8))
    return try? resolve(path, in: &index, reading: reading)
  }

  @Test(
    "a PATH names its node as printed from the working directory, from the folder's own name, and as a shell writes it: a trailing '/', './' and '../' read against the --dir argument, an absolute path"
  )
  func commandLinePaths() throws {
    let cases: [(path: String, dir: String, cwd: String, root: String, node: String?)] = [
      ("ada/docs", "ada", "/home/x", "ada", "ada/docs"),
      ("ada/docs/", "ada", "/home/x", "ada", "ada/docs"),
      ("ada/docs//", "ada", "/home/x", "ada", "ada/docs"),
      ("./ada/docs", "ada", "/home/x", "ada", "ada/docs"),
      ("./ada/./docs/", "ada/", "/home/x", "ada", "ada/docs"),
      ("/home/x/ada/docs", "ada", "/home/x", "ada", "ada/docs"),
      ("../x/ada/docs/a.txt", "ada", "/home/x", "ada", "ada/docs/a.txt"),
      ("ada", "ada", "/home/x", "ada", "ada"),
      ("ada/", "./ada", "/home/x", "ada", "ada"),
      ("docs", ".", "/home/x/ada", ".", "./docs"),
      ("docs/", ".", "/home/x/ada", ".", "./docs"),
      ("./docs", ".", "/home/x/ada", ".", "./docs"),
      (".", ".", "/home/x/ada", ".", "."),
      ("../ada/x", ".", "/home/x/ada", ".", "./x"),
      ("/home/x/ada/docs/b", ".", "/home/x/ada", ".", "./docs/b"),
      ("/abs/ada/docs", "/abs/ada", "/w", "ada", "ada/docs"),
      ("ada/docs", "/abs/ada", "/w", "ada", "ada/docs"),
      ("../abs/ada/docs", "/abs/ada", "/w", "ada", "ada/docs"),
      ("link/docs/", "link", "/home/x", "link", "link/docs"),
      ("ada/nope", "ada", "/home/x", "ada", nil),
      ("docs", "ada", "/home/x", "ada", nil),
      ("../ada/docs", "ada", "/home/x", "ada", nil),
    ]
    for item in cases {
      #expect(
        try node(item.path, dir: item.dir, cwd: item.cwd, root: item.root) == item.node,
        "\(item.path) with --dir \(item.dir) from \(item.cwd)")
    }
  }

  @Test("without --dir a PATH's './' and '../' are read by its text, after the labels as they are")
  func treesFromFiles() throws {
    var index = try SelectionTree(paths: ["Fruit/Apple", "Veg/Leek", "./dot/x"]).labelIndex()
    let reading = PathReading(try Invocation.parse(["apply"]), workingDirectory: Array("/w".utf8))
    for (path, node) in [
      ("Fruit/", "Fruit"), ("./Fruit/Apple", "Fruit/Apple"), ("Fruit/../Veg/Leek/", "Veg/Leek"),
      ("./dot/x", "./dot/x"), (".", "."), ("../Fruit", nil),
    ] as [(String, String?)] {
      #expect((try? resolve(path, in: &index, reading: reading)) == node, "\(path)")
    }
    #expect(throws: LabelPathError.self) { try PathReading.labels(ofPATH: "a//b") }
    #expect(try PathReading.labels(ofPATH: #"a\/"#) == ["a/"], "an escaped '/' is a label's")
    #expect(try PathReading.labels(ofPATH: "/") == ["/"])
  }

  /// A spec read for a `--dir` invocation, then restored on its tree.
  func restore(_ text: String, dir: String, cwd: String, root: String, strict: Bool = false)
    throws(InputError) -> (selected: [String], warnings: [String])
  {
    let invocation = try! Invocation.parse(["apply", "--dir", dir] + (strict ? ["--strict"] : []))
    let spec = try StartingSpec(text: text, name: "s.spec", invocation: invocation)
    var tree = try! self.tree(root: root)
    var index = tree.labelIndex()
    var preparation = TreePreparation(invocation, rules: nil, lists: [], spec: spec)
    preparation.workingDirectory = Array(cwd.utf8)
    let warnings = try preparation.restore(
      spec, roots: [root], names: { index.node(atLabelPath: $0) != nil },
      apply: { tree.setSelection(to: $0) })
    return (tree.selection(.leaves), warnings)
  }

  @Test(
    "a spec's paths are relative to the folder ('.' is the folder itself): one text means the same from --dir ada, --dir /abs/ada, --dir . inside it and a folder moved; an older spec (paths from the working directory) is read so with a warning, --dir . included"
  )
  func specsAnchoredAtTheFolder() throws {
    let anchored = "+ .\n- .cache\n- docs/b\n"
    for (dir, cwd, root) in [
      ("ada", "/home/x", "ada"), ("/abs/ada", "/w", "ada"), (".", "/home/x/ada", "."),
      ("moved", "/home/x", "moved"),
    ] {
      let (selected, warnings) = try restore(anchored, dir: dir, cwd: cwd, root: root)
      #expect(selected == ["\(root)/docs/a.txt", "\(root)/x"], "\(dir)")
      #expect(warnings.isEmpty, "\(dir): \(warnings)")
    }
    for (text, dir, cwd, root) in [
      ("+ ada\n- ada/.cache\n- ada/docs/b\n", "ada", "/home/x", "ada"),
      ("+ /abs/ada\n- /abs/ada/.cache\n- /abs/ada/docs/b\n", "/abs/ada", "/w", "ada"),
      ("+ ada\n- ada/.cache\n- ada/docs/b\n", ".", "/home/x/ada", "."),
    ] {
      let (selected, warnings) = try restore(text, dir: dir, cwd: cwd, root: root)
      #expect(selected == ["\(root)/docs/a.txt", "\(root)/x"], "\(text) with --dir \(dir)")
      #expect(warnings.count == 1 && warnings[0].contains("from the working directory"))
    }
  }

  @Test(
    "a spec none of whose decisions names a node is an error saying how its paths are read (a spec for another folder, or read from the wrong one); a decision that names nothing yet is kept with a warning, an error with --strict; a spec with no decision is an error"
  )
  func specsThatNameNothing() throws {
    do {
      _ = try restore("+ bob\n- bob/.cache\n", dir: "ada", cwd: "/home/x", root: "ada")
      Issue.record("a spec that names nothing is refused")
    } catch {
      #expect(
        error.message
          == "s.spec names nothing in this tree: none of its 2 decisions ('+ bob', '- bob/.cache') "
          + "names a node of it. A spec's paths are relative to the folder it selects in, here "
          + "'ada': '.' is the folder itself, 'docs' a name in it")
    }
    let (selected, warnings) = try restore(
      "+ docs\n- docs/gone\n", dir: "ada", cwd: "/h", root: "ada")
    #expect(selected == ["ada/docs/a.txt", "ada/docs/b"])
    #expect(
      warnings == ["s.spec: no node at path 'docs/gone'; its decision is kept for when one comes"])
    do {
      _ = try restore("+ docs\n- docs/gone\n", dir: "ada", cwd: "/h", root: "ada", strict: true)
      Issue.record("--strict refuses a decision that names nothing")
    } catch {
      #expect(error.message.contains("with --strict every decision must name a node"))
      #expect(error.message.contains("'docs/gone'"))
    }
    #expect(
      throws: InputError(
        message: "s.spec holds no decision ('+ PATH' or '- PATH') and no rules: it would select "
          + "nothing")
    ) { try restore("# nothing here\n\n", dir: "ada", cwd: "/h", root: "ada") }
    do {
      _ = try restore("+ .\n-  .cache\n", dir: "ada", cwd: "/h", root: "ada")
      Issue.record("a typo's space is refused")
    } catch {
      #expect(error.message.hasPrefix("s.spec:2:3: a path does not start with a space"), "\(error)")
    }
  }
}
