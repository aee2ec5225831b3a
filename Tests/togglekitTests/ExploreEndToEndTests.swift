import Foundation
import Testing

@testable import TestSupport

/// Runs a shell command inside a new pseudo-terminal with `script`, typing `keys` into it (each
/// followed by `pause` seconds).
///
/// The first key goes 0.8 s after the start; or, when `ready` is given, once the screen shows that
/// text (escape sequences left out): an issue is recorded if it has not after `timeout` seconds.
/// A fixed wait races a slow start on a loaded machine: keys typed before the explorer reads the
/// terminal are lost. The session runs on a thread of its own (`onOwnThread`): its waits keep the
/// wall clock's timing and hold no thread of the test pool.
func inTerminal(
  _ command: String, keys: [String], pause: Double = 0.3, ready: String? = nil,
  timeout: Double = 30
) async throws -> (screen: String, code: Int32) {
  try await inTerminal(
    command, bytes: keys.map { Array($0.utf8) }, pause: pause, ready: ready, timeout: timeout)
}

/// Starts `command` in a new pseudo-terminal (`script`, TERM xterm-256color): the process, the
/// pipe that types into it, and what it shows.
func startInTerminal(_ command: String) throws -> (Process, Pipe, _ScreenReader) {
  _ = TogglekitBinary.brokenPipesIgnored
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
  process.arguments = ["-qfec", command, "/dev/null"]
  var environment = ProcessInfo.processInfo.environment
  environment["TERM"] = "xterm-256color"
  process.environment = environment
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  process.standardError = output
  try process.run()
  return (process, input, _ScreenReader(output.fileHandleForReading))
}

/// Suspends for `seconds` (a test's wait that holds no thread).
func pause(_ seconds: Double) async throws {
  try await Task.sleep(for: .milliseconds(Int(seconds * 1_000)))
}

/// Runs `body` on a thread of its own and suspends until it returns.
///
/// A session typed into a terminal keeps the wall clock's timing (a key due 0.3 s after the last
/// goes then, not when a test pool busy with long computations next has a thread free), and no
/// thread of the pool is held while it waits.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
  }
}

/// As above, typing raw bytes (which need not be UTF-8).
func inTerminal(
  _ command: String, bytes keys: [[UInt8]], pause seconds: Double = 0.3, ready: String? = nil,
  timeout: Double = 30
) async throws -> (screen: String, code: Int32) {
  let (screen, code, missed) = try await onOwnThread {
    () throws -> (String, Int32, String?) in
    let (process, input, screen) = try startInTerminal(command)
    var missed: String?
    if let ready {
      let deadline = Date().addingTimeInterval(timeout)
      while !withoutEscapeSequences(screen.text).contains(ready) {
        guard Date() < deadline else {
          missed = "the screen did not show \"\(ready)\" within \(timeout) s"
          break
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
    } else {
      Thread.sleep(forTimeInterval: 0.8)
    }
    for key in keys {
      try? input.fileHandleForWriting.write(contentsOf: Data(key))
      Thread.sleep(forTimeInterval: seconds)
    }
    let text = screen.textAtEnd()
    waitForExit(of: process)
    try? input.fileHandleForWriting.close()
    return (text, process.terminationStatus, missed)
  }
  if let missed { Issue.record(Comment(rawValue: missed)) }
  return (screen, code)
}

/// Waits, on the calling thread, for `process` to end.
func waitForExit(of process: Process) {
  while process.isRunning { Thread.sleep(forTimeInterval: 0.01) }
}

/// What a pseudo-terminal has shown so far, read on a thread of its own until the output ends.
final class _ScreenReader: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes = Data()
  private var ended = false

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      while true {
        let piece = handle.availableData  // empty at the end of the output
        if piece.isEmpty { break }
        lock.withLock { bytes.append(piece) }
      }
      lock.withLock { ended = true }
    }
  }

  /// The output so far.
  var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

  /// The whole output, once it has ended (waited for on the calling thread).
  func textAtEnd() -> String {
    while !lock.withLock({ ended }) { Thread.sleep(forTimeInterval: 0.01) }
    return text
  }
}

