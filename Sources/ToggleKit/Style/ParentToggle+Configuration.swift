extension ParentToggle {
  /// The parent's configuration for a style: its state, locked when it has no writable source.
  /// - Complexity: O(n) in the number of sources.
  public func configuration(
    label: String, isEnabled: Bool = true, isFocused: Bool = false
  ) -> ToggleConfiguration {
    ToggleConfiguration(
      label: label, state: state, isEnabled: isEnabled, isLocked: isLocked, isExpanded: false,
      depth: 0, hasChildren: true, isFocused: isFocused)
  }
}
