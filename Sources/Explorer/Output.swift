import ToggleKit

/// What `apply --print` and `explore --output` write.
///
/// ```swift
/// OutputForm.topmost.render(tree)   // "Fruit\nVeg/Leek\n"
/// ```
///
/// - Complexity: O(1) for every member but ``render(_:separator:)``.
package enum OutputForm: String, Hashable, Sendable, CaseIterable {
  /// Every node in preorder as `STATE<TAB>PATH`.
  case states
  /// The selected leaves, one path per line.
  case leaves
  /// The compressed selection: on nodes whose parent is not on.
  case topmost
  /// Every node that is on.
  case all
  /// The whole tree as JSON.
  case json
  /// The whole tree as indented text.
  case indent
  /// The whole tree as a path list.
  case paths
  /// The selection as the user's decisions: `+ PATH` and `- PATH` lines (``ToggleKit/SelectionSpec``).
  case spec
  /// rsync filter rules that transfer exactly the selection: `rsync -a --filter='merge F' DIR/ DEST`.
  case rsyncFilter = "rsync-filter"
  /// gitignore patterns that ignore exactly what is not selected, from the tree's folder.
  case gitignore
  /// What restic backs up, NUL-separated absolute paths: `restic backup --files-from-raw F`.
  case resticFiles = "restic-files"
  /// The patterns that exclude the rest below them: `restic backup --exclude-file F`.
  case resticExcludes = "restic-excludes"
  /// A borg patterns file, roots included: `borg create --patterns-from F REPO::NAME`.
  case borgPatterns = "borg-patterns"

  /// Whether the form is a filter language of another program: its lines hold names byte for byte.
  package var writesNames: Bool {
    switch self {
    case .rsyncFilter, .gitignore, .resticFiles, .resticExcludes, .borgPatterns: true
    default: false
    }
  }

  /// Whether the form writes today's selection by its paths for a tree that keeps rules: it
  /// cannot write them (restic, borg, another filter language, rules relative to another folder
  /// than the tree's one root).
  /// - Complexity: O(decisions × depth) to try writing them.
  package func writesPathsForKeptRules(of tree: SelectionTree<String>) -> Bool {
    guard writesNames, let spec = tree.keptDecisions, spec.rules != nil else { return false }
    let base = tree.roots.count == 1 ? tree.labelPath(of: tree.roots[0]) : []
    do {
      switch self {
      case .rsyncFilter: _ = try spec.rsyncFilter(under: base)
      case .gitignore: _ = try spec.gitignore(under: base)
      default: return true
      }
      return false
    } catch {
      return Self.cannotWriteRules(error)
    }
  }

  /// The tree in this form, as one text.
  ///
  /// - Throws: ``ApplyError`` for a name a filter language cannot hold.
  /// - Complexity: O(n log n) for the whole-tree forms; output-sensitive for the selections.
  package func render(
    _ tree: SelectionTree<String>, separator: Unicode.Scalar = "/", nullSeparated: Bool = false,
    prefix: [String] = [], folder: [UInt8]? = nil, anchored: Bool = false
  ) throws(ApplyError) -> String {
    var text = ""
    try write(
      tree, separator: separator, nullSeparated: nullSeparated, prefix: prefix, folder: folder,
      anchored: anchored
    ) {
      text += $0
    }
    return text
  }

  /// The tree in this form as the bytes a program reads: with `nullSeparated`, each path is a file
  /// name's own bytes (``ToggleKit/LabelBytes``: a byte that is not UTF-8 is that byte); otherwise
  /// the text's UTF-8.
  ///
  /// - Throws: ``ApplyError`` for a name a filter language cannot hold.
  /// - Complexity: As ``write(_:separator:nullSeparated:prefix:folder:to:)``.
  package func renderBytes(
    _ tree: SelectionTree<String>, nullSeparated: Bool = false, prefix: [String] = []
  ) throws(ApplyError) -> [UInt8] {
    var bytes: [UInt8] = []
    try write(tree, nullSeparated: nullSeparated, prefix: prefix) {
      bytes += nullSeparated || writesNames ? LabelBytes.bytes(of: $0) : Array($0.utf8)
    }
    return bytes
  }

  /// The tree in this form, handed to `emit` piece by piece as it is made (streamed: nothing
  /// waits for the whole text).
  ///
  /// `prefix` comes before every path (a `--dir` folder's parents, ``Invocation/directoryPrefix``),
  /// so that each names its file from the working directory. With `nullSeparated`, a path holds a
  /// label's raw-byte scalars as they are: write the pieces with ``ToggleKit/LabelBytes/bytes(of:)``
  /// (``renderBytes(_:nullSeparated:prefix:)``).
  ///
  /// ``spec`` writes the user's decisions: with `anchored` (a `--dir` tree) each path relative to
  /// the tree's one root, the folder (`.` for the folder itself: ``ToggleKit/SelectionSpec/text(relativeTo:)``),
  /// so that the spec means the same from any directory; otherwise each PATH from its root, after
  /// `prefix`. ``rsyncFilter`` and ``gitignore`` write exactly what is selected, anchored
  /// at the tree's one root (the `--dir` folder itself), each name as raw-byte scalars to be
  /// written as bytes (``writesNames``), with the filter rules the tree keeps when it follows
  /// them (else, after a warning to `warn`, today's selection by its paths). The restic and borg
  /// forms name files by absolute paths:
  /// those of `folder`, the `--dir` folder's (``AbsolutePath``), or else of the working directory
  /// joined with the tree's one root.
  ///
  /// - Throws: ``ApplyError`` for a name a filter language cannot hold, or siblings that share a
  ///   path but not their selection.
  /// - Complexity: O(n log n) for the whole-tree forms; output-sensitive for the selections.
  package func write(
    _ tree: SelectionTree<String>, separator: Unicode.Scalar = "/", nullSeparated: Bool = false,
    prefix: [String] = [], folder: [UInt8]? = nil, anchored: Bool = false,
    warn: (String) -> Void = { _ in }, to emit: (String) -> Void
  ) throws(ApplyError) {
    let end: Unicode.Scalar = nullSeparated ? "\0" : "\n"
    switch self {
    case .states:
      tree.writeStateLines(raw: nullSeparated, end: end, prefix: prefix, to: emit)
    case .leaves, .topmost, .all:
      let form: SelectionForm = self == .leaves ? .leaves : self == .topmost ? .topmost : .all
      for id in tree.selection(form) {
        let path =
          nullSeparated
          ? Self.rawSafe(LabelPath.rawJoined(prefix + tree.labelPath(of: id)))
          : prefix.isEmpty
            ? tree.escapedLabelPath(of: id) : LabelPath.joined(prefix + tree.labelPath(of: id))
        emit(path + String(end))
      }
    case .spec:
      let spec = try Self.spec(of: tree, .decisions)
      if anchored, tree.roots.count == 1, let root = tree.label(of: tree.roots[0]) {
        guard let text = spec.text(relativeTo: [root]) else {
          throw ApplyError(message: "the spec holds a decision outside the folder '\(root)'")
        }
        emit(text)
      } else {
        emit(spec.text(prefix: prefix))
      }
    case .rsyncFilter, .gitignore, .resticFiles, .resticExcludes, .borgPatterns:
      // Anchored at the one root, the folder itself (`--dir .` and `--dir /` alike).
      let roots = tree.roots
      let base = roots.count == 1 ? tree.labelPath(of: roots[0]) : []
      let absolute = folder ?? AbsolutePath.of(LabelBytes.bytes(of: LabelPath.rawJoined(base)))
      func render(_ spec: SelectionSpec) throws(SelectionSpecError) -> [UInt8] {
        switch self {
        case .rsyncFilter: try spec.rsyncFilter(under: base)
        case .gitignore: try spec.gitignore(under: base)
        case .resticFiles: try spec.restic(in: absolute, under: base).files
        case .resticExcludes: try spec.restic(in: absolute, under: base).excludes
        default: try spec.borgPatterns(in: absolute, under: base)
        }
      }
      // rsync and git take the rules a tree keeps, so that files that come later follow them; a
      // form that cannot writes today's paths, and says so.
      let keepsRules = self == .rsyncFilter || self == .gitignore
      let spec = try Self.spec(of: tree, keepsRules ? .selection : .paths)
      func wroteTodaysPaths(_ dialect: FilterRules.Dialect, because reason: String) {
        warn(
          "the kept \(dialect.rawValue) rules cannot be written as \(rawValue) (\(reason)); "
            + "wrote today's selection by its paths: files that come later follow the decisions, "
            + "not the rules")
      }
      if !keepsRules, let rules = tree.keptDecisions?.rules {
        wroteTodaysPaths(rules.dialect, because: "restic and borg take no filter rules")
      }
      do throws(SelectionSpecError) {
        let bytes: [UInt8]
        do {
          bytes = try render(spec)
        } catch {
          guard let rules = spec.rules, Self.cannotWriteRules(error) else { throw error }
          wroteTodaysPaths(rules.dialect, because: Self.reason(error, prefix: prefix))
          bytes = try render(try tree.selectionSpec(.paths))
        }
        emit(LabelBytes.label(decoding: bytes))
      } catch {
        // The path as the other forms print it, from the working directory.
        switch error {
        case .unwritableName(let path, let format):
          throw ApplyError(
            message: SelectionSpecError.unwritableName(prefix + path, format: format).description)
        case .notUTF8(let path, let format):
          throw ApplyError(
            message: SelectionSpecError.notUTF8(prefix + path, format: format).description)
        default: throw ApplyError(message: error.description)
        }
      }
    case .json: tree.exported(as: .json, to: emit)
    case .indent: tree.exported(as: .indented, to: emit)
    case .paths:
      if prefix.isEmpty {
        tree.exported(as: .paths, separator: separator, to: emit)
      } else {
        tree.exportedPathList(separator: separator, prefix: prefix, to: emit)
      }
    }
  }

  /// Whether an export failed only because the format cannot write the spec's rules.
  private static func cannotWriteRules(_ error: SelectionSpecError) -> Bool {
    switch error {
    case .keepsRules, .rulesElsewhere, .unwritableRule: true
    default: false
    }
  }

  /// Why the rules could not be written, in a few words.
  private static func reason(_ error: SelectionSpecError, prefix: [String]) -> String {
    switch error {
    case .keepsRules: "another filter language"
    case .rulesElsewhere(let folder, _, _):
      "they are relative to "
        + ((prefix + folder).isEmpty ? "the top" : "'\(LabelPath.joined(prefix + folder))'")
        + ", not to the tree's root"
    case .unwritableRule(let line, _): "line \(line) holds a control character"
    default: error.description
    }
  }

  /// The tree's spec, or the error that says why there is none.
  private static func spec(
    of tree: SelectionTree<String>, _ coverage: SpecCoverage
  ) throws(ApplyError) -> SelectionSpec {
    do {
      return try tree.selectionSpec(coverage)
    } catch {
      throw ApplyError(message: error.description)
    }
  }

  /// A raw path for `-0`: a NUL inside a label would end the record early, so it alone is written
  /// `\u{00}`.
  static func rawSafe(_ path: String) -> String {
    guard path.utf8.contains(0) else { return path }
    var result = ""
    for scalar in path.unicodeScalars {
      if scalar == "\0" { result += "\\u{00}" } else { result.unicodeScalars.append(scalar) }
    }
    return result
  }
}

