import ToggleKit
import ToggleKitRules

/// What every tree an invocation reads goes through before it is shown or changed: the `--rules`,
/// then the starting selection (`--select-spec` or a filter file, then `--select` and
/// `--select-from`) — once for a file, and for each snapshot of a stream as it grows.
///
/// ```swift
/// let preparation = TreePreparation(invocation, rules: rules, lists: lists)
/// let warnings = try preparation.prepare(&tree)
/// ```
package struct TreePreparation {
  /// The invocation whose `--select` paths and `--limit` apply.
  package let invocation: Invocation
  /// The `--rules` file's rules, if any.
  package let rules: RuleModel?
  /// The `--select-from` lists, read already.
  package let lists: [(name: String, list: SelectionList)]
  /// The `--select-spec` file's spec, read already.
  package let spec: StartingSpec?
  /// The `--select-rsync-filter` or `--select-gitignore` file's rules, read already (relative to
  /// the top: ``prepare(_:)`` puts them under a `--dir` folder).
  package let filter: (name: String, rules: FilterRules)?
  /// The working directory an older spec's paths are read from (nil: the process's).
  package var workingDirectory: [UInt8]? = nil

  /// A preparation for `invocation`.
  ///
  /// - Complexity: O(1).
  package init(
    _ invocation: Invocation, rules: RuleModel?, lists: [(name: String, list: SelectionList)],
    spec: StartingSpec? = nil,
    filter: (name: String, rules: FilterRules)? = nil
  ) {
    self.invocation = invocation
    self.rules = rules
    self.lists = lists
    self.spec = spec
    self.filter = filter
  }

  /// Whether preparing a tree changes nothing: no rules, no starting selection.
  ///
  /// A stream's next lines are then appended to the tree shown; otherwise each snapshot is
  /// prepared whole.
  package var changesNothing: Bool {
    (rules == nil || invocation.rulesFile == nil) && invocation.selectPaths.isEmpty
      && lists.isEmpty && spec == nil && filter == nil
  }

  /// Applies the rules, then selects what the invocation names.
  ///
  /// - Returns: The warnings of the starting selection.
  /// - Throws: ``InputError`` for a rule that cannot apply, a `--select` PATH that names no node,
  ///   or a starting selection (a spec's too) over `--limit`.
  /// - Complexity: As ``applyRules(_:to:file:)`` plus ``selectStarting(_:lists:in:)``.
  package func prepare(_ tree: inout SelectionTree<String>) throws(InputError) -> [String] {
    if let rules, let file = invocation.rulesFile {
      try applyRules(rules, to: &tree, file: file)
    }
    var warnings: [String] = []
    if let spec {
      var index = tree.labelIndex()
      warnings = try restore(
        spec, roots: tree.roots.compactMap(tree.label(of:)),
        names: { index.node(atLabelPath: $0) != nil }, apply: { tree.setSelection(to: $0) })
      if let limit = invocation.limit, case let count = tree.statistics.selectedLeaves,
        count > limit
      {
        throw InputError(
          message: "the spec \(spec.name) selects \(count) leaves; --limit allows at most \(limit)")
      }
    }
    if let filter {
      let root = tree.roots.first.flatMap(tree.label(of:))
      warnings += follow(filter.rules, named: filter.name, root: root) {
        tree.setSelection(to: $0)
      }
      if let limit = invocation.limit, case let count = tree.statistics.selectedLeaves,
        count > limit
      {
        throw InputError(
          message: "the rules in \(filter.name) select \(count) leaves; --limit allows at most "
            + "\(limit)")
      }
    }
    do {
      return try warnings + selectStarting(invocation, lists: lists, in: &tree)
    } catch {
      throw InputError(message: error.message)
    }
  }

  /// Sets a tree's selection to a starting spec's with `apply`, its paths read relative to the
  /// tree's root (``StartingSpec``), or — a spec written before specs were anchored, none of whose
  /// paths names a node that way — as printed from the working directory, with a warning that
  /// `--print spec` rewrites it.
  ///
  /// `names` says whether a label path names a node of the tree (a lazy tree may read the folders
  /// on the way to find out).
  ///
  /// ```swift
  /// var index = tree.labelIndex()
  /// let warnings = try preparation.restore(spec, names: { index.node(atLabelPath: $0) != nil }) {
  ///   tree.setSelection(to: $0)
  /// }
  /// ```
  /// - Returns: Warnings for the decisions no node has yet (their decisions are kept for the files
  ///   to come) and for locked or disabled nodes that kept their values (at most ten, then how many
  ///   more).
  /// - Throws: ``InputError`` when the spec holds no decision, when none of its paths names a
  ///   node of the tree (the spec was made for another folder, or is read from the wrong one), or,
  ///   with `--strict`, when any decision names none.
  /// - Complexity: As `apply` (``ToggleKit/SelectionTree/setSelection(to:)->_``), plus `names`
  ///   for each path until one names a node (every path with `--strict`).
  package func restore(
    _ start: StartingSpec, roots: [String] = [], names: ([String]) -> Bool,
    apply: (SelectionSpec) -> SpecApplication
  ) throws(InputError) -> [String] {
    let name = start.name
    let reading = PathReading(invocation, workingDirectory: workingDirectory)
    guard let chosen = try start.reading(in: reading, names: names) else {
      if case .failure(let error)? = start.anchored { throw InputError(message: error.description) }
      throw InputError(message: start.namesNothing(reading, roots: roots))
    }
    let spec = chosen.spec
    var warnings = chosen.warnings
    let unnamed = invocation.isStrict ? spec.decisions.filter { !names($0.path) } : []
    if !unnamed.isEmpty {
      let listed = unnamed.prefix(10).map { "'\(chosen.shown($0.path))'" }
      throw InputError(
        message: "\(name): with --strict every decision must name a node; "
          + (unnamed.count == 1 ? "this one names" : "these \(unnamed.count) name")
          + " none: \(listed.joined(separator: ", "))\(unnamed.count > 10 ? ", …" : "")")
    }
    let result = apply(spec)
    // The paths no node has, as the file gave them; a lazy tree's decisions below folders not
    // read yet are not unknown.
    warnings += result.unknownPaths.map { path in
      "\(name): no node at path '\(chosen.shown(path))'; its decision is kept for when "
        + "one comes"
    }
    warnings += result.conflicts.map { conflict in
      let nodes = conflict.count == 1 ? "1 node" : "\(conflict.count) nodes"
      let place =
        conflict.path.isEmpty
        ? "outside every decision"
        : "under '\(chosen.shown(conflict.path))'"
      return "\(name): \(nodes) \(place) locked or disabled against the spec, left as they were"
    }
    if warnings.count > 10 {
      warnings = warnings.prefix(10) + ["… and \(warnings.count - 10) more warnings like these"]
    }
    return warnings
  }
}

