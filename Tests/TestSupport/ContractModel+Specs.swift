import ToggleKit

extension ContractModel {
  /// The labels from the root to the node.
  func labelPath(_ id: Int) -> [String] {
    (ancestors(id).reversed() + [id]).map { "n\(labelNumber($0))" }
  }

  /// The nodes whose values a spec decides: leaves when parents derive, every node otherwise.
  var specCarriers: [Int] { options.propagation.up ? order.filter(isLeaf) : order }

  /// Whether a node keeps its value whatever a spec says: locked, or disabled.
  func keepsValue(_ id: Int) -> Bool { locked[id]! || isDisabled(id) }

  /// Makes the tree's spec, checks it the naive way and keeps it; false when it is wrong.
  ///
  /// Every node it decides follows its nearest decision (with `.decisions`, every node that does
  /// not keep its value). A tree that refuses must have siblings that share the path it names.
  mutating func saveSpec(of tree: SelectionTree<Int>, _ coverage: SpecCoverage) -> Bool {
    do {
      let spec = try tree.selectionSpec(coverage)
      let decided = specCarriers.filter { coverage == .selection || !keepsValue($0) }
      guard decided.allSatisfy({ spec.isSelected(labelPath($0)) == value[$0]! }), spec.isMinimal
      else { return false }
      savedSpec = spec
      return true
    } catch {
      guard case .sharedLabelPath(let path) = error else { return false }
      return order.filter { labelPath($0) == path }.count > 1
    }
  }

  /// Sets every node a spec decides that does not keep its value to its nearest decision; returns
  /// how many changed, the decisions' paths no node has and how many nodes kept another value.
  mutating func setSelection(
    to spec: SelectionSpec
  ) -> (changed: Int, unknown: [[String]], conflicts: Int) {
    var changed = 0
    var conflicts = 0
    for member in specCarriers {
      let wanted = spec.isSelected(labelPath(member))
      if keepsValue(member) {
        if value[member]! != wanted { conflicts += 1 }
      } else if value[member]! != wanted {
        value[member] = wanted
        changed += 1
      }
    }
    let paths = Set(order.map(labelPath))
    return (changed, spec.decisions.map(\.path).filter { !paths.contains($0) }, conflicts)
  }
}
