/// A selection tree as a value an app keeps: equality, `Codable`, and restoring a saved selection.
///
/// A tree's content is its nodes (ids, shape, labels, attributes), what each holds (values, locks,
/// disabling, expansion) and its options. A filter and derived attributes are ways of looking at a tree: they
/// are neither compared nor encoded, but what was derived (locks, disabling) is part of the
/// content.
extension SelectionTree {
  /// The bits of a node's state that are content: the value where it counts (every node when
  /// parents keep their own values, leaves otherwise) and the lock.
  func _contentBits(at position: Int, of state: UInt8) -> UInt8 {
    let counts = !options.propagation.up || structure.isLeaf(position)
    return state & (NodeBits.locked | (counts ? NodeBits.selected : 0))
  }

  /// Sets the selection to exactly the listed nodes, as an app restores a saved selection.
  ///
  /// When parents derive their state, every writable leaf is selected when it or an ancestor is
  /// listed and deselected otherwise, so a saved ``SelectionForm/leaves``, ``SelectionForm/all``
  /// or ``SelectionForm/topmost`` list restores the same selection. When parents keep their own
  /// values, exactly the listed nodes are selected. Locked leaves and disabled ones (unless
  /// ``Options/cascadesIntoDisabled``) keep their values and count as blocked; a filter does not
  /// limit a restore. Ids the tree does not have are reported, never trapped on.
  ///
  /// ```swift
  /// let saved = tree.selection(.topmost)                // e.g. from UserDefaults
  /// let (outcome, unknown) = tree.setSelection(to: saved)
  /// ```
  /// - Complexity: O(n + k) for k ids.
  @discardableResult
  public mutating func setSelection(
    to ids: some Sequence<ID>
  ) -> (outcome: ToggleOutcome, unknown: [ID]) {
    // A list of ids is not decisions: the tree no longer keeps any.
    keptSpec = nil
    let up = options.propagation.up
    var unknown: [ID] = []
    var marks = [Int32](repeating: 0, count: count + 1)
    for id in ids {
      guard let position = structure.position(of: id) else {
        unknown.append(id)
        continue
      }
      marks[position] += 1
      marks[up ? structure.end(of: position) : position + 1] -= 1
    }
    var bytes = states.allStates()
    var outcome = ToggleOutcome()
    var covering: Int32 = 0
    for position in 0..<count {
      covering += marks[position]
      guard !up || structure.isLeaf(position) else { continue }
      let state = bytes[position]
      let wanted = covering > 0
      guard (state & NodeBits.selected != 0) != wanted else { continue }
      let isWritable =
        state & NodeBits.locked == 0
        && (state & NodeBits.disabled == 0 || options.cascadesIntoDisabled)
      guard isWritable else {
        outcome.blocked += 1
        continue
      }
      bytes[position] = wanted ? state | NodeBits.selected : state & ~NodeBits.selected
      outcome.changed += 1
    }
    if outcome.changed > 0 { states = NodeStates(states: bytes) }
    checkInvariantsIfEnabled()
    return (outcome, unknown)
  }
}

extension SelectionTree: Equatable {
  /// Whether two trees have the same content: nodes in the same order with the same ids, labels,
  /// attributes, values, locks, disabling and expansion, and the same options.
  ///
  /// A filter and an attribute source are not compared. Values are compared where they count: a parent's own
  /// value only when parents keep their own values.
  ///
  /// ```swift
  /// let copy = try JSONDecoder().decode(SelectionTree<String>.self, from: JSONEncoder().encode(tree))
  /// copy == tree   // true
  /// ```
  /// - Complexity: O(n).
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public static func == (lhs: SelectionTree, rhs: SelectionTree) -> Bool {
    guard lhs.structure.hasSameShape(as: rhs.structure) else { return false }
    guard lhs.options == rhs.options, lhs.expanded == rhs.expanded,
      lhs.disabledPositions == rhs.disabledPositions, lhs.keptSpec == rhs.keptSpec
    else { return false }
    let left = lhs.states.allStates()
    let right = rhs.states.allStates()
    return (0..<lhs.count).allSatisfy {
      lhs._contentBits(at: $0, of: left[$0]) == rhs._contentBits(at: $0, of: right[$0])
    }
  }
}

