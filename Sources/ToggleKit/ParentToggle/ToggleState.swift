/// The state a toggle shows: on, off, or mixed (some of what it stands for is on, some off).
///
/// ```swift
/// let state: ToggleState = .mixed
/// state.isMixed   // true
/// state.isOn      // false
/// ```
///
/// - Complexity: O(1) for every member.
public enum ToggleState: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible
{
  /// Everything that counts is off (also the state of a toggle with nothing to count).
  case off
  /// Everything that counts is on.
  case on
  /// Some of what counts is on and some is off.
  case mixed

  /// True only for ``on``.
  ///
  /// ```swift
  /// ToggleState.mixed.isOn   // false
  /// ```
  ///
  /// - Complexity: O(1).
  public var isOn: Bool { self == .on }

  /// True only for ``mixed``.
  ///
  /// ```swift
  /// ToggleState.mixed.isMixed   // true
  /// ```
  ///
  /// - Complexity: O(1).
  public var isMixed: Bool { self == .mixed }

  /// `on`, `off` or `mixed`.
  ///
  /// ```swift
  /// "\(ToggleState.on)"   // "on"
  /// ```
  ///
  /// - Complexity: O(1).
  public var description: String { rawValue }
}
