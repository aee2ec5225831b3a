extension ModelBinding {
  /// A binding to a property of the value, reached by key path: `$item.isOn`.
  ///
  /// ```swift
  /// struct Item { var isOn = false }
  /// @ModelState var item = Item()
  /// $item.isOn.wrappedValue = true   // writes back into `item`
  /// ```
  ///
  /// Writes mutate the property in place inside the base's own update, so they always reach the
  /// base (and are atomic on a ``ModelState``). Writability and constancy are inherited.
  /// - Complexity: O(1) to create; each access costs the base's access plus the key path's.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> ModelBinding<Subject> {
    let read = reader
    let update = updater
    return ModelBinding<Subject>(
      read: { read()[keyPath: keyPath] },
      write: update.map { update in { newValue in update { $0[keyPath: keyPath] = newValue } } },
      update: update.map { update in { body in update { body(&$0[keyPath: keyPath]) } } },
      isConstant: isConstant,
      canWrite: canWriteNow
    )
  }

  /// A read-only binding to a read-only property of the value: `$items.count`.
  /// - Complexity: O(1) to create; each read costs the base's read plus the key path's.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> ModelBinding<Subject>
  {
    let read = reader
    return ModelBinding<Subject>(
      read: { read()[keyPath: keyPath] },
      write: nil,
      update: nil,
      isConstant: isConstant
    )
  }

  /// A bidirectional transformation: reads go through `get`, writes through `set`, which updates
  /// the base value in place from the new derived value.
  ///
  /// ```swift
  /// @ModelState var celsius = 20.0
  /// let fahrenheit = $celsius.map(get: { $0 * 9 / 5 + 32 }, set: { $0 = ($1 - 32) * 5 / 9 })
  /// fahrenheit.wrappedValue = 212   // celsius == 100
  /// ```
  /// - Complexity: O(1) to create; each access costs the base's access plus `get` or `set`.
  public func map<Derived>(
    get: @escaping (Value) -> Derived,
    set: @escaping (inout Value, Derived) -> Void
  ) -> ModelBinding<Derived> {
    let read = reader
    let update = updater
    return ModelBinding<Derived>(
      read: { get(read()) },
      write: update.map { update in { newValue in update { set(&$0, newValue) } } },
      update: update.map { update in
        { body in
          update { base in
            var derived = get(base)
            body(&derived)
            set(&base, derived)
          }
        }
      },
      isConstant: isConstant,
      canWrite: canWriteNow
    )
  }

  /// A read-only transformation of the value.
  ///
  /// ```swift
  /// let isEmpty = $selection.map { $0.isEmpty }   // ModelBinding<Bool>, not writable
  /// ```
  /// - Complexity: O(1) to create; each read costs the base's read plus `transform`.
  public func map<Derived>(_ transform: @escaping (Value) -> Derived) -> ModelBinding<Derived> {
    let read = reader
    return ModelBinding<Derived>(
      read: { transform(read()) },
      write: nil,
      update: nil,
      isConstant: isConstant
    )
  }

  /// The same value, read-only: the explicit way to make a source *locked*.
  ///
  /// ```swift
  /// let parent = ParentToggle([$a, $b.locked(), $c])   // b is never written
  /// ```
  public func locked() -> ModelBinding<Value> {
    ModelBinding(
      read: reader, write: nil, update: nil, isConstant: isConstant, isMixed: mixedReader)
  }

  /// The same binding, declaring that it ignores writes of values matching `predicate` — and
  /// ignoring them.
  ///
  /// ```swift
  /// // A radio button: selectable, never deselectable.
  /// let radio = $isSelected.ignoringWrites(where: { $0 == false })
  /// ```
  ///
  /// The declaration is visible through ``isDocumentedToIgnore(_:)``, so binding-law checks treat
  /// those writes as intended rather than as an unresponsive binding.
  /// - Complexity: O(1) to create; each write evaluates `predicate` once.
  public func ignoringWrites(where predicate: @escaping (Value) -> Bool) -> ModelBinding<Value> {
    let previous = ignoresWrite
    let update = updater
    return ModelBinding(
      read: reader,
      write: writer.map { write in
        { newValue in
          if !predicate(newValue) { write(newValue) }
        }
      },
      update: update.map { update in
        { body in
          update { value in
            var candidate = value
            body(&candidate)
            if !predicate(candidate) { value = candidate }
          }
        }
      },
      isConstant: isConstant,
      ignores: { value in predicate(value) || previous?(value) == true },
      canWrite: canWriteNow
    )
  }

  /// Whether this binding documents that it ignores writes of `value` (see
  /// ``ignoringWrites(where:)``); ``equals(_:)`` ignores `false`, for example.
  ///
  /// ```swift
  /// $choice.equals("a").isDocumentedToIgnore(false)   // true
  /// ```
  /// - Complexity: O(1) per declaration in the binding's derivation.
  public func isDocumentedToIgnore(_ value: Value) -> Bool {
    ignoresWrite?(value) ?? false
  }
}
