import Testing

@testable import TestSupport
@testable import ToggleKit

/// A small world: a forest shape (parent per node, preorder) built with labels `n0`, `n1` and on.
private func world(
  _ shape: [Int], propagation: Propagation, selected: (Int) -> Bool,
  locked: (Int) -> Bool = {
    _ in false
  }
) throws -> SelectionTree<Int> {
  try SelectionTree(
    entries: shape.indices.map { node in
      .init(
        id: node, parent: shape[node] < 0 ? nil : shape[node], label: "n\(node)",
        isSelected: selected(node), lock: locked(node) ? .current : .none)
    }, options: .init(propagation: propagation))
}

/// Every spec over the nodes of a shape (each node undecided, included or excluded) as the
/// values it gives the nodes, one bit each: the fewest decisions for each vector of values.
private func fewestDecisions(_ shape: [Int]) -> [Int: Int] {
  var fewest: [Int: Int] = [:]
  var choice = [Int](repeating: 0, count: shape.count)
  for code in 0..<Int(pow3(shape.count)) {
    var rest = code
    for node in shape.indices {
      choice[node] = rest % 3
      rest /= 3
    }
    var values = 0
    var valueOf = [Bool](repeating: false, count: shape.count)
    for node in shape.indices {
      let inherited = shape[node] < 0 ? false : valueOf[shape[node]]
      valueOf[node] = choice[node] == 0 ? inherited : choice[node] == 1
      if valueOf[node] { values |= 1 << node }
    }
    let count = choice.filter { $0 != 0 }.count
    fewest[values] = min(fewest[values] ?? .max, count)
  }
  return fewest
}

private func pow3(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 3 } }

@Suite("Selection specs: minimal, exact, and restored")
struct SpecMinimalityTests {
  @Test(
    "on every forest of up to five nodes (six in the long tier), for every selection of its value-carrying nodes, under both and independent propagation: the spec gives every node its value, has as few decisions as any spec that does (brute force over every spec), and restored on the tree with everything cleared gives the selection back with nothing to report"
  )
  func specsAreExactAndMinimal() throws {
    var checked = 0
    for size in 1...Tier.size(fast: 5, long: 6) {
      for shape in orderedForests(size) {
        let fewest = fewestDecisions(shape)
        let isLeaf = shape.indices.map { node in !shape.contains(node) }
        for propagation in [Propagation.both, .independent] {
          let carriers = shape.indices.filter { propagation.up ? isLeaf[$0] : true }
          for mask in 0..<(1 << carriers.count) {
            let selectedNodes = Set(
              carriers.indices.filter { mask & (1 << $0) != 0 }.map { carriers[$0] })
            let tree = try world(shape, propagation: propagation, selected: selectedNodes.contains)
            let spec = try tree.selectionSpec(.selection)
            for node in carriers {
              #expect(
                spec.isSelected(tree.labelPath(of: node)) == selectedNodes.contains(node),
                "\(shape) \(propagation) \(selectedNodes.sorted()) node \(node): \(spec.text)")
            }
            // The fewest decisions of any spec that gives the carriers these values.
            var best = Int.max
            for (values, count) in fewest
            where carriers.allSatisfy({ (values & (1 << $0) != 0) == selectedNodes.contains($0) }) {
              best = min(best, count)
            }
            #expect(
              spec.decisions.count == best, "\(shape) \(selectedNodes.sorted()): \(spec.text)")
            #expect(spec.isMinimal)
            var cleared = try world(shape, propagation: propagation, selected: { _ in false })
            let result = cleared.setSelection(to: spec)
            #expect(result.isComplete)
            #expect(cleared.states() == tree.states(), "\(shape) \(spec.text)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 500)
  }

  @Test(
    "with locked nodes, under both and independent propagation, the user's decisions leave them out: the spec gives every other node its value with as few decisions as any spec (a locked node may take either), the exact spec gives them theirs too, and restoring either keeps the locked values and reports nothing for the exact one"
  )
  func lockedLeavesAreNotDecisions() throws {
    for size in 1...Tier.size(fast: 5, long: 6) {
      for shape in orderedForests(size) {
        let fewest = fewestDecisions(shape)
        for propagation in [Propagation.both, .independent] {
          // The nodes with values: leaves when parents derive, else every node (a lock on a
          // parent then locks what is below it too).
          let carriers = shape.indices.filter { !propagation.up || !shape.contains($0) }
          for mask in 0..<(1 << carriers.count) {
            let selected = Set(
              carriers.indices.filter { mask & (1 << $0) != 0 }.map { carriers[$0] })
            for lockMask in [0, mask ^ 0b101, 0b10] {
              let locked = Set(
                carriers.indices.filter { lockMask & (1 << $0) != 0 }.map { carriers[$0] })
              func keeps(_ node: Int) -> Bool {
                var step = node
                while step >= 0 {
                  if locked.contains(step) { return true }
                  step = shape[step]
                }
                return false
              }
              let tree = try world(
                shape, propagation: propagation, selected: selected.contains,
                locked: locked.contains)
              let decisions = try tree.selectionSpec()
              let exact = try tree.selectionSpec(.selection)
              let free = carriers.filter { !keeps($0) }
              var best = Int.max
              for (values, count) in fewest
              where free.allSatisfy({ (values & (1 << $0) != 0) == selected.contains($0) }) {
                best = min(best, count)
              }
              #expect(
                decisions.decisions.count == best,
                "\(shape) \(propagation) \(selected) \(locked): \(decisions.text)")
              for node in carriers {
                let path = tree.labelPath(of: node)
                if !keeps(node) {
                  #expect(decisions.isSelected(path) == selected.contains(node))
                }
                #expect(exact.isSelected(path) == selected.contains(node))
              }
              for spec in [decisions, exact] {
                // Locked at their values, everything else cleared.
                var restored = try world(
                  shape, propagation: propagation,
                  selected: { keeps($0) && selected.contains($0) },
                  locked: locked.contains)
                let result = restored.setSelection(to: spec)
                #expect(restored.states() == tree.states(), "\(shape) \(spec.text)")
                if spec == exact { #expect(result.conflicts.isEmpty) }
              }
            }
          }
        }
      }
    }
  }

  @Test(
    "a minimized spec selects what the spec selects on every path, today's and tomorrow's (a new child under every path, a new root), and it is the smallest of every spec that does: every spec over four paths, brute force"
  )
  func minimizedIsTheSmallestOfItsMeaning() {
    let paths: [[String]] = [["a"], ["a", "b"], ["a", "b", "c"], ["a", "d"], ["e"]]
    let probes = paths + paths.map { $0 + ["new"] } + [["new"]]
    var smallest: [[Bool]: Int] = [:]
    var minimizedOf: [[Bool]: Set<SelectionSpec>] = [:]
    for code in 0..<pow3(paths.count) {
      var rest = code
      var decisions: [SelectionSpec.Decision] = []
      for path in paths {
        if rest % 3 != 0 { decisions.append(.init(path, isIncluded: rest % 3 == 1)) }
        rest /= 3
      }
      let spec = SelectionSpec(decisions)
      let meaning = probes.map(spec.isSelected)
      let minimized = spec.minimized()
      #expect(probes.map(minimized.isSelected) == meaning, "\(spec.text)")
      smallest[meaning] = min(smallest[meaning] ?? .max, spec.decisions.count)
      minimizedOf[meaning, default: []].insert(minimized)
    }
    for (meaning, forms) in minimizedOf {
      #expect(forms.count == 1, "one minimized form a meaning")
      #expect(forms.first!.decisions.count == smallest[meaning])
    }
  }
}
