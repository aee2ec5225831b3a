import Foundation
import Testing

@testable import ToggleKit

@Suite("Kept decisions: a restored spec stays what the user decided as the tree changes")
struct KeptDecisionsTests {
  @Test(
    "a restored spec saves back as it was, the decision of a file gone included, and the nodes a reload brings follow it"
  )
  func restoredSpecSavesBack() throws {
    var tree = try SelectionTree(paths: ["usr/bin/ls", "usr/share/doc/a", "usr/share/man/b"])
    let spec = try SelectionSpec(text: "+ usr\n- usr/share/doc\n- usr/gone\n")
    tree.setSelection(to: spec)
    #expect(try tree.selectionSpec() == spec, "saved back as restored")
    #expect(tree.keptDecisions == spec)
    let fresh = try SelectionTree(paths: [
      "usr/bin/ls", "usr/bin/cp", "usr/share/doc/a", "usr/share/doc/new", "usr/gone/x", "usr/lib/z",
    ])
    tree.reload(from: fresh, newChildren: .unselected)
    #expect(
      tree.selection(.leaves) == ["usr/bin/ls", "usr/bin/cp", "usr/lib/z"],
      "new nodes follow their nearest decision, whatever the reload's policy for new children")
    #expect(try tree.selectionSpec() == spec)
  }

  @Test(
    "a lazy tree's load brings nodes that follow the kept decisions below the folder loaded, whatever its own value"
  )
  func loadsFollow() throws {
    var lazy = LazyTree(
      try SelectionTree(paths: ["root/folder", "root/file"]), unloaded: ["root/folder"])
    lazy.tree.setSelection(to: try SelectionSpec(text: "+ root\n- root/folder/b\n"))
    #expect(lazy.tree.selection(.leaves) == ["root/folder", "root/file"])
    try lazy.load("root/folder") { folder in
      .init(entries: ["a", "b"].map { .init(id: "\(folder)/\($0)", parent: folder, label: $0) })
    }
    #expect(lazy.tree.selection(.leaves) == ["root/folder/a", "root/file"])
    #expect(lazy.tree.keptDecisions?.text == "+ root\n- root/folder/b\n")
  }

  @Test(
    "a click decides its node's path and keeps the decisions minimal; select all and deselect all replace them"
  )
  func clicksDecide() throws {
    var tree = try SelectionTree(paths: ["a/x", "a/y", "b/z"])
    tree.setSelection(to: try SelectionSpec(text: "+ a\n- a/y\n- gone\n"))
    #expect(tree.keptDecisions?.text == "+ a\n- a/y\n", "minimized: - gone changes nothing")
    try tree.set("a/y", to: true)
    #expect(tree.keptDecisions?.text == "+ a\n", "the decision below goes when a says the same")
    try tree.toggle("a")
    #expect(tree.keptDecisions?.text == "", "a click on a folder takes every decision below")
    try tree.set("b", to: true)
    #expect(tree.keptDecisions?.text == "+ b\n")
    tree.selectAll()
    #expect(tree.keptDecisions?.text == "+ a\n+ b\n")
    tree.deselectAll()
    #expect(tree.keptDecisions?.text == "")
  }

  @Test(
    "under every propagation a click's decisions select exactly what it wrote: independent parents decide themselves and their children keep theirs, up-only parents decide nothing"
  )
  func propagationModes() throws {
    for propagation in Propagation.allModes {
      var tree = try SelectionTree(
        paths: ["a/x", "a/y/z", "b"], options: .init(propagation: propagation))
      tree.setSelection(to: try SelectionSpec(text: "+ a/x\n"))
      try tree.toggle("a")
      let spec = try #require(tree.keptDecisions, "\(propagation)")
      #expect(spec.isMinimal)
      var restored = try SelectionTree(
        paths: ["a/x", "a/y/z", "b"], options: .init(propagation: propagation))
      restored.setSelection(to: spec)
      #expect(restored.selection(.all) == tree.selection(.all), "\(propagation): \(spec.text)")
      switch propagation {
      case .independent: #expect(spec.text == "+ a\n- a/y\n", "a alone; a/y and below keep off")
      case .upOnly: #expect(spec.text == "+ a/x\n", "a parent's click writes nothing")
      default: #expect(spec.text == "+ a\n")
      }
    }
  }

  @Test(
    "the kept decisions give way where one decision cannot say what happened: a selection set by ids, a click or a deselect all that a filter keeps from hidden nodes"
  )
  func decisionsGiveWay() throws {
    var tree = try SelectionTree(paths: ["fruit/apple", "fruit/pear", "veg/leek"])
    tree.setSelection(to: try SelectionSpec(text: "+ veg\n"))
    _ = tree.setSelection(to: ["fruit/pear"])
    #expect(tree.keptDecisions == nil)
    tree.setSelection(to: try SelectionSpec(text: "+ veg\n"))
    tree.setFilter(TreeFilter(text: "apple"))
    try tree.toggle("fruit")
    #expect(tree.keptDecisions == nil, "the filter kept fruit/pear from the click")
    #expect(tree.selection(.leaves) == ["fruit/apple", "veg/leek"])
    tree.setSelection(to: try SelectionSpec(text: "+ veg\n"))
    tree.deselectAll()
    #expect(tree.keptDecisions == nil, "the filter kept fruit/pear and veg from deselect all")
    #expect(tree.selection(.leaves) == ["veg/leek"])
    tree.setFilter(nil)
    tree.setSelection(to: try SelectionSpec(text: "+ veg\n"))
    try tree.toggle("fruit/apple")
    #expect(tree.keptDecisions?.text == "+ fruit/apple\n+ veg\n", "no filter: a decision")
  }

  @Test(
    "locking, unlocking and enabling leave every writable node following the kept decisions: a node unlocked takes its decision"
  )
  func locksFollow() throws {
    var tree = try SelectionTree(paths: ["a/x", "a/y"])
    try tree.setLock("a/y", to: .off)
    tree.setSelection(to: try SelectionSpec(text: "+ a\n"))
    #expect(tree.selection(.leaves) == ["a/x"], "a locked node keeps its value")
    try tree.setLock("a/y", to: .none)
    #expect(tree.selection(.leaves) == ["a/x", "a/y"], "unlocked, it follows + a")
    try tree.setDisabled("a/x", to: true)
    try tree.toggle("a")
    #expect(tree.selection(.leaves) == ["a/x"], "a disabled node keeps its value")
    try tree.setDisabled("a/x", to: false)
    #expect(tree.selection(.leaves).isEmpty, "enabled, it follows the click's - a")
    tree.setSelection(to: try SelectionSpec(text: "+ a\n"))
    try tree.setLock("a", to: .on)
    try tree.setLock("a/x", to: .none)
    try tree.toggle("a")
    #expect(tree.selection(.leaves) == ["a/y"], "a locked folder's click writes its unlocked leaf")
    #expect(tree.keptDecisions?.text == "", "and decides its path")
  }

  @Test(
    "a folder unlocked or enabled takes the decisions inside it and above it, and nothing outside it changes"
  )
  func unlockedFoldersTakeTheirDecisions() throws {
    var tree = try SelectionTree(paths: ["r/a/x", "r/a/y", "r/a/z/q", "r/b"])
    tree.setSelection(to: try SelectionSpec(text: "+ r\n- r/a/y\n+ r/a/z/q\n- r/b\n"))
    let followed = tree.selection(.leaves)
    #expect(followed == ["r/a/x", "r/a/z/q"])
    try tree.setLock("r/a", to: .off)
    #expect(tree.selection(.leaves).isEmpty)
    try tree.setLock("r/a", to: .none)
    #expect(tree.selection(.leaves) == followed, "+ r above, - r/a/y and + r/a/z/q inside")
    try tree.setLock("r/a", to: .on)
    try tree.setDisabled("r/a", to: true)
    try tree.setLock("r/a", to: .none)
    #expect(tree.selection(.leaves) == ["r/a/x", "r/a/y", "r/a/z/q"], "disabled: kept as it was")
    try tree.setDisabled("r/a", to: false)
    #expect(tree.selection(.leaves) == followed, "enabled, it follows them again")
  }

  @Test(
    "the kept decisions are part of the tree's value: equality, copies, undo in place and Codable round trips keep them"
  )
  func partOfTheValue() throws {
    let plain = try SelectionTree(paths: ["a/x", "a/y"])
    var kept = plain
    kept.setSelection(to: try SelectionSpec(text: "+ a\n- a/gone\n"))
    var clicked = plain
    try clicked.set("a", to: true)
    #expect(kept.selection(.leaves) == clicked.selection(.leaves))
    #expect(kept != clicked, "one keeps - a/gone for when it comes back")
    var later = kept
    try later.set("a/x", to: false)
    let inPlace = later.restoreStates(from: kept)
    #expect(inPlace, "the same shape: undo restores states in place")
    #expect(later == kept && later.keptDecisions?.text == "+ a\n- a/gone\n", "decisions too")
    let data = try JSONEncoder().encode(kept)
    let decoded = try JSONDecoder().decode(SelectionTree<String>.self, from: data)
    #expect(decoded == kept && decoded.keptDecisions?.text == "+ a\n- a/gone\n")
    #expect(
      try JSONDecoder().decode(SelectionTree<String>.self, from: JSONEncoder().encode(clicked))
        .keptDecisions == nil)
  }

  @Test(
    "the article's example: a click kept beside a restored spec, a reload's new folder following it"
  )
  func articleExample() throws {
    var tree = try SelectionTree(paths: ["usr/bin/ls", "usr/share/doc/a"])
    tree.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n- usr/gone\n"))
    try tree.set("usr/bin", to: false)
    #expect(tree.keptDecisions?.text == "+ usr\n- usr/bin\n- usr/gone\n- usr/share/doc\n")
    tree.reload(from: try SelectionTree(paths: ["usr/bin/ls", "usr/lib/z", "usr/gone/x"]))
    #expect(tree.selection(.leaves) == ["usr/lib/z"])
  }
}