/// Why `apply` could not finish: bad input data, exit code 1.
package struct ApplyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package var message: String

  /// Creates the error.
  package init(message: String) {
    self.message = message
  }

  /// `togglekit: message`.
  package var description: String { "togglekit: \(LabelPath.displayable(message))" }
}

/// Runs `apply`'s operations on a tree, in order, and renders the result.
///
/// - Throws: ``ApplyError`` for a PATH that names no node.
///
/// - Complexity: O(operations × depth) plus the output's cost.
package func runApply(
  _ invocation: Invocation, on tree: SelectionTree<String>
) throws(ApplyError) -> String {
  var text = ""
  try runApply(invocation, on: tree) { text += $0 }
  return text
}

/// Runs `apply`'s operations on a tree, in order, and streams the result to `emit` (and what it
/// warns of to `warn`).
///
/// - Throws: ``ApplyError`` for a PATH that names no node.
///
/// - Complexity: O(operations × depth) plus the output's cost.
package func runApply(
  _ invocation: Invocation, on tree: SelectionTree<String>, warn: (String) -> Void = { _ in },
  to emit: (String) -> Void
) throws(ApplyError) {
  var tree = tree
  tree.options = invocation.treeOptions
  var index = tree.labelIndex()
  var targets: [String] = []
  let prefix = invocation.directoryPrefix
  let reading = PathReading(invocation)
  for operation in invocation.operations {
    targets.append(try resolve(operation.path, in: &index, reading: reading))
  }
  var explained: [String] = []
  for path in invocation.explainPaths {
    explained.append(try resolve(path, in: &index, reading: reading))
  }
  if let filter = invocation.filter { tree.setFilter(TreeFilter(text: filter)) }
  for (operation, id) in zip(invocation.operations, targets) {
    switch operation {
    case .toggle: _ = try? tree.toggle(id)
    case .on: _ = try? tree.set(id, to: true)
    case .off: _ = try? tree.set(id, to: false)
    case .expand: try? tree.expandAncestors(of: id)
    }
  }
  if invocation.filter != nil { tree.setFilter(nil) }
  for id in explained { emit(explanation(of: id, in: tree)) }
  if invocation.explainPaths.isEmpty || invocation.output != nil {
    try (invocation.output ?? .states).write(
      tree, separator: invocation.separator, nullSeparated: invocation.nullSeparated,
      prefix: prefix, folder: invocation.absoluteDirectory, anchored: invocation.directory != nil,
      warn: warn, to: emit)
  }
}

/// The node a command-line PATH names (the one path syntax, ``LabelPath``), as ``PathReading``
/// reads it: as printed from the working directory (`/abs/home/docs`), from the `--dir` folder's
/// own name (`home/docs`), or as a shell writes it (`./home/docs/`, `--dir . --on docs`).
///
/// - Throws: ``ApplyError`` when no node has that path.
///
/// - Complexity: O(depth) hashed steps.
package func resolve(
  _ path: String, in index: inout SelectionTree<String>.LabelIndex, reading: PathReading
) throws(ApplyError) -> String {
  let labels: [String]
  do {
    labels = try PathReading.labels(ofPATH: path)
  } catch {
    throw ApplyError(message: error.description)
  }
  if let id = reading.node(at: labels, in: &index) { return id }
  throw ApplyError(message: "no node at path '\(path)'")
}
