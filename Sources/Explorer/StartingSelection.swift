import ToggleKit

/// The selection a command starts with: `--select PATH` and the paths of `--select-from FILE`.
///
/// A selection list is what `--output` (or `apply --print`) wrote: one escaped path per line, or,
/// when the list holds a NUL byte, raw paths each ended by NUL as `-0` (or `find -print0`) writes
/// them. So a pick can be saved and started from again:
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
  /// or, when the list holds a NUL byte, names ended by NUL read as they are — split at every `/`,
  /// a leading `/` the root `/`, nothing else read (``ToggleKit/LabelPath/labels(ofName:separator:)``),
  /// as `-0` and `find -print0` write them.
  ///
  /// An escaped line may hold only the escapes togglekit writes (`\\`, `\/`, `\n`, `\r`, `\t`,
  /// `\e`, `\u{…}`, `\xHH`, `\{`): a backslash before anything else is a name from another
  /// program, which the list would read as another name, so it is refused.
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
      if raw {
        do {
          entries.append(
            Entry(labels: try LabelPath.labels(ofName: bytes[start..<last]), line: line))
        } catch {
          throw InputError(message: "\(name):\(line): empty label in name (a '/' doubled)")
        }
        continue
      }
      let text = String(decoding: bytes[start..<last], as: UTF8.self)
      if let column = Self.foreignEscape(bytes[start..<last]) {
        throw InputError(
          message: "\(name):\(line):\(column): a backslash that is not an escape togglekit "
            + "writes: this looks like a name from another program, which would be read as "
            + "another name; give such names NUL-separated (find -print0), as they are")
      }
      do {
        entries.append(Entry(labels: try LabelPath.labels(of: text), line: line))
      } catch {
        throw InputError(message: "\(name):\(line):1: \(error.description)")
      }
    }
  }

  /// The column of the first backslash that starts no escape the package writes, or nil.
  static func foreignEscape(_ line: ArraySlice<UInt8>) -> Int? {
    var index = line.startIndex
    while index < line.endIndex {
      guard line[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      let next = index + 1 < line.endIndex ? line[index + 1] : 0
      guard Array("\\/nrteux{".utf8).contains(next) else {
        return index - line.startIndex + 1
      }
      index += 2
    }
    return nil
  }
}

/// Selects what `--select` and `--select-from` name, before anything else happens.
///
/// `--select PATH` must name a node; a path of a list that names none (a file deleted since the
/// list was saved) is skipped with a warning (an error with `--strict`), as is a node that is
/// locked or disabled against it. A list none of whose paths names a node, or that holds no path,
/// is an error: it was made for another tree, or is read from the wrong folder. At most ten
/// warnings are kept, then how many more there were.
///
/// ```swift
/// let warnings = try selectStarting(invocation, lists: [("picked.txt", bytes)], in: &tree)
/// ```
///
/// - Throws: ``ApplyError`` for a `--select` PATH that names no node, a list that names none (or,
///   with `--strict`, any path of a list that names none), or a starting selection of more leaves
///   than `--limit` allows.
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
  let reading = PathReading(invocation)
  for path in invocation.selectPaths {
    let id: String
    do {
      id = try resolve(path, in: &index, reading: reading)
    } catch {
      throw ApplyError(message: "--select: \(error.message)")
    }
    select(id, "--select '\(path)'")
  }
  for (name, list) in lists {
    var named = 0
    var missing: [String] = []
    for entry in list.entries {
      let path = LabelPath.joined(entry.labels)
      guard let id = reading.node(at: entry.labels, in: &index) else {
        missing.append("\(name):\(entry.line): '\(path)'")
        if !invocation.isStrict {
          warn("\(name):\(entry.line): no node at path '\(path)'; skipped")
        }
        continue
      }
      named += 1
      select(id, "\(name):\(entry.line) '\(path)'")
    }
    // A list that names nothing here was made for another tree, or is read from the wrong
    // folder: an empty selection would be reported as success.
    if list.entries.isEmpty {
      throw ApplyError(message: "\(name) holds no path: it would select nothing")
    }
    if named == 0 {
      let first = missing.prefix(3).joined(separator: ", ")
      throw ApplyError(
        message: "\(name) names nothing in this tree: none of its \(list.entries.count) paths "
          + "names a node (\(first)\(missing.count > 3 ? ", …" : "")); its paths are read as "
          + "--output prints them, from the working directory")
    }
    if invocation.isStrict, !missing.isEmpty {
      throw ApplyError(
        message: "with --strict every path must name a node; "
          + (missing.count == 1 ? "this one names" : "these \(missing.count) name") + " none: "
          + missing.prefix(10).joined(separator: ", ") + (missing.count > 10 ? ", …" : ""))
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
