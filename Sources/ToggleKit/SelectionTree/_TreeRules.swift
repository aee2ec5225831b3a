/// The facts of a node that rules can read, as bits of a dependency mask.
enum _NodeFact: Int, CaseIterable {
  case label, path, depth, isLeaf, childCount, attributes, state

  var key: ObjectIdentifier {
    switch self {
    case .label: ObjectIdentifier(NodeLabelKey.self)
    case .path: ObjectIdentifier(NodePathKey.self)
    case .depth: ObjectIdentifier(NodeDepthKey.self)
    case .isLeaf: ObjectIdentifier(NodeIsLeafKey.self)
    case .childCount: ObjectIdentifier(NodeChildCountKey.self)
    case .attributes: ObjectIdentifier(NodeAttributesKey.self)
    case .state: ObjectIdentifier(NodeStateKey.self)
    }
  }

  var bit: UInt8 { 1 << UInt8(rawValue) }

  static let byKey: [ObjectIdentifier: _NodeFact] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.key, $0) })

  /// The facts among a set of keys an evaluation read.
  static func mask(_ keys: Set<ObjectIdentifier>) -> UInt8 {
    keys.reduce(0) { $0 | (byKey[$1]?.bit ?? 0) }
  }
}

/// A node's facts for its rule context, computed only when a rule reads them.
final class _NodeFacts<ID: Hashable>: _RuleFactSource, @unchecked Sendable {
  // A snapshot: the tree value is never mutated through this object.
  let tree: SelectionTree<ID>
  let position: Int

  init(tree: SelectionTree<ID>, position: Int) {
    self.tree = tree
    self.position = position
  }

  func fact(_ key: ObjectIdentifier) -> _AnyValue? {
    _NodeFact.byKey[key].map { value(of: $0) }
  }

  func value(of fact: _NodeFact) -> _AnyValue {
    let structure = tree.structure
    switch fact {
    case .label: return _AnyValue(structure.labels[position])
    case .path:
      let labels = tree._ancestry(of: position).map {
        _escapePathLabel(structure.labels[$0], separator: "/")
      }
      return _AnyValue(labels.joined(separator: "/"))
    case .depth: return _AnyValue(Int(structure.depths[position]))
    case .isLeaf: return _AnyValue(structure.isLeaf(position))
    case .childCount: return _AnyValue(tree._children(of: position).count)
    case .attributes: return _AnyValue(structure.attributes[Int32(position)] ?? [:])
    case .state: return _AnyValue(tree._state(at: position))
    }
  }
}

/// What rules gave one node for writability: only what they added beyond the data.
struct _NodeRuleRecord {
  /// The lock rules put on the node (`.none` when none, or when the data locks it).
  var lock: NodeLock
  /// Whether rules disable the node (false when the data disables it).
  var disables: Bool
  /// The facts the evaluation read.
  var mask: UInt8
  /// The data's own lock and disabling at evaluation, which the context saw as explicit.
  var explicitLocked: Bool
  var explicitDisabled: Bool
}

/// The rules applied to a tree: the model, each node's record, the locks and disabling from before
/// the rules, and display labels and style names computed on demand.
final class _TreeRules: @unchecked Sendable {
  struct Display {
    var label: String
    var style: String
    var mask: UInt8
    var state: ToggleState
  }

  let model: RuleModel
  let records: [_NodeRuleRecord]
  /// Locked bits before rules, by position.
  let baselineLocked: [Bool]
  /// Nodes disabled themselves before rules.
  let baselineDisabled: [Int32]
  /// How many nodes had their writability rules evaluated (not reused) when applied.
  let evaluatedNodes: Int

  private let lock = _RecursiveLock()
  private var displays: [Int32: Display] = [:]
  private var displayEvaluations = 0

  init(
    model: RuleModel, records: [_NodeRuleRecord], baselineLocked: [Bool],
    baselineDisabled: [Int32], evaluatedNodes: Int
  ) {
    self.model = model
    self.records = records
    self.baselineLocked = baselineLocked
    self.baselineDisabled = baselineDisabled
    self.evaluatedNodes = evaluatedNodes
  }

  /// The cached display of a node when still valid for its current state, else `compute()`'s.
  func display(at position: Int, state: ToggleState, compute: () -> Display) -> Display {
    let key = Int32(position)
    if let cached = lock.withLock({ displays[key] }),
      cached.mask & _NodeFact.state.bit == 0 || cached.state == state
    {
      return cached
    }
    let fresh = compute()
    lock.withLock {
      displays[key] = fresh
      displayEvaluations += 1
    }
    return fresh
  }

  var displayEvaluationCount: Int { lock.withLock { displayEvaluations } }
}
