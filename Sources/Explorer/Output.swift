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

  /// The tree in this form, as one text.
  ///
  /// Paths use the package's one path syntax (``LabelPath``): every path printed is accepted back
  /// as a PATH, and none carries a raw control character.
  ///
  /// ```swift
  /// OutputForm.states.render(tree)   // "mixed\tFruit\non\tFruit/Apple\n..."
  /// ```
  ///
  /// - Parameters:
  ///   - tree: The tree.
  ///   - separator: The separator for the path-list export.
  ///   - nullSeparated: Raw label paths, each ended by NUL (`-0`), for the path forms.
  /// - Returns: The text, each line ending in a newline (or NUL).
  /// - Complexity: O(n log n) for the whole-tree forms; output-sensitive for the selections.
  public func render(
    _ tree: SelectionTree<String>, separator: Unicode.Scalar = "/", nullSeparated: Bool = false
  ) -> String {
    var text = ""
    write(tree, separator: separator, nullSeparated: nullSeparated) { text += $0 }
    return text
  }

  /// The tree in this form, handed to `emit` piece by piece as it is made (streamed: nothing
  /// waits for the whole text).
  ///
  /// ```swift
  /// OutputForm.leaves.write(tree) { piece in output.write(piece) }
  /// ```
  ///
  /// - Parameters:
  ///   - tree: The tree.
  ///   - separator: The separator for the path-list export.
  ///   - nullSeparated: Raw label paths, each ended by NUL (`-0`), for the path forms.
  ///   - emit: Called with each piece, in order.
  /// - Complexity: O(n log n) for the whole-tree forms; output-sensitive for the selections.
  public func write(
    _ tree: SelectionTree<String>, separator: Unicode.Scalar = "/", nullSeparated: Bool = false,
    to emit: (String) -> Void
  ) {
    let end = nullSeparated ? "\0" : "\n"
    switch self {
    case .states:
      tree.forEachLabelPath(escaped: !nullSeparated) { _, path, state in
        emit("\(state)\t\(nullSeparated ? Self.rawSafe(path) : path)\(end)")
      }
    case .leaves, .topmost, .all:
      let form: SelectionForm = self == .leaves ? .leaves : self == .topmost ? .topmost : .all
      for id in tree.selection(form) {
        let path =
          nullSeparated
          ? Self.rawSafe(tree.labelPath(of: id).joined(separator: "/"))
          : tree.escapedLabelPath(of: id)
        emit(path + end)
      }
    case .json: tree.exported(as: .json, to: emit)
    case .indent: tree.exported(as: .indented, to: emit)
    case .paths: tree.exported(as: .paths, separator: separator, to: emit)
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
  public var description: String { "togglekit: \(LabelPath.displayable(message))" }
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
/// - Complexity: O(operations × depth) plus the output's cost.
public func runApply(
  _ invocation: Invocation, on tree: SelectionTree<String>
) throws(ApplyError) -> String {
  var text = ""
  try runApply(invocation, on: tree) { text += $0 }
  return text
}

/// Runs `apply`'s operations on a tree, in order, and streams the result to `emit`.
///
/// Every PATH is resolved before anything is changed or written, each in O(depth) hashed steps,
/// so an unknown PATH fails with no output at all.
///
/// ```swift
/// try runApply(invocation, on: tree) { piece in output.write(piece) }
/// ```
///
/// - Parameters:
///   - invocation: The parsed command line.
///   - tree: The loaded tree.
///   - emit: Called with each piece of the output, in order.
/// - Throws: ``ApplyError`` for a PATH that names no node.
/// - Complexity: O(operations × depth) plus the output's cost.
public func runApply(
  _ invocation: Invocation, on tree: SelectionTree<String>, to emit: (String) -> Void
) throws(ApplyError) {
  var tree = tree
  tree.options = invocation.treeOptions
  var index = tree.labelIndex()
  var targets: [String] = []
  for operation in invocation.operations {
    targets.append(try resolve(operation.path, in: &index))
  }
  var explained: [String] = []
  for path in invocation.explainPaths {
    explained.append(try resolve(path, in: &index))
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
    (invocation.output ?? .states).write(
      tree, separator: invocation.separator, nullSeparated: invocation.nullSeparated, to: emit)
  }
}

/// The node a command-line PATH names (the one path syntax, ``LabelPath``).
///
/// ```swift
/// var index = tree.labelIndex()
/// try resolve(#"Sizes/1\/2 inch"#, in: &index)   // "Sizes/1\/2 inch"
/// ```
///
/// - Parameters:
///   - path: The PATH argument.
///   - index: A label index of the tree, reused across calls.
/// - Returns: The node's id.
/// - Throws: ``ApplyError`` when no node has that path.
/// - Complexity: O(depth) hashed steps.
public func resolve(
  _ path: String, in index: inout SelectionTree<String>.LabelIndex
) throws(ApplyError) -> String {
  let labels: [String]
  do {
    labels = try LabelPath.labels(of: path)
  } catch {
    throw ApplyError(message: error.description)
  }
  if let id = index.node(atLabelPath: labels) { return id }
  throw ApplyError(message: "no node at path '\(path)'")
}
