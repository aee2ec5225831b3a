/// A child's key while checking sibling labels: its parent and its label, compared by its bytes
/// (two labels that differ only in their Unicode normalisation are two names).
struct ChildKey: Hashable {
  let parent: Int32
  let label: String

  static func == (first: ChildKey, second: ChildKey) -> Bool {
    first.parent == second.parent && LabelBytes.same(first.label, second.label)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(parent)
    for byte in label.utf8 { hasher.combine(byte) }
  }
}

/// A tree being built: nodes in input order with parent indices, before it is laid out in preorder.
struct TreeDraft<ID: Hashable> {
  var ids: [ID] = []
  var labels: [String] = []
  var parents: [Int32] = []
  /// Each id's `hashValue`, for indexing to read instead of the ids: kept by `append` while the
  /// draft ``isHashing`` (as each id is made, its bytes then in cache), so one per id.
  ///
  /// Dropped once the ids are indexed: it is not needed while the tree is laid out.
  private(set) var hashes: [Int] = []
  /// Whether each appended id's hash is kept in ``hashes``: from `init(capacity:hashing:)` until
  /// ``dropHashes()``.
  private(set) var isHashing = false
  var isSelected: [Bool] = []
  // Few nodes have a lock, are disabled or start expanded: lists of them, not a byte per node (a
  // draft of a million nodes is then 3 MB smaller).
  /// The nodes given a lock, each once, in the order they were given.
  private(set) var lockedNodes: [(node: Int32, lock: NodeLock)] = []
  /// The nodes disabled themselves, each once.
  private(set) var disabledNodes: [Int32] = []
  /// The nodes that start expanded.
  private(set) var expandedNodes: [Int32] = []
  var attributes: [Int32: [String: String]] = [:]
  /// Whether the nodes so far came in preorder (each one's parent is the node before it or one of
  /// that node's ancestors); while they do, each node's depth and subtree end are kept as they
  /// come, and laying out costs nothing more.
  private(set) var inPreorder = true
  private var open: [Int32] = []
  private var depths: [Int32] = []
  private var ends: [Int32] = []
  private var roots: [Int32] = []
  /// An index of the ids, kept when nodes come through ``appendNew(id:label:parent:)``.
  private var index: IDIndex? = nil

  /// An empty draft with room for `capacity` nodes; when `hashing`, it keeps each id's hash as it
  /// is appended (see ``hashes``), for a maker whose ids were just made.
  init(capacity: Int, hashing: Bool = false) {
    ids.reserveCapacity(capacity)
    isHashing = hashing
    if hashing { hashes.reserveCapacity(capacity) }
    reserveFields(capacity)
  }

  /// Stops keeping hashes and frees those kept: once the ids are indexed, before layout.
  mutating func dropHashes() {
    isHashing = false
    hashes = []
  }

  /// A draft whose ids are all known: ``appendFields(parent:_:)`` then adds each node's place and
  /// fields in the same order, and the ids array is kept as it is (not copied).
  init(ids: [ID]) {
    self.ids = ids
    reserveFields(ids.count)
  }

  private mutating func reserveFields(_ capacity: Int) {
    labels.reserveCapacity(capacity)
    parents.reserveCapacity(capacity)
    depths.reserveCapacity(capacity)
    ends.reserveCapacity(capacity)
  }

  /// The nodes appended so far.
  var count: Int { parents.count }

  mutating func append(id: ID, parent: Int32, _ fields: NodeFields) {
    appendID(id)
    appendFields(parent: parent, fields)
  }

  /// The next node's id, and its hash while the draft ``isHashing``: now, while the id's bytes are
  /// in cache (the index would read them again long after).
  private mutating func appendID(_ id: ID) {
    ids.append(id)
    if isHashing { hashes.append(id.hashValue) }
  }

  /// The next node's place and fields, when the draft was made with its ids.
  mutating func appendFields(parent: Int32, _ fields: borrowing NodeFields) {
    appendFields(
      label: fields.label, parent: parent, isSelected: fields.isSelected, lock: fields.lock,
      isDisabled: fields.isDisabled, isExpanded: fields.isExpanded, attributes: fields.attributes)
  }

