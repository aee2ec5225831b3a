#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Median, minimum and maximum of timed runs, in nanoseconds.
struct Summary {
  let median: Double
  let min: Double
  let max: Double
  let runs: Int

  init(median: Double, min: Double, max: Double, runs: Int) {
    self.median = median
    self.min = min
    self.max = max
    self.runs = runs
  }

  init(_ samples: [Double]) {
    let sorted = samples.sorted()
    median =
      sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    min = sorted.first ?? 0
    max = sorted.last ?? 0
    runs = sorted.count
  }
}

/// How long each measurement may take: runs repeat until `budget` seconds have passed, at least
/// `minRuns` and at most `maxRuns` times, after `warmUp` untimed runs.
struct Budget {
  var seconds = 0.3
  var minRuns = 5
  var maxRuns = 2_000
  var warmUp = 1
}

/// Times `body` within the budget; every sample in nanoseconds.
func measure(_ budget: Budget, _ body: () -> Void) -> Summary {
  let clock = ContinuousClock()
  var warmUpTime = 0.0
  for _ in 0..<budget.warmUp {
    let start = clock.now
    body()
    warmUpTime = nanoseconds(clock.now - start)
  }
  // Very slow operations (seconds) skip the warm-up's time: it counts as a first sample would.
  var samples: [Double] = []
  var total = 0.0
  while samples.count < budget.maxRuns
    && (samples.count < budget.minRuns || total < budget.seconds * 1e9)
  {
    let start = clock.now
    body()
    let elapsed = nanoseconds(clock.now - start)
    samples.append(elapsed)
    total += elapsed
    if samples.count >= 3 && warmUpTime > budget.seconds * 3e9 { break }
  }
  return Summary(samples)
}

func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
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

/// Three significant digits.
func rounded(_ value: Double) -> String {
  let digits = value < 10 ? 2 : value < 100 ? 1 : 0
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let result = (value * scale).rounded() / scale
  return digits == 0 ? String(Int(result)) : String(result)
}

/// A ratio as `57×`, `0.84×`.
func ratio(_ naive: Double, _ ours: Double) -> String {
  guard ours > 0 else { return "–" }
  let value = naive / ours
  return value >= 1_000 ? "\(grouped(Int(value.rounded())))×" : "\(rounded(value))×"
}

/// The lines of a small text file such as /proc/self/status; empty when it cannot be read.
func lines(ofFile path: String) -> [Substring] {
  guard let file = fopen(path, "r") else { return [] }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4_096)
  while case let count = fread(&buffer, 1, buffer.count, file), count > 0 {
    bytes += buffer[..<count]
  }
  return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
}

/// This process's peak and current resident memory in bytes, from /proc/self/status.
func residentMemory() -> (peak: Int, current: Int) {
  var peak = 0
  var current = 0
  for line in lines(ofFile: "/proc/self/status") {
    let kilobytes = Int(line.filter(\.isNumber)) ?? 0
    if line.hasPrefix("VmHWM:") { peak = kilobytes * 1024 }
    if line.hasPrefix("VmRSS:") { current = kilobytes * 1024 }
  }
  return (peak, current)
}
