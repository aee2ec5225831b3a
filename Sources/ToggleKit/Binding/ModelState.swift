import Observation

/// A reference box that owns a value and vends ``ModelBinding``s to it: the model-layer twin of
/// SwiftUI's `@State`, usable on members and on local variables.
///
/// ```swift
/// @ModelState var selection: Set<String> = []
/// let a = $selection.contains("a")   // ModelBinding<Bool>
/// a.wrappedValue = true               // selection == ["a"]
/// ```
///
/// **Observation.** `ModelState` is `Observable`: `withObservationTracking` around a read of
/// ``value`` fires on every write, whether made directly or through any binding derived from the
/// state (projections, ``ModelBinding/contains(_:)``, element bindings, maps).
///
/// A `ModelState` is `Sendable` when its value is: reads are never torn and every write through
/// it or a derived binding is atomic (<doc:Bindings> → Threads and observation).
/// - Complexity: Reads and writes are O(1) plus the cost of copying the value out; in-place updates
///   through bindings do not copy the value.
@propertyWrapper
public final class ModelState<Value>: Observable {
  private let lock = RecursiveLock()
  private var storage: Value
  private let registrar = ObservationRegistrar()

  /// Creates a state owning `value`.
  public init(_ value: Value) {
    storage = value
  }

  /// Creates a state for the property-wrapper form, `@ModelState var x = initial`.
  public convenience init(wrappedValue: Value) {
    self.init(wrappedValue)
  }

  /// The current value.
  ///
  /// Reading it registers an observation; setting it notifies observers.
  /// - Complexity: O(1) plus copying the value.
  public var value: Value {
    get {
      registrar.access(self, keyPath: \.value)
      return lock.withLock { storage }
    }
    set {
      registrar.willSet(self, keyPath: \.value)
      lock.withLock { storage = newValue }
      registrar.didSet(self, keyPath: \.value)
    }
  }

  /// The value, for the property-wrapper form: `selection` in `@ModelState var selection`.
  /// - Complexity: O(1) plus copying the value.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// A binding to the value, for the property-wrapper form: `$selection`.
  public var projectedValue: ModelBinding<Value> { binding }

  /// A writable binding to the value.
  ///
  /// Writes through it, and through everything derived from it,
  /// are atomic read-modify-writes that notify observers.
  public var binding: ModelBinding<Value> {
    ModelBinding(
      read: { self.value },
      write: { self.value = $0 },
      update: { body in self.update(body) },
      isConstant: false
    )
  }

  /// Mutates the value in place, atomically, and notifies observers once.
  ///
  /// ```swift
  /// let counter = ModelState(0)
  /// counter.update { $0 += 1 }   // safe from any number of tasks at once
  /// ```
  ///
  /// `body` runs while the state's lock is held and the value is being modified in place, so it
  /// must not access this same state again — not directly, and not through a binding derived from
  /// it. Like any overlapping access in Swift, doing so traps (it never deadlocks or corrupts the
  /// value). Observers are told after `body` returns and may read the state freely.
  /// - Complexity: O(1) plus `body`'s cost; the value is not copied.
  @discardableResult
  public func update<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    registrar.willSet(self, keyPath: \.value)
    defer { registrar.didSet(self, keyPath: \.value) }
    return try lock.withLock { try body(&storage) }
  }
}

extension ModelState: @unchecked Sendable where Value: Sendable {}
