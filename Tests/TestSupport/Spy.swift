import ToggleKit

/// A value stored outside any binding, with counters of how it was accessed: the test double for
/// "the store a binding writes to".
public final class Spy<Value> {
  /// The value as stored.
  public var value: Value
  /// How often the binding read it.
  public private(set) var reads = 0
  /// How often the binding wrote it.
  public private(set) var writes = 0

  /// A spy holding `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// A plain get/set binding to the spy's value.
  public var binding: ModelBinding<Value> {
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
