import ToggleKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tree read from a pipe while the explorer already runs (`find . | togglekit explore`): bytes
/// go to a ``ToggleKit/TreeParser`` a whole line at a time, and ``snapshot(now:)`` lays out the
/// lines read so far — at most so often that laying out takes a third of the time at most.
///
/// ```swift
/// var input = StreamingInput(invocation)
/// try input.append(chunk)                                  // as bytes arrive
/// if let tree = input.snapshot(now: Previewer.now()) { explorer.reload(from: tree) }
/// let whole = try input.finish()                           // at the end of the input
/// ```
///
/// A line is read only when its newline has come, so a snapshot never holds half a label. JSON
/// (and input whose first lines are not a tree yet) gives no snapshot until its end.
package struct StreamingInput {
  private var parser: TreeParser
  /// The bytes after the last newline, kept until it comes.
  private var tail: [UInt8] = []
  /// Lines read so far.
  package private(set) var lines = 0
  /// Lines the last snapshot holds.
  private var linesShown = 0
  /// When the next snapshot may be laid out (monotonic seconds).
  private var nextSnapshot = 0.0
  private let name: String

  /// Reads the standard input of `invocation` (its format, separator and options).
  ///
  /// - Complexity: O(1).
  package init(_ invocation: Invocation, name: String = "<stdin>") {
    self.name = name
    parser = TreeParser(
      format: invocation.format, file: name, separator: invocation.separator,
      options: invocation.treeOptions, uniqueSiblingLabels: true)
  }

  /// Adds bytes as they arrive.
  ///
  /// - Throws: ``InputError`` `FILE:LINE:COL: …` for the first bad line, or a NUL byte.
  /// - Complexity: O(bytes).
  package mutating func append(_ bytes: ArraySlice<UInt8>) throws(InputError) {
    guard let last = bytes.lastIndex(of: 0x0A) else {
      tail += bytes
      return
    }
    var complete = tail
    tail = Array(bytes[(last + 1)...])
    complete += bytes[...last]
    lines += complete.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    do {
      try parser.append(complete)
    } catch {
      throw InputError(message: error.description)
    }
  }

  /// The tree of the lines read so far, when there are new ones and the last snapshot is old
  /// enough: the wait after one is twice what laying it out took, and at least 100 ms.
  ///
  /// - Complexity: O(n log n) in the lines read, when it lays out a tree; O(1) otherwise.
  package mutating func snapshot(now: Double) -> SelectionTree<String>? {
    guard lines != linesShown, now >= nextSnapshot else { return nil }
    let start = Previewer.now()
    let copy = parser
    let tree = try? copy.finish()
    let took = Previewer.now() - start
    nextSnapshot = now + max(0.1, 3 * took)
    linesShown = lines
    return tree
  }

  /// Reads what is waiting on `descriptor` (which does not block), at most `budget` bytes, so
  /// that keys are not kept waiting behind a fast writer — and no more once a snapshot of new
  /// lines is due, so that the first lines are shown as soon as they come.
  ///
  /// - Returns: Whether the input has ended.
  /// - Throws: ``InputError`` when the read fails or a line is bad.
  /// - Complexity: O(bytes read).
  package mutating func readWaiting(from descriptor: Int32, budget: Int = 4 << 20)
    throws(InputError) -> Bool
  {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var taken = 0
    while taken < budget && millisecondsUntilSnapshot(now: Previewer.now()) != 0 {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return false }
      if count < 0 {
        throw InputError(message: "\(name): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return true }
      taken += count
      try append(buffer[0..<count])
    }
    return false
  }

  /// Milliseconds until a snapshot of new lines is due (-1: no new lines).
  package func millisecondsUntilSnapshot(now: Double) -> Int32 {
    guard lines != linesShown else { return -1 }
    return Int32(max(0, min(60_000, ((nextSnapshot - now) * 1000).rounded(.up))))
  }

  /// Shows the lines read so far in `explorer` when a snapshot is due, prepared as every tree
  /// is (rules, starting selection; their errors wait for the end), and the count in its status
  /// line.
  ///
  /// - Complexity: As ``snapshot(now:)`` plus ``Explorer/reload(from:)`` when one is due.
  package mutating func update(
    _ explorer: inout Explorer, preparation: TreePreparation, now: Double
  ) {
    explorer.loadingLines = lines
    guard var fresh = snapshot(now: now) else { return }
    _ = try? preparation.prepare(&fresh)
    explorer.reload(from: fresh)
    // The wait counts what showing the snapshot took as well.
    nextSnapshot = max(nextSnapshot, now + 3 * (Previewer.now() - now))
  }

  /// The whole tree, at the end of the input (a last line without a newline included).
  ///
  /// - Throws: ``InputError`` for the first error in the input.
  /// - Complexity: O(n) in the input not laid out yet, plus laying out the tree.
  package consuming func finish() throws(InputError) -> SelectionTree<String> {
    do {
      if !tail.isEmpty { try parser.append(tail) }
      // Taken out, so that laying out uses the parser's storage instead of a copy.
      let whole = parser
      parser = TreeParser()
      return try (consume whole).finish()
    } catch {
      throw InputError(message: error.description)
    }
  }
}
