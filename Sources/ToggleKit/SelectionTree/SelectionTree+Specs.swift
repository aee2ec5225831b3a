/// Which nodes a spec made from a tree decides.
///
/// ```swift
/// try tree.selectionSpec()              // what the user decided
/// try tree.selectionSpec(.selection)    // exactly what is selected, for rsync or git
/// try tree.selectionSpec(.paths)        // exactly what is selected, by today's paths alone
/// ```
public enum SpecCoverage: String, Hashable, Sendable, CaseIterable, Codable {
  /// The user's decisions: locked and disabled nodes follow their own rules and get none.
  case decisions
  /// Exactly what is selected (locked nodes too), with kept rules that decide it: rsync, git.
  case selection
  /// Exactly what is selected, by today's paths alone (no rules): restic, borg, sparse checkouts.
  case paths
}

/// What ``SelectionTree/setSelection(to:)->_`` could not do.
///
/// ```swift
/// let result = tree.setSelection(to: spec)
/// result.unknownPaths   // [["usr", "gone"]]: decisions no node has
/// result.conflicts      // locked or disabled nodes that kept another value
/// ```
public struct SpecApplication: Hashable, Sendable, Codable {
  /// How many nodes took a new value (leaves, when parents derive).
  public var changed = 0
  /// The decisions' paths that name no node of the tree, in the spec's order.
  public var unknownPaths: [[String]] = []
  /// Where locked or disabled nodes kept another value, by the decision that covers them.
  public var conflicts: [SpecConflict] = []

  /// Whether every decision found its node and every node took its value.
  public var isComplete: Bool { unknownPaths.isEmpty && conflicts.isEmpty }
}

/// Nodes under one decision that kept another value: locked, or disabled.
public struct SpecConflict: Hashable, Sendable, Codable {
  /// The decision's path; empty for the nodes outside every decision (which the spec leaves out).
  public var path: [String]
  /// What the decision gives.
  public var isIncluded: Bool
  /// How many nodes under it (leaves, when parents derive) kept the other value.
  public var count: Int
}

extension SelectionTree {
  /// The nodes whose values a spec decides: leaves when parents derive, every node otherwise.
  var specCarriers: StateSet { options.propagation.up ? StateSet.leaves : StateSet.all }

