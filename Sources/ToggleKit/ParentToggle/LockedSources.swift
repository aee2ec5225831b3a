/// How a parent treats the sources it cannot change: constant, read-only and ``ModelBinding/locked()``
/// bindings, locked or disabled tree nodes.
///
/// | policy | counts toward the state | written by a click |
/// |---|---|---|
/// | ``excluded`` (default) | only writable sources, or every source when none is writable | writable sources only |
/// | ``counted`` (SwiftUI's behaviour) | every source | writable sources only |
///
/// Under ``excluded`` the parent always reaches both on and off when it has a writable source.
/// Under ``counted`` a parent can get stuck mixed forever: see ``ParentToggle`` for exactly when.
public enum LockedSources: String, Sendable, Hashable, CaseIterable, Codable {
  /// Locked sources neither count nor get written (with none writable, the locked ones count).
  case excluded
  /// Locked sources count toward the state but are never written (SwiftUI's behaviour).
  case counted
}

/// The value a click on a mixed toggle writes.
public enum MixedToggleTarget: String, Sendable, Hashable, CaseIterable, Codable {
  /// A mixed toggle turns everything it can on (the default, as in SwiftUI and most checkbox trees).
  case on
  /// A mixed toggle turns everything it can off.
  case off

  /// The Bool a click writes: true for ``on``.
  public var isOn: Bool { self == .on }
}
