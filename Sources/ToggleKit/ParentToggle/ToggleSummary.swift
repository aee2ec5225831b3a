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
///
/// - Complexity: O(1) for every member.
public struct ToggleSummary: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Writable sources that are on.
  ///
  /// ```swift
  /// ParentToggle([$on, $off]).summary.writableOn   // 1
  /// ```
  ///
  /// - Complexity: O(1).
  public var writableOn: Int
  /// Writable sources that are off.
  ///
  /// ```swift
  /// ParentToggle([$on, $off]).summary.writableOff   // 1
  /// ```
  ///
  /// - Complexity: O(1).
  public var writableOff: Int
  /// Writable sources that are mixed (nested parents).
  ///
  /// ```swift
  /// ParentToggle([mixedParent.isOn]).summary.writableMixed   // 1
  /// ```
  ///
  /// - Complexity: O(1).
  public var writableMixed: Int
  /// Locked sources that are on.
  ///
  /// ```swift
  /// ParentToggle([.constant(true)]).summary.lockedOn   // 1
  /// ```
  ///
  /// - Complexity: O(1).
  public var lockedOn: Int
  /// Locked sources that are off.
  ///
  /// ```swift
  /// ParentToggle([.constant(false)]).summary.lockedOff   // 1
  /// ```
  ///
  /// - Complexity: O(1).
  public var lockedOff: Int
  /// Locked sources that are mixed (nested parents whose sources are all locked).
  ///
  /// ```swift
  /// ParentToggle([lockedMixedParent.isOn]).summary.lockedMixed   // 1
  /// ```
  ///
  /// - Complexity: O(1).
  public var lockedMixed: Int
  /// How many of the sources that are on are hidden by a filter (they are counted in the other
  /// fields too: as locked under a `.visible` filter scope, as writable under `.all`).
  ///
  /// ```swift
  /// tree.summary(of: "Fruit")!.hiddenOn   // 2 selected fruits the search does not show
  /// ```
  ///
  /// - Complexity: O(1).
  public var hiddenOn: Int

  /// Creates a summary from its counts; every count defaults to zero.
  ///
  /// ```swift
  /// let empty = ToggleSummary()
  /// ```
  ///
  /// - Parameters:
  ///   - writableOn: Writable sources that are on.
  ///   - writableOff: Writable sources that are off.
  ///   - writableMixed: Writable sources that are mixed.
  ///   - lockedOn: Locked sources that are on.
  ///   - lockedOff: Locked sources that are off.
  ///   - lockedMixed: Locked sources that are mixed.
  ///   - hiddenOn: Sources that are on and hidden by a filter.
  /// - Complexity: O(1).
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
  ///
  /// ```swift
  /// ToggleSummary(writableOn: 2, lockedOff: 1).writable   // 2
  /// ```
  ///
  /// - Complexity: O(1).
  public var writable: Int { writableOn + writableOff + writableMixed }

  /// How many sources are locked.
  ///
  /// ```swift
  /// ToggleSummary(writableOn: 2, lockedOff: 1).locked   // 1
  /// ```
  ///
  /// - Complexity: O(1).
  public var locked: Int { lockedOn + lockedOff + lockedMixed }

  /// How many sources there are.
  ///
  /// ```swift
  /// ToggleSummary(writableOn: 2, lockedOff: 1).total   // 3
  /// ```
  ///
  /// - Complexity: O(1).
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
  ///
  /// - Parameter lockedSources: Whether locked sources count.
  /// - Returns: The aggregate state.
  /// - Complexity: O(1).
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
  ///
  /// - Parameters:
  ///   - lhs: One summary.
  ///   - rhs: Another summary.
  /// - Returns: The element-wise sum.
  /// - Complexity: O(1).
  public static func + (lhs: ToggleSummary, rhs: ToggleSummary) -> ToggleSummary {
    ToggleSummary(
      writableOn: lhs.writableOn + rhs.writableOn, writableOff: lhs.writableOff + rhs.writableOff,
      writableMixed: lhs.writableMixed + rhs.writableMixed, lockedOn: lhs.lockedOn + rhs.lockedOn,
      lockedOff: lhs.lockedOff + rhs.lockedOff, lockedMixed: lhs.lockedMixed + rhs.lockedMixed,
      hiddenOn: lhs.hiddenOn + rhs.hiddenOn)
  }

  /// The non-zero counts, for logs and test messages.
  ///
  /// ```swift
  /// "\(ToggleSummary(writableOn: 2, lockedOff: 1))"   // "2 writable on, 1 locked off"
  /// ```
  ///
  /// - Complexity: O(1).
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
