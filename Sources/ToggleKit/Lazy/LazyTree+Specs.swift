/// Specs over a lazy tree: decisions below unloaded nodes wait for their loads, and show.
///
/// A spec restored on a lazy tree loads nothing: each unloaded node follows the nearest decision
/// on itself or above, and the decisions below it are kept (``SelectionTree/keptDecisions``) for
/// the load that brings their nodes. Until then the node shows `.mixed` where one of them differs
/// from its value, and so do its ancestors; the selection's forms do not call it selected.
extension LazyTree {
  /// Sets the selection to a spec's without loading anything: every node takes its nearest
  /// decision, and the decisions below unloaded nodes wait for the loads that bring their nodes.
  ///
  /// ```swift
  /// var lazy = LazyTree(try SelectionTree(paths: ["usr/bin", "usr/share"]), unloaded: ["usr/share"])
  /// lazy.setSelection(to: try SelectionSpec(text: "+ usr\n- usr/share/doc\n"))
  /// lazy.state(of: "usr/share")   // .mixed: its doc folder is left out, once it is read
  /// ```
  /// - Returns: What could not be done; its ``SpecApplication/unknownPaths`` leaves out the paths
  ///   below unloaded nodes (they are not unknown, only not loaded yet).
  /// - Complexity: As ``SelectionTree/setSelection(to:)->_``.
  @discardableResult
  public mutating func setSelection(to spec: SelectionSpec) -> SpecApplication {
    var result = tree.setSelection(to: spec)
    result.unknownPaths = tree.pathsNamingNoNode(result.unknownPaths, isUnloaded: isUnloaded)
    return result
  }

  /// The nodes that show `.mixed` because of kept decisions below unloaded nodes.
  ///
  /// Those are each unloaded node with a decision below it that differs from its value (writable:
  /// not locked, not disabled), and its ancestors — only when parents show their leaves
  /// (``Propagation/up``); a node with its own value is never mixed.
  ///
  /// ```swift
  /// let mixed = lazy.mixedByDecisions        // once per frame of a tree view
  /// mixed.contains("usr/share")               // true: drawn [-] until it is read
  /// ```
  /// - Complexity: O(d · k log n) for d kept decisions of k labels, never a load.
  public var mixedByDecisions: Set<ID> {
    tree.nodesMixedByKeptDecisions(isUnloaded: isUnloaded, unloaded: unloaded)
  }

  /// The state of a node as a tree view shows it: the tree's, or `.mixed` where a kept decision
  /// below an unloaded node says that part of it is selected and part not.
  ///
  /// - Complexity: As ``mixedByDecisions``; for many nodes, read that set once.
  public func state(of id: ID) -> ToggleState? {
    guard let state = tree.state(of: id) else { return nil }
    return state != .mixed && mixedByDecisions.contains(id) ? .mixed : state
  }

  /// Clicks a node as a view that shows ``state(of:)`` clicks it: a node shown mixed because of
  /// decisions below an unloaded node writes ``SelectionTree/Options/mixedTogglesTo``, as a click
  /// on any mixed node does; every other node toggles as in ``SelectionTree/toggle(_:)``.
  ///
  /// ```swift
  /// try lazy.toggle("usr/share")   // shown mixed: now all of it, its doc folder's decision gone
  /// ```
  /// - Throws: ``SelectionTreeError/unknownNode(id:)`` for an id the tree does not have.
  /// - Complexity: As ``mixedByDecisions``, plus O(log n).
  @discardableResult
  public mutating func toggle(_ id: ID) throws(SelectionTreeError) -> ToggleOutcome {
    try tree.toggle(id, shown: state(of: id) ?? .off)
  }
}
