import ToggleKit

extension SelectionTree where ID == Int {
  /// A tree whose node i has id i, built from a parent array and an oracle's values, locks and
  /// disabled flags.
  init(oracle: ContractModel) throws {
    let entries = (0..<oracle.count).map { node in
      SelectionTree<Int>.Entry(
        id: node, parent: oracle.parentIndex(node) < 0 ? nil : oracle.parentIndex(node),
        label: ContractLabel.text(node),
        isSelected: oracle.isLeaf(node) || !oracle.options.propagation.up
          ? oracle.value[node]! : false,
        lock: oracle.isLeaf(node) && oracle.locked[node]! ? .current : .none,
        isDisabled: oracle.disabledItself[node]!, isExpanded: oracle.expanded[node]!,
        attributes: ContractModel.attributes(of: node))
    }
    try self.init(entries: entries, options: oracle.options)
    if let matches = oracle.matches {
      setFilter(TreeFilter(label: ContractLabel.matching(matches)))
    }
  }
}

/// Every placement of one or two disabled nodes in a tree of `size` nodes.
func everyDisabledPlacement(size: Int) -> [[Int]] {
  var placements: [[Int]] = (0..<size).map { [$0] }
  for first in 0..<size {
    for second in (first + 1)..<max(first + 1, size) { placements.append([first, second]) }
  }
  return placements
}

extension SelectionTree where ID == String {
  /// The ids of the selected leaves, in the tree's order (for path-built trees: their paths).
  public var selectedLeafIDs: [String] {
    ids.filter { children(of: $0).isEmpty && state(of: $0) == .on }
  }
}
