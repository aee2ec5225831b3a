#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shape of a tree: its nodes' ids, labels, attributes, nesting and order.
///
/// Shared by every copy of the tree. It has two forms. A tree as built keeps flat arrays (a
/// click's look-ups are one load each); a tree that has been edited keeps a ``CountedShape``
/// (positions counted, not stored, so that an edit costs O(log n + m)), and answers the same
/// questions in O(log n). Every reader goes through the methods here, which answer in either
/// form; the bulk reads take a stretch of the arrays (made for the stretch in the counted form).
@usableFromInline
final class TreeStructure<ID: Hashable>: @unchecked Sendable {
  /// Node ids in preorder, in chunks that an edit's new structure shares (flat form, when it was
  /// spliced together; empty after a build or an append, which keep ``builtIDs``).
  @usableFromInline let ids: Rope<ID>
  /// Labels in preorder, in chunks that an edit's new structure shares (as ``ids``).
  let labels: Rope<String>
  /// The parent's position of each node, -1 for a root (flat form).
  let parents: [Int32]
  /// One past the last position of each node's subtree (flat form).
  let ends: [Int32]
  /// Each node's depth, roots 0 (flat form).
  let depths: [Int32]
  /// String attributes, only for the nodes that have any (flat form).
  let attributes: SparseAttributes
  /// Positions of the roots, in order (flat form).
  let roots: [Int32]
  /// id → position (flat form).
  @usableFromInline let index: IDIndex
  /// The nodes in the counted form (nil in the flat form, and once an edit took them).
  private var countedShape: CountedShape<ID>?
  /// The nodes in the counted form.
  @inline(__always) var shape: CountedShape<ID> { countedShape.unsafelyUnwrapped }
  /// Whether the structure is in its counted form.
  @usableFromInline let isCounted: Bool
  /// The number of nodes (stored: the chunks would take three loads to tell).
  @usableFromInline let count: Int
  /// The ids as the flat array the tree was built from (the buffer its chunks slice), empty
  /// after an edit: id look-ups compare here, loads fewer than through the chunks. (Not an
  /// optional: reading an optional array out of the class retains it on every look-up.)
  @usableFromInline let builtIDs: [ID]
  /// The labels as the flat array the tree was built from, empty after an edit.
  let builtLabels: [String]
  /// What is made once from the other form's data when first asked for (itself made when first
  /// asked for: an edit that makes a structure makes one object here, not eight).
  private let once = LazyOnce<Made>()
  private var made: Made { once.value { Made() } }

  /// Arrays made once, the first time they are asked for.
  private final class Made: Sendable {
    let ids = LazyOnce<[ID]>()
    let labels = LazyOnce<[String]>()
    let idRope = LazyOnce<Rope<ID>>()
    let labelRope = LazyOnce<Rope<String>>()
    let roots = LazyOnce<[Int32]>()
    let attributes = LazyOnce<SparseAttributes>()
    let nesting = LazyOnce<(parents: [Int32], ends: [Int32], depths: [Int32])>()
  }

  /// The flat form, from ids and labels in chunks and the arrays beside them (or, given `flat`,
  /// from the flat arrays, the chunks made of them when first asked for); the counted form
  /// instead when a test asks every structure to be counted.
  init(
    ids: Rope<ID>, labels: Rope<String>, parents: [Int32], ends: [Int32], depths: [Int32],
    attributes: SparseAttributes, roots: [Int32], index: IDIndex,
    flat: (ids: [ID], labels: [String])? = nil
  ) {
    count = flat?.ids.count ?? ids.count
    if TreeStructureTesting.counted {
      isCounted = true
      countedShape = CountedShape(
        ids: flat.map { Rope($0.ids) } ?? ids, labels: flat.map { Rope($0.labels) } ?? labels,
        depths: depths, attributes: attributes)
      self.ids = Rope()
      self.labels = Rope()
      self.parents = []
      self.ends = []
      self.depths = []
      self.attributes = SparseAttributes()
      self.roots = []
      self.index = IDIndex(capacity: 0)
      builtIDs = []
      builtLabels = []
      return
    }
    isCounted = false
    countedShape = nil
    builtIDs = flat?.ids ?? []
    builtLabels = flat?.labels ?? []
    self.ids = ids
    self.labels = labels
    self.parents = parents
    self.ends = ends
    self.depths = depths
    self.attributes = attributes
    self.roots = roots
    self.index = index
  }

