import ToggleKit

/// The whole semantics contract (docs/contributing.md, "The semantics contract"), written the
/// naive way and keyed by id.
///
/// Locks on any node, disabling, propagation, both policies and mixed targets, filters with and
/// without matches-only in both scopes, expansion and rows, reloads, every output form, summaries
/// and configurations. It knows nothing of preorder ranges, segment trees or state bits; every answer
/// walks the nodes. Node `id` is labelled `n<id>`.
struct ContractModel {
  /// One node of tree data, as an app hands it over (the entries of `SelectionTree(entries:)`).
  struct Datum: Hashable {
    var id: Int
    var parent: Int?
    var isSelected = false
    var lock = NodeLock.none
    var isDisabled = false
    var isExpanded = false
    /// The node is labelled `n<label>` (nil: `n<id>`), as a relabel leaves it.
    var label: Int? = nil
  }

  /// Ids in preorder.
  private(set) var order: [Int] = []
  private(set) var parent: [Int: Int] = [:]
  private(set) var children: [Int: [Int]] = [:]
  var value: [Int: Bool] = [:]
  var locked: [Int: Bool] = [:]
  var disabledItself: [Int: Bool] = [:]
  var expanded: [Int: Bool] = [:]
  /// The spec `saveSpec` kept last.
  var savedSpec = SelectionSpec()
  /// The decisions the tree keeps once a spec set its selection (nil before).
  var keptSpec: SelectionSpec?
  /// Nodes labelled other than `n<id>`: `n<number>`.
  var relabelled: [Int: Int] = [:]
  /// The matching ids and whether descendants of matches stay hidden; nil without a filter.
  var filter: (matches: Set<Int>, matchesOnly: Bool)? {
    didSet { hidden = nil }
  }
  /// The nodes the filter hides, listed on first use after the filter or the shape changes.
  private var hidden: Set<Int>? = nil
  var options: SelectionTree<Int>.Options
  /// Each node's subtree (itself first, preorder) and ancestors (parent first): the shape is fixed
  /// between reloads, so they are listed once.
  private var subtrees: [Int: [Int]] = [:]
  private var ancestorLists: [Int: [Int]] = [:]
  private var leafLists: [Int: [Int]] = [:]

  /// The tree that `data` describes, as `SelectionTree(entries:options:)` builds it: a selected
  /// node selects its subtree's values (itself only when parents keep their own values), a lock
  /// locks its subtree, in preorder.
  init(data: [Datum], options: SelectionTree<Int>.Options) {
    self.options = options
    for datum in data {
      if let p = datum.parent { parent[datum.id] = p }
      children[datum.id, default: []] = children[datum.id] ?? []
      if let p = datum.parent { children[p, default: []].append(datum.id) }
      value[datum.id] = false
      locked[datum.id] = false
      disabledItself[datum.id] = datum.isDisabled
      expanded[datum.id] = datum.isExpanded
      if let label = datum.label { relabelled[datum.id] = label }
    }
    var stack = data.filter { $0.parent == nil }.map(\.id).reversed() as [Int]
    while let id = stack.popLast() {
      order.append(id)
      stack.append(contentsOf: children[id]!.reversed())
    }
    for id in order.reversed() {
      subtrees[id] = [id] + children[id]!.flatMap { subtrees[$0]! }
    }
    for id in order { ancestorLists[id] = parent[id].map { [$0] + ancestorLists[$0]! } ?? [] }
    for id in order { leafLists[id] = subtrees[id]!.filter { children[$0]!.isEmpty } }
    let byID = Dictionary(uniqueKeysWithValues: data.map { ($0.id, $0) })
    for id in order where byID[id]!.isSelected {
      for member in (options.propagation.up ? subtree(id) : [id]) { value[member] = true }
    }
    for id in order where byID[id]!.lock != .none {
      lock(id, byID[id]!.lock)
    }
  }

  var count: Int { order.count }
  func contains(_ id: Int) -> Bool { parent[id] != nil || children[id] != nil }
  func isLeaf(_ id: Int) -> Bool { children[id]!.isEmpty }
  func subtree(_ id: Int) -> [Int] { subtrees[id]! }
  func leaves(_ id: Int) -> [Int] { leafLists[id]! }
  func ancestors(_ id: Int) -> [Int] { ancestorLists[id]! }
  func depth(_ id: Int) -> Int { ancestors(id).count }

