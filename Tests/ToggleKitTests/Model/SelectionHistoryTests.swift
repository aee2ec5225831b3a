import Testing

@testable import ToggleKit

@Suite("SelectionHistory: undo and redo of a tree's selection, across reads of the data")
struct SelectionHistoryTests {
  @Test(
    "undo of a step whose tree has the shape of the tree now, read again since (another structure, same nodes), restores the step's selection"
  )
  func undoAcrossAReadOfTheSameData() throws {
    let paths = ["a/b", "a/c", "d"]
    var tree = try SelectionTree(paths: paths)
    try tree.toggle("a")
    var history = SelectionHistory<String>()
    history.record(tree, named: "toggle a")
    try tree.toggle("a")
    // What an explorer does with a fresher read when nothing was changed since the last one.
    tree = try SelectionTree(paths: paths)
    #expect(history.undo(&tree) == "toggle a")
    #expect(tree.selection(.leaves) == ["a/b", "a/c"])
    #expect(history.redo(&tree) == "toggle a")
    #expect(tree.selection(.leaves).isEmpty)
  }

  @Test(
    "undo of a step of another shape carries its selection over by id; new nodes follow their folder"
  )
  func undoAcrossAReadOfOtherData() throws {
    var tree = try SelectionTree(paths: ["a/b", "d"])
    try tree.toggle("a")
    var history = SelectionHistory<String>()
    history.record(tree, named: "toggle a")
    try tree.toggle("a")
    tree.reload(from: try SelectionTree(paths: ["a/b", "a/c", "d"]))
    history.undo(&tree)
    #expect(tree.selection(.leaves) == ["a/b", "a/c"])
  }
}
