/// Rows: the nodes a tree view shows, addressed by their preorder index (the index in ``ids``).
///
/// A node is a row when it is visible and every ancestor is open: expanded, or — under a filter —
/// held open because a match lies below it, so that every match can be seen. The contents a
/// matching folder brings are shown as they are: collapsed unless expanded.
extension SelectionTree {
  /// The preorder index of a node: its index in ``ids``.
  /// - Complexity: O(1) expected.
  public func index(of id: ID) -> Int? { structure.position(of: id) }

  /// The id of the node at a preorder index: `ids[index]`, without making that array.
  ///
  /// An edit makes ``ids`` anew the first time it is read; a loop over rows reads ids this way.
  /// The index must be below ``count``.
  public func id(at index: Int) -> ID { structure.id(at: index) }

  /// The label of the node at a preorder index: `labels[index]`, without making that array.
  public func label(at index: Int) -> String { structure.label(at: index) }

  /// Whether the node at a preorder index shows its children: it is expanded, or a filter holds it
  /// open because something below it matches.
  ///
  /// ```swift
  /// tree.isOpen(0)   // true while a search matches something inside the first root
  /// ```
  public func isOpen(_ index: Int) -> Bool {
    guard index >= 0 && index < count else { return false }
    return expanded[index] || (isFiltered && filterOpen[index])
  }

  /// Whether the node at a preorder index is a row a tree view shows.
  /// - Complexity: O(depth), plus O(log n) with a filter.
  public func isRow(_ index: Int) -> Bool {
    guard index >= 0 && index < count else { return false }
    if isFiltered && states.state(at: index) & NodeBits.hidden != 0 { return false }
    var ancestor = structure.parent(of: index)
    while ancestor >= 0 {
      if !isOpen(ancestor) { return false }
      ancestor = structure.parent(of: ancestor)
    }
    return true
  }

  /// The first row after the row at `index` (or the first row of all when `index` is nil).
  ///
  /// ```swift
  /// var row = tree.nextRow(after: nil)
  /// while let current = row { print(tree.id(at: current)); row = tree.nextRow(after: current) }
  /// ```
  /// - Returns: The next row's index, or nil at the end.
  /// - Complexity: O(log n): closed subtrees and hidden nodes are skipped, not walked.
  public func nextRow(after index: Int?) -> Int? {
    var candidate = 0
    if let index { candidate = isOpen(index) ? index + 1 : structure.end(of: index) }
    guard candidate < count else { return nil }
    // Every node between the row and the first visible node after `candidate` is hidden, and a
    // hidden node has no visible descendant, so that node's parent is an open row.
    if isFiltered { return states.firstIndex(in: candidate..<count, matching: StateSet.visible) }
    return candidate
  }

  /// The row before the row at `index`.
  /// - Returns: The previous row's index, or nil at the top.
  /// - Complexity: O(depth), plus O(log n) with a filter.
  public func previousRow(before index: Int) -> Int? {
    guard index > 0 else { return nil }
    // The visible node just before in preorder, or its highest closed ancestor.
    guard
      var row = isFiltered
        ? states.lastIndex(in: 0..<index, matching: StateSet.visible) : index - 1
    else { return nil }
    var ancestor = structure.parent(of: row)
    while ancestor >= 0 {
      if !isOpen(ancestor) { row = ancestor }
      ancestor = structure.parent(of: ancestor)
    }
    return row
  }

  /// The last row of all.
  /// - Complexity: O(depth), plus O(log n) with a filter.
  public var lastRow: Int? {
    guard count > 0 else { return nil }
    return previousRow(before: count)
  }
}

/// Counts over a whole tree, for status lines.
///
/// ```swift
/// let stats = tree.statistics
/// print("\(stats.selectedLeaves) of \(stats.leaves) selected")
/// ```
public struct TreeStatistics: Hashable, Sendable, Codable {
  /// How many leaves the tree has.
  public var leaves: Int
  /// How many leaves are selected.
  public var selectedLeaves: Int
  /// How many leaves are locked.
  public var lockedLeaves: Int
  /// How many nodes the current filter hides.
  public var hiddenNodes: Int
}

extension SelectionTree {
  /// Leaf, selection, lock and filter counts over the whole tree.
  /// - Complexity: O(1): one count over the root range.
  public var statistics: TreeStatistics {
    guard count > 0 else {
      return TreeStatistics(leaves: 0, selectedLeaves: 0, lockedLeaves: 0, hiddenNodes: 0)
    }
    let counts = states.counts(in: 0..<count)
    return TreeStatistics(
      leaves: counts.sum(over: StateSet.leaves),
      selectedLeaves: counts.sum(over: StateSet.selectedLeaves),
      lockedLeaves: counts.sum(over: StateSet.lockedLeaves),
      hiddenNodes: counts.sum(over: StateSet.hidden))
  }
}