  /// The structure of a tree just built, from its flat arrays, which ``flatIDs`` and
  /// ``flatLabels`` return as they are (cut into chunks that share their buffers when an edit
  /// first asks for chunks).
  convenience init(
    ids: [ID], labels: [String], parents: [Int32], ends: [Int32], depths: [Int32],
    attributes: [Int32: [String: String]], roots: [Int32], index: IDIndex
  ) {
    self.init(
      ids: Rope(), labels: Rope(), parents: parents, ends: ends, depths: depths,
      attributes: SparseAttributes(attributes), roots: roots, index: index, flat: (ids, labels))
  }

  /// The counted form.
  init(shape: CountedShape<ID>) {
    isCounted = true
    countedShape = shape
    count = shape.count
    ids = Rope()
    labels = Rope()
    parents = []
    ends = []
    depths = []
    attributes = SparseAttributes()
    roots = []
    index = IDIndex(capacity: 0)
    builtIDs = []
    builtLabels = []
  }

  /// This structure in its counted form: itself when it is in it.
  /// - Complexity: O(n) from the flat form, O(1) from the counted one.
  var counted: CountedShape<ID> {
    isCounted
      ? shape
      : CountedShape(ids: idChunks, labels: labelChunks, depths: depths, attributes: attributes)
  }

  /// The counted form's nodes, taken out of a structure that nothing else holds, so that an edit
  /// writes them in place; the structure is left empty, to be dropped.
  func takeShape() -> CountedShape<ID> {
    defer { countedShape = nil }
    return countedShape!
  }

  /// Every id in preorder as an array: made once per structure, then shared.
  /// - Complexity: O(1) after a build; O(n) the first time after an edit, then O(1).
  var flatIDs: [ID] {
    guard builtIDs.isEmpty else { return builtIDs }
    return made.ids.value {
      guard isCounted else { return Array(ids) }
      var all: [ID] = []
      all.reserveCapacity(count)
      shape.nodes.forEach(in: 0..<count) { all.append($0.id) }
      return all
    }
  }

  /// Every label in preorder as an array: made once per structure, then shared.
  /// - Complexity: O(1) after a build; O(n) the first time after an edit, then O(1).
  var flatLabels: [String] {
    guard builtLabels.isEmpty else { return builtLabels }
    return made.labels.value {
      guard isCounted else { return Array(labels) }
      var all: [String] = []
      all.reserveCapacity(count)
      shape.nodes.forEach(in: 0..<count) { all.append($0.label) }
      return all
    }
  }

  /// The ids in chunks (made once from the counted form or the flat arrays of a build).
  /// - Complexity: O(1) for a flat form spliced together; O(n / 512) the first time after a build,
  ///   O(n) in the counted form; then O(1).
  var idChunks: Rope<ID> {
    isCounted || !builtIDs.isEmpty ? made.idRope.value { Rope(flatIDs) } : ids
  }

  /// The labels in chunks (made once from the counted form or the flat arrays of a build).
  /// - Complexity: As ``idChunks``.
  var labelChunks: Rope<String> {
    isCounted || !builtLabels.isEmpty ? made.labelRope.value { Rope(flatLabels) } : labels
  }

  /// The attributes of every node that has any (made once from the counted form).
  /// - Complexity: O(1) in the flat form; O(n) the first time in the counted one.
  var allAttributes: SparseAttributes {
    guard isCounted else { return attributes }
    return made.attributes.value {
      var byPosition: [Int32: [String: String]] = [:]
      var position: Int32 = 0
      shape.nodes.forEach(in: 0..<count) {
        if let attributes = $0.attributes { byPosition[position] = attributes }
        position += 1
      }
      return SparseAttributes(byPosition)
    }
  }

  /// Every node's parent, subtree end and depth as arrays (made once from the counted form).
  /// - Complexity: O(1) in the flat form; O(n) the first time in the counted one.
  var nesting: (parents: [Int32], ends: [Int32], depths: [Int32]) {
    guard isCounted else { return (parents, ends, depths) }
    return made.nesting.value {
      let depths = countedDepths(in: 0..<count)
      let (parents, ends) = Self.parentsAndEnds(depths: depths, start: 0, upTo: count)
      return (parents, ends, depths)
    }
  }

  /// Every node's data as flat arrays, for a pass over the whole tree (in the counted form, where a
  /// node read alone costs O(log n), they are made once per structure and shared).
  /// - Complexity: O(1) as built; O(n) the first time otherwise.
  var flat: FlatNodes<ID> {
    let (parents, ends, depths) = nesting
    return FlatNodes(
      ids: flatIDs, labels: flatLabels, parents: parents, ends: ends, depths: depths,
      attributes: allAttributes)
  }

