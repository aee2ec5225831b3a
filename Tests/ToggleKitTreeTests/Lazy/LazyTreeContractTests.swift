import Testing

@testable import TestSupport
@testable import ToggleKit

/// A loader that gives each node the same children every time it is asked: two new nodes (negative
/// ids, so no reload's new id meets one), the second disabled by the data now
/// and then, the first unloaded itself when the node was in the data (so everything below a node
/// is two loads deep at most).
private final class Catalogue {
  private var children: [Int: [ContractModel.Datum]] = [:]

  func children(of id: Int) -> [ContractModel.Datum] {
    if let known = children[id] { return known }
    // Ids from the parent's alone (whatever order the nodes are asked in, the run is the seed's):
    // -4p-2 and -4p-3 below a node p of the data, -4q and -4q-1 below a made node -q.
    let first = id >= 0 ? -4 * id - 2 : 4 * id
    let made: [ContractModel.Datum] = [
      .init(id: first, parent: id),
      .init(id: first - 1, parent: id, isDisabled: (first - 1) % 3 == 0),
    ]
    children[id] = made
    return made
  }

  /// The nodes made below `id` so far, at every depth (a load brings them back).
  func made(below id: Int) -> [Int] {
    var result: [Int] = []
    var pending = [id]
    while let next = pending.popLast() {
      for child in children[next] ?? [] {
        result.append(child.id)
        pending.append(child.id)
      }
    }
    return result
  }

  /// The child left unloaded, if any.
  func unloadedChild(of id: Int) -> Int? { id >= 0 ? children(of: id)[0].id : nil }

