import Foundation
import Testing

@testable import TestSupport

/// One step of a session in a pseudo-terminal: keys typed, then the screen waited for.
struct TerminalStep {
  /// What is typed, in one write each.
  var keys: [String]
  /// Text the last frame must show before the next step (nil: go on at once).
  var waitFor: String?

  init(_ keys: String..., waitFor: String? = nil) {
    self.keys = keys
    self.waitFor = waitFor
  }
}

/// The lines of the last frame drawn (frames start with ESC [ H), escape sequences left out.
func lastFrame(_ output: String) -> [String] {
  guard let start = output.range(of: "\u{1B}[H", options: .backwards) else { return [] }
  var frame = String(output[start.upperBound...])
  if let end = frame.range(of: "\u{1B}[J") { frame = String(frame[..<end.lowerBound]) }
  return frame.components(separatedBy: "\r\n").map(withoutEscapeSequences)
}

/// Runs `command` in a pseudo-terminal and types each step's keys once the frame before shows
/// its text — no fixed sleeps: a step waits for the screen, up to `timeout` seconds.
///
/// - Returns: Everything shown, and the frames each step waited for.
func inTerminal(_ command: String, steps: [TerminalStep], timeout: Double = 30) async throws -> (
  screen: String, frames: [[String]]
) {
  let (screen, frames, missed) = try await onOwnThread {
    () throws -> (String, [[String]], [String]) in
    let (process, input, screen) = try startInTerminal(command)
    var frames: [[String]] = []
    var missed: [String] = []
    for step in steps {
      for key in step.keys {
        try? input.fileHandleForWriting.write(contentsOf: Data(key.utf8))
        // Keys of one step are separate reads: an Esc is not taken for Alt with the next key.
        Thread.sleep(forTimeInterval: 0.06)
      }
      guard let wanted = step.waitFor else { continue }
      let deadline = Date().addingTimeInterval(timeout)
      while !lastFrame(screen.text).joined(separator: "\n").contains(wanted) {
        guard Date() < deadline, process.isRunning else {
          missed.append(
            "the screen did not show \"\(wanted)\": "
              + lastFrame(screen.text).joined(separator: "\n"))
          break
        }
        Thread.sleep(forTimeInterval: 0.02)
      }
      frames.append(lastFrame(screen.text))
    }
    let text = screen.textAtEnd()
    waitForExit(of: process)
    try? input.fileHandleForWriting.close()
    return (text, frames, missed)
  }
  for note in missed { Issue.record(Comment(rawValue: note)) }
  return (screen, frames)
}