  /// The minimal spec that gives the tree's selection: the fewest decisions, each as high in the
  /// tree as a tie allows (so that new nodes below follow it).
  ///
  /// ```swift
  /// var tree = try SelectionTree(paths: ["a/x", "a/y", "a/z", "b"])
  /// try tree.set("a", to: true)
  /// try tree.set("a/z", to: false)
  /// try tree.selectionSpec().text   // "+ a\n- a/z\n"
  /// ```
  ///
  /// Each node selected follows the nearest decision on itself or an ancestor; with
  /// ``SpecCoverage/decisions`` a locked or disabled node is not a decision and may differ.
  /// While the tree follows the decisions it keeps (``keptDecisions``), those are the spec (with
  /// ``SpecCoverage/selection``, when no locked or disabled node differs from them; with
  /// ``SpecCoverage/paths``, when they keep no rules): a restored spec saves back as it was,
  /// decisions of nodes gone included.
  /// - Parameter coverage: Whether locked and disabled nodes are decided too, and whether kept
  ///   rules may decide.
  /// - Returns: The spec, its decisions in path order.
  /// - Throws: ``SelectionSpecError/sharedLabelPath(_:)`` when siblings share a label but not
  ///   their selection.
  /// - Complexity: O((m + c) log n) for m mixed nodes and c children of theirs — never a walk of
  ///   the uniform subtrees, which are most of a tree whose selection is a few decisions.
  public func selectionSpec(
    _ coverage: SpecCoverage = .decisions
  ) throws(SelectionSpecError) -> SelectionSpec {
    // The kept decisions, while the tree follows them (every node they decide; exactly, locked
    // and disabled ones too, but for `.decisions`).
    if let keptSpec, coverage != .paths || keptSpec.rules == nil {
      let (result, _) = measure(keptSpec)
      if result.changed == 0 && (coverage == .decisions || result.conflicts.isEmpty) {
        return keptSpec
      }
    }
    let considered =
      coverage == .decisions ? specCarriers & StateSet.unlocked & StateSet.enabled : specCarriers
    let carriesOwnValue = !options.propagation.up
    // The nodes visited: the mixed ones and their children, breadth first; visit 0 stands for a
    // parent of the roots that selects nothing.
    var visits: [_SpecVisit] = [_SpecVisit(position: -1, parent: -1, kind: .mixed(forced: false))]
    var next = 0
    while next < visits.count {
      defer { next += 1 }
      guard case .mixed = visits[next].kind else { continue }
      let parentPosition = visits[next].position
      let children = structure.children(of: parentPosition < 0 ? nil : parentPosition)
      let first = visits.count
      var labels = Set<String>(minimumCapacity: children.count)
      var shared = false
      for child in children {
        let counts = states.counts(in: structure.range(of: child))
        let total = counts.sum(over: considered)
        let selected = counts.sum(over: considered & StateSet.selected)
        let kind: _SpecVisit.Kind
        if total == 0 {
          kind = .empty
        } else if selected == total {
          kind = .uniform(true)
        } else if selected == 0 {
          kind = .uniform(false)
        } else {
          let own = states.state(at: child)
          kind = .mixed(
            forced: carriesOwnValue && considered.contains(own)
              ? own & NodeBits.selected != 0 : nil)
        }
        // Labels that Swift calls equal are checked by their bytes below.
        if !labels.insert(structure.label(at: child)).inserted { shared = true }
        visits.append(_SpecVisit(position: child, parent: next, kind: kind))
      }
      if shared {
        let siblings = visits[first...]
        // By bytes: labels that differ only in their Unicode normalisation are two paths.
        let groups = Dictionary(grouping: siblings) { Array(structure.label(at: $0.position).utf8) }
        for group in groups.values where group.count > 1 {
          try _checkSharedLabels(Array(group))
        }
      }
    }
    // Costs, children before parents.
    for index in visits.indices.reversed() {
      visits[index].settleCosts()
      let parent = visits[index].parent
      if parent >= 0 {
        visits[parent].sumOn += visits[index].costOn
        visits[parent].sumOff += visits[index].costOff
      }
    }
    // Values, parents before children; a decision where a node's value differs from its parent's.
    var values = [Bool](repeating: false, count: visits.count)
    var decisions: [SelectionSpec.Decision] = []
    for index in visits.indices.dropFirst() {
      let inherited = values[visits[index].parent]
      let value = visits[index].value(inheriting: inherited)
      values[index] = value
      if value != inherited {
        decisions.append(
          SelectionSpec.Decision(
            labelPath(at: visits[index].position),
            isIncluded: value))
      }
    }
    return SelectionSpec(decisions)
  }

  /// Throws unless siblings that share a label all agree: uniform alike (or empty).
  private func _checkSharedLabels(_ group: [_SpecVisit]) throws(SelectionSpecError) {
    var byBytes: [[UInt8]: _SpecVisit.Kind] = [:]
    for visit in group {
      let bytes = Array(structure.label(at: visit.position).utf8)
      let kind = visit.kind
      if case .mixed = kind { throw .sharedLabelPath(labelPath(at: visit.position)) }
      guard kind != .empty else { continue }
      if let seen = byBytes[bytes], seen != kind {
        throw .sharedLabelPath(labelPath(at: visit.position))
      }
      byBytes[bytes] = kind
    }
  }

  /// Sets the selection to a spec's: every node it decides, and every node below, takes the
  /// nearest decision; nodes outside every decision are deselected.
  ///
  /// ```swift
  /// let spec = try SelectionSpec(text: "+ Fruit\n- Fruit/Pear\n")
  /// let result = tree.setSelection(to: spec)
  /// result.isComplete   // true when every path was found and no lock stood in the way
  /// ```
  ///
  /// Locked and disabled nodes keep their values and are reported as conflicts where the spec
  /// gives another; decisions that name no node are reported, and change nothing now. A filter
  /// does not limit it: hidden nodes take their decisions too. Siblings that share a label all
  /// take a decision on their path.
  ///
  /// The tree keeps the spec's decisions (``keptDecisions``, minimized): clicks update them, the
  /// nodes that reloads, edits and loads bring follow them, and a decision whose node is gone
  /// waits for it to come back.
  /// - Returns: What could not be done.
  /// - Complexity: O(d × (k log n + c)) for d decisions of k labels, c counting the children of
  ///   the nodes their paths pass through when ids are not label paths (each folder once).
  @discardableResult
  public mutating func setSelection(to spec: SelectionSpec) -> SpecApplication {
    defer { checkInvariantsIfEnabled() }
    let result = applyDecisions(spec)
    keptSpec = spec.minimized()
    return result
  }

