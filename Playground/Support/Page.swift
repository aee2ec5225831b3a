#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One runnable page of the playground: a scenario that prints what it shows and checks every
/// printed block against the text it expects.
struct Page: Sendable {
  /// The page's number, its position in `swift run Playground`.
  let number: Int
  /// A short title.
  let title: String
  /// Runs the scenario, printing and checking through the given printer.
  let run: @Sendable (inout PagePrinter) -> Void
}

/// Prints a page's blocks and remembers every block that differed from what the page expected.
struct PagePrinter {
  /// Messages for blocks that did not match.
  private(set) var failures: [String] = []

  /// Prints `actual` under a caption and checks it equals `expected`.
  mutating func show(_ caption: String, _ actual: String, expected: String) {
    print("· \(caption)")
    for line in actual.split(separator: "\n", omittingEmptySubsequences: false) {
      print("    \(line)")
    }
    if actual != expected {
      failures.append("\(caption): expected\n\(expected)\nbut got\n\(actual)")
      print("    ✘ expected:")
      for line in expected.split(separator: "\n", omittingEmptySubsequences: false) {
        print("    ✘ \(line)")
      }
    }
  }

  /// Prints a line of narration.
  func say(_ text: String) {
    print(text)
  }
}

/// Writes a line to standard error.
func printError(_ message: String) {
  var line = message + "\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