  /// The depths of the nodes in `range` of the counted form, with the changes pending above them.
  /// - Complexity: O(k + log n) for k nodes.
  private func countedDepths(in range: Range<Int>) -> [Int32] {
    var depths: [Int32] = []
    depths.reserveCapacity(range.count)
    shape.nodes.forEachChunk(in: range) { chunk, change in
      for node in chunk { depths.append(node.depth + change) }
    }
    return depths
  }

  /// Parents and subtree ends of a stretch from `start` whose depths in preorder are `depths` (a
  /// stack of the open nodes): parents before the stretch are -1, and subtrees still open at its
  /// end end at `end`.
  /// - Complexity: O(k) for k depths.
  private static func parentsAndEnds(depths: [Int32], start: Int, upTo end: Int) -> (
    [Int32], [Int32]
  ) {
    var parents = [Int32](repeating: -1, count: depths.count)
    var ends = [Int32](repeating: Int32(end), count: depths.count)
    var open: [Int] = []
    for offset in depths.indices {
      while let last = open.last, depths[last] >= depths[offset] {
        ends[last] = Int32(start + offset)
        open.removeLast()
      }
      if let last = open.last { parents[offset] = Int32(start + last) }
      open.append(offset)
    }
    return (parents, ends)
  }

  /// The positions of the roots, in order.
  /// - Complexity: O(1) in the flat form; O(r log n) the first time in the counted one.
  var rootPositions: [Int32] {
    guard isCounted else { return roots }
    return made.roots.value {
      var roots: [Int32] = []
      var position = 0
      while position < count {
        roots.append(Int32(position))
        position = shape.end(of: position)
      }
      return roots
    }
  }

  /// The position of the parent of the node at `position`, -1 for a root.
  /// - Complexity: O(1) in the flat form, O(log n) in the counted one.
  @inline(__always)
  func parent(of position: Int) -> Int {
    isCounted ? countedParent(of: position) : Int(parents[position])
  }

  /// One past the last position of the subtree at `position`.
  /// - Complexity: O(1) in the flat form, O(log n) in the counted one.
  @inline(__always)
  func end(of position: Int) -> Int { isCounted ? countedEnd(of: position) : Int(ends[position]) }

  /// The depth of the node at `position` (0 for a root).
  /// - Complexity: O(1) in the flat form, O(log n) in the counted one.
  @inline(__always)
  func depth(of position: Int) -> Int {
    isCounted ? countedDepth(of: position) : Int(depths[position])
  }

  /// Whether the node at `position` has no children.
  /// - Complexity: O(1) in the flat form, O(log n) in the counted one.
  @inline(__always)
  func isLeaf(_ position: Int) -> Bool {
    isCounted ? countedIsLeaf(position) : Int(ends[position]) == position + 1
  }

  // The counted form's answers, out of line: the flat form's inlined paths stay as short as they
  // were (a click's look-ups are a few loads; inlining these beside them cost it 8%).

  @inline(never)
  private func countedParent(of position: Int) -> Int { shape.parent(of: position) ?? -1 }

  @inline(never)
  private func countedEnd(of position: Int) -> Int { shape.end(of: position) }

  @inline(never)
  private func countedDepth(of position: Int) -> Int { Int(shape.depth(at: position)) }

  @inline(never)
  private func countedIsLeaf(_ position: Int) -> Bool {
    position + 1 == count || shape.depth(at: position + 1) <= shape.depth(at: position)
  }

  /// The positions of the subtree at `position`.
  /// - Complexity: O(1) in the flat form, O(log n) in the counted one.
  @inline(__always)
  func range(of position: Int) -> Range<Int> { position..<end(of: position) }

  /// The position of the node with `id`, if there is one.
  /// - Complexity: O(1) expected in the flat form, O(log n) in the counted one.
  @inlinable
  func position(of id: ID) -> Int? {
    if isCounted { return countedPosition(of: id) }
    return builtIDs.isEmpty
      ? index.position(of: id, in: ids) : index.position(of: id, in: builtIDs)
  }

  /// The position of the node with `id` in the counted form (specialized: a click from another
  /// module calls it with its own id type).
  @usableFromInline @inline(never)
  @specialized(where ID == String)
  @specialized(where ID == Int)
  func countedPosition(of id: ID) -> Int? { shape.position(of: id) }

  /// The id at `position`.
  /// - Complexity: O(1) in the flat form, O(log n) in the counted one.
  @inlinable
  func id(at position: Int) -> ID {
    if isCounted { return countedID(at: position) }
    return builtIDs.isEmpty ? ids[position] : builtIDs[position]
  }

