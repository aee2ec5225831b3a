// The keys a SelectionTree node's rule context has: facts of the node, set explicitly by the tree,
// and the attributes rules derive for it.

import ToggleKit

/// The node's label.
///
/// ```swift
/// context.label   // "Apple"
/// ```
public enum NodeLabelKey: RuleKey {
  /// A fact the tree sets on every node.
  public static let defaultValue: String = ""
  /// Its name in rules text.
  public static var name: String { "label" }
}

/// The node's label path joined by `/` (with `\\` escapes, as path lists write it).
///
/// ```swift
/// context.path   // "Fruit/Apple"
/// ```
public enum NodePathKey: RuleKey {
  /// A fact the tree sets on every node.
  public static let defaultValue: String = ""
  /// Its name in rules text.
  public static var name: String { "path" }
}

/// The node's depth: 0 for a root.
///
/// ```swift
/// context.depth   // 1
/// ```
public enum NodeDepthKey: RuleKey {
  /// A fact the tree sets on every node.
  public static let defaultValue: Int = 0
  /// Its name in rules text.
  public static var name: String { "depth" }
}

/// Whether the node has no children.
///
/// ```swift
/// context.isLeaf   // true
/// ```
public enum NodeIsLeafKey: RuleKey {
  /// A fact the tree sets on every node.
  public static let defaultValue: Bool = true
  /// Its name in rules text.
  public static var name: String { "isLeaf" }
}

/// How many children the node has.
///
/// ```swift
/// context.childCount   // 0
/// ```
public enum NodeChildCountKey: RuleKey {
  /// A fact the tree sets on every node.
  public static let defaultValue: Int = 0
  /// Its name in rules text.
  public static var name: String { "childCount" }
}

/// The node's attributes (from JSON, indented text or a directory).
///
/// ```swift
/// context.attributes["kind"]   // "file"
/// ```
public enum NodeAttributesKey: RuleKey {
  /// A fact the tree sets on every node.
  public static let defaultValue: [String: String] = [:]
  /// Its name in rules text.
  public static var name: String { "attributes" }
}

/// The node's selection state.
///
/// ```swift
/// context.state   // .mixed
/// ```
public enum NodeStateKey: RuleKey {
  /// A fact the tree sets on every node.
  public static let defaultValue: ToggleState = .off
  /// Its name in rules text.
  public static var name: String { "state" }
}

/// Whether the node is enabled; rules deriving `false` disable it (and so its subtree).
public enum NodeIsEnabledKey: RuleKey {
  /// The value when no rule sets it.
  public static let defaultValue: Bool = true
  /// Its name in rules text.
  public static var name: String { "enabled" }
}

/// The lock rules put on the node (on a parent: on its subtree); `.none` adds none.
public enum NodeLockKey: RuleKey {
  /// The value when no rule sets it.
  public static let defaultValue: NodeLock = .none
  /// Its name in rules text.
  public static var name: String { "locked" }
}

/// Whether the node starts expanded.
public enum NodeIsExpandedKey: RuleKey {
  /// The value when no rule sets it.
  public static let defaultValue: Bool = false
  /// Its name in rules text.
  public static var name: String { "expanded" }
}

/// The text to show instead of the label; empty shows the label.
public enum NodeDisplayLabelKey: RuleKey {
  /// The value when no rule sets it.
  public static let defaultValue: String = ""
  /// Its name in rules text.
  public static var name: String { "displayLabel" }
}

/// The name of the style that draws the node (see `RowStyle/named`); empty for the default.
public enum NodeStyleNameKey: RuleKey {
  /// The value when no rule sets it.
  public static let defaultValue: String = ""
  /// Its name in rules text.
  public static var name: String { "style" }
}

extension RuleContext {
  /// The node's label.
  /// - Complexity: O(1) expected when set or cached.
  public var label: String {
    get { self[NodeLabelKey.self] }
    set { self[NodeLabelKey.self] = newValue }
  }

