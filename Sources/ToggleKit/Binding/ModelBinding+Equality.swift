extension ModelBinding where Value: Equatable {
  /// A Bool binding that is true when the value equals `tag`, with radio-button semantics: writing
  /// true selects `tag`; writing false is ignored (there is no "other" value to pick).
  ///
  /// ```swift
  /// @ModelState var flavour = "vanilla"
  /// let chocolate = $flavour.equals("chocolate")
  /// chocolate.wrappedValue = true    // flavour == "chocolate"
  /// chocolate.wrappedValue = false   // ignored: flavour stays "chocolate"
  /// ```
  ///
  /// The ignored write is declared (``isDocumentedToIgnore(_:)`` returns true for `false`), so a
  /// binding-law check reports it as intended.
  /// - Complexity: Each access costs one comparison plus the base's access.
  public func equals(_ tag: Value) -> ModelBinding<Bool> {
    map(get: { $0 == tag }, set: { value, isSelected in if isSelected { value = tag } })
      .ignoringWrites(where: { $0 == false })
  }
}