  /// Sets every writable node to its nearest decision (nodes outside every decision off), without
  /// keeping the decisions; reports what could not be done.
  mutating func applyDecisions(_ spec: SelectionSpec) -> SpecApplication {
    let (result, decided) = measure(spec)
    return write(decided, measured: result, in: 0..<structure.count, outer: false)
  }

  /// Sets every writable node of `scope` (the whole tree, or one subtree) to its nearest
  /// decision among `decisions`, the rules' verdict (`entries`) where none covers it, `outer`
  /// where neither does.
  mutating func applyDecisions(
    _ decisions: ArraySlice<SelectionSpec.Decision>, overlaying entries: [_RuleEntry] = [],
    in scope: Range<Int>, outer: Bool
  ) -> SpecApplication {
    let (result, decided) = measure(decisions, overlaying: entries, in: scope, outer: outer)
    return write(decided, measured: result, in: scope, outer: outer)
  }

  /// Writes the measured decisions (`decided`, in the tree's order) over `scope`, unless they
  /// change nothing.
  private mutating func write(
    _ decided: [(position: Int, value: Bool, path: [String])], measured result: SpecApplication,
    in scope: Range<Int>, outer: Bool
  ) -> SpecApplication {
    guard result.changed > 0 else { return result }
    writeDecision(outer, to: scope)
    for (position, value, _) in decided { writeDecision(value, to: structure.range(of: position)) }
    return result
  }

  /// What setting the tree to `spec` would change and could not, and the nodes its decisions
  /// name (position, value, path) in the tree's order.
  ///
  /// With rules, the nodes no decision covers take the rules' verdicts: the nodes where those
  /// differ from their parents' are named beside the decisions' own.
  func measure(
    _ spec: SelectionSpec
  ) -> (SpecApplication, [(position: Int, value: Bool, path: [String])]) {
    measure(
      spec.decisions[...], overlaying: spec.rules.map { ruleEntries($0) } ?? [],
      in: 0..<structure.count, outer: false)
  }

  /// ``measure(_:)`` of `decisions` over `scope` (the whole tree, or one subtree), the rules'
  /// `entries` deciding the nodes that no decision covers, its nodes that neither covers taking
  /// `outer`; the nodes named outside `scope` are left out.
  func measure(
    _ decisions: ArraySlice<SelectionSpec.Decision>, overlaying entries: [_RuleEntry] = [],
    in scope: Range<Int>, outer: Bool
  ) -> (SpecApplication, [(position: Int, value: Bool, path: [String])]) {
    var (unknown, named) = named(by: decisions, in: scope)
    // The rules' nodes that no decision's subtree holds (the decisions are in the tree's order).
    var next = 0
    var coveredEnd = 0
    var decided = named
    for entry in entries {
      while next < named.count, named[next].position <= entry.position {
        coveredEnd = max(coveredEnd, structure.range(of: named[next].position).upperBound)
        next += 1
      }
      if entry.position >= coveredEnd { decided.append((entry.position, entry.value, entry.path)) }
    }
    if !entries.isEmpty { decided.sort { $0.position < $1.position } }
    var (result, _) = measure(decided: decided, in: scope, outer: outer)
    swap(&result.unknownPaths, &unknown)
    return (result, decided)
  }

  /// The nodes of `scope` that `decisions` name, with their values, in the tree's order
  /// (ancestors before descendants), and the decisions' paths that name no node.
  private func named(
    by decisions: ArraySlice<SelectionSpec.Decision>, in scope: Range<Int>
  ) -> (unknown: [[String]], decided: [(position: Int, value: Bool, path: [String])]) {
    var unknown: [[String]] = []
    var finder = labelIndex()
    var decided: [(position: Int, value: Bool, path: [String])] = []
    for decision in decisions {
      let positions = finder.positions(of: decision.path)
      if positions.isEmpty { unknown.append(decision.path) }
      for position in positions where scope.contains(position) {
        decided.append((position, decision.isIncluded, decision.path))
      }
    }
    decided.sort { $0.position < $1.position }
    return (unknown, decided)
  }

