/// The naive reference: a per-node Bool tree with recursive-style aggregation and cascade, the way
/// most checkbox trees are written (iterative here only so that deep trees do not overflow).
struct NaiveTree {
  var children: [[Int32]]
  var selected: [Bool]

  init(parents: [Int32]) {
    children = Array(repeating: [], count: parents.count)
    for (node, parent) in parents.enumerated() where parent >= 0 {
      children[Int(parent)].append(Int32(node))
    }
    selected = Array(repeating: false, count: parents.count)
  }

  /// On, off or mixed by visiting every leaf below: Θ(subtree).
  func state(of node: Int) -> (on: Int, off: Int) {
    var on = 0
    var off = 0
    var stack = [Int32(node)]
    while let current = stack.popLast() {
      let kids = children[Int(current)]
      if kids.isEmpty {
        if selected[Int(current)] { on += 1 } else { off += 1 }
      } else {
        stack.append(contentsOf: kids)
      }
    }
    return (on, off)
  }

  /// A click: compute the state, then write every node below: Θ(subtree).
  mutating func toggle(_ node: Int) {
    let (_, off) = state(of: node)
    let value = off > 0
    var stack = [Int32(node)]
    while let current = stack.popLast() {
      selected[Int(current)] = value
      stack.append(contentsOf: children[Int(current)])
    }
  }
}
