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
///
/// - Complexity: O(1) for every member.
public struct ToggleConfiguration: Hashable, Sendable, Codable {
  /// The text shown.
  ///
  /// ```swift
  /// tree.configuration(of: "Fruit/Apple")!.label   // "Apple"
  /// ```
  ///
  /// - Complexity: O(1).
  public var label: String
  /// On, off or mixed.
  ///
  /// ```swift
  /// tree.configuration(of: "Fruit")!.state   // .mixed
  /// ```
  ///
  /// - Complexity: O(1).
  public var state: ToggleState
  /// False when the node or any ancestor is disabled.
  ///
  /// ```swift
  /// tree.configuration(of: "Veg/Leek")!.isEnabled   // false under a disabled "Veg"
  /// ```
  ///
  /// - Complexity: O(1).
  public var isEnabled: Bool
  /// True when a click can change nothing because of locks.
  ///
  /// ```swift
  /// tree.configuration(of: "Legal/Terms")!.isLocked   // true when locked
  /// ```
  ///
  /// - Complexity: O(1).
  public var isLocked: Bool
  /// Whether the node's children are shown.
  ///
  /// ```swift
  /// tree.configuration(of: "Fruit")!.isExpanded
  /// ```
  ///
  /// - Complexity: O(1).
  public var isExpanded: Bool
  /// 0 for a root, 1 for its children, and so on.
  ///
  /// ```swift
  /// tree.configuration(of: "Fruit/Apple")!.depth   // 1
  /// ```
  ///
  /// - Complexity: O(1).
  public var depth: Int
  /// Whether the node has children.
  ///
  /// ```swift
  /// tree.configuration(of: "Fruit")!.hasChildren   // true
  /// ```
  ///
  /// - Complexity: O(1).
  public var hasChildren: Bool
  /// Whether the row has the focus (the cursor of an explorer, the keyboard focus of a list).
  ///
  /// ```swift
  /// var row = tree.configuration(of: "Fruit")!
  /// row.isFocused = true   // set by whoever draws the cursor
  /// ```
  ///
  /// - Complexity: O(1).
  public var isFocused: Bool

  /// Creates a configuration.
  ///
  /// Prefer ``SelectionTree/configuration(of:)``, which resolves every
  /// field; this initializer is for tests and custom models.
  ///
  /// ```swift
  /// let row = ToggleConfiguration(label: "Apple", state: .on)
  /// ```
  ///
  /// - Parameters:
  ///   - label: The text shown.
  ///   - state: On, off or mixed.
  ///   - isEnabled: Whether the toggle can be used.
  ///   - isLocked: Whether its value is fixed.
  ///   - isExpanded: Whether its children are shown.
  ///   - depth: Its depth in a tree.
  ///   - hasChildren: Whether it has children.
  ///   - isFocused: Whether it has the focus.
  /// - Complexity: O(1).
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
  ///
  /// ```swift
  /// ToggleConfiguration(label: "a", state: .on).isOn   // true
  /// ```
  ///
  /// - Complexity: O(1).
  public var isOn: Bool { state == .on }

  /// Whether the state is mixed.
  ///
  /// ```swift
  /// ToggleConfiguration(label: "a", state: .mixed).isMixed   // true
  /// ```
  ///
  /// - Complexity: O(1).
  public var isMixed: Bool { state == .mixed }
}
