import Synchronization

/// A counter shared across threads: observation change handlers, rule closures.
///
/// An `Atomic`, not a `Mutex`: atomics compile into the test code, where ThreadSanitizer sees
/// them, while `Mutex` on Linux waits inside the uninstrumented standard library.
public final class Counter: Sendable {
  private let value = Atomic(0)
  /// A counter at zero.
  public init() {}
  /// Adds one.
  public func increment() { value.wrappingAdd(1, ordering: .sequentiallyConsistent) }
  /// The count so far.
  public var count: Int { value.load(ordering: .sequentiallyConsistent) }
}