  mutating func append(
    id: ID, label: String, parent: Int32, isSelected: Bool, lock: NodeLock, isDisabled: Bool,
    isExpanded: Bool, attributes: [String: String]
  ) {
    appendID(id)
    appendFields(
      label: label, parent: parent, isSelected: isSelected, lock: lock, isDisabled: isDisabled,
      isExpanded: isExpanded, attributes: attributes)
  }

  /// Appends a node with the default fields (not selected, no lock, enabled, collapsed, no
  /// attributes), as the parsers and the path builder make most: no empty dictionary is made and
  /// passed for each.
  mutating func append(id: ID, label: String, parent: Int32) {
    appendID(id)
    appendPlace(label: label, parent: parent, isSelected: false)
  }

  private mutating func appendFields(
    label: String, parent: Int32, isSelected: Bool, lock: NodeLock, isDisabled: Bool,
    isExpanded: Bool, attributes: [String: String]
  ) {
    if !attributes.isEmpty { self.attributes[Int32(parents.count)] = attributes }
    appendPlace(label: label, parent: parent, isSelected: isSelected)
    let node = Int32(parents.count - 1)
    if lock != .none { lockedNodes.append((node, lock)) }
    if isDisabled { disabledNodes.append(node) }
    if isExpanded { expandedNodes.append(node) }
  }

  /// The next node's label, parent and selection: the fields every node has.
  private mutating func appendPlace(label: String, parent: Int32, isSelected: Bool) {
    if inPreorder { trackPreorder(parent: parent) }
    labels.append(label)
    parents.append(parent)
    self.isSelected.append(isSelected)
  }

  /// Appends a node with default fields, unless a node has its id: then that node's position.
  ///
  /// The ids are indexed as they come, and the index becomes the tree's when the nodes are in
  /// preorder. It starts with room for the draft's capacity and grows past it.
  mutating func appendNew(id: ID, label: String, parent: Int32) -> Int? {
    if index == nil { index = IDIndex(capacity: max(16, ids.capacity)) }
    if let existing = index!.insert(id, at: ids.count, in: ids) { return existing }
    append(id: id, label: label, parent: parent)
    return nil
  }

  /// Indexes the ids that came since the last call (every id, the first time), in batches, for
  /// ``finish(options:index:)`` to use; or, when one of them repeats an earlier id, the positions
  /// of the earliest such repeat and of the id's first occurrence, and no index.
  mutating func indexNew() -> (first: Int, second: Int)? {
    if index == nil { index = IDIndex(capacity: max(16, ids.capacity)) }
    guard let repeated = index!.add(ids, from: index!.count, hashes: hashes) else { return nil }
    index = nil
    return (repeated.first, repeated.second)
  }

  /// Indexes every id at once (in batches: faster than as they come), for ``finish(options:index:)``
  /// to use; or, when two ids are equal, the positions of the earliest repeat and of its first
  /// occurrence, and no index.
  mutating func indexAll() -> (first: Int, second: Int)? {
    defer { dropHashes() }
    do {
      index = try IDIndex(ids: ids, hashes: hashes)
      return nil
    } catch {
      index = nil
      return (error.first, error.second)
    }
  }

  /// The node still open (while the nodes come in preorder: the last one and its ancestors) whose
  /// id is `id`, the nearest first; nil when none is, or the nodes left preorder.
  ///
  /// In preorder a node's parent is one of them, found without a lookup in a big index. The nodes
  /// passed over close with the next append, so a build compares each id here about once.
  func openNode(withID id: borrowing ID) -> Int32? {
    guard inPreorder else { return nil }
    var depth = open.count - 1
    while depth >= 0 {
      let node = open[depth]
      if ids[Int(node)] == id { return node }
      depth -= 1
    }
    return nil
  }

  private mutating func trackPreorder(parent: Int32) {
    let node = Int32(parents.count)
    while let top = open.last, top != parent {
      ends[Int(top)] = node
      open.removeLast()
    }
    if parent >= 0 && open.isEmpty {
      inPreorder = false
      open = []
      depths = []
      ends = []
      roots = []
      return
    }
    if parent < 0 { roots.append(node) }
    depths.append(Int32(open.count))
    ends.append(node + 1)
    open.append(node)
  }

