/// The counts behind a toggle's state: how many sources are on, off or mixed, split into writable
/// and locked.
///
/// ```swift
/// let summary = ToggleSummary(writableOn: 1, writableOff: 1, lockedOn: 1)
/// summary.state(lockedSources: .excluded)   // .mixed (the writable ones disagree)
/// summary.lockedOn                          // 1: a style can still show "1 locked on"
/// ```
///
/// Plain sources are on or off; a source that is itself a parent toggle can be mixed.
public struct ToggleSummary: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Writable sources that are on.
  public var writableOn: Int
  /// Writable sources that are off.
  public var writableOff: Int
  /// Writable sources that are mixed (nested parents).
  public var writableMixed: Int
  /// Locked sources that are on.
  public var lockedOn: Int
  /// Locked sources that are off.
  public var lockedOff: Int
  /// Locked sources that are mixed (nested parents whose sources are all locked).
  public var lockedMixed: Int
  /// Sources that are on and hidden by a filter (also counted as locked or writable, by scope).
  public var hiddenOn: Int

  /// Creates a summary from its counts; every count defaults to zero.
  public init(
    writableOn: Int = 0, writableOff: Int = 0, writableMixed: Int = 0,
    lockedOn: Int = 0, lockedOff: Int = 0, lockedMixed: Int = 0, hiddenOn: Int = 0
  ) {
    self.writableOn = writableOn
    self.writableOff = writableOff
    self.writableMixed = writableMixed
    self.lockedOn = lockedOn
    self.lockedOff = lockedOff
    self.lockedMixed = lockedMixed
    self.hiddenOn = hiddenOn
  }

  /// How many sources can be written.
  public var writable: Int { writableOn + writableOff + writableMixed }

  /// How many sources are locked.
  public var locked: Int { lockedOn + lockedOff + lockedMixed }

  /// How many sources there are.
  public var total: Int { writable + locked }

  /// The state these counts make under a locked-source policy: all counted sources on → `.on`, all
  /// off (or none at all) → `.off`, anything else → `.mixed`.
  ///
  /// ```swift
  /// let summary = ToggleSummary(writableOn: 2, lockedOff: 1)
  /// summary.state(lockedSources: .excluded)   // .on: the locked source does not count
  /// summary.state(lockedSources: .counted)    // .mixed
  /// ```
  ///
  /// Under ``LockedSources/excluded`` the counted sources are the writable ones, or all of them when
  /// none is writable.
  public func state(lockedSources: LockedSources) -> ToggleState {
    let onlyWritable = lockedSources == .excluded && writable > 0
    let on = onlyWritable ? writableOn : writableOn + lockedOn
    let off = onlyWritable ? writableOff : writableOff + lockedOff
    let mixed = onlyWritable ? writableMixed : writableMixed + lockedMixed
    if mixed == 0 && off == 0 && on > 0 { return .on }
    if mixed == 0 && on == 0 { return .off }
    return .mixed
  }

  /// Adds the counts of two summaries, as a parent over both groups of sources would see them.
  ///
  /// ```swift
  /// ToggleSummary(writableOn: 1) + ToggleSummary(lockedOff: 1)   // writableOn 1, lockedOff 1
  /// ```
  public static func + (lhs: ToggleSummary, rhs: ToggleSummary) -> ToggleSummary {
    ToggleSummary(
      writableOn: lhs.writableOn + rhs.writableOn, writableOff: lhs.writableOff + rhs.writableOff,
      writableMixed: lhs.writableMixed + rhs.writableMixed, lockedOn: lhs.lockedOn + rhs.lockedOn,
      lockedOff: lhs.lockedOff + rhs.lockedOff, lockedMixed: lhs.lockedMixed + rhs.lockedMixed,
      hiddenOn: lhs.hiddenOn + rhs.hiddenOn)
  }

  /// The non-zero counts, for logs and test messages.
  public var description: String {
    let parts: [(Int, String)] = [
      (writableOn, "writable on"), (writableOff, "writable off"), (writableMixed, "writable mixed"),
      (lockedOn, "locked on"), (lockedOff, "locked off"), (lockedMixed, "locked mixed"),
      (hiddenOn, "on and hidden"),
    ]
    let shown = parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    return shown.isEmpty ? "no sources" : shown.joined(separator: ", ")
  }
}
