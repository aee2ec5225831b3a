import ToggleKit

/// A naive selection tree, the way most checkbox trees are written.
///
/// Every node holds a value, a lock flag and a disabled flag, and every answer is computed by
/// walking the tree. It knows
/// nothing of preorder ranges or segment trees; it is the specification the engine is checked
/// against.
struct TreeOracle {
  var parent: [Int]
  var children: [[Int]]
  /// Each node's subtree (itself first, preorder) and the leaves in it: the shape never changes.
  let subtrees: [[Int]]
  let leafLists: [[Int]]
  let preorder: [Int]
  var value: [Bool]
  var locked: [Bool]
  var disabledItself: [Bool]
  /// Nodes a filter matches (nil: no filter); hidden nodes are the others that match nothing below.
  var matches: Set<Int>? = nil
  var options: SelectionTree<Int>.Options

  /// A tree of `parent.count` nodes (node 0 … n-1; `parent[i]` is -1 for a root).
  init(parent: [Int], options: SelectionTree<Int>.Options = .init()) {
    self.parent = parent
    children = Array(repeating: [], count: parent.count)
    for (node, p) in parent.enumerated() where p >= 0 { children[p].append(node) }
    var subtrees: [[Int]] = []
    for node in 0..<parent.count {
      var result: [Int] = []
      var stack = [node]
      while let current = stack.popLast() {
        result.append(current)
        stack.append(contentsOf: children[current].reversed())
      }
      subtrees.append(result)
    }
    self.subtrees = subtrees
    let children = children
    leafLists = subtrees.map { $0.filter { children[$0].isEmpty } }
    preorder = (0..<parent.count).filter { parent[$0] < 0 }.flatMap { subtrees[$0] }
    value = Array(repeating: false, count: parent.count)
    locked = value
    disabledItself = value
    self.options = options
  }

  var count: Int { parent.count }
  var roots: [Int] { (0..<count).filter { parent[$0] < 0 } }
  func isLeaf(_ node: Int) -> Bool { children[node].isEmpty }

  /// Whether the filter hides the node: a filter is set and neither it nor a descendant matches.
  func isHidden(_ node: Int) -> Bool {
    guard let matches else { return false }
    return !subtree(node).contains { matches.contains($0) }
  }

  func isDisabled(_ node: Int) -> Bool {
    var current = node
    while current >= 0 {
      if disabledItself[current] { return true }
      current = parent[current]
    }
    return false
  }

  func subtree(_ node: Int) -> [Int] { subtrees[node] }

  func leaves(_ node: Int) -> [Int] { leafLists[node] }

  /// The nodes holding values that a write from `node` addresses.
  func addressed(_ node: Int) -> [Int] {
    let propagation = options.propagation
    if propagation.down { return propagation.up ? leaves(node) : subtree(node) }
    if propagation.up && !isLeaf(node) { return [] }
    return [node]
  }

  /// The nodes whose values count toward `node`'s summary.
  func counted(_ node: Int) -> [Int] { options.propagation.up ? leaves(node) : subtree(node) }

  /// Whether a write from `source` may change `node`.
  func isWritable(_ node: Int, from source: Int) -> Bool {
    if isDisabled(source) || locked[node] { return false }
    if isHidden(node) && options.filterScope == .visible { return false }
    return !isDisabled(node) || options.cascadesIntoDisabled
  }

  func summary(_ node: Int) -> ToggleSummary {
    var summary = ToggleSummary()
    for member in counted(node) {
      switch (isWritable(member, from: node), value[member]) {
      case (true, true): summary.writableOn += 1
      case (true, false): summary.writableOff += 1
      case (false, true): summary.lockedOn += 1
      case (false, false): summary.lockedOff += 1
      }
      if value[member] && isHidden(member) { summary.hiddenOn += 1 }
    }
    return summary
  }

  func state(_ node: Int) -> ToggleState {
    if !options.propagation.up || isLeaf(node) { return value[node] ? .on : .off }
    let all = leaves(node)
    let writable = all.filter { isWritable($0, from: node) }
    let considered =
      options.lockedSources == .excluded && !writable.isEmpty ? writable : all
    if considered.allSatisfy({ value[$0] }) { return .on }
    if considered.allSatisfy({ !value[$0] }) { return .off }
    return .mixed
  }

  func isLocked(_ node: Int) -> Bool {
    if !options.propagation.up || isLeaf(node) { return locked[node] }
    if isDisabled(node) { return leaves(node).allSatisfy { locked[$0] } }
    return !leaves(node).contains { isWritable($0, from: node) }
  }

  mutating func write(_ newValue: Bool, from node: Int) -> ToggleOutcome {
    var outcome = ToggleOutcome()
    for member in addressed(node) where value[member] != newValue {
      if isWritable(member, from: node) {
        value[member] = newValue
        outcome.changed += 1
      } else {
        outcome.blocked += 1
      }
    }
    return outcome
  }

  mutating func toggle(_ node: Int) -> ToggleOutcome {
    let target: Bool =
      switch state(node) {
      case .on: false
      case .off: true
      case .mixed: options.mixedTogglesTo == .on
      }
    return write(target, from: node)
  }

  mutating func writeAll(_ newValue: Bool) -> ToggleOutcome {
    var outcome = ToggleOutcome()
    let members = options.propagation.up ? (0..<count).filter(isLeaf) : Array(0..<count)
    for member in members where value[member] != newValue {
      let reachable = !isHidden(member) || options.filterScope == .all
      if !locked[member] && (!isDisabled(member) || options.cascadesIntoDisabled) && reachable {
        value[member] = newValue
        outcome.changed += 1
      } else {
        outcome.blocked += 1
      }
    }
    return outcome
  }

  mutating func lock(_ node: Int, _ lock: NodeLock) {
    for member in subtree(node) {
      switch lock {
      case .none: locked[member] = false
      case .on:
        locked[member] = true
        value[member] = true
      case .off:
        locked[member] = true
        value[member] = false
      case .current: locked[member] = true
      }
    }
  }

  func selection(_ form: SelectionForm, states: [ToggleState]? = nil) -> [Int] {
    let states = states ?? (0..<count).map(state)
    return preorder.filter { node in
      let isOn = states[node] == .on
      switch form {
      case .leaves: return isLeaf(node) && isOn
      case .all: return isOn
      case .topmost: return isOn && (parent[node] < 0 || states[parent[node]] != .on)
      }
    }
  }

  func mixedNodes() -> [Int] { preorder.filter { state($0) == .mixed } }
}
