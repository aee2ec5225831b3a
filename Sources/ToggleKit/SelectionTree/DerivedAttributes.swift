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
  let records: [DerivedRecord]
  /// By position: whether the source's locks locked the node (it was not locked before them).
  ///
  /// Removing the attributes unlocks exactly these; every lock set since stays.
  let derivedLocks: [Bool]

  private let lock = RecursiveLock()
  /// Shared by the facts readers of every presentation derived for the tree.
  let factLock = RecursiveLock()
  private var presentations: [Int32: Cached] = [:]

  init(
    source: any NodeAttributeSource, records: [DerivedRecord], derivedLocks: [Bool]
  ) {
    self.source = source
    self.records = records
    self.derivedLocks = derivedLocks
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
