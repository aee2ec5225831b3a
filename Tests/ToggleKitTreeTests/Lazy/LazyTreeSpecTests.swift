import Testing

@testable import ToggleKit

/// `/usr` with `bin` read and `share` not: `share` holds `doc/a`, `doc/b` and `man/c`.
private func usr(
  options: SelectionTree<String>.Options = .init()
) throws -> (LazyTree<String>, loader: (String) -> LazyTree<String>.Children, loads: Counter) {
  let tree = try SelectionTree(paths: ["usr/bin/ls", "usr/share"], options: options)
  let loads = Counter()
  let loader = { (id: String) -> LazyTree<String>.Children in
    loads.count += 1
    let below: [String: [String]] = [
      "usr/share": ["doc", "man"], "usr/share/doc": ["a", "b"], "usr/share/man": ["c"],
    ]
    let entries = (below[id] ?? []).map {
      SelectionTree<String>.Entry(id: id + "/" + $0, parent: id, label: $0)
    }
    return .init(entries: entries, unloaded: Set(entries.map(\.id).filter { below[$0] != nil }))
  }
  return (LazyTree(tree, unloaded: ["usr/share"]), loader, loads)
}

/// How many times a loader ran.
private final class Counter { var count = 0 }

@Suite("LazyTree and specs: decisions below folders not read wait for them, and show")
struct LazyTreeSpecTests {
  @Test(
    "restoring a spec loads nothing; a folder not read with a differing decision below it shows mixed, and so do its ancestors"
  )
  func restoreShowsMixed() throws {
    var (lazy, _, loads) = try usr()
    let result = lazy.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n"))
    #expect(result.isComplete, "a path below a folder not read is not unknown: \(result)")
    #expect(loads.count == 0)
    #expect(lazy.tree.state(of: "usr/share") == .on, "the tree alone sees a leaf, on")
    #expect(lazy.state(of: "usr/share") == .mixed)
    #expect(lazy.state(of: "usr") == .mixed)
    #expect(lazy.state(of: "usr/bin") == .on)
    #expect(lazy.state(of: "usr/bin/ls") == .on)
    #expect(lazy.state(of: "nowhere") == nil)
    #expect(lazy.mixedByDecisions == ["usr", "usr/share"])
    #expect(try lazy.tree.selectionSpec().text == "+ usr\n- usr/share/doc\n", "saved as restored")
  }

  @Test(
    "an include below a folder that is off makes it mixed too; a folder whose decisions lie elsewhere is not"
  )
  func includeBelowAnOffFolder() throws {
    var (lazy, _, _) = try usr()
    lazy.setSelection(to: try SelectionSpec(text: "+ usr/share/man\n"))
    #expect(lazy.state(of: "usr/share") == .mixed)
    #expect(lazy.state(of: "usr/bin") == .off)
    #expect(lazy.mixedByDecisions == ["usr", "usr/share"])
    lazy.setSelection(to: try SelectionSpec(text: "+ usr/bin/ls\n"))
    #expect(lazy.mixedByDecisions.isEmpty, "a decision on a node read is the tree's own")
  }

