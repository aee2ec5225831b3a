/// Every ordered forest of exactly `size` nodes, as parent arrays in preorder (-1 for a root): the
/// small worlds the exhaustive tests enumerate (1, 1, 2, 5, 14, 42 … forests of 0, 1, 2 … nodes).
///
/// ```swift
/// orderedForests(2)   // [[-1, 0], [-1, -1]]
/// ```
public func orderedForests(_ size: Int) -> [[Int]] {
  if size == 0 { return [[]] }
  var result: [[Int]] = []
  for first in 1...size {
    for tree in orderedTrees(first) {
      for rest in orderedForests(size - first) {
        result.append(tree + rest.map { $0 < 0 ? -1 : $0 + first })
      }
    }
  }
  return result
}

/// Every ordered tree of exactly `size` nodes (one root), as parent arrays in preorder.
public func orderedTrees(_ size: Int) -> [[Int]] {
  orderedForests(size - 1).map { forest in [-1] + forest.map { $0 < 0 ? 0 : $0 + 1 } }
}
