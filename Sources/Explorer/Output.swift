import ToggleKit

/// What `apply --print` and `explore --output` write.
///
/// ```swift
/// OutputForm.topmost.render(tree)   // "Fruit\nVeg/Leek\n"
/// ```
///
/// - Complexity: O(1) for every member but ``render(_:separator:)``.
public enum OutputForm: String, Hashable, Sendable, CaseIterable {
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

  /// The tree in this form.
  ///
  /// Paths are label paths, `/`-joined, with `\` escaping `/` and `\`.
  ///
  /// ```swift
  /// OutputForm.states.render(tree)   // "mixed\tFruit\non\tFruit/Apple\n..."
  /// ```
  ///
  /// - Parameters:
  ///   - tree: The tree.
  ///   - separator: The separator for the path-list export.
  /// - Returns: The text, each line ending in a newline.
  /// - Complexity: O(n log n) for the whole-tree forms; output-sensitive for the selections.
  public func render(_ tree: SelectionTree<String>, separator: Unicode.Scalar = "/") -> String {
    func path(_ id: String) -> String { tree.escapedLabelPath(of: id) }
    switch self {
    case .states:
      return tree.ids.map { "\(tree.state(of: $0)!)\t\(path($0))\n" }.joined()
    case .leaves, .topmost, .all:
      let form: SelectionForm = self == .leaves ? .leaves : self == .topmost ? .topmost : .all
      return tree.selection(form).map { path($0) + "\n" }.joined()
    case .json: return tree.exported(as: .json)
    case .indent: return tree.exported(as: .indented)
    case .paths: return tree.exported(as: .paths, separator: separator)
    }
  }
}

/// The labels of a command-line PATH: `/` separates them, `\` escapes the next character.
///
/// ```swift
/// labels(ofPath: #"Sizes/1\/2 inch"#)   // ["Sizes", "1/2 inch"]
/// ```
///
/// - Parameter path: The PATH argument.
/// - Returns: The labels.
/// - Complexity: O(path length).
public func labels(ofPath path: String) -> [String] {
  var labels: [String] = []
  var current = ""
  var escaping = false
  for character in path {
    if escaping {
      current.append(character)
      escaping = false
    } else if character == "\\" {
      escaping = true
    } else if character == "/" {
      labels.append(current)
      current = ""
    } else {
      current.append(character)
    }
  }
  if escaping { current.append("\\") }
  labels.append(current)
  return labels
}

/// Why `apply` could not finish: bad input data, exit code 1.
///
/// ```swift
/// ApplyError(message: "no node at path 'x/y'")
/// ```
///
/// - Complexity: O(1) for every member.
public struct ApplyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  ///
  /// ```swift
  /// error.message   // "no node at path 'x/y'"
  /// ```
  ///
  /// - Complexity: O(1).
  public var message: String

  /// `togglekit: message`.
  ///
  /// ```swift
  /// print(error)   // "togglekit: no node at path 'x/y'"
  /// ```
  ///
  /// - Complexity: O(1).
  public var description: String { "togglekit: \(message)" }
}

/// Runs `apply`'s operations on a tree, in order, and renders the result.
///
/// ```swift
/// let text = try runApply(invocation, on: tree)
/// ```
///
/// - Parameters:
///   - invocation: The parsed command line.
///   - tree: The loaded tree.
/// - Returns: The output text.
/// - Throws: ``ApplyError`` for a PATH that names no node.
/// - Complexity: O(operations × log n) plus the output's cost.
public func runApply(
  _ invocation: Invocation, on tree: SelectionTree<String>
) throws(ApplyError) -> String {
  var tree = tree
  tree.options = invocation.treeOptions
  if let filter = invocation.filter { tree.setFilter(TreeFilter(text: filter)) }
  for operation in invocation.operations {
    let path: String
    switch operation {
    case .toggle(let text), .on(let text), .off(let text), .expand(let text): path = text
    }
    guard let id = tree.node(atLabelPath: labels(ofPath: path)) else {
      throw ApplyError(message: "no node at path '\(path)'")
    }
    switch operation {
    case .toggle: _ = try? tree.toggle(id)
    case .on: _ = try? tree.set(id, to: true)
    case .off: _ = try? tree.set(id, to: false)
    case .expand: try? tree.expandAncestors(of: id)
    }
  }
  if invocation.filter != nil { tree.setFilter(nil) }
  var text = ""
  for path in invocation.explainPaths { text += try explanation(ofPath: path, in: tree) }
  if invocation.explainPaths.isEmpty || invocation.output != nil {
    text += (invocation.output ?? .states).render(tree, separator: invocation.separator)
  }
  return text
}
