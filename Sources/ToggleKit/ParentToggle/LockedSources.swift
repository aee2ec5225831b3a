/// How a parent treats the sources it cannot change: constant, read-only and ``ModelBinding/locked()``
/// bindings, locked or disabled tree nodes.
///
/// ```swift
/// let parent = ParentToggle([$a, .constant(true), $c], lockedSources: .excluded)
/// ```
///
/// | policy | counts toward the state | written by a click |
/// |---|---|---|
/// | ``excluded`` (default) | only writable sources, or every source when none is writable | writable sources only |
/// | ``counted`` (SwiftUI's behaviour) | every source | writable sources only |
///
/// Under ``excluded`` the parent always reaches both on and off when it has a writable source.
/// Under ``counted`` a parent can get stuck mixed forever: see ``ParentToggle`` for exactly when.
///
/// - Complexity: O(1) for every member.
public enum LockedSources: String, Sendable, Hashable, CaseIterable, Codable {
  /// Locked sources neither count toward the state nor get written, so the state reflects what the
  /// user can change. When no source is writable, the state is the aggregate of the locked ones.
  case excluded
  /// Locked sources count toward the state but are never written (SwiftUI-compatible; kept as the
  /// documented reference behaviour).
  case counted
}

/// The value a click on a mixed toggle writes.
///
/// ```swift
/// let parent = ParentToggle([$a, $b], mixedTogglesTo: .off)
/// ```
///
/// - Complexity: O(1) for every member.
public enum MixedToggleTarget: String, Sendable, Hashable, CaseIterable, Codable {
  /// A mixed toggle turns everything it can on (the default, as in SwiftUI and most checkbox trees).
  case on
  /// A mixed toggle turns everything it can off.
  case off

  /// The Bool a click writes: true for ``on``.
  ///
  /// ```swift
  /// MixedToggleTarget.off.isOn   // false
  /// ```
  ///
  /// - Complexity: O(1).
  public var isOn: Bool { self == .on }
}
