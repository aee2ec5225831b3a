import Testing
import ToggleKit

@testable import TestSupport

/// `togglekit apply --print states` writes its lines as bytes, in pieces; they must say exactly
/// what the per-node walk says, for every label a user can write.
@Suite("State lines: the printed states are forEachLabelPath's, in pieces of whole lines")
struct StateLinesTests {
  /// The lines as the public walk gives them: `STATE<TAB>PATH` and `end`.
  static func expectedLines(
    _ tree: SelectionTree<String>, raw: Bool, end: String, separator: Unicode.Scalar = "/"
  ) -> String {
    var text = ""
    tree.forEachLabelPath(separator: separator, escaped: !raw) { _, path, state in
      text += "\(state)\t" + (raw ? path.replacing("\0", with: "\\u{00}") : path) + end
    }
    return text
  }

  @Test(
    "escaped (newline-ended) and raw (NUL-ended, NUL labels shown) lines equal the walk's, over hostile labels and separators",
    arguments: [false, true])
  func stateLinesEqualTheWalk(raw: Bool) throws {
    for seed in UInt64(0)..<120 {
      let tree = try randomHostileTree(seed: seed, size: 1 + Int(seed % 40))
      let end: Unicode.Scalar = raw ? "\0" : "\n"
      for separator: Unicode.Scalar in ["/", ":", "ß"] {
        var text = ""
        tree.writeStateLines(separator: separator, raw: raw, end: end) { text += $0 }
        #expect(
          text == Self.expectedLines(tree, raw: raw, end: String(end), separator: separator),
          "seed \(seed), separator \(separator)")
      }
    }
    let nul = try SelectionTree(paths: ["Menu/nul\0x"])
    var text = ""
    nul.writeStateLines(raw: raw, end: raw ? "\0" : "\n") { text += $0 }
    #expect(text.contains(raw ? "off\tMenu/nul\\u{00}x\0" : "off\tMenu/nul\\u{00}x\n"))
  }

  @Test(
    "a big tree's lines come in pieces of about 64 KiB, each of whole lines, together all of them")
  func piecesAreWholeLines() throws {
    let paths = (0..<20_000).map { "group \($0 / 100)/item \($0) with a longer label" }
    var tree = try SelectionTree(paths: paths)
    try tree.toggle("group 7")
    var pieces: [String] = []
    tree.writeStateLines(end: "\n") { pieces.append($0) }
    #expect(pieces.count > 1)
    for piece in pieces {
      #expect(piece.hasSuffix("\n"))
      #expect(piece.utf8.count < (1 << 16) + 200)
    }
    #expect(pieces.joined() == Self.expectedLines(tree, raw: false, end: "\n"))
    #expect(pieces.joined().contains("on\tgroup 7\n"))
  }

  @Test("an empty tree writes nothing at all, not even an empty piece")
  func emptyTreeWritesNothing() throws {
    let tree = try SelectionTree<String>(paths: [])
    var pieces: [String] = []
    tree.writeStateLines(end: "\n") { pieces.append($0) }
    #expect(pieces.isEmpty)
  }
}
