import Foundation

/// What a program printed and how it ended.
public struct ProgramRun {
  /// Standard output's bytes.
  public var stdout: [UInt8]
  /// Standard error's bytes.
  public var stderr: [UInt8]
  /// The exit status.
  public var status: Int32

  /// Runs `executable` with `arguments` in `directory` (or this process's), with `environment` (or
  /// this process's) and `input` on standard input (or /dev/null), and waits for it.
  ///
  /// A child that exits before reading all of its input is not an error here.
  public init(
    _ executable: URL, _ arguments: [String], directory: URL? = nil,
    environment: [String: String]? = nil, input: [UInt8]? = nil
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    let feed = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input == nil ? FileHandle.nullDevice : feed
    try process.run()
    if let input {
      try? feed.fileHandleForWriting.write(contentsOf: Data(input))
      try? feed.fileHandleForWriting.close()
    }
    stdout = Array(output.fileHandleForReading.readDataToEndOfFile())
    stderr = Array(errors.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    status = process.terminationStatus
  }
}