  // MARK: Reading

  func isDisabled(_ id: Int) -> Bool {
    disabledItself[id]! || ancestors(id).contains { disabledItself[$0]! }
  }

  func isHidden(_ id: Int) -> Bool {
    guard let filter else { return false }
    if let hidden { return hidden.contains(id) }
    if subtree(id).contains(where: matches) { return false }
    return filter.matchesOnly || !ancestors(id).contains(where: matches)
  }

  /// Lists the hidden nodes once, so that big trees answer `isHidden` by a lookup.
  mutating func listHiddenNodes() {
    guard filter != nil, hidden == nil else { return }
    let model = self
    hidden = Set(order.filter { model.isHidden($0) })
  }

  /// Children drawn: expanded, or under a filter a match strictly below.
  func isOpen(_ id: Int) -> Bool {
    guard filter != nil else { return expanded[id]! }
    return expanded[id]! || subtree(id).dropFirst().contains(where: matches)
  }

  /// The number in the node's label `n<number>`.
  func labelNumber(_ id: Int) -> Int { relabelled[id] ?? id }

  /// Whether the filter matches the node's label.
  func matches(_ id: Int) -> Bool { filter?.matches.contains(labelNumber(id)) == true }

  /// The rows a tree view shows, top to bottom.
  func rows() -> [Int] {
    var result: [Int] = []
    func visit(_ id: Int) {
      guard !isHidden(id) else { return }
      result.append(id)
      if isOpen(id) { children[id]!.forEach(visit) }
    }
    order.filter { parent[$0] == nil }.forEach(visit)
    return result
  }

  /// The nodes holding values that a write from `id` addresses.
  func addressed(_ id: Int) -> [Int] {
    let propagation = options.propagation
    if propagation.down { return propagation.up ? leaves(id) : subtree(id) }
    if propagation.up && !isLeaf(id) { return [] }
    return [id]
  }

  func counted(_ id: Int) -> [Int] { options.propagation.up ? leaves(id) : subtree(id) }

  func isWritable(_ member: Int, from source: Int) -> Bool {
    if isDisabled(source) || locked[member]! { return false }
    if isHidden(member) && options.filterScope == .visible { return false }
    return !isDisabled(member) || options.cascadesIntoDisabled
  }

  func summary(_ id: Int) -> ToggleSummary {
    var summary = ToggleSummary()
    for member in counted(id) {
      switch (isWritable(member, from: id), value[member]!) {
      case (true, true): summary.writableOn += 1
      case (true, false): summary.writableOff += 1
      case (false, true): summary.lockedOn += 1
      case (false, false): summary.lockedOff += 1
      }
      if value[member]! && isHidden(member) { summary.hiddenOn += 1 }
    }
    return summary
  }

  func state(_ id: Int) -> ToggleState {
    if !options.propagation.up || isLeaf(id) { return value[id]! ? .on : .off }
    let all = leaves(id)
    let writable = all.filter { isWritable($0, from: id) }
    let considered = options.lockedSources == .excluded && !writable.isEmpty ? writable : all
    if considered.allSatisfy({ value[$0]! }) { return .on }
    if considered.allSatisfy({ !value[$0]! }) { return .off }
    return .mixed
  }

  func isLocked(_ id: Int) -> Bool {
    if !options.propagation.up || isLeaf(id) { return locked[id]! }
    if isDisabled(id) { return leaves(id).allSatisfy { locked[$0]! } }
    return !leaves(id).contains { isWritable($0, from: id) }
  }

  func configuration(_ id: Int) -> ToggleConfiguration {
    ToggleConfiguration(
      label: ContractLabel.text(labelNumber(id)), state: state(id), isEnabled: !isDisabled(id),
      isLocked: isLocked(id),
      isExpanded: expanded[id]!, depth: depth(id), hasChildren: !isLeaf(id))
  }

  /// Selected in an output: every leaf below selected (when parents derive), or its own value.
  func isFullySelected(_ id: Int) -> Bool {
    options.propagation.up ? leaves(id).allSatisfy { value[$0]! } : value[id]!
  }

