/// A get/set pair to a value stored elsewhere: the model-layer twin of SwiftUI's `Binding`.
///
/// A binding reads its value on demand and writes it back through the store that owns it. It knows
/// whether it can be written at all (``isWritable``) and whether its value can never change
/// (``isConstant``); everything derived from it — key-path projections, ``map(get:set:)``,
/// ``contains(_:)``, element bindings — inherits both.
///
/// ```swift
/// var volume = 3
/// let binding = ModelBinding(get: { volume }, set: { volume = $0 })
/// binding.wrappedValue = 7        // volume == 7
/// ModelBinding.constant(1).isWritable   // false: writes to it are ignored
/// ```
///
/// Writes to a binding that is not writable are ignored, as SwiftUI ignores writes to a constant.
/// Bindings are not `Sendable`: derive one per isolation domain from a ``ModelState``, which is.
/// - Complexity: Every read and write costs what the underlying getter and setter cost, plus O(1)
///   per level of projection.
@propertyWrapper
@dynamicMemberLookup
public struct ModelBinding<Value> {
  /// Reads the current value.
  @usableFromInline let reader: () -> Value
  /// Replaces the value; `nil` when the binding is not writable.
  @usableFromInline let writer: ((Value) -> Void)?
  /// Mutates the value in place (atomically when the store can); `nil` when not writable.
  @usableFromInline let updater: ((_ body: (inout Value) -> Void) -> Void)?
  /// Writes this binding documents that it ignores (see ``ignoringWrites(where:)``).
  @usableFromInline let ignoresWrite: ((Value) -> Bool)?
  /// Whether the value is mixed now: set on ``ParentToggle/isOn``, so nested parents count as mixed.
  @usableFromInline let mixedReader: (() -> Bool)?
  /// Whether writes may change the value now (a tree node may get locked); nil: always.
  @usableFromInline let canWriteNow: (() -> Bool)?

  /// Whether the value can never change: true for ``constant(_:)`` and everything derived from one.
  public let isConstant: Bool

  /// Creates a binding from its parts; the designated initializer every other one calls.
  @usableFromInline
  init(
    read: @escaping () -> Value,
    write: ((Value) -> Void)?,
    update: ((_ body: (inout Value) -> Void) -> Void)?,
    isConstant: Bool,
    ignores: ((Value) -> Bool)? = nil,
    isMixed: (() -> Bool)? = nil,
    canWrite: (() -> Bool)? = nil
  ) {
    self.reader = read
    self.writer = write
    self.updater = update
    self.isConstant = isConstant
    self.ignoresWrite = ignores
    self.mixedReader = isMixed
    self.canWriteNow = canWrite
  }

  /// Creates a writable binding from a getter and a setter.
  ///
  /// A projection's write reads the whole value, changes the projected part and calls `set` with the
  /// result.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.init(
      read: get,
      write: set,
      update: { body in
        var value = get()
        body(&value)
        set(value)
      },
      isConstant: false
    )
  }

  /// Creates a writable binding whose writes are in-place mutations, so that the store can make each
  /// read-modify-write atomic and avoid copying large values.
  ///
  /// ```swift
  /// final class Box { var items: [Int]; init(_ items: [Int]) { self.items = items } }
  /// let box = Box([1, 2])   // any reference type holding a value
  /// let binding = ModelBinding(get: { box.items }, update: { body in body(&box.items) })
  /// ```
  public init(
    get: @escaping () -> Value,
    update: @escaping (_ body: (inout Value) -> Void) -> Void
  ) {
    self.init(
      read: get,
      write: { newValue in update { $0 = newValue } },
      update: update,
      isConstant: false
    )
  }

  /// Creates a read-only binding: it reads through `get` and ignores every write.
  public init(get: @escaping () -> Value) {
    self.init(read: get, write: nil, update: nil, isConstant: false)
  }

  /// Creates a binding from another binding, for `@ModelBinding` parameters of initializers.
  ///
  /// ```swift
  /// struct Row { @ModelBinding var isOn: Bool }
  /// let row = Row(isOn: $flag)
  /// ```
  public init(projectedValue: ModelBinding<Value>) {
    self = projectedValue
  }

  /// A binding to an immutable value: reads return `value`, writes are ignored.
  public static func constant(_ value: Value) -> ModelBinding<Value> {
    ModelBinding(read: { value }, write: nil, update: nil, isConstant: true)
  }

  /// Whether writes reach the underlying store.
  ///
  /// False for constants, read-only bindings, ``locked()``
  /// bindings and everything derived from them; for a binding whose store can lock the value later
  /// (``SelectionModel/binding(for:)``), it answers for now.
  /// - Complexity: O(1), plus the store's check when it has one.
  @inlinable
  public var isWritable: Bool { writer != nil && canWriteNow?() != false }

  /// The value the binding refers to; setting it writes through (ignored when not writable).
  /// - Complexity: The getter's or setter's cost.
  @inlinable
  public var wrappedValue: Value {
    get { reader() }
    nonmutating set { writer?(newValue) }
  }

  /// The binding itself, so `$value` on a `@ModelBinding` property gives the binding.
  public var projectedValue: ModelBinding<Value> { self }

  /// Mutates the value in place through the store in one read-modify-write.
  ///
  /// Does nothing when the binding is not writable. On a binding derived from a ``ModelState`` the
  /// whole read-modify-write is atomic.
  /// - Complexity: The store's update cost plus `body`'s.
  public func update(_ body: (inout Value) -> Void) {
    updater?(body)
  }
}
