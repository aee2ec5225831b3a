/// How a node's value is fixed: not at all, on, off, or at the value it has.
///
/// On a parent, a lock applies to every node below it.
public enum NodeLock: String, Hashable, Sendable, CaseIterable, Codable {
  /// Not locked.
  case none
  /// Locked on.
  case on
  /// Locked off.
  case off
  /// Locked at the value each node has now.
  case current
}
