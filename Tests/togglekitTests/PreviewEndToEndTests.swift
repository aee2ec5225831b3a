import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Whether the process whose id a file holds is gone (no such process, or a zombie).
private func isGone(pidFile: String) throws -> Bool {
  let text = try String(contentsOfFile: pidFile, encoding: .utf8)
  let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
  for _ in 0..<100 {
    guard kill(pid, 0) == 0 else { return true }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z") {
      return true
    }
    Thread.sleep(forTimeInterval: 0.05)
  }
  return false
}

@Suite("togglekit explore --preview in a pseudo-terminal")
struct PreviewEndToEndTests {
  static let hasScript = FileManager.default.fileExists(atPath: "/usr/bin/script")

  @Test(
    "the preview shows the focused node's output beside the tree, follows the focus, sends none of its control sequences to the terminal, and inherits no descriptor but 0, 1 and 2",
    .enabled(if: hasScript))
  func hostileOutput() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", "Fruit\n  Apple\n  Pear\nVeg\n", in: folder)
    let preview =
      #"printf '\033]0;pwned\007\033[3;7H\033c\033[31mbody %s\033[0m\n' {}; ls -x /proc/$$/fd; :"#
    let command =
      "stty rows 20 cols 120; NO_COLOR= \(TogglekitBinary.url.path) explore --preview \(shellQuoted(preview)) "
      + "\(file) > /dev/null; echo code=$?"
    // A second per key: on a loaded machine (an AddressSanitizer run beside other builds) a run
    // killed by the next key before it printed its descriptors made this fail at 0.6 s.
    let (screen, _) = try await inTerminal(command, keys: ["\u{1B}[C", "j", "q"], pause: 1)
    #expect(screen.contains("code=130"), "\(screen.suffix(400))")
    for raw in ["\u{1B}]0;pwned", "\u{1B}[3;7H", "\u{1B}c"] {
      #expect(!screen.contains(raw), "raw \(raw.debugDescription) reached the terminal")
    }
    let text = withoutEscapeSequences(screen)
    #expect(text.contains(#"│\u{1B}]0;pwned\u{07}\u{1B}cbody Fruit"#), "\(text.suffix(600))")
    #expect(text.contains("body Fruit/Apple"), "the preview followed the focus")
    #expect(screen.contains("\u{1B}[31mbody Fruit/Apple"), "its colours are kept")
    // The shell `script` starts holds descriptors of its own (dash: 10 for its script), which
    // the explorer inherits; the command gets none of them, nor the explorer's. `ls -x` lists them
    // on one line with no pipeline: in `ls | tr` the shell may still hold the pipe's ends (3, 4)
    // while `ls` reads them, which made this fail under load. The `:` keeps the shell from
    // exec'ing `ls` in its place (then `ls` would list its own directory descriptor).
    #expect(text.contains("│0  1  2\n") || text.contains("│0  1  2\r"), "\(text.suffix(300))")
  }

  @Test(
    "a preview past --preview-timeout is stopped and says so; leaving the explorer kills a running one",
    .enabled(if: hasScript))
  func timeLimitAndExit() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", "Fruit\nVeg\n", in: folder)
    let slow = folder.appendingPathComponent("slow").path
    let running = folder.appendingPathComponent("running").path
    // Fruit's run outlives its 0.4 s; Veg's is still running when q leaves.
    let preview =
      "if [ {} = Fruit ]; then echo $$ > \(slow); echo waiting; else echo $$ > \(running); fi; exec sleep 30"
    let command =
      "\(TogglekitBinary.url.path) explore --preview \(shellQuoted(preview)) --preview-timeout 0.4 "
      + "\(file) > /dev/null; echo code=$?"
    let (screen, _) = try await inTerminal(command, keys: ["", "j", "q"], pause: 1)
    let text = withoutEscapeSequences(screen)
    #expect(text.contains("(stopped after 0.4 s (time limit))"), "\(text.suffix(600))")
    #expect(text.contains("│waiting"))
    #expect(screen.contains("code=130"))
    #expect(try isGone(pidFile: slow), "the run past its time was killed")
    #expect(try isGone(pidFile: running), "the run still going at exit was killed")
  }

  @Test(
    "SIGTERM while a preview runs kills it too, and restores the terminal",
    .enabled(if: hasScript))
  func signalKillsThePreview() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", "Fruit\n", in: folder)
    let running = folder.appendingPathComponent("running").path
    let preview = "echo $$ > \(running); exec sleep 30"
    let command =
      "\(TogglekitBinary.url.path) explore --preview \(shellQuoted(preview)) \(file) > /dev/null & "
      + "pid=$!; sleep 1; kill -TERM $pid; wait $pid; echo code=$?"
    let (screen, _) = try await inTerminal(command, keys: [])
    #expect(screen.contains("code=143"), "\(screen.suffix(300))")
    #expect(screen.contains("\u{1B}[?25h\u{1B}[?1049l"))
    #expect(try isGone(pidFile: running))
  }

  @Test("with --dir, {} is the file's path; a usage error names a bad --preview-timeout")
  func directoryPathsAndErrors() async throws {
    let bad = try TogglekitBinary.run(["explore", "--preview", "cat {}", "--preview-timeout", "0"])
    #expect(bad.code == 2)
    #expect(bad.stderr.contains("option '--preview-timeout' takes a number of seconds"))
    let lonely = try TogglekitBinary.run(["explore", "--preview-timeout", "2"])
    #expect(lonely.code == 2 && lonely.stderr.contains("works with --preview"))
    guard Self.hasScript else { return }
    let folder = try TogglekitBinary.scratch()
    _ = try TogglekitBinary.file("it's here.txt", "first line of the file\n", in: folder)
    let command =
      "cd \(folder.path) && \(TogglekitBinary.url.path) explore --dir ../\(folder.lastPathComponent) "
      + "--preview 'head -1 {}' > /dev/null; echo code=$?"
    let (screen, _) = try await inTerminal(command, keys: ["\u{1B}[C", "j", "q"], pause: 0.6)
    #expect(
      withoutEscapeSequences(screen).contains("│first line of the file"), "\(screen.suffix(500))")
  }
}

/// `text` as one word for /bin/sh.
private func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
