/// Why a selection tree could not be built or changed; each case names the node at fault.
///
/// ```swift
/// do { _ = try SelectionTree(entries: entries) } catch { print(error) }
/// // duplicate node id "Fruit/Apple" (entries 3 and 7)
/// ```
public enum SelectionTreeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Two entries share an id.
  case duplicateID(id: String, first: Int, second: Int)
  /// An entry names a parent that no entry has.
  case missingParent(id: String, parent: String, entry: Int)
  /// Entries' parents form a cycle, so they never reach a root.
  case cycle(id: String)
  /// A path with an empty component (`a//b`, `a/`, ``): a path writes an empty label `\e`.
  case emptyLabel(entry: Int, text: String)
  /// No node has this id.
  case unknownNode(id: String)

  /// A sentence naming the node at fault.
  public var description: String {
    switch self {
    case .duplicateID(let id, let first, let second):
      "duplicate node id \"\(id)\" (entries \(first) and \(second))"
    case .missingParent(let id, let parent, let entry):
      "node \"\(id)\" (entry \(entry)) names parent \"\(parent)\", which is not in the tree"
    case .cycle(let id):
      "node \"\(id)\" is its own ancestor: the parents form a cycle"
    case .emptyLabel(let entry, let text):
      "path \(entry) \"\(LabelEscaping.displayable(text))\" has an empty component (write \\e for a label that is empty)"
    case .unknownNode(let id):
      "no node with id \"\(id)\""
    }
  }
}
