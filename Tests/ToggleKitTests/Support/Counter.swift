import Synchronization

/// A counter shared across threads: observation change handlers, rule closures.
///
/// An `Atomic`, not a `Mutex`: atomics compile into the test code, where ThreadSanitizer sees
/// them, while `Mutex` on Linux waits inside the uninstrumented standard library.
final class Counter: Sendable {
  private let value = Atomic(0)
  func increment() { value.wrappingAdd(1, ordering: .sequentiallyConsistent) }
  var count: Int { value.load(ordering: .sequentiallyConsistent) }
}
