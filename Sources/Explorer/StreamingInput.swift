import ToggleKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tree read from a pipe while the explorer already runs (`find / | togglekit explore`): bytes
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
/// (and input whose first lines are not a tree yet) gives no snapshot until its end. A large file
/// (``largeFile(_:source:)``) gives one snapshot of its first lines and then none until its end.
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
  /// Whether the first snapshot is the only one before the end (a file: the rest comes as fast
  /// as it is read, so laying out the part read again would only delay the whole).
  private let firstSnapshotOnly: Bool
  /// What ends a line: a newline, or NUL for `--read0`.
  private let lineEnd: UInt8
  /// How many of the parser's nodes the explorer's tree holds, in the parser's order, when the
  /// next lines' nodes may be appended to it; nil when the next snapshot is laid out whole.
  private var delivered: Int? = nil
  /// How many parts of the input were appended to the tree shown (not laid out whole).
  package private(set) var appendedParts = 0

  /// Reads the input of `invocation` (its format, separator and options) as it arrives.
  ///
  /// - Parameters:
  ///   - invocation: The command line: format, separator and tree options.
  ///   - name: The input's name in messages.
  ///   - byteCount: The input's size when known, to size the tree for it.
  ///   - firstSnapshotOnly: Whether a snapshot is laid out of the first lines only, and the rest
  ///     is shown when the input ends.
  /// - Complexity: O(1).
  package init(
    _ invocation: Invocation, name: String = "<stdin>", byteCount: Int? = nil,
    firstSnapshotOnly: Bool = false
  ) {
    self.name = name
    self.firstSnapshotOnly = firstSnapshotOnly
    lineEnd = invocation.readsNULSeparatedNames ? 0 : 0x0A
    parser = invocation.parser(named: name, expectedByteCount: byteCount)
  }

  /// Files at least this large are shown as they are read by `explore`: about 20 ms of reading,
  /// below which reading the whole file first is not noticed.
  package static let largeFileBytes = 1 << 20

  /// A large regular file that `explore` reads as a stream: its first lines shown at once.
  ///
  /// FILE, or standard input redirected from one, of at least ``largeFileBytes``: the whole tree
  /// comes when it is read. Nil for anything else — a small file, JSON (whole only at its end), a
  /// pipe, a folder — which is read as before.
  ///
  /// ```swift
  /// if let (input, descriptor) = try StreamingInput.largeFile(invocation, source: .file("big.txt")) { … }
  /// ```
  /// - Parameters:
  ///   - invocation: The command line: the command, format, separator and tree options.
  ///   - source: Where the tree comes from.
  ///   - standardInput: The descriptor `-` reads (0; another in tests). What is left of it starts
  ///     where it stands: a shell may have read from it already.
  /// - Returns: The stream and the descriptor to read it from, or nil.
  /// - Throws: ``InputError`` `FILE: reason` when the file cannot be opened.
  /// - Complexity: O(1): one read of at most 64 KiB when the format is not given.
  package static func largeFile(
    _ invocation: Invocation, source: InputSource, standardInput: Int32 = 0
  ) throws(InputError) -> (input: StreamingInput, descriptor: Int32)? {
    guard invocation.command == .explore, invocation.format != .json else { return nil }
    let readsNames = invocation.readsNULSeparatedNames
    let path: String?
    switch source {
    case .file(let name): path = name
    case .standardInput: path = nil
    case .directory, .demo: return nil
    }
    let name = path ?? "<stdin>"
    let descriptor = path.map { openFile($0, O_RDONLY | O_CLOEXEC) } ?? standardInput
    guard descriptor >= 0 else {
      throw InputError(message: "\(name): \(String(cString: strerror(errno)))")
    }
    var status = stat()
    let offset = max(0, lseek(descriptor, 0, SEEK_CUR))
    var head = [UInt8](
      repeating: 0, count: invocation.format == nil && !readsNames ? 1 << 16 : 0)
    let headCount = head.withUnsafeMutableBytes {
      pread(descriptor, $0.baseAddress, $0.count, offset)
    }
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size - offset) >= largeFileBytes, headCount >= 0,
      invocation.format != nil || readsNames
        || TreeFormat.detect(fileName: path, bytes: Array(head.prefix(headCount))) != .json
    else {
      if path != nil { close(descriptor) }
      return nil
    }
    let input = StreamingInput(
      invocation, name: name, byteCount: Int(status.st_size - offset), firstSnapshotOnly: true)
    return (input, descriptor)
  }

  /// Adds bytes as they arrive.
  ///
  /// - Throws: ``InputError`` `FILE:LINE:COL: …` for the first bad line, or a NUL byte (which
  ///   ends a name with `--read0`).
  /// - Complexity: O(bytes).
  package mutating func append(_ bytes: ArraySlice<UInt8>) throws(InputError) {
    let end = lineEnd
    guard let last = bytes.lastIndex(of: end) else {
      tail += bytes
      return
    }
    var rest = bytes[...last]
    do {
      // The line begun in the last part is parsed whole on its own; the rest without a copy.
      if !tail.isEmpty, let first = rest.firstIndex(of: end) {
        tail += rest[...first]
        rest = rest[(first + 1)...]
        try parser.append(tail)
        lines += 1
      }
      tail = Array(bytes[(last + 1)...])
      lines += rest.withUnsafeBufferPointer { buffer in
        var count = 0
        for byte in buffer where byte == end { count += 1 }
        return count
      }
      if !rest.isEmpty { try parser.append(rest) }
    } catch {
      throw InputError(error, format: parser.chosenFormat)
    }
  }

  /// The tree of the lines read so far, when there are new ones and the last snapshot is old
  /// enough: the wait after one is three times what laying it out took, and at least 100 ms (for
  /// a large file, until the end).
  ///
  /// - Complexity: O(n log n) in the lines read, when it lays out a tree; O(1) otherwise.
  package mutating func snapshot(now: Double) -> SelectionTree<String>? {
    guard lines != linesShown, now >= nextSnapshot else { return nil }
    let start = Previewer.now()
    let copy = parser
    let tree = try? copy.finish()
    let took = Previewer.now() - start
    nextSnapshot = firstSnapshotOnly ? .infinity : now + max(0.1, 3 * took)
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
  /// The first snapshot is laid out whole; after it, the nodes of the lines read since are
  /// appended to the tree shown (``Explorer/appendStreamed(ids:labels:parents:idHashes:)``) while the
  /// lines come in preorder (`find`, `git ls-files`, a sorted list), make no node twice, carry
  /// no marker, and nothing prepares the tree (no rules, no starting selection): each line is
  /// then laid out once. Otherwise every snapshot is laid out whole and reloaded.
  ///
  /// - Complexity: O(m) amortized for m new nodes when they are appended; as ``snapshot(now:)``
  ///   plus ``Explorer/reload(from:)`` otherwise.
  package mutating func update(
    _ explorer: inout Explorer, preparation: TreePreparation, now: Double
  ) {
    explorer.loadingLines = lines
    guard lines != linesShown, now >= nextSnapshot else { return }
    // What showing the lines takes is timed on the clock, `now` being the caller's.
    let started = Previewer.now()
    if appendNew(to: &explorer, preparation: preparation) {
      linesShown = lines
      nextSnapshot = firstSnapshotOnly ? .infinity : now + max(0.1, 3 * (Previewer.now() - started))
      return
    }
    guard var fresh = snapshot(now: now) else { return }
    let laidOut = fresh.count
    _ = try? preparation.prepare(&fresh)
    explorer.reload(from: fresh)
    // Appends go on from here when the snapshot holds the parser's nodes in its order.
    delivered = preparation.changesNothing && parser.nodeCount == laidOut ? laidOut : nil
    // While appending, the tree's index finds a repeated path: the parser need not index too.
    parser.deferRepeatChecks(delivered != nil)
    // The wait counts what showing the snapshot took as well.
    nextSnapshot = max(nextSnapshot, now + 3 * (Previewer.now() - started))
  }

  /// Appends the nodes read since the last snapshot to `explorer`'s tree, when it holds the
  /// parser's nodes before them and they can be appended.
  /// - Returns: Whether they were (nothing changed otherwise, and appends stop).
  private mutating func appendNew(to explorer: inout Explorer, preparation: TreePreparation)
    -> Bool
  {
    guard let delivered, preparation.changesNothing, explorer.tree.count == delivered,
      let nodes = parser.preorderNodes(from: delivered),
      explorer.appendStreamed(
        ids: nodes.ids, labels: nodes.labels, parents: nodes.parents, idHashes: parser.idHashes)
    else {
      if self.delivered != nil { parser.deferRepeatChecks(false) }
      self.delivered = nil
      return false
    }
    self.delivered = delivered + nodes.ids.count
    appendedParts += 1
    return true
  }

  /// Stops appending to the tree shown: it was replaced by another read (a `reload` binding),
  /// and the next snapshot is laid out whole.
  package mutating func stopAppending() {
    delivered = nil
  }

  /// Shows the whole input in `explorer` at its end (a last line without a newline included):
  /// the nodes not shown yet appended to its tree, or the whole tree laid out, prepared and
  /// reloaded (``finish()``).
  ///
  /// - Returns: The warnings of the starting selection.
  /// - Throws: ``InputError`` for the first error in the input, or one of preparing it.
  /// - Complexity: O(m) amortized for the m nodes not shown yet when they are appended; as
  ///   ``finish()`` plus ``Explorer/reload(from:)`` otherwise.
  package consuming func finish(into explorer: inout Explorer, preparation: TreePreparation)
    throws(InputError) -> [String]
  {
    let format = parser.chosenFormat
    do {
      if !tail.isEmpty { try parser.append(tail) }
      tail = []
      try parser.endInput()
    } catch {
      throw InputError(error, format: parser.chosenFormat ?? format)
    }
    if appendNew(to: &explorer, preparation: preparation) { return [] }
    var whole = try finish()
    let warnings = try preparation.prepare(&whole)
    explorer.reload(from: whole)
    return warnings
  }

  /// The whole tree, at the end of the input (a last line without a newline included).
  ///
  /// - Throws: ``InputError`` for the first error in the input.
  /// - Complexity: O(n) in the input not laid out yet, plus laying out the tree.
  package consuming func finish() throws(InputError) -> SelectionTree<String> {
    let format = parser.chosenFormat
    do {
      if !tail.isEmpty { try parser.append(tail) }
      // Taken out, so that laying out uses the parser's storage instead of a copy.
      let whole = parser
      parser = TreeParser()
      return try (consume whole).finish()
    } catch {
      throw InputError(error, format: parser.chosenFormat ?? format)
    }
  }
}
