// The keys a SelectionTree node's rule context has: facts of the node, set explicitly by the tree,
// and the attributes rules derive for it.

/// The node's label.
///
/// ```swift
/// context.label   // "Apple"
/// ```
///
/// - Complexity: O(1).
public enum NodeLabelKey: RuleKey {
  /// A fact the tree sets on every node.
  ///
  /// ```swift
  /// NodeLabelKey.defaultValue   // ""
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: String = ""
  /// `label`.
  ///
  /// ```swift
  /// NodeLabelKey.name   // "label"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "label" }
}

/// The node's label path joined by `/` (with `\\` escapes, as path lists write it).
///
/// ```swift
/// context.path   // "Fruit/Apple"
/// ```
///
/// - Complexity: O(1).
public enum NodePathKey: RuleKey {
  /// A fact the tree sets on every node.
  ///
  /// ```swift
  /// NodePathKey.defaultValue   // ""
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: String = ""
  /// `path`.
  ///
  /// ```swift
  /// NodePathKey.name   // "path"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "path" }
}

/// The node's depth: 0 for a root.
///
/// ```swift
/// context.depth   // 1
/// ```
///
/// - Complexity: O(1).
public enum NodeDepthKey: RuleKey {
  /// A fact the tree sets on every node.
  ///
  /// ```swift
  /// NodeDepthKey.defaultValue   // 0
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: Int = 0
  /// `depth`.
  ///
  /// ```swift
  /// NodeDepthKey.name   // "depth"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "depth" }
}

/// Whether the node has no children.
///
/// ```swift
/// context.isLeaf   // true
/// ```
///
/// - Complexity: O(1).
public enum NodeIsLeafKey: RuleKey {
  /// A fact the tree sets on every node.
  ///
  /// ```swift
  /// NodeIsLeafKey.defaultValue   // true
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: Bool = true
  /// `isLeaf`.
  ///
  /// ```swift
  /// NodeIsLeafKey.name   // "isLeaf"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "isLeaf" }
}

/// How many children the node has.
///
/// ```swift
/// context.childCount   // 0
/// ```
///
/// - Complexity: O(1).
public enum NodeChildCountKey: RuleKey {
  /// A fact the tree sets on every node.
  ///
  /// ```swift
  /// NodeChildCountKey.defaultValue   // 0
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: Int = 0
  /// `childCount`.
  ///
  /// ```swift
  /// NodeChildCountKey.name   // "childCount"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "childCount" }
}

/// The node's attributes (from JSON, indented text or a directory).
///
/// ```swift
/// context.attributes["kind"]   // "file"
/// ```
///
/// - Complexity: O(1).
public enum NodeAttributesKey: RuleKey {
  /// A fact the tree sets on every node.
  ///
  /// ```swift
  /// NodeAttributesKey.defaultValue   // [:]
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: [String: String] = [:]
  /// `attributes`.
  ///
  /// ```swift
  /// NodeAttributesKey.name   // "attributes"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "attributes" }
}

/// The node's selection state.
///
/// ```swift
/// context.state   // .mixed
/// ```
///
/// - Complexity: O(1).
public enum NodeStateKey: RuleKey {
  /// A fact the tree sets on every node.
  ///
  /// ```swift
  /// NodeStateKey.defaultValue   // .off
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: ToggleState = .off
  /// `state`.
  ///
  /// ```swift
  /// NodeStateKey.name   // "state"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "state" }
}

/// Whether the node is enabled; rules deriving `false` disable it (and so its subtree).
///
/// ```swift
/// (\.label == "Legacy") => (\.isEnabled <= false)
/// ```
///
/// - Complexity: O(1).
public enum NodeIsEnabledKey: RuleKey {
  /// The value when no rule sets it.
  ///
  /// ```swift
  /// NodeIsEnabledKey.defaultValue   // true
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: Bool = true
  /// `enabled`, as rules text names it.
  ///
  /// ```swift
  /// NodeIsEnabledKey.name   // "enabled"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "enabled" }
}

