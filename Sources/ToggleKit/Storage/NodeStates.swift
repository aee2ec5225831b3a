/// What the chunks of ``NodeStates`` keep: counts per state, and a state map pending.
enum StateTraits: CountedTraits {
  static var emptySummary: NodeCounts { .zero }

  static func summary(of elements: ArraySlice<UInt8>) -> NodeCounts {
    elements.withUnsafeBufferPointer { NodeCounts(histogramOf: $0) }
  }

  @inline(__always)
  static func combine(_ first: NodeCounts, _ second: NodeCounts) -> NodeCounts { first &+ second }

  static var identity: StateMap { .identity }
  @inline(__always) static func isIdentity(_ action: StateMap) -> Bool { action == .identity }
  @inline(__always)
  static func compose(_ outer: StateMap, after inner: StateMap) -> StateMap { outer.after(inner) }
  @inline(__always)
  static func apply(_ action: StateMap, to summary: NodeCounts, count: Int) -> NodeCounts {
    action.apply(to: summary)
  }
  @inline(__always)
  static func apply(_ action: StateMap, to element: UInt8) -> UInt8 { action(element) }
}

/// Node states of a whole tree, in preorder, in a ``CountedTree`` of chunks of 64: counts per
/// state over any range and a state map applied to any range in O(log n) nodes, and splices of m
/// states in O(log n + m) that share every chunk they do not cut.
///
/// A tree held once is written in place (no node copied); a shared one copies the nodes on the
/// paths it writes. A write to one position under maps that would undo it changes its byte to one
/// that they map to the new state, and moves it between two counts on each level, without pushing
/// the maps down (a click after a select-all costs what a click on a fresh tree costs).
struct NodeStates: Sendable {
  typealias Node = CountedNode<StateTraits>
  /// Small chunks for tests, so that tiny trees have many levels and reach the pending maps: for
  /// s, leaves of 2^s states and inner nodes of 2^(s+1) children, at least 3 (ropes and chunked
  /// arrays shrink too).
  @TaskLocal static var testingBlockShift: Int?
  /// The states.
  var tree: CountedTree<StateTraits>

  /// The states of `states`, in order.
  /// - Complexity: O(n).
  init(states: [UInt8]) { tree = CountedTree(states) }

  /// The states of `tree`.
  init(tree: CountedTree<StateTraits>) { self.tree = tree }

  /// The number of positions.
  var count: Int { tree.count }

  /// The state at `index`.
  /// - Complexity: O(log n).
  func state(at index: Int) -> UInt8 { tree[index] }

  /// Counts per state over `range`.
  /// - Complexity: O(log n) nodes.
  func counts(in range: Range<Int>) -> NodeCounts { tree.summary(in: range) }

  /// Whether the two are one value: no write since one was copied from the other.
  func isIdentical(to other: NodeStates) -> Bool { tree.root === other.tree.root }

  /// Every state in position order.
  /// - Complexity: O(n).
  func allStates() -> [UInt8] { allStates(in: 0..<count) }

  /// The states of `range` in position order.
  /// - Complexity: O(log n + k) for k positions.
  func allStates(in range: Range<Int>) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: range.count) { result, initialized in
      var next = 0
      tree.forEachChunk(in: range) { states, map in
        let target = UnsafeMutableBufferPointer(rebasing: result[next..<(next + states.count)])
        if map == .identity {
          _ = target.initialize(from: states)
        } else {
          for index in states.indices {
            target.initializeElement(at: index, to: map(states[index]))
          }
        }
        next += states.count
      }
      initialized = next
    }
  }

  /// The bytes the nodes take, as if none were shared.
  var storageBytes: Int { tree.storageBytes }

  /// Whether every node's counts equal what lies below it.
  /// - Complexity: O(n).
  func countsAreConsistent() -> Bool {
    var consistent = true
    tree.checkInvariants {
      consistent = consistent && $0 == $1
      return true
    }
    return consistent
  }
}