  func selection(_ form: SelectionForm) -> [Int] {
    order.filter { id in
      switch form {
      case .leaves: isLeaf(id) && isFullySelected(id)
      case .all: isFullySelected(id)
      case .topmost: isFullySelected(id) && !(parent[id].map(isFullySelected) ?? false)
      }
    }
  }

  func mixedNodes() -> [Int] { order.filter { state($0) == .mixed } }

  // MARK: Writing

  mutating func write(_ newValue: Bool, from id: Int) -> ToggleOutcome {
    defer { keepDecision(newValue, at: id) }
    var outcome = ToggleOutcome()
    for member in addressed(id) where value[member]! != newValue {
      if isWritable(member, from: id) {
        value[member] = newValue
        outcome.changed += 1
      } else {
        outcome.blocked += 1
      }
    }
    return outcome
  }

  mutating func toggle(_ id: Int) -> ToggleOutcome {
    let target =
      switch state(id) {
      case .on: false
      case .off: true
      case .mixed: options.mixedTogglesTo == .on
      }
    return write(target, from: id)
  }

  mutating func writeAll(_ newValue: Bool) -> ToggleOutcome {
    if filter != nil && options.filterScope == .visible && order.contains(where: isHidden) {
      keptSpec = nil
    } else if let kept = keptSpec {
      // Every root decided; with rules even when off (the rules would decide them otherwise).
      keptSpec = SelectionSpec(
        order.filter { parent[$0] == nil }.map { .init(labelPath($0), isIncluded: newValue) },
        rules: kept.rules
      ).minimized()
    }
    var outcome = ToggleOutcome()
    let members = options.propagation.up ? order.filter(isLeaf) : order
    for member in members where value[member]! != newValue {
      let reachable = !isHidden(member) || options.filterScope == .all
      if !locked[member]! && (!isDisabled(member) || options.cascadesIntoDisabled) && reachable {
        value[member] = newValue
        outcome.changed += 1
      } else {
        outcome.blocked += 1
      }
    }
    return outcome
  }

  mutating func lock(_ id: Int, _ kind: NodeLock) {
    for member in subtree(id) {
      switch kind {
      case .none: locked[member] = false
      case .on, .off:
        locked[member] = true
        value[member] = kind == .on
      case .current: locked[member] = true
      }
    }
  }

  /// Restores a saved selection: listed nodes (and, when parents derive, everything below them).
  mutating func setSelection(_ ids: [Int]) -> (ToggleOutcome, [Int]) {
    keptSpec = nil
    let known = ids.filter(contains)
    let unknown = ids.filter { !contains($0) }
    var outcome = ToggleOutcome()
    let up = options.propagation.up
    for member in order where !up || isLeaf(member) {
      let wanted = known.contains { $0 == member || (up && ancestors(member).contains($0)) }
      guard value[member]! != wanted else { continue }
      if !locked[member]! && (!isDisabled(member) || options.cascadesIntoDisabled) {
        value[member] = wanted
        outcome.changed += 1
      } else {
        outcome.blocked += 1
      }
    }
    return (outcome, unknown)
  }

  /// Replaces the data, as `reload(from:newChildren:)` must: survivors keep values, locks and
  /// expansion; a lock the data carries wins; new nodes inherit the lock of their nearest
  /// surviving ancestor (at the value it showed) and, under `.inheritFullySelectedParent`, new
  /// leaves the selection of one that showed on — unless the data selects or locks them itself.
  ///
  /// `shown` is the tree whose states the nodes showed (by default this one; a tree with derived
  /// attributes shows what they make of its data).
  ///
  /// The nodes then follow the kept decisions, unless `follows` is false (a caller that derives
  /// attributes first follows them after).
  mutating func reload(
    from data: [Datum], newChildren: NewChildren, shown: ContractModel? = nil, follows: Bool = true
  ) {
    let old = self
    let shows = shown ?? self
    var fresh = ContractModel(data: data, options: options)
    let dataLocked = fresh.locked
    for id in fresh.order {
      if old.contains(id) {
        if !dataLocked[id]! {
          var carried = old.value[id]!
          if fresh.isLeaf(id) && !old.isLeaf(id) && old.options.propagation.up {
            carried = shows.state(id) == .on
          }
          fresh.value[id] = carried
          fresh.locked[id] = old.locked[id]!
        }
        fresh.expanded[id] = old.expanded[id]!
        continue
      }
      guard !dataLocked[id]! else { continue }
      guard let survivor = fresh.ancestors(id).first(where: old.contains) else { continue }
      if old.locked[survivor]! && !dataLocked[survivor]! {
        fresh.locked[id] = true
        fresh.value[id] = fresh.value[id]! || shows.state(survivor) == .on
      } else if newChildren == .inheritFullySelectedParent && fresh.isLeaf(id)
        && shows.state(survivor) == .on
      {
        fresh.value[id] = true
      }
    }
    fresh.filter = old.filter
    fresh.savedSpec = old.savedSpec
    fresh.keptSpec = old.keptSpec
    self = fresh
    if follows { followKeptSpec() }
  }
}

