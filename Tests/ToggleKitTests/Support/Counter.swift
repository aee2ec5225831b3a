import Synchronization

/// A counter shared across threads: observation change handlers, rule closures.
final class Counter: Sendable {
  private let value = Mutex(0)
  func increment() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}
