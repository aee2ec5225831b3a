import ToggleKit

/// Page 14: a backup set kept as a spec over an rsync filter file's rules: restored, files that
/// come later decided by the rules, a click kept as a decision, and the spec written back for
/// rsync — the decisions, then the rules as they were.
let selectionThatOutlivesTheData = Page(
  number: 14, title: "A selection that outlives the data (a spec that keeps rules)"
) { page in
  var tree = try! SelectionTree(paths: [
    "ada/photos/keep/a.jpg", "ada/photos/x.jpg", "ada/docs/n.txt", "ada/docs/n.tmp",
  ])
  let spec = try! SelectionSpec(
    text: """
      + ada/photos/keep
      rules rsync under ada
      - *.tmp
      - /photos/

      """)
  tree.setSelection(to: spec)

  /// The selected leaves, one a line.
  func selected() -> String { tree.selection(.leaves).joined(separator: "\n") }

  page.show(
    "restored: the decision for photos/keep, the rules for the rest", selected(),
    expected: """
      ada/photos/keep/a.jpg
      ada/docs/n.txt
      """)

  // Months later: files came. The rules decide them, and the decision wins in its subtree.
  try! tree.insert(
    [
      .init(id: "ada/docs/later.txt", parent: "ada/docs", label: "later.txt"),
      .init(id: "ada/docs/later.tmp", parent: "ada/docs", label: "later.tmp"),
    ], under: "ada/docs")
  try! tree.insert(
    [.init(id: "ada/photos/keep/b.tmp", parent: "ada/photos/keep", label: "b.tmp")],
    under: "ada/photos/keep")
  page.show(
    "new files follow the rules, or the decision above them", selected(),
    expected: """
      ada/photos/keep/a.jpg
      ada/photos/keep/b.tmp
      ada/docs/n.txt
      ada/docs/later.txt
      """)

  try! tree.set("ada/docs/n.txt", to: false)
  page.show(
    "a click is a decision; the rules stay as they were", try! tree.selectionSpec().text,
    expected: """
      - ada/docs/n.txt
      + ada/photos/keep
      rules rsync under ada
      - *.tmp
      - /photos/

      """)

  let rules = try! tree.selectionSpec(.selection).rsyncFilter(under: ["ada"])
  page.show(
    "for rsync -a --filter='merge FILE' ada/ DEST: the decisions, then the rules",
    String(decoding: rules, as: UTF8.self),
    expected: """
      + /photos/
      + /photos/keep
      + /photos/keep/***
      - /docs/n.txt
      - /docs/n.txt/***
      - /photos/*
      - *.tmp
      - /photos/

      """)

  // The gitignore language cannot hold rsync's rules: today's selection by its paths instead.
  page.show(
    "a format that cannot hold the rules",
    "\(SelectionSpecError.keepsRules(.rsync, format: "a gitignore pattern"))\n"
      + String(decoding: try! tree.selectionSpec(.paths).gitignore(under: ["ada"]), as: UTF8.self),
    expected: """
      cannot write a spec that keeps rsync rules as a gitignore pattern: set a tree to it and write the tree's selection, which decides today's files by their paths
      /*
      !/docs/
      /docs/*
      !/docs/later.txt
      !/photos/
      /photos/*
      !/photos/keep

      """)
}
