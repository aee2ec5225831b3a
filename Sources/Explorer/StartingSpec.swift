import ToggleKit

/// A `--select-spec` file as read, in each of the ways its paths may be meant.
///
/// A spec's paths are relative to the root of the tree it selects in. With `--dir` that is the
/// folder: `.` is the folder itself and `docs` a name in it, so one spec means the same with
/// `--dir ada`, `--dir /home/x/ada` and `--dir .` inside `ada`, and after the folder moves (as
/// rsync's filter rules are relative to the transfer's root). A tree read from a file has no one
/// folder: its spec's paths start at its roots, as the file names them.
///
/// Specs written before they were anchored (`--print spec` with `--dir`) named their paths from
/// the working directory, the folder's own name first (`+ ada`, `- ada/.cache`). A spec none of
/// whose paths names a node read from the root, but some read that way, is read that way, with a
/// warning: `--print spec` writes it anchored.
///
/// ```swift
/// let spec = try StartingSpec(text: "+ .\n- .cache\n", name: "backup.spec", invocation: invocation)
/// ```
package struct StartingSpec {
  /// The file's name, for messages (`<stdin>` for standard input).
  package let name: String
  /// The spec read relative to the `--dir` folder, or why it cannot be; nil without `--dir`.
  package let anchored: Result<SelectionSpec, TreeFormatError>?
  /// The paths as the file gives them: the spec of a tree read from a file, and, with `--dir`,
  /// what an older spec's paths are read from.
  package let given: SelectionSpec

  /// Reads a spec's text for the tree `invocation` reads.
  ///
  /// - Throws: ``InputError`` with the file, line and column of the first line that is not a
  ///   decision or a rule (a path with a space at either end, or an empty label, included).
  /// - Complexity: O(text length + d log d).
  package init(text: String, name: String, invocation: Invocation) throws(InputError) {
    self.name = name
    do {
      given = try SelectionSpec(text: text, file: name)
    } catch {
      throw InputError(message: error.description)
    }
    if let root = PathReading(invocation).rootLabel {
      do {
        anchored = .success(try SelectionSpec(text: text, file: name, base: [root]))
      } catch {
        anchored = .failure(error)
      }
    } else {
      anchored = nil
    }
  }

  /// A spec already read, its paths the tree's label paths (a tree read from a file).
  /// - Complexity: O(1).
  package init(_ spec: SelectionSpec, name: String) {
    self.name = name
    given = spec
    anchored = nil
  }

  /// The spec as the tree reads it, with how each of its paths was written.
  package struct Reading {
    /// The decisions (and rules) on the tree's label paths.
    package var spec: SelectionSpec
    /// What reading it so needs the user to know (an older form read, paths left out).
    package var warnings: [String] = []
    /// Each path as the file wrote it, by the bytes of the tree's label path.
    var written: [[UInt8]: String] = [:]

    /// A tree's label path as the file wrote it (as printed when the file did not).
    /// - Complexity: O(path length).
    package func shown(_ path: [String]) -> String {
      written[Self.key(path)] ?? LabelPath.joined(path)
    }

    static func key(_ path: [String]) -> [UInt8] {
      LabelBytes.bytes(of: LabelPath.rawJoined(path)) + [UInt8(path.count & 0xFF)]
    }
  }

  /// The reading whose paths name the tree: relative to its root, or, for an older spec, as
  /// printed from the working directory (``PathReading``); nil when neither names a node.
  ///
  /// `names` says whether a label path names a node.
  /// - Throws: ``InputError`` for a spec with no decision and no rules: it would select nothing.
  /// - Complexity: O(d × `names`) for d decisions.
  package func reading(in reading: PathReading, names: ([String]) -> Bool) throws(InputError)
    -> Reading?
  {
    guard !given.isEmpty else {
      throw InputError(
        message: "\(name) holds no decision ('+ PATH' or '- PATH') and no rules: it would select "
          + "nothing")
    }
    func naming(_ spec: SelectionSpec) -> Bool {
      spec.decisions.contains { names($0.path) }
        || spec.rules.map { $0.folder.isEmpty || names($0.folder) } ?? false
    }
    guard let root = reading.rootLabel else { return naming(given) ? Reading(spec: given) : nil }
    if case .success(let spec)? = anchored, naming(spec) {
      var result = Reading(spec: spec)
      for decision in spec.decisions {
        let below = Array(decision.path.dropFirst())
        result.written[Reading.key(decision.path)] = below.isEmpty ? "." : LabelPath.joined(below)
      }
      return result
    }
    // An older spec: paths from the working directory, the folder's own name first.
    var result = Reading(spec: SelectionSpec())
    var outside: [String] = []
    func placed(_ path: [String]) -> [String]? {
      var candidates = reading.candidates(path)
      if let own = reading.folder?.last, own != root, path.first == own {
        candidates.append([root] + path.dropFirst())  // `--dir .` inside the folder it names
      }
      let placed =
        candidates.first(where: names) ?? candidates.first { $0.first == root }
      if let placed { result.written[Reading.key(placed)] = LabelPath.joined(path) }
      return placed
    }
    var decisions: [SelectionSpec.Decision] = []
    for decision in given.decisions {
      guard let path = placed(decision.path) else {
        outside.append(LabelPath.joined(decision.path))
        continue
      }
      decisions.append(.init(path, isIncluded: decision.isIncluded))
    }
    let rules = given.rules.map { rules in
      rules.folder.isEmpty ? rules : placed(rules.folder).map(rules.under) ?? rules
    }
    result.spec = SelectionSpec(decisions, rules: rules)
    guard naming(result.spec) else { return nil }
    result.warnings.append(
      "\(name): its paths name files from the working directory, the folder's own name first "
        + "(as togglekit wrote specs before they were anchored at the folder): read so; "
        + "'--print spec' writes them relative to the folder ('.' is the folder itself), which "
        + "means the same from any directory")
    result.warnings += outside.map {
      "\(name): '\($0)' is outside the folder '\(LabelPath.joined([root]))': left out"
    }
    return result
  }

  /// Why no reading names the tree, and what its paths would need to be.
  /// - Complexity: O(d) for d decisions.
  package func namesNothing(_ reading: PathReading, roots: [String]) -> String {
    let count = given.decisions.count
    let paths = given.decisions.prefix(3).map { "'\($0.line)'" }.joined(separator: ", ")
    let what =
      switch count {
      case 0: "its rules' folder names no node of it"
      case 1: "its decision \(paths) names no node of it"
      default:
        "none of its \(count) decisions (\(paths)\(count > 3 ? ", …" : "")) names a node of it"
      }
    var message = "\(name) names nothing in this tree: \(what). "
    if let root = reading.rootLabel {
      message +=
        "A spec's paths are relative to the folder it selects in, here "
        + "'\(LabelPath.joined([root]))': '.' is the folder itself, 'docs' a name in it"
    } else {
      let shown = roots.prefix(3).map { "'\(LabelPath.joined([$0]))'" }.joined(separator: ", ")
      message += "A spec's paths start at the tree's roots" + (shown.isEmpty ? "" : " (\(shown))")
    }
    return message
  }
}

extension LazyTree where ID == String {
  /// Whether a label path names a node, reading the folders on the way that are not read yet (a
  /// folder that cannot be read names nothing inside it).
  ///
  /// ```swift
  /// lazy.names(["ada", "docs", "a.txt"], using: loader.children)   // reads ada/docs if need be
  /// ```
  /// - Complexity: O(depth) look-ups, plus the reads of the folders on the way.
  package mutating func names(
    _ labels: [String], using loader: (String) throws -> Children
  ) -> Bool {
    guard !labels.isEmpty else { return false }
    for length in 1...labels.count {
      guard let id = tree.node(atLabelPath: Array(labels[..<length])) else { return false }
      if length < labels.count, isUnloaded(id) { try? load(id, using: loader) }
    }
    return true
  }
}
