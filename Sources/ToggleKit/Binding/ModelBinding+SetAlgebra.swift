extension ModelBinding where Value: SetAlgebra {
  /// A Bool binding to whether the set contains `element`: writing true inserts it, writing false
  /// removes it, and every other element is left untouched.
  ///
  /// ```swift
  /// @ModelState var selection: Set<String> = ["b"]
  /// let a = $selection.contains("a")
  /// a.wrappedValue = true    // selection == ["a", "b"]
  /// a.wrappedValue = false   // selection == ["b"]
  /// ```
  ///
  /// Works for any `SetAlgebra`: `Set`, option sets, and your own. Writes that would not change
  /// membership leave the base unwritten, so observers are not told of a change that did not happen.
  /// - Complexity: Each access costs one `contains`, `insert` or `remove` on the base.
  public func contains(_ element: Value.Element) -> ModelBinding<Bool> {
    let read = reader
    let update = updater
    let setMembership: (Bool) -> Void = { isMember in
      guard let update, read().contains(element) != isMember else { return }
      update { set in
        if isMember { set.insert(element) } else { set.remove(element) }
      }
    }
    return ModelBinding<Bool>(
      read: { read().contains(element) },
      write: update == nil ? nil : setMembership,
      update: update.map { update in
        { body in
          update { set in
            var isMember = set.contains(element)
            body(&isMember)
            if isMember { set.insert(element) } else { set.remove(element) }
          }
        }
      },
      isConstant: isConstant,
      canWrite: canWriteNow
    )
  }
}
