#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times `body` `repetitions` times after `warmUp` untimed runs, returning every sample in
/// nanoseconds.
func samples(repetitions: Int, warmUp: Int = 3, _ body: () -> Void) -> [Double] {
  for _ in 0..<warmUp { body() }
  let clock = ContinuousClock()
  return (0..<repetitions).map { _ in
    let start = clock.now
    body()
    let elapsed = clock.now - start
    let (seconds, attoseconds) = elapsed.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

/// Median, minimum and maximum of samples.
struct Summary {
  let median: Double
  let min: Double
  let max: Double

  init(_ samples: [Double]) {
    let sorted = samples.sorted()
    median =
      sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    min = sorted.first ?? 0
    max = sorted.last ?? 0
  }
}

/// A duration in ns, µs, ms or s with three significant digits.
func format(_ nanoseconds: Double) -> String {
  switch nanoseconds {
  case ..<1_000: "\(rounded(nanoseconds)) ns"
  case ..<1_000_000: "\(rounded(nanoseconds / 1_000)) µs"
  case ..<1_000_000_000: "\(rounded(nanoseconds / 1_000_000)) ms"
  default: "\(rounded(nanoseconds / 1_000_000_000)) s"
  }
}

func rounded(_ value: Double) -> String {
  let digits = value < 10 ? 2 : value < 100 ? 1 : 0
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let result = (value * scale).rounded() / scale
  return digits == 0 ? String(Int(result)) : String(result)
}
