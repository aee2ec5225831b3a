import ToggleKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the preview pane shows: the path previewed, the command's output as rows, and a note on
/// how the run went.
///
/// ```swift
/// let pane = PreviewPane(title: "src/main.swift", rows: [Row("import Foundation")], note: nil)
/// ```
package struct PreviewPane: Hashable, Sendable {
  /// The path previewed (shown above the output).
  package var title: String
  /// The output, neutralised (``PreviewText``).
  package var rows: [Row]
  /// "running…", "exit 1", "stopped after 3 s", … or nil when the command succeeded.
  package var note: String?

  /// A pane.
  ///
  /// - Complexity: O(1).
  package init(title: String, rows: [Row], note: String?) {
    self.title = title
    self.rows = rows
    self.note = note
  }
}

/// Runs `--preview` for the focused node: one ``PreviewProcess`` at a time, restarted when the
/// focus moves (the old run is killed), stopped at a time limit; the explorer's main loop polls
/// ``descriptor`` and calls ``service()``.
///
/// ```swift
/// let previewer = Previewer(command: PreviewCommand("head -20 {}"), timeLimit: 3)
/// previewer.show(path: "notes.txt", lines: 20, columns: 40)
/// // poll previewer.descriptor, wait at most previewer.millisecondsLeft, then:
/// previewer.service()
/// explorer.preview = previewer.pane
/// ```
package final class Previewer {
  /// The command, `{}` for the path.
  package let command: PreviewCommand
  /// Seconds a run may take before it is killed.
  package let timeLimit: Double
  /// The path of the current run, nil before the first.
  package private(set) var path: String?
  /// What to draw.
  package private(set) var pane: PreviewPane?
  /// How many runs were started (tests check that an unchanged focus starts none).
  package private(set) var runs = 0
  private var process: PreviewProcess?
  private var deadline: Double = 0
  private var lines = 0

  /// A previewer for `command`, killing runs after `timeLimit` seconds.
  ///
  /// - Complexity: O(1).
  package init(command: PreviewCommand, timeLimit: Double) {
    self.command = command
    self.timeLimit = timeLimit
  }

  /// Previews `path` (nil: nothing focused) in a pane of `lines` × `columns`: starts a run unless
  /// `path` is the one already shown, killing the run before it.
  ///
  /// The command sees the pane's size as `TOGGLEKIT_PREVIEW_LINES` and `TOGGLEKIT_PREVIEW_COLUMNS`.
  /// - Complexity: O(1) plus starting a process.
  package func show(path newPath: String?, lines: Int, columns: Int) {
    guard newPath != path else { return }
    process?.stop()
    process = nil
    path = newPath
    self.lines = lines
    guard let newPath else {
      pane = nil
      return
    }
    runs += 1
    do {
      process = try PreviewProcess(
        shellArguments: command.arguments(for: newPath),
        environment: [
          "TOGGLEKIT_PREVIEW_LINES": "\(lines)", "TOGGLEKIT_PREVIEW_COLUMNS": "\(columns)",
        ])
      deadline = Previewer.now() + timeLimit
      pane = PreviewPane(title: newPath, rows: [], note: "running…")
    } catch {
      pane = PreviewPane(title: newPath, rows: [], note: error.message)
    }
  }

  /// Previews the node `explorer` focuses (``show(path:lines:columns:)``), reads what is waiting,
  /// and gives `explorer` the pane to draw.
  ///
  /// ```swift
  /// previewer.follow(&explorer, directory: nil)   // after every key
  /// ```
  /// - Complexity: O(depth × log n) plus starting a process when the focus moved.
  package func follow(
    _ explorer: inout Explorer, directory: String?, separator: Unicode.Scalar = "/"
  ) {
    let path = explorer.cursor.map {
      PreviewCommand.path(
        of: explorer.tree.id(at: $0), in: explorer.tree, directory: directory, separator: separator)
    }
    show(path: path, lines: explorer.rowCount, columns: explorer.previewColumns)
    service()
    explorer.previewing.pane = pane
  }

  /// The output descriptor of the running command, to poll (nil when none runs).
  package var descriptor: Int32? {
    guard let process, !process.isFinished else { return nil }
    return process.descriptor
  }

  /// Milliseconds until the running command's time is up (-1: none runs).
  package var millisecondsLeft: Int32 {
    guard descriptor != nil else { return -1 }
    return Int32(max(0, min(Double(Int32.max), ((deadline - Previewer.now()) * 1000).rounded(.up))))
  }

  /// The process group of the running command, for a signal handler to kill (0: none).
  package var processGroup: pid_t {
    descriptor == nil ? 0 : process?.pid ?? 0
  }

  /// Reads what the command printed and kills it when its time is up.
  ///
  /// - Returns: Whether the pane changed.
  /// - Complexity: O(bytes read + the pane's lines).
  @discardableResult
  package func service() -> Bool {
    guard let process, let path, !process.isFinished || pane?.note == "running…" else {
      return false
    }
    var changed = process.readWaiting()
    var note: String? = "running…"
    if !process.isFinished && Previewer.now() >= deadline {
      process.stop()
      note = "stopped after \(Previewer.seconds(timeLimit)) (time limit)"
      changed = true
    } else if process.isFinished {
      if process.wasCut {
        note = "output cut at \(process.byteLimit / 1024) KiB"
      } else if let status = process.exitStatus {
        note = status == 0 ? nil : "exit \(status)"
      } else {
        note = "killed"
      }
      changed = true
    }
    guard changed else { return false }
    pane = PreviewPane(
      title: path, rows: PreviewText.rows(process.output, limit: max(1, lines)), note: note)
    return true
  }

  /// Runs the command again at the next ``follow(_:directory:separator:)``, on the same path too
  /// (`refresh-preview`).
  package func refresh() {
    process?.stop()
    process = nil
    path = nil
  }

  /// Stops the running command.
  ///
  /// - Complexity: O(1).
  package func stop() {
    process?.stop()
  }

  /// "3 s", "0.5 s".
  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

  /// A monotonic clock, in seconds (the explorer's time limits and schedules).
  ///
  /// - Complexity: O(1).
  package static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
