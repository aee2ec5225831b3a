import Testing

@testable import Explorer
@testable import ToggleKit

@Suite("Absolute paths for restic and borg")
struct AbsolutePathTests {
  @Test(
    "a path is joined to the working directory and cleaned of ., .. and repeated / by its text, as restic and borg clean theirs; the root stays /"
  )
  func cleansByText() {
    let home = Array("/home/ada/src".utf8)
    func absolute(_ path: String) -> String {
      String(decoding: AbsolutePath.of(Array(path.utf8), in: home), as: UTF8.self)
    }
    #expect(absolute("../data/./photos/") == "/home/ada/data/photos")
    #expect(absolute(".") == "/home/ada/src")
    #expect(absolute("") == "/home/ada/src")
    #expect(absolute("/mnt//d/../e") == "/mnt/e")
    #expect(absolute("../../../..") == "/")
    #expect(absolute("/") == "/")
    #expect(absolute("a..b/.c") == "/home/ada/src/a..b/.c")
  }

  @Test(
    "without --dir the restic and borg forms start at the working directory joined with the tree's one root, or at the working directory for several roots"
  )
  func withoutDirectory() throws {
    var tree = try SelectionTree(paths: ["src/a", "src/b"])
    try tree.set("src/a", to: true)
    let here = String(decoding: AbsolutePath.workingDirectory(), as: UTF8.self)
    #expect(try OutputForm.resticFiles.render(tree) == here + "/src/a\0")
    #expect(try OutputForm.borgPatterns.render(tree) == "R \(here)/src/a\n")
    var forest = try SelectionTree(paths: ["src/a", "doc/b"])
    try forest.set("doc", to: true)
    #expect(try OutputForm.resticFiles.render(forest) == here + "/doc\0")
    #expect(
      try OutputForm.resticFiles.render(forest, folder: Array("/mnt/x".utf8)) == "/mnt/x/doc\0")
  }
}
