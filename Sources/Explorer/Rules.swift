import ToggleKit
import ToggleKitRules

/// The names `--rules` files may use: ``RuleVocabulary/selectionTree``, `style` limited to our styles.
package let togglekitRuleVocabulary: RuleVocabulary = {
  var vocabulary = RuleVocabulary.selectionTree
  vocabulary.add(\.styleName, choices: RowStyle.named.keys.sorted() + [""])
  return vocabulary
}()

/// Reads a `--rules` file's content into a rule model.
///
/// - Throws: ``InputError`` with `FILE:LINE:COL: …`.
///
/// - Complexity: O(m + r log r) for m bytes and r rules.
package func loadRules(_ bytes: [UInt8], file: String) throws(InputError) -> RuleModel {
  do {
    return try RuleModel(parsing: bytes, vocabulary: togglekitRuleVocabulary, file: file)
  } catch {
    throw InputError(message: error.description)
  }
}

/// Applies rules to a loaded tree, turning rule errors into input errors that name the file.
///
/// - Throws: ``InputError`` for a cycle or a writability rule that reads `state`.
///
/// - Complexity: As ``SelectionTree/applyRules(_:)``.
package func applyRules(
  _ rules: RuleModel, to tree: inout SelectionTree<String>, file: String
) throws(InputError) {
  func located(_ error: RuleError) -> InputError {
    guard case .cycle(let keys) = error else { return InputError(message: "\(file): \(error)") }
    // Where the cycle is written: the first rule that sets a key of the cycle and reads one
    // (in its condition or value), else the first that sets one.
    let setters = rules.rules.filter { keys.contains($0.assignment.keyName) }
    func reads(_ rule: Rule) -> Bool {
      let value = rule.assignment.description.dropFirst(rule.assignment.keyName.count + 3)
      let text = rule.predicate.description + " " + value
      let words = text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
      return words.contains { keys.contains($0) }
    }
    let rule = setters.first(where: reads) ?? setters.first
    let place = rule?.location.map { "\(file):\($0.line):\($0.column)" } ?? file
    return InputError(message: "\(place): \(error)")
  }
  do {
    try tree.applyRules(rules)
  } catch {
    throw located(error)
  }
  // Display labels and styles are derived when drawn: derive them all now, so that a cycle
  // through them is an error here rather than a default silently shown.
  let lazyKeys = ["displayLabel", "style"]
  guard rules.rules.contains(where: { lazyKeys.contains($0.assignment.keyName) }) else { return }
  for id in tree.ids {
    guard let context = tree.ruleContext(of: id) else { continue }
    do {
      _ = try context.value(of: \.displayLabel)
      _ = try context.value(of: \.styleName)
    } catch {
      throw located(error)
    }
  }
}

/// What the rules derive for a node, and why: `--explain`.
///
/// - Complexity: The cost of deriving the node's attributes.
package func explanation(of id: String, in tree: SelectionTree<String>) -> String {
  guard let context = tree.ruleContext(of: id) else {
    return "\(tree.escapedLabelPath(of: id)):\n  (no rules)\n"
  }
  let parts = [
    context.explain(\.isEnabled), context.explain(\.lock), context.explain(\.isExpanded),
    context.explain(\.displayLabel), context.explain(\.styleName),
  ]
  return "\(tree.escapedLabelPath(of: id)):\n"
    + parts.map {
      "\($0)".split(separator: "\n").map { "  \(LabelPath.displayable(String($0)))\n" }.joined()
    }
    .joined()
}
