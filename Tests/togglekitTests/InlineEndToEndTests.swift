import Explorer
import Foundation
import Testing

@testable import TestSupport

private let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

/// A tmux server of its own (a socket in a scratch folder), one window of `rows` × 60.
private struct Tmux {
  let socket: String

  init(rows: Int) async throws {
    socket = try TogglekitBinary.scratch().appendingPathComponent("tmux").path
    // The server outlives the command: Foundation's Process waits for descriptors the server
    // inherits, so tmux is started with posix_spawn and waited for with waitpid.
    try Self.spawn([
      "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "60", "-y", "\(rows)",
      "bash --norc --noprofile",
    ])
    try await pause(0.5)
  }

  /// Runs tmux with `arguments`, standard output to `output` (or /dev/null), and waits.
  static func spawn(_ arguments: [String], output: String = "/dev/null") throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    // No signal blocked or ignored: a server and shell started with the test thread's blocked
    // SIGHUP and SIGCHLD (under the sanitizers) never end on kill-server.
    let started = withSpawnAttributes(newSession: false) {
      posix_spawn(&pid, "/usr/bin/tmux", &actions, $0, argv, envp)
    }
    guard started == 0 else {
      throw CocoaError(.executableLoad)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }

  static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment.removeValue(forKey: "TMUX")
    return environment
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let output = socket + ".out"
    try Self.spawn(["-S", socket, "-f", "/dev/null"] + arguments, output: output)
    // Read with open/read: Foundation's String(contentsOfFile:) leaks a buffer on an empty file
    // (LeakSanitizer, in CI's AddressSanitizer run).
    let descriptor = open(output, O_RDONLY)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(descriptor, &buffer, buffer.count), count > 0 {
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  func type(_ keys: String...) async throws {
    for key in keys {
      try run(["send-keys", "-t", "0", key])
      try await pause(0.4)
    }
  }

  /// The screen's lines, trailing blanks dropped.
  func screen() throws -> [String] {
    var lines = try run(["capture-pane", "-p", "-t", "0"]).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  func stop() { _ = try? run(["kill-server"]) }
}

@Suite("togglekit explore --height: inline below the prompt (in tmux)", .serialized)
struct InlineEndToEndTests {
  @Test(
    "the rows above are untouched while it runs and after it ends; its rows are cleared; the pick is printed",
    .enabled(if: hasTmux))
  func inline() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file(
      "cats.txt", "Fruit\n  Apple\n  Pear\nVeg\n  Leek\n", in: folder)
    let out = folder.appendingPathComponent("picked").path
    let tmux = try await Tmux(rows: 15)
    defer { tmux.stop() }
    try await tmux.type(
      "PS1='$ '; clear; printf 'above-%s\\n' 1 2 3; \(TogglekitBinary.url.path) explore --height 5 --header Pick \(file) > \(out); echo code=$?",
      "Enter")
    try await pause(0.8)
    let running = try tmux.screen()
    #expect(Array(running.prefix(3)) == ["above-1", "above-2", "above-3"], "\(running)")
    #expect(running.count == 8 && running[3] == "Pick" && running[4].hasSuffix("[ ] Fruit"))
    try await tmux.type("l", "j", " ", "Enter")
    try await pause(0.5)
    let after = try tmux.screen()
    #expect(Array(after.prefix(4)) == ["above-1", "above-2", "above-3", "code=0"], "\(after)")
    #expect(!after.contains { $0.contains("Fruit") }, "the rows are cleared")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "Fruit/Apple\n")
  }

  @Test(
    "at the bottom of the terminal the lines above scroll up to make room, and stay",
    .enabled(if: hasTmux))
  func atTheBottom() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", "Fruit\n  Apple\nVeg\n", in: folder)
    let tmux = try await Tmux(rows: 12)
    defer { tmux.stop() }
    try await tmux.type(
      "PS1='$ '; clear; seq 1 11; \(TogglekitBinary.url.path) explore --height 50% \(file) > /dev/null; echo code=$?",
      "Enter")
    try await pause(0.8)
    let running = try tmux.screen()
    #expect(running.first == "6" && running[5] == "11", "\(running)")
    #expect(running[6].hasSuffix("[ ] Fruit"))
    try await tmux.type("q")
    try await pause(0.5)
    let after = try tmux.screen()
    #expect(after.first == "6" && after[5] == "11" && after[6] == "code=130", "\(after)")
  }
}
