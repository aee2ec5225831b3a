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
  /// An inserted entry has the id of a node the tree has already.
  case existingID(id: String, entry: Int)
  /// An insert or a move names a place past the parent's children (`parent` nil: the roots).
  case indexOutOfRange(index: Int, parent: String?, count: Int)

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
    case .existingID(let id, let entry):
      "node \"\(id)\" (entry \(entry)) is in the tree already"
    case .indexOutOfRange(let index, let parent, let count):
      "index \(index) is out of range: \(parent.map { "\"\($0)\" has \(count) children" } ?? "the tree has \(count) roots") (0...\(count))"
    }
  }
}