/// One node as a tree encodes it: preorder, with its parent's index.
private struct _EncodedNode<ID: Codable>: Codable {
  var id: ID
  var parent: Int?
  var label: String
  var isSelected: Bool?
  var isLocked: Bool?
  var isDisabled: Bool?
  var isExpanded: Bool?
  var attributes: [String: String]?
}

extension SelectionTree: Codable where ID: Codable {
  private enum CodingKeys: String, CodingKey {
    case options, nodes, keptDecisions
  }

  /// Encodes the tree's content: its options and its nodes in preorder, each with its parent's
  /// index and what it holds (flags only when set).
  /// - Throws: What the encoder throws.
  /// - Complexity: O(n).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(options, forKey: .options)
    let all = states.allStates()
    let flat = structure.flat
    let open = expanded.elements
    let nodes = (0..<count).map { position in
      let bits = _contentBits(at: position, of: all[position])
      let parent = Int(flat.parents[position])
      return _EncodedNode(
        id: flat.ids[position], parent: parent < 0 ? nil : parent,
        label: flat.labels[position],
        isSelected: bits & NodeBits.selected != 0 ? true : nil,
        isLocked: bits & NodeBits.locked != 0 ? true : nil,
        isDisabled: isDisabledItself(at: position) ? true : nil,
        isExpanded: open[position] ? true : nil,
        attributes: flat.attributes(at: position))
    }
    try container.encode(nodes, forKey: .nodes)
    try container.encodeIfPresent(keptSpec, forKey: .keptDecisions)
  }

  /// Decodes a tree that ``encode(to:)`` wrote.
  /// - Throws: `DecodingError.dataCorrupted` when a node's parent does not come before it or two
  ///   nodes share an id; what the decoder throws.
  /// - Complexity: O(n).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let options = try container.decode(Options.self, forKey: .options)
    let nodes = try container.decode([_EncodedNode<ID>].self, forKey: .nodes)
    var draft = TreeDraft<ID>(capacity: nodes.count)
    for (index, node) in nodes.enumerated() {
      if let parent = node.parent, !(0..<index).contains(parent) {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.nodes],
            debugDescription: "node \(index) names parent \(parent), which does not come before it"
          ))
      }
      draft.append(
        id: node.id, label: node.label, parent: Int32(node.parent ?? -1), isSelected: false,
        lock: .none, isDisabled: false, isExpanded: node.isExpanded ?? false,
        attributes: node.attributes ?? [:])
    }
    var tree: SelectionTree
    do {
      tree = try draft.finish(options: options)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.nodes], debugDescription: "\(error)",
          underlyingError: error))
    }
    // What `encode` wrote is in preorder; a list in another order is laid out in preorder first.
    let positions = nodes.indices.map { index in
      tree.structure.id(at: index) == nodes[index].id
        ? index : tree.structure.position(of: nodes[index].id)!
    }
    var bytes = tree.states.allStates()
    for (index, node) in nodes.enumerated() {
      if node.isSelected == true { bytes[positions[index]] |= NodeBits.selected }
      if node.isLocked == true { bytes[positions[index]] |= NodeBits.locked }
    }
    tree.states = NodeStates(states: bytes)
    for (index, node) in nodes.enumerated() where node.isDisabled == true {
      tree._setDisabled(positions[index], true)
    }
    tree.keptSpec = try container.decodeIfPresent(SelectionSpec.self, forKey: .keptDecisions)
    tree.idsAreTheirPaths = tree.allHaveTheirPaths()
    tree.checkInvariantsIfEnabled()
    self = tree
  }
}
