import ToggleKit

/// The selection a command starts with: `--select PATH` and the paths of `--select-from FILE`.
///
/// A selection list is what `--output` (or `apply --print`) wrote: one escaped path per line, or,
/// when the list holds a NUL byte, raw paths each ended by NUL as `-0` writes them. So a pick can
/// be saved and started from again:
///
/// ```swift
/// let list = try SelectionList(parsing: Array("Fruit/Apple\nVeg\n".utf8), name: "picked.txt")
/// list.entries.map(\.labels)   // [["Fruit", "Apple"], ["Veg"]]
/// ```
///
/// - Complexity: O(bytes) to parse.
package struct SelectionList: Hashable, Sendable {
  /// One path of the list and the line (or record) it came from, counted from 1.
  package struct Entry: Hashable, Sendable {
    /// The labels from the root.
    package var labels: [String]
    /// The line (record, for a NUL-separated list) the path was on.
    package var line: Int
  }

  /// The paths in the order of the list.
  package var entries: [Entry] = []

  /// Parses a list: escaped paths one per line (a CR before the LF and empty lines are ignored),
  /// or raw paths ended by NUL when the list holds a NUL byte (split at every '/', a leading '/'
  /// the root '/', `\u{00}` read as NUL, as `-0` writes them).
  ///
  /// - Throws: ``InputError`` `NAME:LINE:COL: …` for a line that is not a path.
  /// - Complexity: O(bytes).
  package init(parsing bytes: [UInt8], name: String) throws(InputError) {
    let raw = bytes.contains(0)
    let end: UInt8 = raw ? 0 : 0x0A
    var start = 0
    var line = 0
    while start < bytes.count {
      line += 1
      var stop = start
      while stop < bytes.count && bytes[stop] != end { stop += 1 }
      var last = stop
      if !raw && last > start && bytes[last - 1] == 0x0D { last -= 1 }
      defer { start = stop + 1 }
      guard last > start else { continue }
      let text = String(decoding: bytes[start..<last], as: UTF8.self)
      if raw {
        // A leading '/' is the root '/', as `-0` writes it (`/usr/bin`).
        let rooted = text.hasPrefix("/")
        let rest = text.dropFirst(rooted ? 1 : 0)
        var labels =
          rooted && rest.isEmpty
          ? []
          : rest.split(
            separator: "/", omittingEmptySubsequences: false
          ).map { String($0).replacing("\\u{00}", with: "\0") }
        if rooted { labels.insert("/", at: 0) }
        entries.append(Entry(labels: labels, line: line))
        continue
      }
      do {
        entries.append(Entry(labels: try LabelPath.labels(of: text), line: line))
      } catch {
        throw InputError(message: "\(name):\(line):1: \(error.description)")
      }
    }
  }
}

/// Selects what `--select` and `--select-from` name, before anything else happens.
///
/// `--select PATH` must name a node; a path of a list that names none (a file deleted since the
/// list was saved) is skipped with a warning, as is a node that is locked or disabled against it.
/// At most ten warnings are kept, then how many more there were.
///
/// ```swift
/// let warnings = try selectStarting(invocation, lists: [("picked.txt", bytes)], in: &tree)
/// ```
///
/// - Throws: ``ApplyError`` for a `--select` PATH that names no node, or a starting selection of
///   more leaves than `--limit` allows.
/// - Complexity: O(Σ path length + paths × (depth + log n)).
package func selectStarting(
  _ invocation: Invocation, lists: [(name: String, list: SelectionList)],
  in tree: inout SelectionTree<String>
) throws(ApplyError) -> [String] {
  guard !invocation.selectPaths.isEmpty || !lists.isEmpty else { return [] }
  var index = tree.labelIndex()
  var warnings: [String] = []
  var omitted = 0
  func warn(_ text: String) {
    if warnings.count < 10 { warnings.append(text) } else { omitted += 1 }
  }
  func select(_ id: String, _ origin: String) {
    guard let outcome = try? tree.set(id, to: true), outcome.blocked > 0 else { return }
    let leaves = outcome.blocked == 1 ? "1 leaf" : "\(outcome.blocked) leaves"
    warn("\(origin): \(leaves) locked or disabled against the selection, left as it was")
  }
  for path in invocation.selectPaths {
    let id: String
    do {
      id = try resolve(path, in: &index)
    } catch {
      throw ApplyError(message: "--select: \(error.message)")
    }
    select(id, "--select '\(path)'")
  }
  for (name, list) in lists {
    for entry in list.entries {
      let path = LabelPath.joined(entry.labels)
      guard let id = index.node(atLabelPath: entry.labels) else {
        warn("\(name):\(entry.line): no node at path '\(path)'; skipped")
        continue
      }
      select(id, "\(name):\(entry.line) '\(path)'")
    }
  }
  if omitted > 0 { warnings.append("… and \(omitted) more warnings like these") }
  if let limit = invocation.limit, case let count = tree.statistics.selectedLeaves, count > limit {
    throw ApplyError(
      message:
        "the starting selection has \(count) leaves selected; --limit allows at most \(limit)")
  }
  return warnings
}
