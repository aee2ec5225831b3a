/// A source of derived node attributes: what a tree's nodes get beyond their data — disabling, a
/// lock, an initial expansion, a display label and a style name.
///
/// A tree asks its source once per node when the source is set
/// (``SelectionTree/deriveAttributes(from:)``) and, after a reload, only for the nodes whose facts
/// that the source read have changed. Display labels and style names are asked for when drawn and
/// asked again only when the node's state changes and the source read it. The `ToggleKitRules`
/// module makes declarative rules one such source; a source can be any type:
///
/// ```swift
/// struct LegacyIsReadOnly: NodeAttributeSource {
///   func writability(of node: NodeFacts) -> NodeWritability {
///     NodeWritability(disables: node.attributes["legacy"] == "yes")
///   }
/// }
/// tree.deriveAttributes(from: LegacyIsReadOnly())
/// ```
///
/// What the data says explicitly wins: a node the data disables or locks keeps that.
public protocol NodeAttributeSource: Sendable {
  /// What deriving can fail with.
  associatedtype Failure: Error = Never

  /// Whether the source decides initial expansion (false skips ``initialExpansion(of:)``).
  var derivesExpansion: Bool { get }

  /// The lock and disabling a node gets. Whether a node is writable cannot depend on its
  /// selection: reading ``NodeFacts/state`` here is an error the source should throw.
  func writability(of node: NodeFacts) throws(Failure) -> NodeWritability

  /// Whether a node starts expanded; asked once for each node new to the tree.
  func initialExpansion(of node: NodeFacts) throws(Failure) -> Bool

  /// The label and style name to draw a node with (empty for the defaults).
  func presentation(of node: NodeFacts) -> NodePresentation
}

extension NodeAttributeSource {
  /// False: a source decides expansion by providing this property.
  public var derivesExpansion: Bool { false }

  /// False: nodes start collapsed.
  public func initialExpansion(of node: NodeFacts) throws(Failure) -> Bool { false }

  /// The defaults: the node's own label and the default style.
  public func presentation(of node: NodeFacts) -> NodePresentation { NodePresentation() }
}

/// The lock and disabling a source derives for a node.
public struct NodeWritability: Hashable, Sendable {
  /// The lock (`.none` for none).
  public var lock: NodeLock
  /// Whether the node, and so its subtree, is disabled.
  public var disables: Bool

  /// A writability; the default changes nothing.
  public init(lock: NodeLock = .none, disables: Bool = false) {
    self.lock = lock
    self.disables = disables
  }
}

/// The label and style name a source derives for drawing a node.
public struct NodePresentation: Hashable, Sendable {
  /// The text to show (empty: the node's label).
  public var label: String
  /// The style name (empty: the default style).
  public var style: String

  /// A presentation; the default changes nothing.
  public init(label: String = "", style: String = "") {
    self.label = label
    self.style = style
  }
}
