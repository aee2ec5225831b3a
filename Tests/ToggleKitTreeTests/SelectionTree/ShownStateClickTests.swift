import Testing
import ToggleKit

@testable import TestSupport

/// `toggle(_:shown:)`: a click does what the user sees, even where a view draws a node mixed that
/// the tree holds wholly on or off (a folder with kept decisions below a folder not read yet).
@Suite("A click on a node as it is drawn")
struct ShownStateClickTests {
  @Test(
    "every node of every forest of up to four nodes, leaves off, on or locked, both mixed targets: drawn mixed, a click writes the target to every writable leaf below it and nothing else; drawn on or off, it is toggle(_:)"
  )
  func clickAsDrawn() throws {
    var worlds = 0
    for size in 1...4 {
      for parents in orderedForests(size) {
        let leaves = parents.indices.filter { node in !parents.contains(node) }
        for assignment in 0..<pow3(leaves.count) {
          var kinds: [Int: Int] = [:]  // 0 off, 1 on, 2 locked on
          var rest = assignment
          for leaf in leaves {
            kinds[leaf] = rest % 3
            rest /= 3
          }
          for target in MixedToggleTarget.allCases {
            let tree = try SelectionTree(
              entries: parents.indices.map { node in
                .init(
                  id: node, parent: parents[node] < 0 ? nil : parents[node], label: "n\(node)",
                  isSelected: (kinds[node] ?? 0) > 0, lock: kinds[node] == 2 ? .current : .none)
              }, options: .init(mixedTogglesTo: target))
            for node in parents.indices {
              try check(tree, node, parents, kinds, target)
              worlds += 1
            }
          }
        }
      }
    }
    #expect(worlds > 1_000)
  }

  private func check(
    _ tree: SelectionTree<Int>, _ node: Int, _ parents: [Int], _ kinds: [Int: Int],
    _ target: MixedToggleTarget
  ) throws {
    let context = "parents \(parents) kinds \(kinds) node \(node) target \(target)"
    for shown in [ToggleState.on, .off] {
      var drawn = tree
      var plain = tree
      try drawn.toggle(node, shown: shown)
      try plain.toggle(node)
      #expect(drawn == plain, "drawn \(shown), \(context)")
    }
    var clicked = tree
    try clicked.toggle(node, shown: .mixed)
    for leaf in kinds.keys.sorted() {
      var ancestor: Int? = leaf
      while let current = ancestor, current != node {
        ancestor = parents[current] < 0 ? nil : parents[current]
      }
      let wanted = ancestor != nil && kinds[leaf] != 2 ? target == .on : kinds[leaf]! > 0
      #expect((clicked.state(of: leaf) == .on) == wanted, "leaf \(leaf) drawn mixed, \(context)")
    }
  }

  private func pow3(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 3 } }

  @Test("a click on a node the tree does not have throws, however it is drawn")
  func unknownNode() throws {
    var tree = try SelectionTree(paths: ["a/b"])
    for shown in ToggleState.allCases {
      #expect(throws: SelectionTreeError.unknownNode(id: "nowhere")) {
        try tree.toggle("nowhere", shown: shown)
      }
    }
  }
}