@Suite("togglekit explore in a pseudo-terminal")
struct ExploreEndToEndTests {
  @Test(
    "keys in, selection out on standard output, terminal modes restored",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func session() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file(
      "cats.txt", "Fruit\n  Apple\n  Pear\nVeg\n  Leek\n", in: folder)
    let out = folder.appendingPathComponent("picked").path
    let binary = TogglekitBinary.url.path
    let command =
      "stty -g > \(folder.path)/before; \(binary) explore --output topmost \(file) > \(out); "
      + "echo code=$?; stty -g > \(folder.path)/after"
    // → expand Fruit, ↓ to Apple, Space, ↓ Pear, Space: Fruit is now fully selected; Enter.
    let (screen, _) = try await inTerminal(command, keys: ["\u{1B}[C", "j", " ", "j", " ", "\r"])
    #expect(screen.contains("code=0"), "\(screen.suffix(400))")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "Fruit\n")
    #expect(screen.contains("\u{1B}[?1049h"), "the alternate screen was used")
    #expect(screen.contains("\u{1B}[?25h\u{1B}[?1049l"), "cursor and screen restored")
    let before = try String(contentsOfFile: "\(folder.path)/before", encoding: .utf8)
    let after = try String(contentsOfFile: "\(folder.path)/after", encoding: .utf8)
    #expect(before == after, "terminal modes restored")
  }

