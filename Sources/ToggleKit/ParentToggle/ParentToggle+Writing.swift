extension ParentToggle {
  /// Clicks the parent: `.on` writes false, `.off` writes true, `.mixed` writes the
  /// ``mixedTogglesTo`` target — to every writable source that differs from it.
  ///
  /// ```swift
  /// let outcome = parent.toggle()
  /// print(outcome)   // "changed 2, blocked 1"
  /// ```
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
  /// The binding is not writable when the parent is locked (so a locked parent is a locked source),
  /// and a grandparent reads it as mixed while this parent is mixed. Its writability is fixed when
  /// the binding is made.
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
}