  /// The nodes from `start` on, when every node so far came in preorder.
  ///
  /// The draft's order is then the tree's, and a tree laid out from the nodes before `start` has
  /// them at the same positions: these are what a stream appends to the tree it shows
  /// (``SelectionTree/appendInPreorder(ids:labels:parents:newChildren:)``). Their other fields
  /// are not read: a path builder's nodes have none (a list's markers are kept beside them).
  func preorderNodes(from start: Int) -> (
    ids: ArraySlice<ID>, labels: ArraySlice<String>, parents: ArraySlice<Int32>
  )? {
    guard inPreorder, start <= count else { return nil }
    return (ids[start...], labels[start...], parents[start...])
  }

  /// Locks `node`, which was appended without a lock.
  mutating func lock(_ node: Int, _ lock: NodeLock) {
    if lock != .none { lockedNodes.append((Int32(node), lock)) }
  }

  /// Disables `node`, which was appended enabled.
  mutating func disable(_ node: Int) {
    disabledNodes.append(Int32(node))
  }

  /// Lays the nodes out in preorder and applies their initial states; `index` is an index of
  /// `ids` in their order, used when they come in preorder.
  consuming func finish(
    options: SelectionTree<ID>.Options, index prebuilt: IDIndex? = nil
  ) throws(SelectionTreeError) -> SelectionTree<ID> {
    if inPreorder {
      // Not `prebuilt ?? index`: its closure would hold a copy of the draft while it is laid out.
      var known = prebuilt
      if known == nil { known = index }
      return try finishInPreorder(options: options, index: known)
    }
    let n = ids.count
    // Children as linked lists, in input order; the roots hang off a virtual node n.
    var firstChild = [Int32](repeating: -1, count: n + 1)
    var lastChild = [Int32](repeating: -1, count: n + 1)
    var nextSibling = [Int32](repeating: -1, count: n)
    for node in 0..<n {
      let parent = parents[node] < 0 ? n : Int(parents[node])
      if lastChild[parent] < 0 {
        firstChild[parent] = Int32(node)
      } else {
        nextSibling[Int(lastChild[parent])] = Int32(node)
      }
      lastChild[parent] = Int32(node)
    }
    // Preorder, iteratively.
    var order: [Int32] = []
    order.reserveCapacity(n)
    var stack: [Int32] = firstChild[n] >= 0 ? [firstChild[n]] : []
    while let node = stack.popLast() {
      order.append(node)
      if nextSibling[Int(node)] >= 0 { stack.append(nextSibling[Int(node)]) }
      if firstChild[Int(node)] >= 0 { stack.append(firstChild[Int(node)]) }
    }
    guard order.count == n else {
      var reached = [Bool](repeating: false, count: n)
      for node in order { reached[Int(node)] = true }
      // Walk up from an unreached node until a node repeats: that node is on the cycle.
      var node = reached.firstIndex(of: false) ?? 0
      var seen = Set<Int>()
      while seen.insert(node).inserted { node = Int(parents[node]) }
      throw .cycle(id: "\(ids[node])")
    }
    var positionOf = [Int32](repeating: 0, count: n)
    for (position, node) in order.enumerated() { positionOf[Int(node)] = Int32(position) }

    var newParents = [Int32](repeating: -1, count: n)
    var depths = [Int32](repeating: 0, count: n)
    var sizes = [Int32](repeating: 1, count: n)
    var roots: [Int32] = []
    for (position, node) in order.enumerated() {
      let parent = parents[Int(node)]
      if parent < 0 {
        roots.append(Int32(position))
      } else {
        let parentPosition = positionOf[Int(parent)]
        newParents[position] = parentPosition
        depths[position] = depths[Int(parentPosition)] + 1
      }
    }
    for position in stride(from: n - 1, through: 0, by: -1) where newParents[position] >= 0 {
      sizes[Int(newParents[position])] += sizes[position]
    }
    let ends = (0..<n).map { Int32($0) + sizes[$0] }
    // Formats produce nodes in preorder already: then the arrays are used as they are.
    let isPreorder = order.indices.allSatisfy { order[$0] == Int32($0) }
    let newIDs = isPreorder ? ids : order.map { ids[Int($0)] }
    var newAttributes: [Int32: [String: String]] = [:]
    for (node, value) in attributes { newAttributes[positionOf[Int(node)]] = value }
    let index: IDIndex
    do {
      index = try IDIndex(ids: newIDs)
    } catch {
      throw .duplicateID(
        id: "\(newIDs[error.second])", first: Int(order[error.first]),
        second: Int(order[error.second]))
    }
    let structure = TreeStructure(
      ids: newIDs, labels: isPreorder ? labels : order.map { labels[Int($0)] },
      parents: newParents, ends: ends,
      depths: depths, attributes: newAttributes, roots: roots, index: index)

    var bytes = [UInt8](repeating: 0, count: n)
    for position in 0..<n where sizes[position] == 1 {
      bytes[position] = NodeBits.leaf | (isSelected[Int(order[position])] ? NodeBits.selected : 0)
    }
    let tree = SelectionTree(
      structure: structure, states: bytes, expanded: expansion(positionOf),
      disabledPositions: [], options: options)
    return applyingInitialStates(to: tree, order: order, positionOf: positionOf)
  }