  /// What setting the nodes of `scope` to `decided` (in the tree's order) would change and could
  /// not, its nodes that none of them covers taking `outer`.
  private func measure(
    decided: [(position: Int, value: Bool, path: [String])], in scope: Range<Int>, outer: Bool
  ) -> (SpecApplication, [(position: Int, value: Bool, path: [String])]) {
    let carriers = specCarriers
    let writable = StateSet.unlocked & StateSet.enabled
    var result = SpecApplication()
    // Per region (0: outside every decision), the nodes that differ from what it gives: writable
    // ones change, the others are conflicts. Counted first, so that a spec the tree already
    // follows writes nothing (and leaves the tree one value with its copies).
    let kept = carriers & ~writable
    func differing(_ range: Range<Int>, from value: Bool) -> (changes: Int, conflicts: Int) {
      let counts = states.counts(in: range)
      let other = StateSet.selected(!value)
      return (counts.sum(over: carriers & writable & other), counts.sum(over: kept & other))
    }
    var regions = [differing(scope, from: outer)]
    var open: [(end: Int, value: Bool, slot: Int)] = [(scope.upperBound, outer, 0)]
    for entry in decided {
      let range = structure.range(of: entry.position)
      while open.count > 1 && open[open.count - 1].end <= entry.position { open.removeLast() }
      let outer = open[open.count - 1]
      let inner = differing(range, from: outer.value)
      regions[outer.slot].changes -= inner.changes
      regions[outer.slot].conflicts -= inner.conflicts
      open.append((range.upperBound, entry.value, regions.count))
      regions.append(differing(range, from: entry.value))
    }
    for (slot, region) in regions.enumerated() {
      result.changed += region.changes
      guard region.conflicts > 0 else { continue }
      let entry = slot == 0 ? nil : decided[slot - 1]
      result.conflicts.append(
        SpecConflict(
          path: entry?.path ?? [], isIncluded: entry?.value ?? outer, count: region.conflicts))
    }
    return (result, decided)
  }
}

/// One node the search for a minimal spec visits, with the costs of its subtree.
struct _SpecVisit {
  enum Kind: Equatable {
    /// Nothing below it is decided by a spec (only locked or disabled nodes).
    case empty
    /// Everything below it has this value.
    case uniform(Bool)
    /// Below it are both values; `forced` is its own value when it carries one.
    case mixed(forced: Bool?)
  }

  var position: Int
  var parent: Int
  var kind: Kind
  /// The fewest decisions for its subtree when it inherits on, and off.
  var costOn = 0
  var costOff = 0
  /// The sums of its children's costs when it is on, and off.
  var sumOn = 0
  var sumOff = 0

  init(position: Int, parent: Int, kind: Kind) {
    self.position = position
    self.parent = parent
    self.kind = kind
  }

  /// Sets the costs, once the children's sums are in.
  mutating func settleCosts() {
    switch kind {
    case .empty: (costOn, costOff) = (0, 0)
    case .uniform(let value): (costOn, costOff) = value ? (0, 1) : (1, 0)
    case .mixed(let forced?):
      let own = forced ? sumOn : sumOff
      (costOn, costOff) = forced ? (own, 1 + own) : (1 + own, own)
    case .mixed(nil):
      (costOn, costOff) = (min(sumOn, 1 + sumOff), min(sumOff, 1 + sumOn))
    }
  }

  /// Its value under a parent with `inherited`: the cheaper, and on a tie the one that decides
  /// here (higher in the tree).
  func value(inheriting inherited: Bool) -> Bool {
    switch kind {
    case .empty: return inherited
    case .uniform(let value): return value
    case .mixed(let forced?): return forced
    case .mixed(nil):
      let keep = inherited ? sumOn : sumOff
      let flip = 1 + (inherited ? sumOff : sumOn)
      return flip <= keep ? !inherited : inherited
    }
  }
}
