import Foundation
import ToggleKit

/// Page 11: where features meet — an output under a lock, a search over a folder, a reload under a
/// lock, and a selection an app saves and restores.
let whereFeaturesMeet = Page(
  number: 11, title: "Where features meet (outputs, search, reloads, saving)"
) {
  page in
  var tree = try! SelectionTree(paths: [
    "Fruit/Apple", "Fruit/Lime", "Office/Paper/A4", "Office/Paper/Letter", "Office/Pens",
    "Legal/Terms", "Legal/Privacy",
  ])
  try! tree.setLock("Fruit/Lime", to: .off)
  try! tree.toggle("Fruit")
  page.show(
    "Lime is locked off: Fruit shows on (what the user can change is all on), but the outputs list what is selected",
    "state of Fruit: \(tree.state(of: "Fruit")!)\ntopmost: \(tree.selection(.topmost))",
    expected: """
      state of Fruit: on
      topmost: ["Fruit/Apple"]
      """)

  tree.setFilter(TreeFilter(text: "paper"))
  try! tree.toggle("Office/Paper")
  tree.setFilter(nil)
  page.show(
    "search \"paper\" and click the Paper folder: the match brought its contents, so they are selected",
    tree.selection(.topmost).joined(separator: ", "),
    expected: "Fruit/Apple, Office/Paper")

  try! tree.setLock("Legal", to: .on)
  tree.reload(
    from: try! SelectionTree(
      paths: tree.ids.filter { tree.children(of: $0).isEmpty } + ["Legal/Cookies"]),
    newChildren: .unselected)
  page.show(
    "lock Legal on, then reload data that adds Legal/Cookies: the lock holds the new child too",
    "Legal locked: \(tree.isLocked("Legal")!), Legal/Cookies: \(tree.state(of: "Legal/Cookies")!), locked: \(tree.isLocked("Legal/Cookies")!)",
    expected: "Legal locked: true, Legal/Cookies: on, locked: true")

  let saved = tree.selection(.topmost)
  let json = try! JSONEncoder().encode(tree)
  var fresh = try! SelectionTree(paths: tree.ids.filter { tree.children(of: $0).isEmpty })
  let (outcome, unknown) = fresh.setSelection(to: saved + ["Gone/File"])
  let decoded = try! JSONDecoder().decode(SelectionTree<String>.self, from: json)
  page.show(
    "save the topmost list, restore it into a fresh tree in one call; encode and decode the whole tree",
    """
    restored \(outcome), unknown \(unknown)
    same leaves: \(fresh.selection(.leaves) == tree.selection(.leaves))
    decoded == tree: \(decoded == tree)
    """,
    expected: """
      restored changed 6, blocked 0, unknown ["Gone/File"]
      same leaves: true
      decoded == tree: true
      """)
}
