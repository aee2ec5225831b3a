import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How far the tests explore: the fast tier that a plain `swift test` runs (every rule on small
/// worlds, in minutes), or the long tier of `TOGGLEKIT_LONG_TESTS=1` (the large enumerations,
/// the long seeded runs and the 10^6-scale cases), which CI runs too.
///
/// ```swift
/// for world in contractWorlds(upTo: Tier.size(fast: 2, long: 3)) { … }
/// @Test("a 1,000,000-line path list parses", .longTier) func million() { … }
/// ```
public enum Tier {
  /// Whether this run is the long tier: `TOGGLEKIT_LONG_TESTS` is set to `1`.
  public static let isLong: Bool = {
    guard let value = getenv("TOGGLEKIT_LONG_TESTS") else { return false }
    return String(cString: value) == "1"
  }()

  /// `fast` in the fast tier, `long` in the long one: a world's size, a run's length.
  public static func size<Value>(fast: Value, long: Value) -> Value {
    isLong ? long : fast
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test in the long tier only (`TOGGLEKIT_LONG_TESTS=1`): for a test whose rule the
  /// fast tier already checks on smaller worlds, or that is about scale itself.
  public static var longTier: Self {
    .enabled(if: Tier.isLong, "in the long tier only: TOGGLEKIT_LONG_TESTS=1 swift test")
  }
}