  /// The node's label path joined by `/` (with `\\` escapes, as path lists write it).
  /// - Complexity: O(1) expected when set or cached.
  public var path: String {
    get { self[NodePathKey.self] }
    set { self[NodePathKey.self] = newValue }
  }

  /// The node's depth: 0 for a root.
  /// - Complexity: O(1) expected when set or cached.
  public var depth: Int {
    get { self[NodeDepthKey.self] }
    set { self[NodeDepthKey.self] = newValue }
  }

  /// Whether the node has no children.
  /// - Complexity: O(1) expected when set or cached.
  public var isLeaf: Bool {
    get { self[NodeIsLeafKey.self] }
    set { self[NodeIsLeafKey.self] = newValue }
  }

  /// How many children the node has.
  /// - Complexity: O(1) expected when set or cached.
  public var childCount: Int {
    get { self[NodeChildCountKey.self] }
    set { self[NodeChildCountKey.self] = newValue }
  }

  /// The node's attributes (from JSON, indented text or a directory).
  /// - Complexity: O(1) expected when set or cached.
  public var attributes: [String: String] {
    get { self[NodeAttributesKey.self] }
    set { self[NodeAttributesKey.self] = newValue }
  }

  /// The node's selection state.
  /// - Complexity: O(1) expected when set or cached.
  public var state: ToggleState {
    get { self[NodeStateKey.self] }
    set { self[NodeStateKey.self] = newValue }
  }

  /// Whether the node is enabled; rules deriving `false` disable it (and so its subtree).
  /// - Complexity: O(1) expected when set or cached.
  public var isEnabled: Bool {
    get { self[NodeIsEnabledKey.self] }
    set { self[NodeIsEnabledKey.self] = newValue }
  }

  /// The lock rules put on the node (on a parent: on its subtree); `.none` adds none.
  /// - Complexity: O(1) expected when set or cached.
  public var lock: NodeLock {
    get { self[NodeLockKey.self] }
    set { self[NodeLockKey.self] = newValue }
  }

  /// Whether the node starts expanded.
  /// - Complexity: O(1) expected when set or cached.
  public var isExpanded: Bool {
    get { self[NodeIsExpandedKey.self] }
    set { self[NodeIsExpandedKey.self] = newValue }
  }

  /// The text to show instead of the label; empty shows the label.
  /// - Complexity: O(1) expected when set or cached.
  public var displayLabel: String {
    get { self[NodeDisplayLabelKey.self] }
    set { self[NodeDisplayLabelKey.self] = newValue }
  }

  /// The name of the style that draws the node (see `RowStyle/named`); empty for the default.
  /// - Complexity: O(1) expected when set or cached.
  public var styleName: String {
    get { self[NodeStyleNameKey.self] }
    set { self[NodeStyleNameKey.self] = newValue }
  }
}

extension RuleVocabulary {
  /// The names of a `SelectionTree` node in rules text.
  public static let selectionTree: RuleVocabulary = {
    var vocabulary = RuleVocabulary()
    vocabulary.add(\.label, settable: false)
    vocabulary.add(\.path, settable: false)
    vocabulary.add(\.depth, settable: false)
    vocabulary.add(\.isLeaf, settable: false)
    vocabulary.add(\.childCount, settable: false)
    vocabulary.addDictionary(NodeAttributesKey.name, \.attributes)
    vocabulary.add(\.state, settable: false)
    vocabulary.add(\.isEnabled)
    vocabulary.add(\.lock)
    vocabulary.add(\.isExpanded)
    vocabulary.add(\.displayLabel)
    vocabulary.add(\.styleName)
    vocabulary.alias("leaf", for: NodeIsLeafKey.name)
    vocabulary.alias("children", for: NodeChildCountKey.name)
    vocabulary.alias("isEnabled", for: NodeIsEnabledKey.name)
    vocabulary.alias("lock", for: NodeLockKey.name)
    vocabulary.alias("isExpanded", for: NodeIsExpandedKey.name)
    vocabulary.alias("styleName", for: NodeStyleNameKey.name)
    return vocabulary
  }()
}
