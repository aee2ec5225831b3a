extension ParentToggle {
  /// Clicks the parent: `.on` writes false, `.off` writes true, `.mixed` writes the
  /// ``mixedTogglesTo`` target — to every writable source that differs from it.
  ///
  /// ```swift
  /// let outcome = parent.toggle()
  /// print(outcome)   // "changed 2, blocked 1"
  /// ```
  ///
  /// - Returns: How many sources changed and how many could not be changed.
  /// - Complexity: O(n): reads each source once, writes and re-reads each differing writable one.
  @discardableResult
  public func toggle() -> ToggleOutcome {
    switch state {
    case .on: set(false)
    case .off: set(true)
    case .mixed: set(mixedTogglesTo.isOn)
    }
  }

  /// Writes `isOn` to every writable source that differs from it; locked sources are never written.
  ///
  /// ```swift
  /// parent.set(true)   // select all that can be selected
  /// ```
  ///
  /// A source that declares it ignores the value (``ModelBinding/isDocumentedToIgnore(_:)``) is not
  /// written and counts as blocked; so does a source whose binding did not take the write.
  ///
  /// - Parameter isOn: The value to write.
  /// - Returns: How many sources changed and how many could not be changed.
  /// - Complexity: O(n): reads each source once, writes and re-reads each differing writable one.
  @discardableResult
  public func set(_ isOn: Bool) -> ToggleOutcome {
    if let bulk { return bulk.set(isOn) }
    let target: ToggleState = isOn ? .on : .off
    var outcome = ToggleOutcome()
    for source in sources() where _reading(of: source) != target {
      guard source.isWritable, !source.isDocumentedToIgnore(isOn) else {
        outcome.blocked += 1
        continue
      }
      source.wrappedValue = isOn
      if _reading(of: source) == target {
        outcome.changed += 1
      } else {
        outcome.blocked += 1
      }
    }
    return outcome
  }

  /// The parent as a Bool binding, so parents nest: reads true when the state is `.on`; writing
  /// calls ``set(_:)``.
  ///
  /// ```swift
  /// let fruit = ParentToggle([$apple, $pear])
  /// let veg = ParentToggle([$leek])
  /// let all = ParentToggle([fruit.isOn, veg.isOn])   // behaves like ParentToggle([$apple, $pear, $leek])
  /// ```
  ///
  /// The binding is not writable when the parent is locked (so a locked parent is a locked source),
  /// and a grandparent reads it as mixed while this parent is mixed. Its writability is fixed when
  /// the binding is made.
  ///
  /// - Complexity: O(1) to create; reads and writes cost what ``state`` and ``set(_:)`` cost.
  public var isOn: ModelBinding<Bool> {
    let parent = self
    let write: ((Bool) -> Void)? = isLocked ? nil : { parent.set($0) }
    return ModelBinding(
      read: { parent.state == .on },
      write: write,
      update: write.map { write in
        { body in
          var value = parent.state == .on
          body(&value)
          write(value)
        }
      },
      isConstant: hasConstantSources,
      isMixed: { parent.state == .mixed }
    )
  }

  /// The parent's configuration for a style: its state, locked when it has no writable source.
  ///
  /// ```swift
  /// let row = RowStyle.checkboxOnLeft(parent.configuration(label: "All notifications"))
  /// ```
  ///
  /// - Parameters:
  ///   - label: The text to show.
  ///   - isEnabled: Whether the toggle can be used.
  ///   - isFocused: Whether it has the focus.
  /// - Returns: The resolved configuration.
  /// - Complexity: O(n) in the number of sources.
  public func configuration(
    label: String, isEnabled: Bool = true, isFocused: Bool = false
  ) -> ToggleConfiguration {
    ToggleConfiguration(
      label: label, state: state, isEnabled: isEnabled, isLocked: isLocked, isExpanded: false,
      depth: 0, hasChildren: true, isFocused: isFocused)
  }
}
