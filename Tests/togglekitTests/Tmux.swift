import Explorer
import Foundation
import Testing

@testable import TestSupport

/// Whether tmux is installed.
let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

/// A tmux server of its own (a socket in a scratch folder), one window of `rows` × `columns`
/// running `command` (bash without start-up files unless told).
struct Tmux {
  let socket: String

  init(
    rows: Int, columns: Int = 60, command: String = "bash --norc --noprofile",
    environment extra: [String: String] = [:]
  ) async throws {
    socket = try TogglekitBinary.scratch().appendingPathComponent("tmux").path
    var environment = Self.environment
    environment.merge(extra) { $1 }
    // The server outlives the command: Foundation's Process waits for descriptors the server
    // inherits, so tmux is started with posix_spawn and waited for with waitpid.
    try Self.spawn(
      [
        "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
        command,
      ], environment: environment)
    try await pause(0.5)
  }

  /// Runs tmux with `arguments`, standard output to `output` (or /dev/null), and waits.
  static func spawn(
    _ arguments: [String], output: String = "/dev/null",
    environment: [String: String] = Self.environment
  ) throws {
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

  /// Types `keys` (tmux key names or text) without a pause, as one burst.
  func send(_ keys: String...) throws {
    try run(["send-keys", "-t", "0"] + keys)
  }

  /// Types `text` literally (no key names).
  func sendText(_ text: String) throws {
    try run(["send-keys", "-t", "0", "-l", text])
  }

  /// Waits until the screen satisfies `condition`, up to `timeout` seconds; records an issue
  /// naming `what` with the last screen when it never does.
  @discardableResult
  func wait(
    for what: String, timeout: Double = 20, _ condition: ([String]) -> Bool
  ) async throws -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    var lines = try screen()
    while !condition(lines) {
      guard Date() < deadline else {
        Issue.record("the screen never showed \(what): \(lines.joined(separator: "\n"))")
        return lines
      }
      try await pause(0.05)
      lines = try screen()
    }
    return lines
  }

  /// Waits until the screen shows `text`.
  @discardableResult
  func wait(for text: String, timeout: Double = 20) async throws -> [String] {
    try await wait(for: "'\(text)'", timeout: timeout) { $0.contains { $0.contains(text) } }
  }

  func stop() { _ = try? run(["kill-server"]) }
}
