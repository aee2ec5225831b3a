/// Which way a selection tree propagates: writes down, states up, both or neither.
///
/// Down: a parent's write reaches its descendants. Up: a parent's state derives from its leaves.
/// Each can be switched off; with both off every node is an
/// independent checkbox.
///
/// ```swift
/// let tree = try SelectionTree(paths: ["a/b", "a/c"], options: .init(propagation: .independent))
/// ```
///
/// | mode | a parent shows | a click on a parent writes |
/// |---|---|---|
/// | ``both`` (default) | the aggregate of its leaves (on, off, mixed) | every writable leaf below it |
/// | ``upOnly`` | the aggregate of its leaves | nothing: only leaves are clickable |
/// | ``downOnly`` | its own value (on or off) | itself and every writable node below it |
/// | ``independent`` | its own value | itself only |
///
/// - Complexity: O(1) for every member.
public struct Propagation: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Whether a write to a node reaches its descendants.
  ///
  /// ```swift
  /// Propagation.both.down   // true
  /// ```
  ///
  /// - Complexity: O(1).
  public var down: Bool
  /// Whether a parent's state derives from the leaves below it.
  ///
  /// ```swift
  /// Propagation.both.up   // true
  /// ```
  ///
  /// - Complexity: O(1).
  public var up: Bool

  /// Creates a propagation mode.
  ///
  /// ```swift
  /// let strict = Propagation(down: false, up: false)   // rc-tree's checkStrictly
  /// ```
  ///
  /// - Parameters:
  ///   - down: Whether writes reach descendants.
  ///   - up: Whether parents derive their state from their leaves.
  /// - Complexity: O(1).
  public init(down: Bool, up: Bool) {
    self.down = down
    self.up = up
  }

  /// Down and up: the classic tri-state checkbox tree.
  ///
  /// ```swift
  /// SelectionTree.Options(propagation: .both)
  /// ```
  ///
  /// - Complexity: O(1).
  public static let both = Propagation(down: true, up: true)
  /// Up only: parents summarise their leaves; only leaves can be clicked.
  ///
  /// ```swift
  /// SelectionTree.Options(propagation: .upOnly)
  /// ```
  ///
  /// - Complexity: O(1).
  public static let upOnly = Propagation(down: false, up: true)
  /// Down only: every node has its own value; a click writes the node and its descendants.
  ///
  /// ```swift
  /// SelectionTree.Options(propagation: .downOnly)
  /// ```
  ///
  /// - Complexity: O(1).
  public static let downOnly = Propagation(down: true, up: false)
  /// Neither: every node is an independent checkbox (rc-tree's `checkStrictly`).
  ///
  /// ```swift
  /// SelectionTree.Options(propagation: .independent)
  /// ```
  ///
  /// - Complexity: O(1).
  public static let independent = Propagation(down: false, up: false)

  /// The four modes, for exhaustive tests and pickers.
  ///
  /// ```swift
  /// for mode in Propagation.allModes { print(mode) }
  /// ```
  ///
  /// - Complexity: O(1).
  public static let allModes: [Propagation] = [.both, .upOnly, .downOnly, .independent]

  /// `both`, `up only`, `down only` or `independent`.
  ///
  /// ```swift
  /// "\(Propagation.upOnly)"   // "up only"
  /// ```
  ///
  /// - Complexity: O(1).
  public var description: String {
    switch (down, up) {
    case (true, true): "both"
    case (false, true): "up only"
    case (true, false): "down only"
    case (false, false): "independent"
    }
  }
}

/// How a node's value is fixed: not at all, on, off, or at the value it has.
///
/// ```swift
/// try tree.setLock("Fruit/Apple", to: .on)   // always included
/// ```
///
/// On a parent, a lock applies to every node below it.
///
/// - Complexity: O(1) for every member.
public enum NodeLock: String, Hashable, Sendable, CaseIterable, Codable {
  /// Not locked.
  case none
  /// Locked on.
  case on
  /// Locked off.
  case off
  /// Locked at the value each node has now.
  case current
}

extension SelectionTree {
  /// How a selection tree behaves: locked-leaf policy, the mixed click direction, propagation, and
  /// whether cascades reach disabled nodes.
  ///
  /// ```swift
  /// let options = SelectionTree<String>.Options(lockedSources: .counted, mixedTogglesTo: .off)
  /// ```
  ///
  /// - Complexity: O(1) for every member.
  public struct Options: Hashable, Sendable, Codable {
    /// How non-writable leaves count toward a parent's state (``LockedSources``).
    ///
    /// ```swift
    /// tree.options.lockedSources = .counted
    /// ```
    ///
    /// - Complexity: O(1).
    public var lockedSources: LockedSources
    /// What a click on a mixed node writes.
    ///
    /// ```swift
    /// tree.options.mixedTogglesTo = .off
    /// ```
    ///
    /// - Complexity: O(1).
    public var mixedTogglesTo: MixedToggleTarget
    /// Whether writes go down and states come up.
    ///
    /// ```swift
    /// SelectionTree<String>.Options(propagation: .independent).propagation.up   // false
    /// ```
    ///
    /// - Complexity: O(1).
    public var propagation: Propagation
    /// Whether a cascade from an enabled node also writes the disabled nodes below it.
    ///
    /// jsTree has an option of the same name. A disabled node itself is never changed by clicking it.
    ///
    /// ```swift
    /// tree.options.cascadesIntoDisabled = true
    /// ```
    ///
    /// - Complexity: O(1).
    public var cascadesIntoDisabled: Bool
    /// Which nodes a write reaches while a filter hides some.
    ///
    /// Only the visible ones (the default: what a user expects after searching) or all of them.
    /// Under `.visible`, hidden leaves count as
    /// non-writable, so the ``LockedSources`` policy applies to them.
    ///
    /// ```swift
    /// tree.options.filterScope = .all
    /// ```
    ///
    /// - Complexity: O(1).
    public var filterScope: FilterScope

    /// Creates options; every parameter has the default a checkbox tree usually wants.
    ///
    /// ```swift
    /// let defaults = SelectionTree<Int>.Options()
    /// ```
    ///
    /// - Parameters:
    ///   - lockedSources: How non-writable leaves count.
    ///   - mixedTogglesTo: What a click on a mixed node writes.
    ///   - propagation: Whether writes go down and states come up.
    ///   - cascadesIntoDisabled: Whether cascades write disabled descendants.
    ///   - filterScope: Which nodes writes reach while a filter hides some.
    /// - Complexity: O(1).
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
///
/// - Complexity: O(1) for every member.
public enum FilterScope: String, Hashable, Sendable, CaseIterable, Codable {
  /// Only visible nodes change; hidden ones count as non-writable.
  case visible
  /// Hidden nodes change too.
  case all
}
