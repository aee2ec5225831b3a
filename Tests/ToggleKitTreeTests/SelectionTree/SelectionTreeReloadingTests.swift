import Testing
import ToggleKit

@testable import TestSupport

/// A random tree of named nodes: ids "k<number>", labels the same, parents earlier in the list.
private func randomEntries(
  _ ids: [Int], generator: inout SeededGenerator
) -> [SelectionTree<String>.Entry] {
  var entries: [SelectionTree<String>.Entry] = []
  for (index, id) in ids.enumerated() {
    let parent =
      index == 0 || Int.random(in: 0..<5, using: &generator) == 0
      ? nil : "k\(ids[Int.random(in: 0..<index, using: &generator)])"
    entries.append(.init(id: "k\(id)", parent: parent, label: "k\(id)"))
  }
  return entries
}

@Suite("SelectionTree reloads keep state by identity")
struct SelectionTreeReloadingTests {
  @Test(
    "random reloads (insertions, deletions, moves, reorders) keep every survivor's selection, lock and expansion",
    arguments: NewChildren.allCases)
  func randomReloads(newChildren: NewChildren) throws {
    var generator = SeededGenerator(seed: 2024)
    for round in 0..<300 {
      let oldIDs = Array(0..<Int.random(in: 1...30, using: &generator)).shuffled(using: &generator)
      var tree = try SelectionTree(entries: randomEntries(oldIDs, generator: &generator))
      for id in tree.ids where Bool.random(using: &generator) {
        try tree.toggle(id)
      }
      var lockedIDs: Set<String> = []
      for id in tree.ids where Int.random(in: 0..<6, using: &generator) == 0 {
        try tree.setLock(id, to: [.on, .off, .current].randomElement(using: &generator)!)
        lockedIDs.insert(id)
      }
      for id in tree.ids where Bool.random(using: &generator) { try tree.expand(id) }
      let before = tree
      // New data: drop some ids, add some, shuffle order and parents.
      var newIDs = oldIDs.filter { _ in Int.random(in: 0..<4, using: &generator) != 0 }
      newIDs += (100..<(100 + Int.random(in: 0...10, using: &generator)))
      newIDs.shuffle(using: &generator)
      let fresh = try SelectionTree(entries: randomEntries(newIDs, generator: &generator))
      tree.reload(from: fresh, newChildren: newChildren)
      tree.checkInvariants()

      // The oracle: survivors' leaves keep what they showed; locks and expansion survive;
      // new leaves follow their nearest surviving ancestor's old state, and its lock.
      for id in tree.ids {
        let context = "round \(round) node \(id)"
        let isLeaf = tree.children(of: id).isEmpty
        if before.contains(id) {
          #expect(tree.isExpanded(id) == before.isExpanded(id), "\(context) expansion")
          if isLeaf {
            #expect(
              tree.state(of: id) == (before.state(of: id) == .on ? .on : .off), "\(context) state")
            if before.children(of: id).isEmpty {
              #expect(tree.isLocked(id) == before.isLocked(id), "\(context) lock")
            }
          }
        } else if isLeaf {
          var ancestor = tree.parent(of: id)
          while let current = ancestor, !before.contains(current) {
            ancestor = tree.parent(of: current)
          }
          let isUnderLock =
            ancestor.map { before.path(of: $0).contains(where: lockedIDs.contains) } == true
          if isUnderLock, let ancestor {
            #expect(tree.isLocked(id) == true, "\(context) new leaf under a lock is locked")
            let locked: ToggleState = before.state(of: ancestor) == .on ? .on : .off
            #expect(tree.state(of: id) == locked, "\(context) new leaf takes the locked value")
            continue
          }
          let inherits =
            newChildren == .inheritFullySelectedParent
            && ancestor.map { before.state(of: $0) == .on } == true
          #expect(tree.state(of: id) == (inherits ? .on : .off), "\(context) new leaf")
        }
      }
    }
  }

  @Test("the backup-tool case: a new file inside an included folder is included")
  func newChildInsideSelectedFolder() throws {
    var tree = try SelectionTree(paths: ["Docs/a.txt", "Docs/b.txt", "Music/x.mp3"])
    try tree.toggle("Docs")
    tree.reload(
      from: try SelectionTree(paths: ["Docs/b.txt", "Docs/c.txt", "Music/x.mp3", "Music/y.mp3"]))
    #expect(tree.selection(.leaves) == ["Docs/b.txt", "Docs/c.txt"])
    #expect(tree.selection(.topmost) == ["Docs"])
  }

  @Test("a reload keeps the filter and the options")
  func keepsFilterAndOptions() throws {
    var tree = try SelectionTree(paths: ["a/apple", "a/pear"])
    tree.options.mixedTogglesTo = .off
    tree.setFilter(TreeFilter(text: "apple"))
    tree.reload(from: try SelectionTree(paths: ["a/apple", "a/pear", "b/apple pie"]))
    #expect(tree.options.mixedTogglesTo == .off)
    #expect(tree.ids.filter { tree.isVisible($0)! } == ["a", "a/apple", "b", "b/apple pie"])
  }

  @Test(
    "positional identity loses state when a row moves between branches; identity by id does not")
  func positionalIdentityFailure() throws {
    // The conditional-view bug: state stored by position is reset or misattributed when the
    // same item appears at another position after a change.
    let before = ["Inbox", "Drafts", "Sent"]
    let after = ["Drafts", "Sent"]  // "Inbox" moved out (an if/else branch switched)
    var positional = [false, true, false]  // Drafts checked, keyed by row number
    positional = Array(positional.prefix(after.count))
    let positionalChecked = zip(after, positional).filter(\.1).map(\.0)
    #expect(positionalChecked == ["Sent"], "by position, the check jumped from Drafts to Sent")

    var tree = try SelectionTree(paths: before)
    try tree.toggle("Drafts")
    tree.reload(from: try SelectionTree(paths: after))
    #expect(tree.selection(.leaves) == ["Drafts"], "by id, Drafts stays checked")
  }
}
