/// What a source derived for one node's writability: only what it added beyond the data.
struct DerivedRecord: Sendable {
  /// The lock the source put on the node (`.none` when none, or when the data locks it).
  var lock: NodeLock
  /// Whether the source disables the node (false when the data disables it).
  var disables: Bool
  /// The facts the source read.
  var read: NodeFacts.Fact.Set
  /// The data's own lock and disabling when derived, which the source saw as explicit.
  var explicitLocked: Bool
  var explicitDisabled: Bool
  /// Whether the source's locks locked the node (it was not locked before them): removing the
  /// attributes unlocks exactly these, and a reload does not carry their lock.
  var addsLock = false
}

/// What a list of records counts: how many read the node's state, which the derived locks and an
/// edit below the node change (an edit then derives every node again, as a reload does).
enum DerivedTraits: CountedTraits {
  typealias Element = DerivedRecord
  typealias Summary = Int
  typealias Action = NoAction

  static var emptySummary: Int { 0 }

  static func summary(of elements: ArraySlice<DerivedRecord>) -> Int {
    let state = NodeFacts.Fact.Set(.state)
    return elements.reduce(0) { $0 + ($1.read.contains(state) ? 1 : 0) }
  }

  static func combine(_ first: Int, _ second: Int) -> Int { first + second }
}

/// A tree's derived attributes: the source, each node's record, the locks it added, and
/// presentations computed on demand.
final class DerivedAttributes: @unchecked Sendable {
  // Everything but `presentations` is immutable; `presentations` is guarded by `lock`.
  private struct Cached {
    var presentation: NodePresentation
    var read: NodeFacts.Fact.Set
    var state: ToggleState
  }

  let source: any NodeAttributeSource
  /// Each node's record, by position: spliced as the tree's shape is.
  let records: CountedTree<DerivedTraits>
  /// Whether a lock or a disabling was set on the tree since the attributes were derived: the
  /// records' explicit flags may then differ from the data's, and the next edit derives every
  /// node again (a reload asks the source again about such nodes).
  let flagsChanged: Bool

  private let lock = RecursiveLock()
  /// Shared by the facts readers of every presentation derived for the tree.
  let factLock = RecursiveLock()
  private var presentations: [Int32: Cached] = [:]

  init(
    source: any NodeAttributeSource, records: CountedTree<DerivedTraits>, flagsChanged: Bool = false
  ) {
    self.source = source
    self.records = records
    self.flagsChanged = flagsChanged
  }

  /// The record of the node at `position`.
  /// - Complexity: O(log n).
  func record(at position: Int) -> DerivedRecord { records[position] }

  /// Every record, by position.
  /// - Complexity: O(n).
  var allRecords: [DerivedRecord] { records.elements }

  /// Whether an edit can derive the attributes of the nodes it touches alone: no flag set since
  /// the derivation, and no record that read a state.
  var derivesLocally: Bool { !flagsChanged && records.summary == 0 }

  /// The same attributes, marked as having seen a lock or disabling set since.
  func markingFlagsChanged() -> DerivedAttributes {
    flagsChanged ? self : DerivedAttributes(source: source, records: records, flagsChanged: true)
  }

  /// The cached presentation of a node when still valid for its state, else `compute()`'s.
  func presentation(
    at position: Int, state: ToggleState,
    compute: () -> (NodePresentation, NodeFacts.Fact.Set)
  ) -> NodePresentation {
    let key = Int32(position)
    if let cached = lock.withLock({ presentations[key] }),
      !cached.read.contains(NodeFacts.Fact.Set(.state)) || cached.state == state
    {
      return cached.presentation
    }
    let (fresh, read) = compute()
    lock.withLock { presentations[key] = Cached(presentation: fresh, read: read, state: state) }
    return fresh
  }
}
