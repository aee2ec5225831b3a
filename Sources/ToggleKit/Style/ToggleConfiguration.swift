/// The snapshot a style renders: everything about one toggle, already resolved.
///
/// ```swift
/// let configuration = tree.configuration(of: "Veg/Leek")!
/// configuration.isEnabled   // false when "Veg" is disabled: never a stale or unresolved value
/// ```
///
/// Made by ``SelectionTree/configuration(of:)`` (and by parent toggles), never assembled from stale
/// parts: `isEnabled` already includes every ancestor's disabling, `state` the aggregate of the
/// leaves below.
public struct ToggleConfiguration: Hashable, Sendable, Codable {
  /// The text shown.
  public var label: String
  // Stored before the flags: a configuration is then 32 bytes, not 40.
  /// 0 for a root, 1 for its children, and so on.
  public var depth: Int
  /// On, off or mixed.
  public var state: ToggleState
  /// False when the node or any ancestor is disabled.
  public var isEnabled: Bool
  /// True when a click can change nothing because of locks.
  public var isLocked: Bool
  /// Whether the node's children are shown.
  public var isExpanded: Bool
  /// Whether the node has children.
  public var hasChildren: Bool
  /// Whether the row has the focus (the cursor of an explorer, the keyboard focus of a list).
  public var isFocused: Bool

  /// Creates a configuration.
  ///
  /// Prefer ``SelectionTree/configuration(of:)``, which resolves every
  /// field; this initializer is for tests and custom models.
  public init(
    label: String, state: ToggleState, isEnabled: Bool = true, isLocked: Bool = false,
    isExpanded: Bool = false, depth: Int = 0, hasChildren: Bool = false, isFocused: Bool = false
  ) {
    self.label = label
    self.state = state
    self.isEnabled = isEnabled
    self.isLocked = isLocked
    self.isExpanded = isExpanded
    self.depth = depth
    self.hasChildren = hasChildren
    self.isFocused = isFocused
  }

  /// Whether the state is on.
  public var isOn: Bool { state == .on }

  /// Whether the state is mixed.
  public var isMixed: Bool { state == .mixed }
}
