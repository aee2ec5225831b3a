/// The state a toggle shows: on, off, or mixed (some of what it stands for is on, some off).
public enum ToggleState: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible
{
  /// Everything that counts is off (also the state of a toggle with nothing to count).
  case off
  /// Everything that counts is on.
  case on
  /// Some of what counts is on and some is off.
  case mixed

  /// True only for ``on``.
  public var isOn: Bool { self == .on }

  /// True only for ``mixed``.
  public var isMixed: Bool { self == .mixed }

  /// `on`, `off` or `mixed`.
  public var description: String { rawValue }
}