  /// The layout when the nodes came in preorder: the arrays as they are.
  private consuming func finishInPreorder(
    options: SelectionTree<ID>.Options, index prebuilt: IDIndex?
  ) throws(SelectionTreeError) -> SelectionTree<ID> {
    let n = ids.count
    // The nodes still open end with the last node: written in place when the draft was handed
    // over (the arrays' only owner).
    for node in open { ends[Int(node)] = Int32(n) }
    let index: IDIndex
    if let prebuilt {
      index = prebuilt
    } else {
      do {
        index = try IDIndex(ids: ids, hashes: hashes)
      } catch {
        throw .duplicateID(id: "\(ids[error.second])", first: error.first, second: error.second)
      }
      dropHashes()  // indexed: not needed while the tree is laid out
    }
    let structure = TreeStructure(
      ids: ids, labels: labels, parents: parents, ends: ends, depths: depths,
      attributes: attributes, roots: roots, index: index)
    var bytes = [UInt8](repeating: 0, count: n)
    for position in 0..<n where Int(ends[position]) == position + 1 {
      bytes[position] = NodeBits.leaf | (isSelected[position] ? NodeBits.selected : 0)
    }
    let tree = SelectionTree(
      structure: structure, states: bytes, expanded: expansion(nil), disabledPositions: [],
      options: options)
    return applyingInitialStates(to: tree, order: nil, positionOf: nil)
  }

  /// Each position's expansion (`positionOf[node]` is the position of each draft node; nil when
  /// they are the same).
  private func expansion(_ positionOf: [Int32]?) -> [Bool] {
    var expanded = [Bool](repeating: false, count: ids.count)
    for node in expandedNodes { expanded[Int(positionOf?[Int(node)] ?? node)] = true }
    return expanded
  }

  /// Selections of parents, locks and disabling, node by node in preorder (`order[position]` is
  /// the draft node at each position, `positionOf` the inverse; nil when they are the same).
  private func applyingInitialStates(
    to built: SelectionTree<ID>, order: [Int32]?, positionOf: [Int32]?
  ) -> SelectionTree<ID> {
    var tree = built
    let n = ids.count
    func node(_ position: Int) -> Int { order.map { Int($0[position]) } ?? position }
    func position(_ node: Int32) -> Int { Int(positionOf?[Int(node)] ?? node) }
    for position in 0..<n where isSelected[node(position)] && !tree.structure.isLeaf(position) {
      tree._initialSelect(position)
    }
    // In preorder, as a node's lock applies to everything below it; a node's list order breaks
    // ties (each node is listed once).
    let locks = lockedNodes.enumerated().map { (position: position($1.node), index: $0) }
    for (at, index) in locks.sorted(by: { ($0.position, $0.index) < ($1.position, $1.index) }) {
      let (node, lock) = lockedNodes[index]
      tree._lock(at, lock, ownValue: isSelected[Int(node)])
    }
    for at in disabledNodes.map({ position($0) }).sorted() {
      tree._setDisabled(at, true)
    }
    tree.checkInvariantsIfEnabled()
    return tree
  }
}

extension TreeDraft: Sendable where ID: Sendable {}
