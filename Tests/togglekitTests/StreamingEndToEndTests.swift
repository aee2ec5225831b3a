import Foundation
import Testing

@testable import TestSupport

@Suite("togglekit explore reading a stream in a pseudo-terminal")
struct StreamingEndToEndTests {
  static let hasScript = FileManager.default.fileExists(atPath: "/usr/bin/script")

  @Test(
    "from a slow writer: the first frame comes before the input ends, says loading…, and a selection made meanwhile takes in what arrives later",
    .enabled(if: hasScript))
  func slowWriter() async throws {
    let folder = try TogglekitBinary.scratch()
    let out = folder.appendingPathComponent("picked").path
    let command =
      "(echo Fruit/Apple; sleep 1.5; echo Fruit/Pear; printf 'Veg/Leek'; sleep 0.5) | "
      + "\(TogglekitBinary.url.path) explore --format paths > \(out); echo code=$?"
    // Space on Fruit while only Apple is in; Enter once the input has ended.
    let (screen, _) = try await inTerminal(command, keys: [" ", "\r"], pause: 2.5)
    #expect(screen.contains("code=0"), "\(screen.suffix(400))")
    let text = withoutEscapeSequences(screen)
    #expect(text.contains("loading… 1 line · 1 of 1 selected"), "\(text.suffix(800))")
    #expect(text.contains("2 of 3 selected"), "the end: no loading…")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "Fruit/Apple\nFruit/Pear\n")
  }

  @Test(
    "find with an absolute folder streams in: the root '/' first, Space on it and Enter print every leaf's absolute path with -0",
    .enabled(if: hasScript))
  func absolutePathsFromFind() async throws {
    let folder = try TogglekitBinary.scratch()
    for file in ["a/x", "a/y", "b"] {
      let url = folder.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
    }
    let out = try TogglekitBinary.scratch().appendingPathComponent("picked").path
    let command =
      "(find \(folder.path); sleep 0.5) | \(TogglekitBinary.url.path) explore --format paths -0"
      + " > \(out); echo code=$?"
    // Space once the three files are in (the status line counts them), not after a fixed wait:
    // on a loaded machine the explorer may not have drawn the root yet.
    let (screen, _) = try await inTerminal(
      command, keys: [" ", "\r"], pause: 1.5, ready: "of 3 selected")
    #expect(screen.contains("code=0"), "\(screen.suffix(400))")
    let picked = try String(contentsOfFile: out, encoding: .utf8)
    // find lists a folder in the order the file system gives.
    #expect(
      Set(picked.split(separator: "\0").map(String.init))
        == Set(["a/x", "a/y", "b"].map { folder.path + "/" + $0 }),
      "\(picked.debugDescription)")
  }

  @Test(
    "a large file is shown as it is read: the pick equals apply's on the whole file, and a bad last line ends the explorer with FILE:LINE:COL, the terminal restored",
    .enabled(if: hasScript))
  func largeFile() async throws {
    let folder = try TogglekitBinary.scratch()
    let lines = (0..<60_000).map { "Folder \($0 / 100)/item \($0)\n" }.joined()
    let big = try TogglekitBinary.file("big.paths", lines, in: folder)
    let out = folder.appendingPathComponent("picked").path
    // Space on the first folder once every line is in (the status line counts the leaves), then
    // Enter.
    let (screen, _) = try await inTerminal(
      "timeout --foreground 60 \(TogglekitBinary.url.path) explore \(big) > \(out); echo code=$?",
      keys: [" ", "\r"],
      pause: 1.5, ready: "0 of 60000 selected")
    #expect(screen.contains("code=0"), "\(screen.suffix(400))")
    let applied = try TogglekitBinary.run(["apply", "--on", "Folder 0", "--print", "leaves", big])
    #expect(try String(contentsOfFile: out, encoding: .utf8) == applied.stdout)
    #expect(applied.stdout.hasPrefix("Folder 0/item 0\nFolder 0/item 1\n"))
    let bad = try TogglekitBinary.file("bad.paths", lines + "x//y\n", in: folder)
    let (failed, _) = try await inTerminal(
      "timeout --foreground 60 \(TogglekitBinary.url.path) explore \(bad); echo code=$?", keys: [])
    #expect(failed.contains("code=1"), "\(failed.suffix(300))")
    #expect(
      failed.contains("togglekit: \(bad):60001:1: empty label in path"), "\(failed.suffix(300))")
    #expect(failed.contains("\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test(
    "q leaves at once while the input is still coming; a bad line mid-stream ends the explorer with the error, the terminal restored",
    .enabled(if: hasScript))
  func cancelAndErrors() async throws {
    // The shell waits for the writer too; the explorer's own end is timed inside the pipeline.
    let (cancelled, _) = try await inTerminal(
      "(echo a/b; sleep 5) | { start=$(date +%s%N); \(TogglekitBinary.url.path) explore > /dev/null; "
        + "echo code=$? took=$((($(date +%s%N) - start) / 1000000))ms; }",
      keys: ["q"])
    #expect(cancelled.contains("code=130"), "\(cancelled.suffix(300))")
    let took = try #require(
      cancelled.firstMatch(of: /took=([0-9]+)ms/).flatMap { Int($0.1) }, "\(cancelled.suffix(300))")
    #expect(took < 3_000, "the explorer did not wait for the input's end")
    let (failed, _) = try await inTerminal(
      "(echo a/b; sleep 0.5; printf 'c\\0d\\n') | \(TogglekitBinary.url.path) explore --format paths; echo code=$?",
      keys: [])
    #expect(failed.contains("code=1"), "\(failed.suffix(300))")
    #expect(failed.contains("togglekit: <stdin>:2:2: NUL byte"), "\(failed.suffix(300))")
    #expect(failed.contains("\u{1B}[?25h\u{1B}[?1049l"))
  }
}