extension TreePreparation {
  /// Sets a tree to a spec that keeps a filter file's rules with `apply` (with `--dir`, anchored
  /// inside the folder, whose label is `root`): they decide today's nodes and those that come
  /// later, and the clicks' decisions override them.
  ///
  /// ```swift
  /// let warnings = preparation.follow(rules, named: ".gitignore", root: "proj") {
  ///   tree.setSelection(to: $0)
  /// }
  /// ```
  /// - Returns: Warnings for locked or disabled nodes that kept their values.
  /// - Complexity: As `apply` (``ToggleKit/SelectionTree/setSelection(to:)->_``).
  package func follow(
    _ rules: FilterRules, named name: String, root: String?,
    apply: (SelectionSpec) -> SpecApplication
  ) -> [String] {
    let folder = invocation.directory != nil ? root.map { [$0] } ?? [] : []
    let result = apply(SelectionSpec(rules: rules.under(folder)))
    var warnings = result.conflicts.map { conflict in
      let nodes = conflict.count == 1 ? "1 node" : "\(conflict.count) nodes"
      let place =
        conflict.path.isEmpty
        ? "outside every decision" : "under '\(LabelPath.joined(conflict.path))'"
      return "\(name): \(nodes) \(place) locked or disabled against the rules, left as they were"
    }
    if warnings.count > 10 {
      warnings = warnings.prefix(10) + ["… and \(warnings.count - 10) more warnings like these"]
    }
    return warnings
  }
}

extension TreePreparation {
  /// Reads what a preparation needs besides the tree: the `--select-from` lists (a NUL-ended
  /// list included, `-` for standard input) and the `--rules` file, with `read(name, allowingNUL)`
  /// (nil name: standard input).
  ///
  /// - Throws: ``InputError`` for a file that cannot be read or parsed.
  /// - Complexity: O(bytes read).
  package static func read(
    for invocation: Invocation,
    using read: (_ name: String?, _ allowingNUL: Bool) throws(InputError) -> [UInt8]
  ) throws(InputError) -> TreePreparation {
    var lists: [(name: String, list: SelectionList)] = []
    for name in invocation.selectFiles {
      let bytes = try read(name == "-" ? nil : name, true)
      let shown = name == "-" ? "<stdin>" : name
      do {
        lists.append((shown, try SelectionList(parsing: bytes, name: shown)))
      } catch {
        throw InputError(message: "\(error)")
      }
    }
    let rules = try invocation.rulesFile.map { file throws(InputError) in
      try loadRules(try read(file, false), file: file)
    }
    var spec: StartingSpec? = nil
    if let name = invocation.selectSpecFile {
      let bytes = try read(name == "-" ? nil : name, false)
      // Raw bytes that are not UTF-8 stay the bytes of a name (``LabelBytes``).
      spec = try StartingSpec(
        text: LabelBytes.label(decoding: bytes), name: name == "-" ? "<stdin>" : name,
        invocation: invocation)
    }
    var filter: (name: String, rules: FilterRules)? = nil
    if let file = invocation.selectFilterFile {
      let bytes = try read(file.name == "-" ? nil : file.name, false)
      let shown = file.name == "-" ? "<stdin>" : file.name
      switch file.dialect {
      case .rsync:
        do {
          filter = (shown, try FilterRules(rsyncFilter: bytes, file: shown))
        } catch {
          throw InputError(message: error.description)
        }
      case .gitignore: filter = (shown, FilterRules(gitignore: bytes))
      }
    }
    return TreePreparation(invocation, rules: rules, lists: lists, spec: spec, filter: filter)
  }
}