extension ContractModel {
  /// A tree of `parent.count` nodes given in preorder (node i's parent is `parent[i]`, -1 for a
  /// root), every value off, nothing locked or disabled: the positional form the older
  /// exhaustive suites enumerate.
  init(parent: [Int], options: SelectionTree<Int>.Options = .init()) {
    self.init(
      data: parent.enumerated().map { Datum(id: $0, parent: $1 < 0 ? nil : $1) },
      options: options)
  }

  /// Ids in preorder.
  var preorder: [Int] { order }

  /// The node's parent, or -1 for a root.
  func parentIndex(_ id: Int) -> Int { parent[id] ?? -1 }

  /// The matching ids of a filter that brings matches' contents; nil without a filter.
  var matches: Set<Int>? {
    get { filter?.matches }
    set { filter = newValue.map { ($0, filter?.matchesOnly ?? false) } }
  }

  /// The data that describes the model's current shape and disabling, for building reloads.
  var currentData: [Datum] {
    order.map {
      Datum(id: $0, parent: parent[$0], isDisabled: disabledItself[$0]!, label: relabelled[$0])
    }
  }

  /// The matching ids as a label filter the tree understands.
  static func treeFilter(_ matches: Set<Int>, matchesOnly: Bool) -> TreeFilter {
    var filter = TreeFilter(label: ContractLabel.matching(matches))
    filter.matchesOnly = matchesOnly
    return filter
  }
}

extension ContractModel {
  /// The string attributes of node `id` in every tree the contract builds, edits or loads (a third
  /// of the nodes have one), so that every run checks that attributes stay with their nodes.
  static func attributes(of id: Int) -> [String: String] {
    id % 3 == 1 ? ["kind": "k\(id)"] : [:]
  }
}

extension SelectionTree where ID == Int {
  /// The tree that `data` describes, labelled as the model labels it.
  init(contract data: [ContractModel.Datum], options: Options) throws {
    try self.init(
      entries: data.map {
        Entry(
          id: $0.id, parent: $0.parent, label: ContractLabel.text($0.label ?? $0.id),
          isSelected: $0.isSelected,
          lock: $0.lock, isDisabled: $0.isDisabled, isExpanded: $0.isExpanded,
          attributes: ContractModel.attributes(of: $0.id))
      }, options: options)
  }
}

/// Everything observable about a tree or a model, node by node in preorder, for one comparison.
struct ContractView: Equatable, CustomStringConvertible {
  /// The ids and labels row by row, read one position at a time (`id(at:)`, `label(at:)`).
  var ids: [Int]
  var labels: [ByteLabel]
  /// Each node's string attributes.
  var attributes: [[String: String]]
  var configurations: [ToggleConfiguration]
  var summaries: [ToggleSummary]
  var visible: [Bool]
  var open: [Bool]
  var selections: [[Int]]
  var mixed: [Int]
  var rows: [Int]
  /// Whether the bulk reads (whole tree and every window) equal the per-node queries.
  var bulkReadsAgree = true
  /// The kept decisions' text, nil when the tree keeps none; for the reference model, marked
  /// with the nodes that do not follow them (which a tree's view never is: every operation
  /// leaves the writable nodes following the decisions the tree keeps), or when their rsync or
  /// gitignore export selects a leaf otherwise.
  var kept: String?

