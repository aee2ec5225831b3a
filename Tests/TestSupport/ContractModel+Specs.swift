import ToggleKit

extension ContractModel {
  /// The labels from the root to the node.
  func labelPath(_ id: Int) -> [String] {
    (ancestors(id).reversed() + [id]).map { ContractLabel.text(labelNumber($0)) }
  }

  /// The nodes whose values a spec decides: leaves when parents derive, every node otherwise.
  var specCarriers: [Int] { options.propagation.up ? order.filter(isLeaf) : order }

  /// Whether a spec selects a node, asked by its path (and, for the rules, whether it has
  /// children).
  func isSelected(_ id: Int, by spec: SelectionSpec) -> Bool {
    spec.isSelected(labelPath(id), isFolder: !isLeaf(id))
  }

  /// Whether a node keeps its value whatever a spec says: locked, or disabled.
  func keepsValue(_ id: Int) -> Bool { locked[id]! || isDisabled(id) }

  /// Makes the tree's spec, checks it the naive way and keeps it; false when it is wrong.
  ///
  /// Every node it decides follows its nearest decision (with `.decisions`, every node that does
  /// not keep its value); `.paths` keeps no rules; its exports select every leaf as it does. A
  /// tree that refuses must have siblings that share the path it names.
  mutating func saveSpec(of tree: SelectionTree<Int>, _ coverage: SpecCoverage) -> Bool {
    do {
      let spec = try tree.selectionSpec(coverage)
      let decided = specCarriers.filter { coverage != .decisions || !keepsValue($0) }
      guard decided.allSatisfy({ isSelected($0, by: spec) == value[$0]! }), spec.isMinimal,
        coverage != .paths || spec.rules == nil, exportsSelectTheLeaves(spec)
      else { return false }
      savedSpec = spec
      return true
    } catch {
      guard case .sharedLabelPath(let path) = error else { return false }
      return order.filter { ContractLabel.samePath(labelPath($0), path) }.count > 1
    }
  }

  /// Whether the spec's rsync filter and gitignore patterns (those of its rules' language when it
  /// keeps rules), read back as rsync and git read them, select every leaf as the spec does.
  ///
  /// A tree of more than 64 leaves is asked about 64 of them, spread over its order, and 64 of
  /// those a decision is on or right above: what an export could get wrong is near its decisions.
  func exportsSelectTheLeaves(_ spec: SelectionSpec) -> Bool {
    var readers: [FilterRules] = []
    do {
      if spec.rules?.dialect != .gitignore {
        readers.append(try FilterRules(rsyncFilter: try spec.rsyncFilter()))
      }
      if spec.rules?.dialect != .rsync {
        readers.append(FilterRules(gitignore: try spec.gitignore()))
      }
    } catch {
      return false
    }
    /// 64 of `nodes` at the most, spread over them.
    func spread(_ nodes: [Int]) -> [Int] {
      nodes.enumerated().filter { $0.offset % max(1, nodes.count / 64) == 0 }.map(\.element)
    }
    let leaves = order.filter(isLeaf)
    let probed =
      leaves.count <= 64
      ? leaves
      : spread(leaves)
        + spread(
          leaves.filter {
            let path = labelPath($0)
            return spec.decision(at: path) != nil
              || spec.decision(at: Array(path.dropLast())) != nil
          })
    return readers.allSatisfy { read in
      probed.allSatisfy {
        read.isSelected(labelPath($0), isFolder: false) == isSelected($0, by: spec)
      }
    }
  }

  /// The spec that follows a filter file's rules, the plain way: a decision on every node, its
  /// verdict asked of the rules with its whole path (a node with children is a folder); nil when
  /// nodes that share a path get different verdicts.
  func spec(following rules: FilterRules) -> SelectionSpec? {
    var verdicts: [[[UInt8]]: Bool] = [:]
    var decisions: [SelectionSpec.Decision] = []
    for node in order {
      let path = labelPath(node)
      let verdict = rules.isSelected(path, isFolder: !isLeaf(node))
      if let other = verdicts.updateValue(verdict, forKey: ContractLabel.key(path)),
        other != verdict
      {
        return nil
      }
      decisions.append(.init(path, isIncluded: verdict))
    }
    return SelectionSpec(decisions)
  }

  /// Sets every node a spec decides that does not keep its value to its nearest decision; returns
  /// how many changed, the decisions' paths no node has and how many nodes kept another value.
  mutating func setSelection(
    to spec: SelectionSpec
  ) -> (changed: Int, unknown: [[String]], conflicts: Int) {
    var changed = 0
    var conflicts = 0
    for member in specCarriers {
      let wanted = isSelected(member, by: spec)
      if keepsValue(member) {
        if value[member]! != wanted { conflicts += 1 }
      } else if value[member]! != wanted {
        value[member] = wanted
        changed += 1
      }
    }
    keptSpec = spec.minimized()
    let paths = Set(order.map { ContractLabel.key(labelPath($0)) })
    return (
      changed, spec.decisions.map(\.path).filter { !paths.contains(ContractLabel.key($0)) },
      conflicts
    )
  }

  /// Records a click's value on `id` in the kept decisions, the plain way.
  ///
  /// The decisions on and below the node's path give way to the value when the click writes its
  /// subtree (parents write down, or a leaf); under `.independent` the node's path takes the value
  /// and each child's path what it followed before; a parent's click under `.upOnly` writes
  /// nothing and decides nothing; then the spec is minimized. (That the nodes follow the result,
  /// the views check.) A click that writes no node a spec decides and that keeps no value of its
  /// own decides nothing (a disabled node's, a locked leaf's, an all-locked folder's); a click a
  /// filter keeps from hidden nodes below, or on a path other nodes share, or an independent
  /// parent's click where kept rules decide below its children, gives the decisions up.
  mutating func keepDecision(_ value: Bool, at id: Int) {
    let written = options.propagation.down || isLeaf(id) ? subtree(id) : [id]
    guard var kept = keptSpec, contains(id), !isDisabled(id),
      written.contains(where: { (!options.propagation.up || isLeaf($0)) && !keepsValue($0) })
    else { return }
    if filter != nil && options.filterScope == .visible && subtree(id).contains(where: isHidden) {
      keptSpec = nil
      return
    }
    let path = labelPath(id)
    if order.filter({ ContractLabel.samePath(labelPath($0), path) }).count > 1 {
      keptSpec = nil
      return
    }
    if options.propagation.down || isLeaf(id) {
      for decision in kept.decisions
      where decision.path.starts(with: path, by: ContractLabel.same) {
        kept.removeDecision(at: decision.path)
      }
      kept.setDecision(value, at: path)
    } else if options.propagation.up {
      return
    } else {
      // Rules deciding below a child: a decision on the child would override them there.
      if kept.rules != nil, kept.nearestDecision(for: path) == nil,
        children[id]!.contains(where: { !isLeaf($0) })
      {
        keptSpec = nil
        return
      }
      let held = children[id]!.map { (labelPath($0), isSelected($0, by: kept)) }
      kept.setDecision(value, at: path)
      for (childPath, old) in held { kept.setDecision(old, at: childPath) }
    }
    keptSpec = kept.minimized()
  }

  /// Sets every node that does not keep its value to its kept decision.
  mutating func followKeptSpec() {
    guard let keptSpec else { return }
    for member in specCarriers where !keepsValue(member) {
      value[member] = isSelected(member, by: keptSpec)
    }
  }
}