  @Test(
    "unknown paths are those below no folder not read: a gone file's decision beside a read folder is reported"
  )
  func unknownPaths() throws {
    var (lazy, _, _) = try usr()
    let result = lazy.setSelection(
      to: try SelectionSpec(text: "+ usr/share/x/y\n+ usr/bin/gone\n+ usr/bin/ls/under\n+ var\n"))
    #expect(
      result.unknownPaths == [["usr", "bin", "gone"], ["usr", "bin", "ls", "under"], ["var"]])
  }

  @Test(
    "a locked or disabled folder not read is never mixed: its nodes will keep its value; nor is any node when parents keep their own values"
  )
  func lockedDisabledAndOwnValues() throws {
    var (lazy, _, _) = try usr()
    try lazy.tree.setLock("usr/share", to: .off)
    lazy.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n"))
    #expect(lazy.mixedByDecisions.isEmpty)
    #expect(lazy.state(of: "usr/share") == .off)
    try lazy.tree.setLock("usr/share", to: .none)
    #expect(lazy.state(of: "usr/share") == .mixed, "unlocked, it follows + usr and shows - doc")
    try lazy.tree.setDisabled("usr/share", to: true)
    #expect(lazy.mixedByDecisions.isEmpty)
    for propagation in [Propagation.downOnly, .independent] {
      var (own, _, _) = try usr(options: .init(propagation: propagation))
      own.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n"))
      #expect(own.mixedByDecisions.isEmpty, "\(propagation)")
      #expect(own.state(of: "usr/share") == .on, "\(propagation)")
    }
  }

  @Test(
    "no form lists a node shown mixed: topmost gives its wholly selected descendants and loads nothing; leaves loaded read it and follow the decisions"
  )
  func selectionForms() throws {
    var (lazy, loader, loads) = try usr()
    lazy.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n"))
    #expect(try lazy.selection(.topmost) == ["usr/bin"])
    #expect(try lazy.selection(.all) == ["usr/bin", "usr/bin/ls"])
    #expect(try lazy.selection(.leaves) == ["usr/bin/ls"])
    #expect(try lazy.selection(.topmost, unloaded: .loaded, using: loader) == ["usr/bin"])
    #expect(loads.count == 0, "no form loads as units, nor topmost")
    #expect(
      try lazy.selection(.leaves, unloaded: .loaded, using: loader)
        == ["usr/bin/ls", "usr/share/man/c"])
    #expect(lazy.unloaded.isEmpty, "read with everything below it")
    #expect(lazy.mixedByDecisions.isEmpty && lazy.state(of: "usr/share") == .mixed)
    #expect(try lazy.selection(.topmost) == ["usr/bin", "usr/share/man"])
    // An include below an unselected folder: the leaves loaded read it too.
    var (other, otherLoader, _) = try usr()
    other.setSelection(to: try SelectionSpec(text: "+ usr/share/doc/b\n"))
    #expect(
      try other.selection(.leaves, unloaded: .loaded, using: otherLoader) == ["usr/share/doc/b"])
  }

  @Test(
    "a load applies the decisions to what arrives: the folder's nodes follow the nearest decision, and the folder shows the tree's own state"
  )
  func loadFollows() throws {
    var (lazy, loader, _) = try usr()
    lazy.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n+ usr/share/doc/b\n"))
    try lazy.load("usr/share", using: loader)
    #expect(lazy.state(of: "usr/share/doc") == .mixed, "not read yet, + b below - doc")
    #expect(lazy.state(of: "usr/share/man") == .on)
    try lazy.load("usr/share/doc", using: loader)
    #expect(lazy.tree.selection(.leaves) == ["usr/bin/ls", "usr/share/doc/b", "usr/share/man"])
    #expect(lazy.mixedByDecisions.isEmpty)
    #expect(lazy.state(of: "usr/share/doc") == .mixed, "now the tree's own mixed")
  }

  @Test(
    "a click on a node shown mixed writes what a click on mixed writes: on by default (the decisions below go), off when mixed toggles to off"
  )
  func clickOnMixed() throws {
    var (lazy, _, _) = try usr()
    lazy.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n"))
    try lazy.toggle("usr/share")
    #expect(lazy.tree.keptDecisions?.text == "+ usr\n")
    #expect(lazy.state(of: "usr/share") == .on)
    try lazy.toggle("usr/share")
    #expect(lazy.tree.keptDecisions?.text == "+ usr\n- usr/share\n", "on toggles off")
    lazy.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n"))
    try lazy.toggle("usr")
    #expect(lazy.tree.keptDecisions?.text == "+ usr\n", "an ancestor shown mixed too")
    var (off, _, _) = try usr(options: .init(mixedTogglesTo: .off))
    off.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n"))
    try off.toggle("usr/share")
    #expect(off.tree.keptDecisions?.text == "+ usr\n- usr/share\n")
    #expect(throws: SelectionTreeError.self) { try off.toggle("nowhere") }
  }

  @Test(
    "a click on a folder whose nodes are all locked decides nothing, as a locked folder not read decides nothing: unlocked later, both follow the old decisions"
  )
  func allLockedFolderDecidesNothing() throws {
    var tree = try SelectionTree(paths: ["a/x", "b"])
    tree.setSelection(to: try SelectionSpec(text: "+ b\n"))
    try tree.setLock("a", to: .off)
    try tree.toggle("a")
    #expect(tree.keptDecisions?.text == "+ b\n")
    try tree.setLock("a", to: .none)
    #expect(tree.selection(.leaves) == ["b"])
  }
}
