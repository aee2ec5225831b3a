extension ModelBinding {
  /// Unwraps a binding to an optional, or returns nil when the base is nil right now.
  ///
  /// ```swift
  /// @ModelState var name: String? = "draft"
  /// if let unwrapped = ModelBinding($name) {
  ///   name = nil
  ///   unwrapped.wrappedValue   // "draft": the last non-nil value, never a trap
  /// }
  /// ```
  ///
  /// After the base becomes nil, reads return the last non-nil value this binding saw, and writes
  /// still go through (making the base non-nil again). SwiftUI's equivalent traps in that case.
  /// - Complexity: O(1); each access costs the base's access.
  public init?(_ base: ModelBinding<Value?>) {
    guard let initial = base.reader() else { return nil }
    let last = _LastValue(initial)
    let read = base.reader
    self.init(
      read: {
        guard let value = read() else { return last.value }
        last.value = value
        return value
      },
      write: base.writer.map { write in
        { newValue in
          last.value = newValue
          write(newValue)
        }
      },
      update: base.updater.map { update in
        { body in
          update { optional in
            var value = optional ?? last.value
            body(&value)
            last.value = value
            optional = value
          }
        }
      },
      isConstant: base.isConstant,
      canWrite: base.canWriteNow
    )
  }

  /// A Bool binding to whether an optional holds a value: writing false stores nil; writing true
  /// stores `makeValue()` when the optional is nil, and is ignored (declared, see
  /// ``isDocumentedToIgnore(_:)``) when no `makeValue` was given.
  ///
  /// ```swift
  /// @ModelState var note: String? = "hi"
  /// $note.isPresent().wrappedValue = false                 // note == nil
  /// $note.isPresent(default: { "" }).wrappedValue = true  // note == ""
  /// ```
  /// - Complexity: Each access costs the base's access, plus `makeValue` when it is called.
  public func isPresent<Wrapped>(
    default makeValue: (() -> Wrapped)? = nil
  ) -> ModelBinding<Bool> where Value == Wrapped? {
    let presence = map(
      get: { $0 != nil },
      set: { optional, isPresent in
        if !isPresent {
          optional = nil
        } else if optional == nil, let makeValue {
          optional = makeValue()
        }
      }
    )
    return makeValue == nil ? presence.ignoringWrites(where: { $0 }) : presence
  }
}

/// The last value a binding saw, shared by the closures of one binding.
final class _LastValue<Value> {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