  /// The id at `position` in the counted form.
  @usableFromInline @inline(never)
  @specialized(where ID == String)
  @specialized(where ID == Int)
  func countedID(at position: Int) -> ID { shape.id(at: position) }

  /// The label at `position`.
  /// - Complexity: O(1) in the flat form, O(log n) in the counted one.
  func label(at position: Int) -> String {
    if isCounted { return shape.label(at: position) }
    return builtLabels.isEmpty ? labels[position] : builtLabels[position]
  }

  /// The attributes of the node at `position`, nil when it has none.
  /// - Complexity: O(log a) for a nodes with attributes in the flat form, O(log n) in the counted
  ///   one.
  func attributes(at position: Int) -> [String: String]? {
    isCounted ? shape.attributes(at: position) : attributes[Int32(position)]
  }

  /// The labels of the nodes in `range`, read by position.
  /// - Complexity: O(1) as built; O(k + log n) for k nodes otherwise.
  func labels(in range: Range<Int>) -> Stretch<String> {
    if !builtLabels.isEmpty { return Stretch(every: builtLabels) }
    var labels: [String] = []
    labels.reserveCapacity(range.count)
    if isCounted {
      shape.nodes.forEach(in: range) { labels.append($0.label) }
    } else {
      var iterator = self.labels.makeIterator(from: range.lowerBound)
      for _ in range { labels.append(iterator.next()!) }
    }
    return Stretch(labels, from: range.lowerBound)
  }

  /// The depths, parents and subtree ends of the nodes in `range`, read by position: a parent
  /// before the stretch is -1; every end is exact.
  /// - Complexity: O(1) in the flat form; O(k + (h + 1) log n) for k nodes in the counted one, h of
  ///   them with a subtree that reaches past the stretch.
  func nesting(in range: Range<Int>) -> (
    depths: Stretch<Int32>, parents: Stretch<Int32>, ends: Stretch<Int32>
  ) {
    guard isCounted else {
      return (Stretch(every: depths), Stretch(every: parents), Stretch(every: ends))
    }
    let depths = countedDepths(in: range)
    var (parents, ends) = Self.parentsAndEnds(
      depths: depths, start: range.lowerBound, upTo: range.upperBound)
    if range.upperBound < count {
      for offset in ends.indices where ends[offset] == Int32(range.upperBound) {
        ends[offset] = Int32(shape.end(of: range.lowerBound + offset))
      }
    }
    return (
      Stretch(depths, from: range.lowerBound), Stretch(parents, from: range.lowerBound),
      Stretch(ends, from: range.lowerBound)
    )
  }
}

/// Every node's data as flat arrays in preorder: what a pass over the whole tree reads.
struct FlatNodes<ID: Hashable> {
  let ids: [ID]
  let labels: [String]
  /// -1 for a root.
  let parents: [Int32]
  let ends: [Int32]
  let depths: [Int32]
  let attributes: SparseAttributes

  /// Whether the node at `position` has no children.
  @inline(__always)
  func isLeaf(_ position: Int) -> Bool { Int(ends[position]) == position + 1 }

  /// The attributes of the node at `position`, nil when it has none.
  /// - Complexity: O(log a) for a nodes with attributes.
  func attributes(at position: Int) -> [String: String]? { attributes[Int32(position)] }

  /// The labels from the root down to the node at `position`.
  /// - Complexity: O(depth).
  func labelPath(at position: Int) -> [String] {
    var path: [String] = []
    var node = position
    while node >= 0 {
      path.append(labels[node])
      node = Int(parents[node])
    }
    return path.reversed()
  }
}

/// Values of a stretch of nodes, read by the nodes' positions.
struct Stretch<Element> {
  /// The values; `values[position + shift]` is the value of the node at `position`.
  private let values: [Element]
  private let shift: Int

  /// Every node's values (no copy, no slice: one bounds check a read, as the array's own).
  init(every values: [Element]) {
    self.values = values
    shift = 0
  }

  /// The values of the nodes from `start` on.
  init(_ values: [Element], from start: Int) {
    self.values = values
    shift = -start
  }

  /// The value of the node at `position`.
  @inline(__always)
  subscript(position: Int) -> Element { values[position + shift] }
}

/// Structures in their counted form from the start, for tests.
enum TreeStructureTesting {
  /// Whether every structure made is counted, so that tests run the whole contract on the
  /// counted form: set by a test, or for a whole run by `TOGGLEKIT_COUNTED_SHAPE=1`.
  @TaskLocal static var counted = getenv("TOGGLEKIT_COUNTED_SHAPE").map { $0.pointee != 0 } ?? false
}