/// The lock rules put on the node (on a parent: on its subtree); `.none` adds none.
///
/// ```swift
/// (\.attributes["kind"] == "required") => (\.lock <= .on)
/// ```
///
/// - Complexity: O(1).
public enum NodeLockKey: RuleKey {
  /// The value when no rule sets it.
  ///
  /// ```swift
  /// NodeLockKey.defaultValue   // .none
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: NodeLock = .none
  /// `locked`, as rules text names it.
  ///
  /// ```swift
  /// NodeLockKey.name   // "locked"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "locked" }
}

/// Whether the node starts expanded.
///
/// ```swift
/// (\.depth < 2) => (\.isExpanded <= true)
/// ```
///
/// - Complexity: O(1).
public enum NodeIsExpandedKey: RuleKey {
  /// The value when no rule sets it.
  ///
  /// ```swift
  /// NodeIsExpandedKey.defaultValue   // false
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: Bool = false
  /// `expanded`, as rules text names it.
  ///
  /// ```swift
  /// NodeIsExpandedKey.name   // "expanded"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "expanded" }
}

/// The text to show instead of the label; empty shows the label.
///
/// ```swift
/// (\.isLeaf == false) => (\.displayLabel <= \.path)
/// ```
///
/// - Complexity: O(1).
public enum NodeDisplayLabelKey: RuleKey {
  /// The value when no rule sets it.
  ///
  /// ```swift
  /// NodeDisplayLabelKey.defaultValue   // ""
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: String = ""
  /// `displayLabel`.
  ///
  /// ```swift
  /// NodeDisplayLabelKey.name   // "displayLabel"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "displayLabel" }
}

/// The name of the style that draws the node (see ``RowStyle/named``); empty for the default.
///
/// ```swift
/// (\.state == .mixed) => (\.styleName <= "switch")
/// ```
///
/// - Complexity: O(1).
public enum NodeStyleNameKey: RuleKey {
  /// The value when no rule sets it.
  ///
  /// ```swift
  /// NodeStyleNameKey.defaultValue   // ""
  /// ```
  ///
  /// - Complexity: O(1).
  public static let defaultValue: String = ""
  /// `style`, as rules text names it.
  ///
  /// ```swift
  /// NodeStyleNameKey.name   // "style"
  /// ```
  ///
  /// - Complexity: O(1).
  public static var name: String { "style" }
}

extension RuleContext {
  /// The node's label.
  ///
  /// ```swift
  /// context.label   // "Apple"
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var label: String {
    get { self[NodeLabelKey.self] }
    set { self[NodeLabelKey.self] = newValue }
  }

  /// The node's label path joined by `/` (with `\\` escapes, as path lists write it).
  ///
  /// ```swift
  /// context.path   // "Fruit/Apple"
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var path: String {
    get { self[NodePathKey.self] }
    set { self[NodePathKey.self] = newValue }
  }

  /// The node's depth: 0 for a root.
  ///
  /// ```swift
  /// context.depth   // 1
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var depth: Int {
    get { self[NodeDepthKey.self] }
    set { self[NodeDepthKey.self] = newValue }
  }

  /// Whether the node has no children.
  ///
  /// ```swift
  /// context.isLeaf   // true
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var isLeaf: Bool {
    get { self[NodeIsLeafKey.self] }
    set { self[NodeIsLeafKey.self] = newValue }
  }

  /// How many children the node has.
  ///
  /// ```swift
  /// context.childCount   // 0
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var childCount: Int {
    get { self[NodeChildCountKey.self] }
    set { self[NodeChildCountKey.self] = newValue }
  }

  /// The node's attributes (from JSON, indented text or a directory).
  ///
  /// ```swift
  /// context.attributes["kind"]   // "file"
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var attributes: [String: String] {
    get { self[NodeAttributesKey.self] }
    set { self[NodeAttributesKey.self] = newValue }
  }

