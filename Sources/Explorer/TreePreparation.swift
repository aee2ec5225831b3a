import ToggleKit
import ToggleKitRules

/// What every tree an invocation reads goes through before it is shown or changed: the `--rules`,
/// then the starting selection (`--select`, `--select-from`) — once for a file, and for each
/// snapshot of a stream as it grows.
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

  /// A preparation for `invocation`.
  ///
  /// - Complexity: O(1).
  package init(
    _ invocation: Invocation, rules: RuleModel?, lists: [(name: String, list: SelectionList)]
  ) {
    self.invocation = invocation
    self.rules = rules
    self.lists = lists
  }

  /// Whether preparing a tree changes nothing: no rules, no starting selection.
  ///
  /// A stream's next lines are then appended to the tree shown; otherwise each snapshot is
  /// prepared whole.
  package var changesNothing: Bool {
    (rules == nil || invocation.rulesFile == nil) && invocation.selectPaths.isEmpty
      && lists.isEmpty
  }

  /// Applies the rules, then selects what the invocation names.
  ///
  /// - Returns: The warnings of the starting selection.
  /// - Throws: ``InputError`` for a rule that cannot apply, a `--select` PATH that names no node,
  ///   or a starting selection over `--limit`.
  /// - Complexity: As ``applyRules(_:to:file:)`` plus ``selectStarting(_:lists:in:)``.
  package func prepare(_ tree: inout SelectionTree<String>) throws(InputError) -> [String] {
    if let rules, let file = invocation.rulesFile {
      try applyRules(rules, to: &tree, file: file)
    }
    do {
      return try selectStarting(invocation, lists: lists, in: &tree)
    } catch {
      throw InputError(message: error.message)
    }
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
    return TreePreparation(invocation, rules: rules, lists: lists)
  }
}
