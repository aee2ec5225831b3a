import ToggleKit

/// The names `--rules` files may use: those of ``RuleVocabulary/selectionTree``, with `style`
/// limited to the styles `togglekit` can draw (`""` for the default).
///
/// ```swift
/// let rules = try RuleModel(parsing: text, vocabulary: togglekitRuleVocabulary)
/// ```
///
/// - Complexity: O(1).
public let togglekitRuleVocabulary: RuleVocabulary = {
  var vocabulary = RuleVocabulary.selectionTree
  vocabulary.add("style", \.styleName, choices: RowStyle.named.keys.sorted() + [""])
  return vocabulary
}()

/// Reads a `--rules` file's content into a rule model.
///
/// ```swift
/// let rules = try loadRules(bytes, file: "rules.txt")
/// ```
///
/// - Parameters:
///   - bytes: The file's content.
///   - file: Its name, for messages.
/// - Returns: The rules.
/// - Throws: ``InputError`` with `FILE:LINE:COL: …`.
/// - Complexity: O(m + r log r) for m bytes and r rules.
public func loadRules(_ bytes: [UInt8], file: String) throws(InputError) -> RuleModel {
  do {
    return try RuleModel(parsing: bytes, vocabulary: togglekitRuleVocabulary, file: file)
  } catch {
    throw InputError(message: error.description)
  }
}

/// Applies rules to a loaded tree, turning rule errors into input errors that name the file.
///
/// ```swift
/// try applyRules(rules, to: &tree, file: "rules.txt")
/// ```
///
/// - Parameters:
///   - rules: The rules.
///   - tree: The tree.
///   - file: The rules file's name, for messages.
/// - Throws: ``InputError`` for a cycle or a writability rule that reads `state`.
/// - Complexity: As ``SelectionTree/applyRules(_:)``.
public func applyRules(
  _ rules: RuleModel, to tree: inout SelectionTree<String>, file: String
) throws(InputError) {
  do {
    try tree.applyRules(rules)
  } catch {
    throw InputError(message: "\(file): \(error)")
  }
}

/// Why a node has its rule-derived attributes: one explanation per key rules can set.
///
/// ```swift
/// print(try explanation(ofPath: "Catalog/Legacy", in: tree))
/// ```
///
/// - Parameters:
///   - path: The node's label path (`\` escapes a `/`).
///   - tree: The tree, with or without rules.
/// - Returns: A heading line, then the explanations of `enabled`, `locked`, `expanded`,
///   `displayLabel` and `style`.
/// - Throws: ``ApplyError`` when no node has that path.
/// - Complexity: The cost of deriving the five keys for the node.
public func explanation(
  ofPath path: String, in tree: SelectionTree<String>
) throws(ApplyError) -> String {
  guard let id = tree.node(atLabelPath: labels(ofPath: path)),
    let context = tree.ruleContext(of: id)
  else {
    throw ApplyError(message: "no node at path '\(path)'")
  }
  let parts = [
    context.explain(\.isEnabled), context.explain(\.lock), context.explain(\.isExpanded),
    context.explain(\.displayLabel), context.explain(\.styleName),
  ]
  return "\(path):\n"
    + parts.map { "\($0)".split(separator: "\n").map { "  \($0)\n" }.joined() }
    .joined()
}
