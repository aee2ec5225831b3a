import Synchronization

/// A value made the first time it is read, then shared by every reader, who read it without a
/// lock: one atomic load.
///
/// Two threads reading it first may both make it; one of the two is kept, and both get that one.
/// `Atomic`, not a lock: a lock taken on every read costs more than the read of an array element
/// it guards (`tree.ids[i]` in a loop), and ThreadSanitizer sees atomics.
final class LazyOnce<Value>: @unchecked Sendable {
  private final class Box {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  private let slot: Atomic<Unmanaged<Box>?>

  /// A value not made yet.
  init() { slot = Atomic(nil) }

  deinit { slot.load(ordering: .acquiring)?.release() }

  /// The value: the one made before, or `make()`'s.
  func value(_ make: () -> Value) -> Value {
    if let box = slot.load(ordering: .acquiring) { return box.takeUnretainedValue().value }
    let made = Unmanaged.passRetained(Box(make()))
    let (exchanged, current) = slot.compareExchange(
      expected: nil, desired: made, ordering: .acquiringAndReleasing)
    if exchanged { return made.takeUnretainedValue().value }
    made.release()
    return current!.takeUnretainedValue().value
  }
}
