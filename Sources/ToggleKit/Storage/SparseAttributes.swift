/// The string attributes of the nodes that have any, in preorder: their positions, ascending, and
/// their attributes in the same order, in a rope whose chunks an edit's new tree shares.
///
/// An edit moves the positions (plain numbers, one per attributed node) and shares the attributes
/// themselves: no dictionary is hashed, copied or retained again, where a dictionary keyed by
/// position was built anew by every edit (most of an edit's time in a folder tree, whose folders
/// all have attributes).
struct SparseAttributes: Equatable, Sendable {
  /// The positions of the nodes with attributes, ascending.
  private(set) var positions: [Int32] = []
  /// Their attributes, in the same order.
  private(set) var values = Rope<[String: String]>()

  /// No attributes.
  init() {}

  /// The attributes of a dictionary keyed by position (empty attributes left out).
  /// - Complexity: O(a log a) for a nodes with attributes.
  init(_ byPosition: [Int32: [String: String]]) {
    let sorted = byPosition.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
    positions = sorted.map(\.key)
    values = Rope(sorted.map(\.value))
  }

  /// The attributed nodes' positions and attributes, in preorder.
  func makeIterator() -> some IteratorProtocol<(Int, [String: String])> {
    zip(positions.lazy.map { Int($0) }, values).makeIterator()
  }

  /// Whether no node has attributes.
  var isEmpty: Bool { positions.isEmpty }

  /// The attributes of the node at `position`, nil when it has none.
  /// - Complexity: O(log a).
  subscript(position: Int32) -> [String: String]? {
    let index = positions.firstIndex(notBelow: position)
    return index < positions.count && positions[index] == position ? values[index] : nil
  }

  /// Appends the attributes of `other`'s nodes at positions in `range`, their positions moved so
  /// that `range.lowerBound` becomes `start` (after every position appended so far).
  /// - Complexity: O(k + log a + k / 512) for k nodes with attributes in `range`.
  mutating func append(contentsOf other: SparseAttributes, _ range: Range<Int32>, at start: Int32) {
    let from = other.positions.firstIndex(notBelow: range.lowerBound)
    let to = other.positions.firstIndex(notBelow: range.upperBound)
    guard from < to else { return }
    let shift = start - range.lowerBound
    positions += other.positions[from..<to].lazy.map { $0 + shift }
    values.append(contentsOf: other.values, from..<to)
  }

  /// Appends the attributes of the node at `position`, after every position appended so far.
  /// - Complexity: O(1) amortized.
  mutating func append(_ attributes: [String: String], at position: Int32) {
    guard !attributes.isEmpty else { return }
    positions.append(position)
    values.append(attributes)
  }

  /// Traps unless the positions ascend within `0..<count`, one attribute set each, none empty.
  /// - Complexity: O(a).
  func checkInvariants(count: Int) {
    values.checkInvariants()
    precondition(values.count == positions.count, "one attribute set per position")
    for index in positions.indices {
      precondition(positions[index] >= 0 && positions[index] < count, "a position in the tree")
      precondition(index == 0 || positions[index - 1] < positions[index], "positions ascend")
      precondition(!values[index].isEmpty, "no empty attribute set")
    }
  }

  /// The bytes the positions and the rope's references take.
  var storageBytes: Int { positions.capacity * 4 + values.storageBytes }
}
