import Foundation

@testable import TestSupport

/// Runs the built `togglekit` binary, the way a user or a script would.
enum TogglekitBinary {
  /// The binary next to the test bundle in the build folder.
  static var url: URL {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent().appendingPathComponent("togglekit")
  }

  /// Makes a write to a pipe whose reader has exited an error instead of a SIGPIPE that kills the
  /// test process (a child may exit, by design, before it reads all of its input).
  static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  struct Result {
    var stdout: String
    var stderr: String
    var code: Int32
  }

  /// Runs `togglekit` with `arguments`, feeding `input` to standard input (or /dev/null), in
  /// `directory` (or this process's working directory).
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String]? = nil,
    directory: URL? = nil
  ) throws -> Result {
    try run(
      executable: url, arguments, input: input, environment: environment, directory: directory)
  }

  /// Runs another program (rsync, git …) the same way.
  static func runProgram(_ path: String, _ arguments: [String], directory: URL) throws -> Result {
    try run(executable: URL(fileURLWithPath: path), arguments, directory: directory)
  }

  static func run(
    executable: URL, _ arguments: [String], input: String? = nil,
    environment: [String: String]? = nil, directory: URL? = nil
  ) throws -> Result {
    _ = brokenPipesIgnored
    let run = try ProgramRun(
      executable, arguments, directory: directory, environment: environment,
      input: input.map { Array($0.utf8) })
    return Result(
      stdout: String(decoding: run.stdout, as: UTF8.self),
      stderr: String(decoding: run.stderr, as: UTF8.self), code: run.status)
  }

  /// A temporary file with `text`, removed by the caller's scratch folder.
  static func file(_ name: String, _ text: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// A new empty folder for one test's files, inside the folder of this test process.
  static func scratch() throws -> URL {
    let folder = scratchParent.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The folder every scratch folder of this process is in: removed, with all the tests left in
  /// it (names that are not UTF-8, escape sequences…), when the process exits.
  private static let scratchParent: URL = {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
      "togglekit-e2e-\(UUID().uuidString)")
    scratchParentPath = parent.path
    atexit { scratchParentPath.map { _ = try? FileManager.default.removeItem(atPath: $0) } }
    return parent
  }()
}

/// Makes files holding `x` (and their folders) below `folder`.
func makeFiles(_ names: [String], in folder: URL) throws {
  for name in names {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: url)
  }
}

/// The scratch parent's path, for the exit handler (a C function, which captures nothing); written
/// once, before any test uses it.
nonisolated(unsafe) private var scratchParentPath: String?