  init(_ tree: SelectionTree<Int>) {
    ids = (0..<tree.count).map(tree.id(at:))
    labels = (0..<tree.count).map { ByteLabel(text: tree.label(at: $0)) }
    attributes = ids.map { tree.attributes(of: $0)! }
    let configurations = tree.ids.map { tree.configuration(of: $0)! }
    let summaries = tree.ids.map { tree.summary(of: $0)! }
    self.configurations = configurations
    self.summaries = summaries
    // Bulk reads (whole tree and two windows) on trees past the exhaustive worlds' sizes, whose
    // every window `bulkReadsOfEveryWindow` checks instead.
    let n = tree.count
    // The arrays of every id and label (made anew after an edit) are the positions' ones.
    bulkReadsAgree = tree.ids == ids && tree.labels.map(ByteLabel.init) == labels
    if n > 6 {
      let states = configurations.map(\.state)
      let windows = [0..<n, 0..<n / 2, n / 3..<max(n / 3, n - n / 3)]
      bulkReadsAgree =
        bulkReadsAgree
        && windows.allSatisfy { window in
          tree.states(in: window) == Array(states[window])
            && tree.summaries(in: window) == Array(summaries[window])
            && tree.configurations(in: window) == Array(configurations[window])
        }
      var visited: [ToggleConfiguration] = []
      var inOrder = true
      tree.forEachConfiguration { position, configuration in
        inOrder = inOrder && position == visited.count
        visited.append(configuration)
      }
      bulkReadsAgree = bulkReadsAgree && inOrder && visited == configurations
    }
    visible = ids.map { tree.isVisible($0)! }
    open = ids.indices.map { tree.isOpen($0) }
    selections = SelectionForm.allCases.map { tree.selection($0) }
    mixed = tree.mixedNodes()
    kept = tree.keptDecisions.map { ContractLabel.shown($0.text) }
    var rows: [Int] = []
    var row = tree.nextRow(after: nil)
    while let current = row {
      rows.append(tree.ids[current])
      row = tree.nextRow(after: current)
    }
    // Walking back up from the last row visits the same rows in reverse, and every row is a row.
    var backwards: [Int] = []
    row = tree.lastRow
    while let current = row {
      backwards.append(tree.ids[current])
      row = tree.previousRow(before: current)
    }
    let rowSet = Set(rows)
    let isRowAgrees = ids.indices.allSatisfy { tree.isRow($0) == rowSet.contains(tree.ids[$0]) }
    self.rows = backwards.reversed() == rows && isRowAgrees ? rows : [-1] + rows + [-1] + backwards
  }

  init(_ model: ContractModel) {
    ids = model.order
    labels = ids.map { ByteLabel(text: ContractLabel.text(model.labelNumber($0))) }
    attributes = ids.map(ContractModel.attributes(of:))
    configurations = ids.map(model.configuration)
    summaries = ids.map(model.summary)
    visible = ids.map { !model.isHidden($0) }
    open = ids.map(model.isOpen)
    selections = SelectionForm.allCases.map(model.selection)
    mixed = model.mixedNodes()
    rows = model.rows()
    kept = model.keptSpec.map { ContractLabel.shown($0.text) }
    if let spec = model.keptSpec {
      let off = model.specCarriers.filter {
        !model.keepsValue($0) && model.value[$0]! != model.isSelected($0, by: spec)
      }
      if !off.isEmpty {
        kept =
          "not followed by \(off.map { model.labelPath($0) }): " + ContractLabel.shown(spec.text)
      }
      // Written for rsync and git (the rules too), the spec selects every leaf as it does.
      if !model.exportsSelectTheLeaves(spec) {
        kept = "exported otherwise: " + ContractLabel.shown(spec.text)
      }
    }
  }

  var description: String {
    "ids \(ids) labels \(labels) attributes \(attributes) states \(configurations.map(\.state)) locked \(configurations.map(\.isLocked)) "
      + "enabled \(configurations.map(\.isEnabled)) visible \(visible) rows \(rows) "
      + "selections \(selections) mixed \(mixed)"
      + (kept.map { " kept \($0.debugDescription)" } ?? "")
      + (bulkReadsAgree ? "" : " (bulk reads differ from per-node queries)")
  }
}
