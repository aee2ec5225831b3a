import ToggleKit

/// Page 12: a path list read as it arrives, piece by piece, as from a pipe: the same tree as read
/// whole, wherever the pieces break, and errors that name the line however late it comes.
let inputInPieces = Page(number: 12, title: "Input in pieces (a path list read as it arrives)") {
  page in
  let text = "[x] src/App/main.swift\nsrc/App/View.swift\n[x] docs/guide.md\nsrc/Lib/util.swift\n"
  let bytes = Array(text.utf8)

  /// Reads the text in pieces of `size` bytes and prints the selected leaves.
  func read(inPiecesOf size: Int) throws(TreeFormatError) -> String {
    var parser = TreeParser(format: .paths, file: "files.txt")
    var start = 0
    while start < bytes.count {
      try parser.append(bytes[start..<min(bytes.count, start + size)])
      start += size
    }
    let tree = try parser.finish()
    return "\(tree.count) nodes, selected: \(tree.selection(.leaves).joined(separator: ", "))"
  }

  page.show(
    "read whole", try! read(inPiecesOf: bytes.count),
    expected: "8 nodes, selected: src/App/main.swift, docs/guide.md")
  page.show(
    "read 5 bytes at a time: the same tree", try! read(inPiecesOf: 5),
    expected: "8 nodes, selected: src/App/main.swift, docs/guide.md")
  page.show(
    "read one byte at a time: the same tree", try! read(inPiecesOf: 1),
    expected: "8 nodes, selected: src/App/main.swift, docs/guide.md")

  // An empty label on line 3: reported at its line and column as soon as that line ends.
  var parser = TreeParser(format: .paths, file: "files.txt")
  var outcome = ""
  for piece in ["src/a.swift\nsrc/b", ".swift\ndocs//x.md\n", "never read\n"] {
    do throws(TreeFormatError) {
      try parser.append(Array(piece.utf8))
      outcome += "read \(piece.debugDescription)\n"
    } catch {
      outcome += error.description
      break
    }
  }
  page.show(
    "an error stops the reading at the piece that ends its line", outcome,
    expected: """
      read "src/a.swift\\nsrc/b"
      files.txt:3:1: empty label in path (write \\e for a label that is empty)
      """)
}
