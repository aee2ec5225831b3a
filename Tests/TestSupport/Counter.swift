import Observation
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

/// Whether `action` makes the observers of what `read` reads fire (Observation's tracking).
///
/// ```swift
/// #expect(try notifies(reading: { _ = model.state(of: "Fruit") }, when: { try model.toggle("Fruit/Apple") }))
/// ```
public func notifies(reading read: () -> Void, when action: () throws -> Void) rethrows -> Bool {
  let counter = Counter()
  withObservationTracking(read, onChange: { counter.increment() })
  try action()
  return counter.count > 0
}
