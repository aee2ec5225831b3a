import Foundation
import Testing

@testable import TestSupport

@Suite("togglekit explore --dir reads folders when needed, in a pseudo-terminal")
struct LazyDirectoryEndToEndTests {
  static let hasScript = FileManager.default.fileExists(atPath: "/usr/bin/script")

  /// A folder of `folders` × `folders` subfolders with `files` files each.
  private func makeTree(folders: Int, files: Int) throws -> URL {
    let root = try TogglekitBinary.scratch().appendingPathComponent("big")
    for a in 0..<folders {
      for b in 0..<folders {
        let folder = root.appendingPathComponent("d\(a)/s\(b)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for c in 0..<files {
          _ = FileManager.default.createFile(
            atPath: folder.appendingPathComponent("f\(c)").path, contents: nil)
        }
      }
    }
    return root
  }

  @Test(
    "only the top folder is read for the first frame; a folder opens when asked; a selected folder never opened prints all its files, or itself with --output topmost",
    .enabled(if: hasScript))
  func readsWhenNeeded() async throws {
    let root = try makeTree(folders: 3, files: 2)
    let out = root.deletingLastPathComponent().appendingPathComponent("picked").path
    let binary = TogglekitBinary.url.path
    // ↓ to d0, → opens it (reads d0 only), ↓ to d0/s0, Space selects it unread, Enter.
    let (screen, _) = try await inTerminal(
      "cd \(root.deletingLastPathComponent().path) && \(binary) explore --dir big > \(out); echo code=$?",
      keys: ["j", "\u{1B}[C", "j", " ", "\r"])
    #expect(screen.contains("code=0"), "\(screen.suffix(400))")
    let text = withoutEscapeSequences(screen)
    #expect(text.contains("0 of 3 selected · 3 folders not read"), "\(text.suffix(900))")
    #expect(text.contains("▸ [x] s0"), "a folder selected unread")
    #expect(text.contains("· 5 folders not read"), "d0 read: its three subfolders are listed")
    #expect(
      try String(contentsOfFile: out, encoding: .utf8) == "big/d0/s0/f0\nbig/d0/s0/f1\n",
      "leaves: the folder is read at the end")
    let (topmost, _) = try await inTerminal(
      "\(binary) explore --dir \(root.path) --output topmost > \(out); echo code=$?",
      keys: ["j", " ", "/", "s", "1", "\r", "\r"])
    #expect(topmost.contains("code=0"))
    #expect(
      try String(contentsOfFile: out, encoding: .utf8) == root.path + "/d0\n",
      "an absolute folder prints absolute paths")
    #expect(
      withoutEscapeSequences(topmost).contains("6 of 18 selected · 18 hidden by filter"),
      "a filter reads every folder first: \(withoutEscapeSequences(topmost).suffix(600))")
  }

  @Test(
    "the first frame of a 40,000-file folder comes without reading it (measured, not asserted tight)",
    .enabled(if: hasScript))
  func firstFrameOfABigFolder() async throws {
    let root = try makeTree(folders: 20, files: 100)
    let binary = TogglekitBinary.url.path
    let command =
      "start=$(date +%s%N); \(binary) explore --dir \(root.path) --output topmost > /dev/null; "
      + "echo took=$((($(date +%s%N) - start) / 1000000))ms"
    let (screen, _) = try await inTerminal(command, keys: ["q"])
    let took = try #require(screen.firstMatch(of: /took=([0-9]+)ms/).flatMap { Int($0.1) })
    // The explorer ran about 0.8 s until q; reading 40,000 files first would add more.
    #expect(took < 5_000, "took \(took) ms")
    #expect(withoutEscapeSequences(screen).contains("20 folders not read"))
  }
}
