/// A seeded random number generator (SplitMix64), so that every random world and run of the tests
/// is the same on every machine and every run: a failure names its seed, and the seed replays it.
///
/// ```swift
/// var generator = SeededGenerator(seed: 7)
/// let size = Int.random(in: 1...30, using: &generator)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  /// The generator's state.
  public var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
