/// A value-type tree of identified nodes in which leaves hold the selection and every parent derives
/// on, off or mixed from the leaves below it: the engine of a category selector.
///
/// ```swift
/// var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"])
/// try tree.toggle("Fruit")            // selects Apple and Pear
/// tree.state(of: "Fruit")             // .on
/// try tree.toggle("Fruit/Pear")
/// tree.state(of: "Fruit")             // .mixed
/// tree.selection(.topmost)            // ["Fruit/Apple"]
/// ```
///
/// **Semantics.** Leaves hold the ground truth; a parent's state is the aggregate of the leaves below
/// it under the ``LockedSources`` policy, exactly as a ``ParentToggle`` over them. A node can be
/// *locked* (its value fixed) or *disabled* (inherited by every descendant; the user and cascades
/// cannot change it). Locked and disabled leaves are both non-writable. Toggling a node writes every
/// writable leaf below it and nothing else. Expansion is separate state: it never changes selection.
/// ``Propagation`` switches the downward writes and the upward states off independently.
///
/// **Identity.** Everything is keyed by node id, never by position. A query for an id the tree
/// does not have returns nil (or an empty value); a mutation throws
/// ``SelectionTreeError/unknownNode(id:)``.
///
/// **Cost.** A toggle of any node and every state or summary query cost O(log n); listing k
/// selected nodes costs O(k log n) (<doc:SelectionTrees> → Cost).
/// - Complexity: See each member; *n* is the number of nodes.
public struct SelectionTree<ID: Hashable> {
  /// The shape: ids, labels, parents, preorder ranges.
  @usableFromInline var structure: TreeStructure<ID>
  /// Per-node selected / locked / disabled / leaf bits with range counts.
  var states: NodeStates
  /// Per-node expansion.
  var expanded: NodeFlags
  /// Positions of the nodes disabled themselves (not only through an ancestor), sorted.
  var disabledPositions: [Int32]
  /// The filter that decides the hidden bits, if any.
  var filter: TreeFilter?
  /// Under a filter: whether a match below the node holds it open (empty without a filter).
  var filterOpen = NodeFlags([])
  /// Under a filter: whether the node matches it (empty without a filter); an edit counts the
  /// matches below a node here to tell whether it is still held open.
  var filterMatched = NodeFlags([])
  /// The derived attributes: their source and what it gave each node, if any.
  var derived: DerivedAttributes?
  /// Why the last reload could not derive the attributes again.
  var derivationFailure: ErrorBox?
  /// The decisions the tree keeps once a spec set its selection: clicks update them, and the nodes
  /// an edit, a reload or a lock change leaves writable follow them.
  var keptSpec: SelectionSpec?
  /// False once an edit brought a node whose id is not its label path: paths are not found by id.
  var idsAreTheirPaths = true

  /// How the tree behaves.
  public var options: Options

  init(
    structure: TreeStructure<ID>, states: [UInt8], expanded: [Bool], disabledPositions: [Int32],
    options: Options
  ) {
    self.init(
      structure: structure, states: NodeStates(states: states), expanded: expanded,
      disabledPositions: disabledPositions, options: options)
  }

  init(
    structure: TreeStructure<ID>, states: NodeStates, expanded: [Bool],
    disabledPositions: [Int32], options: Options
  ) {
    self.structure = structure
    self.states = states
    self.expanded = NodeFlags(expanded)
    self.disabledPositions = disabledPositions
    self.options = options
  }

  /// The number of nodes.
  public var count: Int { structure.count }

  /// Whether the tree has no nodes.
  public var isEmpty: Bool { structure.count == 0 }

  /// The ids of the root nodes, in order.
  /// - Complexity: O(r) for r roots.
  public var roots: [ID] { structure.rootPositions.map { structure.id(at: Int($0)) } }

  /// Every node id in preorder (parents before children, siblings in order).
  /// - Complexity: O(1) after a build; after an edit, O(n) the first time (then O(1)): in a
  ///   loop over positions, ``id(at:)`` and ``label(at:)`` never make the array.
  public var ids: [ID] { structure.flatIDs }

  /// Every node's label in preorder, beside ``ids``.
  ///
  /// ```swift
  /// let tree = try SelectionTree(paths: ["Fruit/Apple"])
  /// tree.labels   // ["Fruit", "Apple"]
  /// ```
  /// - Complexity: O(1) after a build; after an edit, O(n) the first time (then O(1)): in a
  ///   loop over positions, ``id(at:)`` and ``label(at:)`` never make the array.
  public var labels: [String] { structure.flatLabels }

  /// Whether a node with this id exists.
  /// - Complexity: O(1) expected.
  @inlinable
  public func contains(_ id: ID) -> Bool { structure.position(of: id) != nil }
}

extension SelectionTree: Sendable where ID: Sendable {}
