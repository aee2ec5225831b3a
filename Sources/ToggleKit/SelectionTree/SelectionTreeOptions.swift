/// Which way a selection tree propagates: writes down, states up, both or neither.
///
/// Down: a parent's write reaches its descendants. Up: a parent's state derives from its leaves.
/// Each can be switched off; with both off every node is an
/// independent checkbox.
///
/// | mode | a parent shows | a click on a parent writes |
/// |---|---|---|
/// | ``both`` (default) | the aggregate of its leaves (on, off, mixed) | every writable leaf below it |
/// | ``upOnly`` | the aggregate of its leaves | nothing: only leaves are clickable |
/// | ``downOnly`` | its own value (on or off) | itself and every writable node below it |
/// | ``independent`` | its own value | itself only |
public struct Propagation: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Whether a write to a node reaches its descendants.
  public var down: Bool
  /// Whether a parent's state derives from the leaves below it.
  public var up: Bool

  /// Creates a propagation mode.
  ///
  /// ```swift
  /// let strict = Propagation(down: false, up: false)   // rc-tree's checkStrictly
  /// ```
  public init(down: Bool, up: Bool) {
    self.down = down
    self.up = up
  }

  /// Down and up: the classic tri-state checkbox tree.
  public static let both = Propagation(down: true, up: true)
  /// Up only: parents summarise their leaves; only leaves can be clicked.
  public static let upOnly = Propagation(down: false, up: true)
  /// Down only: every node has its own value; a click writes the node and its descendants.
  public static let downOnly = Propagation(down: true, up: false)
  /// Neither: every node is an independent checkbox (rc-tree's `checkStrictly`).
  public static let independent = Propagation(down: false, up: false)

  /// The four modes, for exhaustive tests and pickers.
  public static let allModes: [Propagation] = [.both, .upOnly, .downOnly, .independent]

  /// `both`, `up only`, `down only` or `independent`.
  public var description: String {
    switch (down, up) {
    case (true, true): "both"
    case (false, true): "up only"
    case (true, false): "down only"
    case (false, false): "independent"
    }
  }
}

extension SelectionTree {
  /// How a selection tree behaves: locked-leaf policy, the mixed click direction, propagation, and
  /// whether cascades reach disabled nodes.
  public struct Options: Hashable, Sendable, Codable {
    /// How non-writable leaves count toward a parent's state (``LockedSources``).
    public var lockedSources: LockedSources
    /// What a click on a mixed node writes.
    public var mixedTogglesTo: MixedToggleTarget
    /// Whether writes go down and states come up.
    public var propagation: Propagation
    /// Whether a cascade from an enabled node also writes the disabled nodes below it.
    public var cascadesIntoDisabled: Bool
    /// Which nodes a write reaches while a filter hides some.
    public var filterScope: FilterScope

    /// Creates options; every parameter has the default a checkbox tree usually wants.
    public init(
      lockedSources: LockedSources = .excluded,
      mixedTogglesTo: MixedToggleTarget = .on,
      propagation: Propagation = .both,
      cascadesIntoDisabled: Bool = false,
      filterScope: FilterScope = .visible
    ) {
      self.lockedSources = lockedSources
      self.mixedTogglesTo = mixedTogglesTo
      self.propagation = propagation
      self.cascadesIntoDisabled = cascadesIntoDisabled
      self.filterScope = filterScope
    }
  }
}

/// Which nodes a write reaches while a filter hides some.
///
/// ```swift
/// try tree.toggle("Fruit")   // under .visible: only the fruits the search shows
/// ```
public enum FilterScope: String, Hashable, Sendable, CaseIterable, Codable {
  /// Only visible nodes change; hidden ones count as non-writable.
  case visible
  /// Hidden nodes change too.
  case all
}