  /// The node's selection state.
  ///
  /// ```swift
  /// context.state   // .mixed
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var state: ToggleState {
    get { self[NodeStateKey.self] }
    set { self[NodeStateKey.self] = newValue }
  }

  /// Whether the node is enabled; rules deriving `false` disable it (and so its subtree).
  ///
  /// ```swift
  /// (\.label == "Legacy") => (\.isEnabled <= false)
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var isEnabled: Bool {
    get { self[NodeIsEnabledKey.self] }
    set { self[NodeIsEnabledKey.self] = newValue }
  }

  /// The lock rules put on the node (on a parent: on its subtree); `.none` adds none.
  ///
  /// ```swift
  /// (\.attributes["kind"] == "required") => (\.lock <= .on)
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var lock: NodeLock {
    get { self[NodeLockKey.self] }
    set { self[NodeLockKey.self] = newValue }
  }

  /// Whether the node starts expanded.
  ///
  /// ```swift
  /// (\.depth < 2) => (\.isExpanded <= true)
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var isExpanded: Bool {
    get { self[NodeIsExpandedKey.self] }
    set { self[NodeIsExpandedKey.self] = newValue }
  }

  /// The text to show instead of the label; empty shows the label.
  ///
  /// ```swift
  /// (\.isLeaf == false) => (\.displayLabel <= \.path)
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var displayLabel: String {
    get { self[NodeDisplayLabelKey.self] }
    set { self[NodeDisplayLabelKey.self] = newValue }
  }

  /// The name of the style that draws the node (see ``RowStyle/named``); empty for the default.
  ///
  /// ```swift
  /// (\.state == .mixed) => (\.styleName <= "switch")
  /// ```
  ///
  /// - Complexity: O(1) expected when set or cached.
  public var styleName: String {
    get { self[NodeStyleNameKey.self] }
    set { self[NodeStyleNameKey.self] = newValue }
  }
}

extension RuleVocabulary {
  /// The names of a ``SelectionTree`` node in rules text.
  ///
  /// ```swift
  /// let rules = try RuleModel(parsing: "depth >= 3 => expanded <= false", vocabulary: .selectionTree)
  /// ```
  ///
  /// Facts (read only): `label`, `path`, `depth`, `isLeaf` (also `leaf`), `childCount` (also
  /// `children`), `attributes.NAME`, `state` (`on`, `off`, `mixed`). Set by rules: `enabled` (also
  /// `isEnabled`), `locked` (also `lock`; `none`, `on`, `off`, `current`), `expanded` (also
  /// `isExpanded`), `displayLabel`, `style` (also `styleName`).
  ///
  /// - Complexity: O(1).
  public static let selectionTree: RuleVocabulary = {
    var vocabulary = RuleVocabulary()
    vocabulary.add("label", \.label, settable: false)
    vocabulary.add("path", \.path, settable: false)
    vocabulary.add("depth", \.depth, settable: false)
    vocabulary.add("isLeaf", \.isLeaf, settable: false)
    vocabulary.add("childCount", \.childCount, settable: false)
    vocabulary.addDictionary("attributes", \.attributes)
    vocabulary.add("state", \.state, settable: false)
    vocabulary.add("enabled", \.isEnabled)
    vocabulary.add("locked", \.lock)
    vocabulary.add("expanded", \.isExpanded)
    vocabulary.add("displayLabel", \.displayLabel)
    vocabulary.add("style", \.styleName)
    vocabulary.alias("leaf", for: "isLeaf")
    vocabulary.alias("children", for: "childCount")
    vocabulary.alias("isEnabled", for: "enabled")
    vocabulary.alias("lock", for: "locked")
    vocabulary.alias("isExpanded", for: "expanded")
    vocabulary.alias("styleName", for: "style")
    return vocabulary
  }()
}
