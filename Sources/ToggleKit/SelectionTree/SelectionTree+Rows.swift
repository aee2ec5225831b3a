/// Rows: the nodes a tree view shows, addressed by their preorder index (the index in ``ids``).
///
/// A node is a row when it is visible and every ancestor is open: expanded, or — under a filter —
/// held open because a match lies below it, so that every match can be seen. The contents a
/// matching folder brings are shown as they are: collapsed unless expanded.
extension SelectionTree {
  /// The preorder index of a node: its index in ``ids``.
  ///
  /// ```swift
  /// tree.index(of: "Fruit/Apple")   // 1
  /// ```
  ///
  /// - Parameter id: A node id.
  /// - Returns: The index, or nil when there is no such node.
  /// - Complexity: O(1) expected.
  public func index(of id: ID) -> Int? { structure.position(of: id) }

  /// Whether the node at a preorder index shows its children: it is expanded, or a filter holds it
  /// open because something below it matches.
  ///
  /// ```swift
  /// tree.isOpen(0)   // true while a search matches something inside the first root
  /// ```
  ///
  /// - Parameter index: A preorder index.
  /// - Returns: Whether its children are drawn when it is.
  /// - Complexity: O(1).
  public func isOpen(_ index: Int) -> Bool {
    guard index >= 0 && index < count else { return false }
    return expanded[index] || (isFiltered && filterOpen[index])
  }

  /// Whether the node at a preorder index is a row a tree view shows.
  ///
  /// ```swift
  /// tree.isRow(0)   // roots are always rows when visible
  /// ```
  ///
  /// - Parameter index: A preorder index.
  /// - Returns: Whether the node is shown.
  /// - Complexity: O(depth), plus O(log n) with a filter.
  public func isRow(_ index: Int) -> Bool {
    guard index >= 0 && index < count else { return false }
    if isFiltered && states.state(at: index) & _NodeBits.hidden != 0 { return false }
    var ancestor = Int(structure.parents[index])
    while ancestor >= 0 {
      if !isOpen(ancestor) { return false }
      ancestor = Int(structure.parents[ancestor])
    }
    return true
  }

  /// The first row after the row at `index` (or the first row of all when `index` is nil).
  ///
  /// ```swift
  /// var row = tree.nextRow(after: nil)
  /// while let current = row { print(tree.ids[current]); row = tree.nextRow(after: current) }
  /// ```
  ///
  /// - Parameter index: A row's preorder index, or nil.
  /// - Returns: The next row's index, or nil at the end.
  /// - Complexity: O(log n): closed subtrees and hidden nodes are skipped, not walked.
  public func nextRow(after index: Int?) -> Int? {
    var candidate = 0
    if let index { candidate = isOpen(index) ? index + 1 : Int(structure.ends[index]) }
    guard candidate < count else { return nil }
    // Every node between the row and the first visible node after `candidate` is hidden, and a
    // hidden node has no visible descendant, so that node's parent is an open row.
    if isFiltered { return states.firstIndex(in: candidate..<count, matching: Self._visible) }
    return candidate
  }

  /// The row before the row at `index`.
  ///
  /// ```swift
  /// tree.previousRow(before: 1)   // 0
  /// ```
  ///
  /// - Parameter index: A row's preorder index.
  /// - Returns: The previous row's index, or nil at the top.
  /// - Complexity: O(depth), plus O(log n) with a filter.
  public func previousRow(before index: Int) -> Int? {
    guard index > 0 else { return nil }
    // The visible node just before in preorder, or its highest closed ancestor.
    guard
      var row = isFiltered
        ? states.lastIndex(in: 0..<index, matching: Self._visible) : index - 1
    else { return nil }
    var ancestor = Int(structure.parents[row])
    while ancestor >= 0 {
      if !isOpen(ancestor) { row = ancestor }
      ancestor = Int(structure.parents[ancestor])
    }
    return row
  }

  /// The last row of all.
  ///
  /// ```swift
  /// tree.lastRow   // for the End key
  /// ```
  ///
  /// - Complexity: O(depth), plus O(log n) with a filter.
  public var lastRow: Int? {
    guard count > 0 else { return nil }
    return previousRow(before: count)
  }

  /// Visible states, any other bits.
  static var _visible: _StateSet { _StateSet(visible: 0xFFFF, hidden: 0) }
}

/// Counts over a whole tree, for status lines.
///
/// ```swift
/// let stats = tree.statistics
/// print("\(stats.selectedLeaves) of \(stats.leaves) selected")
/// ```
///
/// - Complexity: O(1) for every member.
public struct TreeStatistics: Hashable, Sendable, Codable {
  /// How many leaves the tree has.
  ///
  /// ```swift
  /// tree.statistics.leaves
  /// ```
  ///
  /// - Complexity: O(1).
  public var leaves: Int
  /// How many leaves are selected.
  ///
  /// ```swift
  /// tree.statistics.selectedLeaves
  /// ```
  ///
  /// - Complexity: O(1).
  public var selectedLeaves: Int
  /// How many leaves are locked.
  ///
  /// ```swift
  /// tree.statistics.lockedLeaves
  /// ```
  ///
  /// - Complexity: O(1).
  public var lockedLeaves: Int
  /// How many nodes the current filter hides.
  ///
  /// ```swift
  /// tree.statistics.hiddenNodes
  /// ```
  ///
  /// - Complexity: O(1).
  public var hiddenNodes: Int
}

extension SelectionTree {
  /// Leaf, selection, lock and filter counts over the whole tree.
  ///
  /// ```swift
  /// "\(tree.statistics.selectedLeaves) of \(tree.statistics.leaves) selected"
  /// ```
  ///
  /// - Complexity: O(1): one count over the root range.
  public var statistics: TreeStatistics {
    guard count > 0 else {
      return TreeStatistics(leaves: 0, selectedLeaves: 0, lockedLeaves: 0, hiddenNodes: 0)
    }
    let counts = states.counts(in: 0..<count)
    return TreeStatistics(
      leaves: counts.sum(over: Self._leafStates),
      selectedLeaves: counts.sum(over: _StateSet(0xAA00)),
      lockedLeaves: counts.sum(over: _StateSet(0xCC00)),
      hiddenNodes: counts.sum(over: _StateSet(visible: 0, hidden: 0xFFFF)))
  }
}
