import Testing

@testable import TestSupport
@testable import ToggleKit

/// A loader that gives each node the same children every time it is asked: two new nodes (ids
/// counting down from -1, so no reload's new id meets one), the second disabled by the data now
/// and then, the first unloaded itself when the node was in the data (so everything below a node
/// is two loads deep at most).
private final class Catalogue {
  private var children: [Int: [ContractModel.Datum]] = [:]
  private var next = -1

  func children(of id: Int) -> [ContractModel.Datum] {
    if let known = children[id] { return known }
    let made: [ContractModel.Datum] = [
      .init(id: next, parent: id), .init(id: next - 1, parent: id, isDisabled: (next - 1) % 3 == 0),
    ]
    next -= 2
    children[id] = made
    return made
  }

  /// The child left unloaded, if any.
  func unloadedChild(of id: Int) -> Int? { id >= 0 ? children(of: id)[0].id : nil }

  func load(_ id: Int) -> LazyTree<Int>.Children {
    let made = children(of: id)
    return .init(
      entries: made.map {
        .init(
          id: $0.id, parent: $0.parent, label: "n\($0.id)", isDisabled: $0.isDisabled,
          attributes: ContractModel.attributes(of: $0.id))
      }, unloaded: Set([unloadedChild(of: id)].compactMap { $0 }))
  }
}

/// The reference's side of a lazy tree: the app's state and the nodes noted unloaded.
private struct LazyReference {
  var state: AppState
  var noted: Set<Int>

  var unloaded: Set<Int> {
    noted.filter { state.tree.contains($0) && state.tree.isLeaf($0) }
  }

  /// Loads the unloaded nodes among `roots` — and, `deep`, what their children name unloaded — in
  /// one reload.
  mutating func loadAll(_ roots: Set<Int>, _ catalogue: Catalogue, deep: Bool = true) {
    var filled: [Int] = []
    var pending = Array(roots.filter(unloaded.contains)).sorted()
    var seen = Set(pending)
    while let next = pending.popLast() {
      filled.append(next)
      if deep, let inner = catalogue.unloadedChild(of: next), seen.insert(inner).inserted {
        pending.append(inner)
      }
    }
    guard !filled.isEmpty else { return }
    let entries = filled.flatMap { catalogue.children(of: $0) }
    state.reload(
      from: state.stripped.currentData + entries, newChildren: .inheritFullySelectedParent)
    noted.formUnion(filled.compactMap { catalogue.unloadedChild(of: $0) })
    noted.subtract(filled)
  }
}

@Suite(
  "LazyTree against the app's reference: loads, loadAll and loading selections, interleaved with reloads and derived attributes"
)
struct LazyTreeContractTests {
  @Test(
    "seeded runs of loads, loadAll, selections that load or do not, tree operations, reloads and derivations match the reference after every step",
    arguments: 0..<Tier.size(fast: 6, long: 40))
  func seededRuns(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(41_000 + seed))
    let options = SelectionTree<Int>.Options(
      lockedSources: seed % 2 == 0 ? .excluded : .counted,
      propagation: Propagation.allModes[seed % Propagation.allModes.count])
    let data = randomData(size: 5 + seed % 9, &generator)
    let leaves = Set(data.map(\.id)).subtracting(data.compactMap(\.parent))
    let catalogue = Catalogue()
    var lazy = LazyTree(
      try SelectionTree(contract: data, options: options),
      unloaded: leaves.filter { _ in Bool.random(using: &generator) })
    var reference = LazyReference(
      state: AppState(tree: ContractModel(data: data, options: options)), noted: lazy.unloaded)
    var trail: [String] = []
    for step in 0..<Tier.size(fast: 150, long: 1_500) {
      let nodes = reference.state.tree.order
      let node =
        Int.random(in: 0..<30, using: &generator) == 0
        ? 1_000_000 : nodes.randomElement(using: &generator) ?? 0
      let unloadedNode = reference.unloaded.randomElement(using: &generator) ?? node
      let roll = Int.random(in: 0..<100, using: &generator)
      switch roll {
      case 0..<35:
        let operation = ContractOperation.alphabet(nodes: [node]).randomElement(
          using: &generator)!
        trail.append("\(operation)")
        switch try operation.applyStructural(to: &lazy.tree, stripped: reference.state.stripped) {
        case .reloaded(let data, let newChildren):
          reference.state.reload(from: data, newChildren: newChildren)
        case .refused: break
        case .none:
          var plain = reference.state.tree
          let (outcome, expected) = try operation.apply(to: &lazy.tree, &plain)
          #expect(outcome == expected, "\(trail.suffix(5))")
          reference.state.tree = plain
        }
      case 35..<42:
        let source = ContractSource.examples.randomElement(using: &generator)!
        trail.append("derive \(source)")
        var threw = false
        do { try lazy.tree.deriveAttributes(from: source) } catch { threw = true }
        #expect(threw == !reference.state.derive(source), "\(trail.suffix(5))")
      case 42..<45:
        trail.append("remove derived")
        lazy.tree.removeDerivedAttributes()
        reference.state.removeDerived()
      case 45..<65:
        trail.append("load n\(unloadedNode)")
        try lazy.load(unloadedNode, using: catalogue.load)
        reference.loadAll([unloadedNode], catalogue, deep: false)
      case 65..<75:
        let under: Int? = Bool.random(using: &generator) ? nil : node
        trail.append("load all under \(under.map { "n\($0)" } ?? "everything")")
        try lazy.loadAll(under: under, using: catalogue.load)
        let tree = reference.state.tree
        reference.loadAll(
          reference.unloaded.filter {
            under == nil || $0 == under || tree.ancestors($0).contains(under!)
          }, catalogue)
      case 75..<85:
        trail.append("selection leaves, loading")
        let selection = try lazy.selection(.leaves, unloaded: .loaded, using: catalogue.load)
        let tree = reference.state.tree
        reference.loadAll(reference.unloaded.filter { tree.state($0) == .on }, catalogue)
        #expect(selection == reference.state.tree.selection(.leaves), "\(trail.suffix(5))")
      default:
        let form = SelectionForm.allCases.randomElement(using: &generator)!
        trail.append("selection \(form), as units")
        let selection = try lazy.selection(form)
        #expect(selection == reference.state.tree.selection(form), "\(trail.suffix(5))")
      }
      lazy.tree.checkInvariants()
      guard ContractView(lazy.tree) == ContractView(reference.state.tree),
        lazy.unloaded == reference.unloaded
      else {
        Issue.record(
          """
          seed \(seed) step \(step) after \(trail.suffix(6).joined(separator: "; ")):
            tree      \(ContractView(lazy.tree)) unloaded \(lazy.unloaded.sorted())
            reference \(ContractView(reference.state.tree)) unloaded \(reference.unloaded.sorted())
          """)
        return
      }
    }
  }
}
