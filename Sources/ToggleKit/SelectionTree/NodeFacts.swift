/// A node as a ``NodeAttributeSource`` sees it: its facts, computed when read, and what the data
/// says explicitly about its writability.
///
/// The tree records which facts a source read (``read``) and asks again only when one of those
/// changes.
///
/// ```swift
/// func writability(of node: NodeFacts) -> NodeWritability {
///   NodeWritability(lock: node.depth == 0 && node.label == "Required" ? .on : .none)
/// }
/// ```
public struct NodeFacts: Sendable {
  let reader: any FactReading

  /// Whether the data disables the node itself.
  public let isDisabledByData: Bool
  /// The lock the data puts on the node (`.on`/`.off` for a leaf, `.current` for a parent), or nil.
  public let lockByData: NodeLock?

  /// The label.
  public var label: String { reader.label() }
  /// The escaped label path from the root, as ``SelectionTree/escapedLabelPath(of:separator:)``.
  /// - Complexity: O(d) for a node at depth d.
  public var path: String { reader.path() }
  /// The depth (0 for a root).
  public var depth: Int { reader.depth() }
  /// Whether the node has no children.
  public var isLeaf: Bool { reader.isLeaf() }
  /// The number of children.
  /// - Complexity: O(c) for c children.
  public var childCount: Int { reader.childCount() }
  /// The data's attributes.
  public var attributes: [String: String] { reader.attributes() }
  /// The selection state.
  /// - Complexity: O(log n).
  public var state: ToggleState { reader.state() }
  /// The facts read so far.
  public var read: Fact.Set { reader.read }

  /// A fact of a node.
  public enum Fact: Int, CaseIterable, Sendable {
    case label, path, depth, isLeaf, childCount, attributes, state

    /// A set of facts.
    public struct Set: OptionSet, Hashable, Sendable {
      /// The facts' bits, one per fact's raw value.
      public let rawValue: UInt8
      /// A set from its bits.
      public init(rawValue: UInt8) { self.rawValue = rawValue }
      /// The set holding one fact.
      public init(_ fact: Fact) { rawValue = 1 << UInt8(fact.rawValue) }
    }
  }
}

/// Computes a node's facts on demand and records which were read.
protocol FactReading: AnyObject, Sendable {
  var read: NodeFacts.Fact.Set { get }
  func label() -> String
  func path() -> String
  func depth() -> Int
  func isLeaf() -> Bool
  func childCount() -> Int
  func attributes() -> [String: String]
  func state() -> ToggleState
}

/// The facts of the node at one position of a tree snapshot.
final class TreeFactReader<ID: Hashable>: FactReading, @unchecked Sendable {
  // The tree is a snapshot never mutated through this object; `mask` is guarded by `lock`, which
  // the readers of one derivation pass share (one allocation per pass, not per node).
  let tree: SelectionTree<ID>
  let position: Int
  private let lock: RecursiveLock
  private var mask = NodeFacts.Fact.Set()

  init(tree: SelectionTree<ID>, position: Int, lock: RecursiveLock) {
    self.tree = tree
    self.position = position
    self.lock = lock
  }

  var read: NodeFacts.Fact.Set { lock.withLock { mask } }

  private func note(_ fact: NodeFacts.Fact) {
    lock.withLock { _ = mask.insert(NodeFacts.Fact.Set(fact)) }
  }

  func label() -> String {
    note(.label)
    return tree.structure.label(at: position)
  }

  func path() -> String {
    note(.path)
    return tree.escapedLabelPath(at: position)
  }

  func depth() -> Int {
    note(.depth)
    return tree.structure.depth(of: position)
  }

  func isLeaf() -> Bool {
    note(.isLeaf)
    return tree.structure.isLeaf(position)
  }

  func childCount() -> Int {
    note(.childCount)
    return tree.structure.children(of: position).count
  }

  func attributes() -> [String: String] {
    note(.attributes)
    return tree.structure.attributes(at: position) ?? [:]
  }

  func state() -> ToggleState {
    note(.state)
    return tree.state(at: position)
  }
}

extension SelectionTree {
  /// Whether every fact in `facts` is the same for the node at `position` as for the node at
  /// `otherPosition` of `other`.
  func hasSameFacts(
    _ facts: NodeFacts.Fact.Set, at position: Int, as other: SelectionTree, at otherPosition: Int
  ) -> Bool {
    let lock = RecursiveLock()
    let this = TreeFactReader(tree: self, position: position, lock: lock)
    let that = TreeFactReader(tree: other, position: otherPosition, lock: lock)
    for fact in NodeFacts.Fact.allCases where facts.contains(NodeFacts.Fact.Set(fact)) {
      let same: Bool
      switch fact {
      // By bytes: a relabel to the other normalisation of a name is a new label.
      case .label: same = LabelBytes.same(this.label(), that.label())
      case .path: same = LabelBytes.same(this.path(), that.path())
      case .depth: same = this.depth() == that.depth()
      case .isLeaf: same = this.isLeaf() == that.isLeaf()
      case .childCount: same = this.childCount() == that.childCount()
      case .attributes: same = this.attributes() == that.attributes()
      case .state: same = this.state() == that.state()
      }
      if !same { return false }
    }
    return true
  }
}