  func load(_ id: Int) -> LazyTree<Int>.Children {
    let made = children(of: id)
    return .init(
      entries: made.map {
        .init(
          id: $0.id, parent: $0.parent, label: ContractLabel.text($0.id), isDisabled: $0.isDisabled,
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

  /// The nodes shown mixed because of kept decisions below unloaded nodes, the plain way: each
  /// unloaded node that keeps no value of its own with a decision below its path that differs
  /// from its value, or — kept rules deciding it, selected — a path below it that the rules
  /// leave out (tried with names the rule files name), and every node above one — when parents
  /// show their leaves.
  var mixedByDecisions: Set<Int> {
    let model = state.tree
    guard model.options.propagation.up, let kept = model.keptSpec else { return [] }
    let partial = unloaded.filter { node in
      let path = model.labelPath(node)
      guard !model.keepsValue(node) else { return false }
      if kept.decisions.contains(where: {
        $0.path.count > path.count && $0.path.starts(with: path, by: ContractLabel.same)
          && $0.isIncluded != model.value[node]!
      }) {
        return true
      }
      guard let rules = kept.rules, model.value[node]!,
        !kept.decisions.contains(where: { path.starts(with: $0.path, by: ContractLabel.same) })
      else { return false }
      return Self.probes.contains { below in
        [true, false].contains { !rules.isSelected(path + below, isFolder: $0) }
      }
    }
    return Set(model.order.filter { model.subtree($0).contains(where: partial.contains) })
  }

  /// Paths of one and two names, from names the contract's rule files match and do not.
  static let probes: [[String]] = {
    let names = ["n0", "n1", "n2", "n3", "n4", "x1", "n\u{E9}", "ne\u{301}"]
    return names.map { [$0] } + names.flatMap { first in names.map { [first, $0] } }
  }()

  /// The selection in `form`, as a lazy tree gives it without loading: a node shown mixed is not
  /// wholly selected, so `.topmost` lists the wholly selected nodes under no other such node.
  func selection(_ form: SelectionForm) -> [Int] {
    let model = state.tree
    let mixed = mixedByDecisions
    guard !mixed.isEmpty else { return model.selection(form) }
    let whole = Set(model.selection(form == .leaves ? .leaves : .all)).subtracting(mixed)
    return model.order.filter { node in
      whole.contains(node)
        && (form != .topmost || model.parent[node].map { !whole.contains($0) } ?? true)
    }
  }

  /// The decision paths of `unknown` that lie below no unloaded node: those a lazy tree reports.
  func pathsNamingNoNode(_ unknown: [[String]]) -> [[String]] {
    let prefixes = unloaded.map(state.tree.labelPath)
    return unknown.filter { path in
      !prefixes.contains { path.count > $0.count && path.starts(with: $0, by: ContractLabel.same) }
    }
  }

  /// A spec of up to four decisions: on nodes of the tree, on nodes below its unloaded nodes that
  /// their loads will bring (one or two levels down), and on paths no node has.
  func randomSpec(_ catalogue: Catalogue, _ generator: inout SeededGenerator) -> SelectionSpec {
    let model = state.tree
    var decisions: [SelectionSpec.Decision] = []
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      var path: [String]
      var isIncluded = Bool.random(using: &generator)
      let roll = Int.random(in: 0..<10, using: &generator)
      // Below unloaded nodes, mostly writable ones and mostly against their values (what shows).
      let writable = unloaded.filter { !model.keepsValue($0) }
      if roll < 6,
        let below = (writable.isEmpty || roll == 0 ? unloaded : writable).sorted().randomElement(
          using: &generator)
      {
        let child = catalogue.children(of: below).randomElement(using: &generator)!.id
        path = model.labelPath(below) + [ContractLabel.text(child)]
        if child == catalogue.unloadedChild(of: below), Bool.random(using: &generator) {
          path.append(
            ContractLabel.text(catalogue.children(of: child).randomElement(using: &generator)!.id))
        }
        if roll < 4 { isIncluded = !model.value[below]! }
      } else if roll < 9, let node = model.order.randomElement(using: &generator) {
        path = model.labelPath(node)
      } else {
        path = (model.order.randomElement(using: &generator).map(model.labelPath) ?? []) + ["gone"]
      }
      decisions.append(.init(path, isIncluded: isIncluded))
    }
    // A third keep rules beside the decisions: unanchored ones, or one anchored two names deep.
    guard Int.random(in: 0..<3, using: &generator) == 0 else { return SelectionSpec(decisions) }
    return SelectionSpec(decisions, rules: Self.ruleFiles.randomElement(using: &generator))
  }

  /// The contract's rule files, and one whose only exclude reaches below one folder alone.
  static let ruleFiles = ContractOperation.ruleFiles + [try! FilterRules(rsyncFilter: "- /n1/n0\n")]

  /// Loads the unloaded nodes among `roots` — and, `deep`, what their children name unloaded — in
  /// one reload.
  mutating func loadAll(
    _ roots: Set<Int>, _ catalogue: Catalogue, deep: Bool = true, within read: Set<Int>? = nil
  ) {
    var filled: [Int] = []
    var pending = Array(roots.filter(unloaded.contains)).sorted()
    var seen = Set(pending)
    while let next = pending.popLast() {
      filled.append(next)
      if deep, let inner = catalogue.unloadedChild(of: next), read?.contains(inner) ?? true,
        seen.insert(inner).inserted
      {
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
  "LazyTree against the app's reference: loads, loadAll and loading selections, specs restored below unloaded nodes, interleaved with reloads and derived attributes"
)
struct LazyTreeContractTests {
  @Test(
    "seeded runs of loads, loadAll, selections that load or do not, specs restored below unloaded nodes, tree operations, reloads and derivations match the reference after every step, nodes shown mixed by decisions below unloaded ones included",
    arguments: 0..<Tier.size(fast: 4, long: 10))
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
      // Sets in order: the seed alone decides the run.
      unloaded: Set(leaves.sorted().filter { _ in Bool.random(using: &generator) }))
    var reference = LazyReference(
      state: AppState(tree: ContractModel(data: data, options: options)), noted: lazy.unloaded)
    var trail: [String] = []
    // A read of every unloaded node in steps (as the explorer reads between keys), filled now and
    // then, interleaved with everything else.
    var stepRead: LazyTree<Int>.StepRead? = nil
    var stepReads = 0
    var stepReadsStarted = 0
    for step in 0..<Tier.size(fast: 150, long: 400) {
      let nodes = reference.state.tree.order
      let node =
        Int.random(in: 0..<30, using: &generator) == 0
        ? 1_000_000 : nodes.randomElement(using: &generator) ?? 0
      let unloadedNode = reference.unloaded.sorted().randomElement(using: &generator) ?? node
      let roll = Int.random(in: 0..<100, using: &generator)
      switch roll {
      case 0..<35:
        var operation = ContractOperation.alphabet(nodes: [node]).randomElement(
          using: &generator)!
        // Now and then a click on a node drawn mixed by decisions below unloaded nodes.
        if roll < 30,
          let drawn = reference.mixedByDecisions.sorted().randomElement(using: &generator)
        {
          operation = .toggle(drawn)
        }
        trail.append("\(operation)")
        switch try operation.applyStructural(to: &lazy.tree, stripped: reference.state.stripped) {
        case .reloaded(let data, let newChildren):
          reference.state.reload(from: data, newChildren: newChildren)
        case .refused: break
        case .none:
          var plain = reference.state.tree
          if case .toggle(let clicked) = operation, reference.mixedByDecisions.contains(clicked) {
            // A node drawn mixed by decisions below unloaded nodes, clicked as a view clicks it:
            // what a click on a mixed node writes.
            let expected = plain.write(plain.options.mixedTogglesTo.isOn, from: clicked)
            let outcome = try lazy.toggle(clicked)
            trail.append("(drawn mixed)")
            #expect(outcome == expected, "\(trail.suffix(5))")
          } else {
            let (outcome, expected) = try operation.apply(to: &lazy.tree, &plain)
            #expect(outcome == expected, "\(trail.suffix(5))")
          }
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
      case 45..<60:
        trail.append("load n\(unloadedNode)")
        try lazy.load(unloadedNode, using: catalogue.load)
        reference.loadAll([unloadedNode], catalogue, deep: false)
      case 60..<65 where stepRead == nil:
        trail.append("step read started")
        stepRead = lazy.stepRead()
        if !stepRead!.isDone { stepReadsStarted += 1 }
      case 60..<65:
        let steps = Int.random(in: 1...3, using: &generator)
        trail.append("step read: \(steps) steps")
        for _ in 0..<steps { try stepRead!.step(using: catalogue.load) }
        if Bool.random(using: &generator) {
          let read = Set(stepRead!.loaded.keys)
          trail.append("filled \(read.sorted())")
          if !read.isEmpty { stepReads += 1 }
          try lazy.fill(&stepRead!)
          #expect(stepRead!.loaded.isEmpty && stepRead!.count.waiting == 0)
          reference.loadAll(read, catalogue, within: read)
          if stepRead!.isDone { stepRead = nil }
        } else if stepRead!.isDone && stepRead!.loaded.isEmpty {
          stepRead = nil
        }
      case 65..<66:
        let under: Int? = Bool.random(using: &generator) ? nil : node
        trail.append("load all under \(under.map { "n\($0)" } ?? "everything")")
        try lazy.loadAll(under: under, using: catalogue.load)
        let tree = reference.state.tree
        reference.loadAll(
          reference.unloaded.filter {
            under == nil || $0 == under || tree.ancestors($0).contains(under!)
          }, catalogue)
      case 66..<74:
        trail.append("selection leaves, loading")
        let selection = try lazy.selection(.leaves, unloaded: .loaded, using: catalogue.load)
        let tree = reference.state.tree
        let mixed = reference.mixedByDecisions
        reference.loadAll(
          reference.unloaded.filter { tree.state($0) == .on || mixed.contains($0) }, catalogue)
        #expect(selection == reference.selection(.leaves), "\(trail.suffix(5))")
      case 74..<84:
        // A leaf whose children were never read (or were removed since): loads drain the
        // unloaded nodes, and decisions below them need some.
        // Mostly writable ones: derivations lock many nodes, and a locked node is never mixed.
        let model = reference.state.tree
        let writable = Bool.random(using: &generator)
        // Not one whose load would bring a node the tree has (an edit moved it out).
        let leaves = nodes.filter {
          model.isLeaf($0) && (!writable || !model.keepsValue($0))
            && !catalogue.made(below: $0).contains(where: model.contains)
        }.shuffled(using: &generator)
        for leaf in leaves.prefix(Int.random(in: 1...3, using: &generator)) {
          trail.append("n\(leaf) unloaded")
          lazy.markUnloaded(leaf)
          reference.noted.insert(leaf)
        }
      case 84..<93:
        let spec = reference.randomSpec(catalogue, &generator)
        trail.append("restore \(spec.text.debugDescription)")
        let result = lazy.setSelection(to: spec)
        let (changed, unknown, conflicts) = reference.state.tree.setSelection(to: spec)
        #expect(
          result.changed == changed
            && result.unknownPaths.map(ContractLabel.key)
              == reference.pathsNamingNoNode(unknown).map(ContractLabel.key)
            && result.conflicts.reduce(0) { $0 + $1.count } == conflicts, "\(trail.suffix(5))")
      default:
        let form = SelectionForm.allCases.randomElement(using: &generator)!
        trail.append("selection \(form), as units")
        let selection = try lazy.selection(form)
        #expect(selection == reference.selection(form), "\(trail.suffix(5))")
      }
      lazy.tree.checkInvariants()
      guard ContractView(lazy.tree) == ContractView(reference.state.tree),
        lazy.unloaded == reference.unloaded,
        lazy.mixedByDecisions == reference.mixedByDecisions
      else {
        Issue.record(
          """
          seed \(seed) step \(step) after \(trail.suffix(6).joined(separator: "; ")):
            tree      \(ContractView(lazy.tree)) unloaded \(lazy.unloaded.sorted()) \
          mixed \(lazy.mixedByDecisions.sorted())
            reference \(ContractView(reference.state.tree)) unloaded \(reference.unloaded.sorted()) \
          mixed \(reference.mixedByDecisions.sorted())
          """)
        return
      }
    }
    // A read under way at the end is filled too, and must agree.
    if var read = stepRead, !read.loaded.isEmpty {
      let keys = Set(read.loaded.keys)
      try lazy.fill(&read)
      reference.loadAll(keys, catalogue, within: keys)
      #expect(ContractView(lazy.tree) == ContractView(reference.state.tree))
      #expect(lazy.unloaded == reference.unloaded)
      stepReads += 1
    }
    #expect(stepReads > 0 || stepReadsStarted == 0, "a step read filled what it read")
  }
}
