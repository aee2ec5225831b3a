import ToggleKit

/// A value stored outside any binding, with counters of how it was accessed: the test double for
/// "the store a binding writes to".
final class Spy<Value> {
  var value: Value
  private(set) var reads = 0
  private(set) var writes = 0

  init(_ value: Value) {
    self.value = value
  }

  /// A plain get/set binding to the spy's value.
  var binding: ModelBinding<Value> {
    ModelBinding(
      get: {
        self.reads += 1
        return self.value
      },
      set: {
        self.writes += 1
        self.value = $0
      })
  }
}