  @Test(
    "q cancels with exit 130 and prints nothing",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func cancel() async throws {
    let folder = try TogglekitBinary.scratch()
    let out = folder.appendingPathComponent("picked").path
    let command = "\(TogglekitBinary.url.path) explore > \(out); echo code=$?"
    let (screen, _) = try await inTerminal(command, keys: [" ", "q"])
    #expect(screen.contains("Groceries"), "the demo catalogue opens with no input")
    #expect(screen.contains("code=130"))
    #expect(try String(contentsOfFile: out, encoding: .utf8).isEmpty)
  }

  @Test(
    "SIGTERM and SIGINT mid-session restore the terminal modes",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")),
    arguments: ["TERM", "INT"])
  func signals(signal: String) async throws {
    let folder = try TogglekitBinary.scratch()
    let command =
      "stty -g > \(folder.path)/before; \(TogglekitBinary.url.path) explore > /dev/null & pid=$!; "
      + "sleep 1; kill -\(signal) $pid; wait $pid; echo code=$?; stty -g > \(folder.path)/after"
    let (screen, _) = try await inTerminal(command, keys: [])
    #expect(screen.contains(signal == "TERM" ? "code=143" : "code=130"), "\(screen.suffix(300))")
    let before = try String(contentsOfFile: "\(folder.path)/before", encoding: .utf8)
    let after = try String(contentsOfFile: "\(folder.path)/after", encoding: .utf8)
    #expect(before == after, "terminal modes restored after SIG\(signal)")
    #expect(screen.contains("\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test(
    "a crash while the terminal is raw still restores it",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func crash() async throws {
    let folder = try TogglekitBinary.scratch()
    let command =
      "stty -g > \(folder.path)/before; TOGGLEKIT_TEST_PANIC=1 \(TogglekitBinary.url.path) explore "
      + "> /dev/null 2>&1; echo code=$?; stty -g > \(folder.path)/after"
    let (screen, _) = try await inTerminal(command, keys: [])
    #expect(!screen.contains("code=0") && screen.contains("code="), "\(screen.suffix(300))")
    let before = try String(contentsOfFile: "\(folder.path)/before", encoding: .utf8)
    let after = try String(contentsOfFile: "\(folder.path)/after", encoding: .utf8)
    #expect(before == after, "terminal modes restored after a crash")
    #expect(screen.contains("\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test(
    "a terminal resize (SIGWINCH) redraws at the new width",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func resize() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", "Fruit\n  Apple\n", in: folder)
    let command =
      "stty rows 24 cols 80; \(TogglekitBinary.url.path) explore \(file) > /dev/null & pid=$!; "
      + "sleep 1; stty cols 30 rows 6; sleep 1; kill -TERM $pid; wait $pid; echo code=$?"
    let (screen, _) = try await inTerminal(command, keys: [])
    let text = withoutEscapeSequences(screen)
    #expect(text.contains("space toggle · enter accept · q cancel · / filter · ? help"), "80 wide")
    #expect(text.contains("space toggle · enter accept ·…"), "redrawn 30 wide after the resize")
    #expect(text.contains("code=143"))
  }
}

/// The text without ANSI CSI sequences.
func withoutEscapeSequences(_ text: String) -> String {
  var result = ""
  var scalars = text.unicodeScalars.makeIterator()
  while let scalar = scalars.next() {
    guard scalar == "\u{1B}" else {
      result.unicodeScalars.append(scalar)
      continue
    }
    guard scalars.next() == "[" else { continue }
    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
  }
  return result
}

@Suite("togglekit explore never sends a label's control characters to the terminal")
struct ExploreHostileLabelTests {
  @Test(
    "labels with escape sequences, C1 controls and BEL are drawn escaped, never emitted raw",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func hostileLabels() async throws {
    let folder = try TogglekitBinary.scratch()
    // JSON escapes put ESC (\u001b), BEL (\u0007) and the C1 CSI (\u009b) into labels.
    let file = try TogglekitBinary.file(
      "hostile.json",
      #"""
      [{"label": "Title\u001b]0;pwned\u0007", "children": [
        {"label": "Red\u001b[31mALERT"}, {"label": "C1\u009b2Jgone"}, {"label": "Bell\u0007"}]}]
      """#, in: folder)
    let command = "\(TogglekitBinary.url.path) explore \(file) > /dev/null; echo code=$?"
    // → expands the parent so that every label is drawn; / types a filter; q cancels.
    let (screen, _) = try await inTerminal(
      command, keys: ["\u{1B}[C", "j", "/", "R", "\u{1B}", "q"])
    #expect(screen.contains("code=130"), "\(screen.suffix(300))")
    for raw in ["\u{1B}]0;pwned", "\u{1B}[31mALERT", "\u{9B}2J", "Bell\u{07}"] {
      #expect(!screen.contains(raw), "raw \(raw.debugDescription) reached the terminal")
    }
    let text = withoutEscapeSequences(screen)
    for shown in ["Title\\u{1B}]0;pwned\\u{07}", "Red\\u{1B}[31mALERT", "C1\\u{9B}2Jgone"] {
      #expect(text.contains(shown), "\(shown) is drawn escaped")
    }
  }
}

@Suite("togglekit explore under hostile input, signals and job control")
struct ExploreHostileSessionTests {
  static let hasScript = FileManager.default.fileExists(atPath: "/usr/bin/script")

  @Test("Ctrl-C right after a partial UTF-8 character still cancels", .enabled(if: hasScript))
  func interruptAfterPartialCharacter() async throws {
    let command = "\(TogglekitBinary.url.path) explore > /dev/null; echo code=$?"
    let (screen, _) = try await inTerminal(command, bytes: [[0xE9], [0x03]])
    #expect(screen.contains("code=130"), "\(screen.suffix(300))")
  }

  @Test(
    "SIGTSTP restores the terminal and stops; SIGCONT re-enters raw mode and redraws",
    .enabled(if: hasScript))
  func suspendAndContinue() async throws {
    let folder = try TogglekitBinary.scratch()
    // Job control as an interactive shell has it: the explorer runs in the foreground, is
    // stopped, and `fg` continues it.
    let binary = TogglekitBinary.url.path
    let f = folder.path
    // The explorer writes its pid through `exec` (other tests run explorers at the same time).
    let command =
      "set -m; stty -g > \(f)/before; (sleep 1.5; kill -TSTP $(cat \(f)/pid)) & "
      + "sh -c 'echo $$ > \(f)/pid; exec \(binary) explore > /dev/null'; echo stopped=$?; "
      + "stty -g > \(f)/stopped; cut -d' ' -f3 /proc/$(cat \(f)/pid)/stat > \(f)/state; "
      + "(sleep 1; stty -a > \(f)/resumed; kill -TERM $(cat \(f)/pid)) & "
      + "fg > /dev/null; echo code=$?; stty -g > \(f)/after"
    let (screen, _) = try await inTerminal(command, keys: [])
    func read(_ name: String) throws -> String {
      try String(contentsOfFile: "\(folder.path)/\(name)", encoding: .utf8)
    }
    #expect(screen.contains("stopped=148"), "\(screen.suffix(300))")
    #expect(try read("state").hasPrefix("T"), "the process was stopped")
    #expect(try read("stopped") == read("before"), "modes restored while stopped")
    #expect(try read("resumed").contains("-icanon"), "raw mode again after SIGCONT")
    #expect(try read("after") == read("before"))
    #expect(screen.contains("code=143"), "\(screen.suffix(300))")
    // Left the alternate screen when stopped, entered it again when continued, left at the end.
    let leave = "\u{1B}[?25h\u{1B}[?1049l"
    #expect(screen.components(separatedBy: leave).count - 1 >= 2)
    #expect(screen.components(separatedBy: "\u{1B}[?1049h").count - 1 >= 2)
  }

  @Test(
    "SIGUSR1, SIGALRM and SIGPIPE deaths restore the terminal first",
    .enabled(if: hasScript), arguments: ["USR1", "ALRM", "PIPE"])
  func otherSignals(signal: String) async throws {
    let folder = try TogglekitBinary.scratch()
    let command =
      "stty -g > \(folder.path)/before; \(TogglekitBinary.url.path) explore > /dev/null & pid=$!; "
      + "sleep 1; kill -\(signal) $pid; wait $pid; echo code=$?; stty -g > \(folder.path)/after"
    let (screen, _) = try await inTerminal(command, keys: [])
    let codes = ["USR1": 138, "ALRM": 142, "PIPE": 141]
    #expect(screen.contains("code=\(codes[signal]!)"), "\(screen.suffix(300))")
    let before = try String(contentsOfFile: "\(folder.path)/before", encoding: .utf8)
    let after = try String(contentsOfFile: "\(folder.path)/after", encoding: .utf8)
    #expect(before == after)
    #expect(
      screen.hasSuffix("\u{1B}[?25h\u{1B}[?1049l") || screen.contains("\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test(
    "a selection that cannot be written (a full disk) is an error: exit 1 with a message",
    .enabled(if: hasScript))
  func failedWrite() async throws {
    let command = "\(TogglekitBinary.url.path) explore > /dev/full; echo code=$?"
    let (screen, _) = try await inTerminal(command, keys: ["a", "\r"])
    #expect(screen.contains("togglekit: writing output failed: No space left on device"))
    #expect(screen.contains("code=1"), "\(screen.suffix(300))")
  }

  @Test(
    "a piped export opens in explore, and the printed selection shows hostile labels escaped",
    .enabled(if: hasScript))
  func pipedHostileSelection() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file(
      "t.txt", "[ ] Menu\n  [x] \\u{1B}]0;PWNED\\u{07}\n  [ ] plain\n", in: folder)
    let out = folder.appendingPathComponent("picked").path
    let binary = TogglekitBinary.url.path
    let command =
      "\(binary) apply --print indent \(file) | \(binary) explore --output leaves > \(out); "
      + "echo code=$?"
    let (screen, _) = try await inTerminal(command, keys: ["\r"])
    #expect(screen.contains("code=0"), "\(screen.suffix(300))")
    #expect(
      try String(contentsOfFile: out, encoding: .utf8) == #"Menu/\u{1B}]0;PWNED\u{07}"# + "\n")
    #expect(!screen.contains("\u{1B}]0;PWNED"))
  }

  @Test(
    "--select-from starts with a saved pick, --header is drawn (escaped) above the tree, --limit 1 moves the selection",
    .enabled(if: hasScript))
  func startingSelectionHeaderAndLimit() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file(
      "cats.txt", "Fruit\n  Apple\n  Pear\nVeg\n  Leek\n", in: folder)
    let saved = try TogglekitBinary.file("saved.txt", "Fruit/Pear\nFruit/Gone\n", in: folder)
    let out = folder.appendingPathComponent("picked").path
    let command =
      "\(TogglekitBinary.url.path) explore --select-from \(saved) --limit 1 "
      + "--header \"$(printf 'Pick one\\033[2J')\" \(file) > \(out); echo code=$?"
    // Open Fruit, go to Apple, Space: the selection moves from Pear to Apple; Enter.
    let (screen, _) = try await inTerminal(command, keys: ["l", "j", " ", "\r"])
    #expect(screen.contains("code=0"), "\(screen.suffix(400))")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "Fruit/Apple\n")
    #expect(screen.contains(#"Pick one\u{1B}[2J"#), "the header, escaped")
    #expect(!screen.contains("Pick one\u{1B}[2J"))
    #expect(screen.contains("saved.txt:2: no node at path 'Fruit/Gone'; skipped"))
    #expect(screen.contains("(at most 1)"))
  }

  @Test(
    "a mouse click on a box toggles it; mouse reports are asked for and turned off at exit, never with --no-mouse",
    .enabled(if: hasScript))
  func mouse() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", "Fruit\n  Apple\nVeg\n  Leek\n", in: folder)
    let out = folder.appendingPathComponent("picked").path
    let binary = TogglekitBinary.url.path
    // Row 2, column 3 (1-based): Veg's box.
    let (screen, _) = try await inTerminal(
      "\(binary) explore --output topmost \(file) > \(out); echo code=$?",
      keys: ["\u{1B}[<0;3;2M", "\u{1B}[<0;3;2m", "\r"])
    #expect(screen.contains("code=0"), "\(screen.suffix(300))")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "Veg\n")
    #expect(screen.contains("\u{1B}[?1000h\u{1B}[?1006h"))
    #expect(screen.contains("\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"))
    let (plain, _) = try await inTerminal(
      "\(binary) explore --no-mouse \(file) > /dev/null; echo code=$?", keys: ["q"])
    #expect(plain.contains("code=130") && !plain.contains("\u{1B}[?1000h"))
  }
}
