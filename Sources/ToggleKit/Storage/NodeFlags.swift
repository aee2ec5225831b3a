/// What a list of flags keeps: the flags, and how many of them are set; no deferred change.
enum FlagTraits: CountedTraits {
  /// How many flags are set (a filter asks whether any node below one matches).
  typealias Summary = Int
  static var emptySummary: Int { 0 }
  @inline(__always)
  static func summary(of elements: ArraySlice<Bool>) -> Int {
    elements.withUnsafeBufferPointer { flags in
      flags.withMemoryRebound(to: UInt8.self) { bytes in
        var set = 0
        for byte in bytes { set &+= Int(byte) }
        return set
      }
    }
  }
  @inline(__always)
  static func combine(_ first: Int, _ second: Int) -> Int { first + second }
}

extension FlagTraits {
  typealias Element = Bool
  typealias Action = NoAction
}

/// One flag per node (whether it is expanded; under a filter, whether it matches and whether a
/// match below holds it open) in a ``CountedTree`` of large leaves: read and
/// written by position in O(log n), spliced in O(log n + m) when the tree's shape changes, and
/// shared by copies until one of them writes.
///
/// Leaves hold 1,024 flags: a write copies a kilobyte, a tree of 10^6 nodes is three levels deep,
/// and the nodes' overhead is a few bits per flag.
struct NodeFlags: Equatable, Sendable {
  /// The flags.
  private(set) var tree: CountedTree<FlagTraits>

  /// Leaves of 1,024 flags; the tests' small leaves when they ask for them.
  private static var limits: CountedLimits {
    let current = CountedLimits.current
    return current == CountedLimits.standard ? CountedLimits(leaf: 1_024, fan: 16) : current
  }

  /// The flags of `flags`, in order.
  /// - Complexity: O(n).
  init(_ flags: [Bool]) { tree = CountedTree(flags, limits: Self.limits) }

  /// `count` copies of `flag`.
  /// - Complexity: O(n).
  init(repeating flag: Bool, count: Int) { self.init([Bool](repeating: flag, count: count)) }

  /// The number of flags.
  var count: Int { tree.count }

  /// The flag at `position`.
  /// - Complexity: O(log n).
  subscript(position: Int) -> Bool {
    get { tree[position] }
    set { tree.update(at: position) { $0 = newValue } }
  }

  /// Every flag in order.
  /// - Complexity: O(n).
  var elements: [Bool] { elements(in: 0..<count) }

  /// How many flags in `range` are set.
  /// - Complexity: O(log n).
  func setCount(in range: Range<Int>) -> Int { tree.summary(in: range) }

  /// The flags in `range`, in order.
  /// - Complexity: O(log n + k) for k flags.
  func elements(in range: Range<Int>) -> [Bool] {
    [Bool](unsafeUninitializedCapacity: range.count) { buffer, initialized in
      forEachSpan(in: range) { span, start in
        let offset = start - range.lowerBound
        _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset + span.count)])
          .initialize(from: span)
      }
      initialized = range.count
    }
  }

  /// Calls `body` with each stretch of `range` that lies in one leaf and the position of its first
  /// flag, in order.
  /// - Complexity: O(log n + k / 1,024) calls for k flags.
  func forEachSpan(in range: Range<Int>, _ body: (UnsafeBufferPointer<Bool>, _ start: Int) -> Void)
  {
    var start = range.lowerBound
    tree.forEachChunk(in: range) { span, _ in
      body(span, start)
      start += span.count
    }
  }

  /// Puts `flags` before `position`.
  /// - Complexity: O(log n + m).
  mutating func insert(contentsOf flags: some Collection<Bool>, at position: Int) {
    tree.insert(contentsOf: flags, at: position)
  }

  /// Takes the flags in `range` out.
  /// - Complexity: O(log n) nodes made.
  mutating func removeSubrange(_ range: Range<Int>) { tree.removeSubrange(range) }

  /// Moves the flags in `range` so that they start at `position` of the list without them.
  /// - Complexity: O(log n) nodes made.
  mutating func moveSubrange(_ range: Range<Int>, to position: Int) {
    tree.moveSubrange(range, to: position)
  }

  /// Whether this list and `other` are one value: no write since one was copied from the other.
  func isIdentical(to other: NodeFlags) -> Bool { tree.root === other.tree.root }

  /// The bytes the nodes take, as if none were shared.
  var storageBytes: Int { tree.storageBytes }

  /// Whether both lists hold the same flags.
  /// - Complexity: O(n); O(1) for lists that are one value.
  static func == (lhs: NodeFlags, rhs: NodeFlags) -> Bool {
    lhs.isIdentical(to: rhs) || (lhs.count == rhs.count && lhs.elements == rhs.elements)
  }
}
