import FuzzTargets
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Fuzz corpora and findings replay with every property holding")
struct FuzzCorpusTests {
  /// The repository's `Fuzz/` directory, from this file's place in it.
  static let fuzzDirectory: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/FuzzTargetsTests/FuzzCorpusTests.swift
    return parts.joined(separator: "/")
  }()

  /// The files of a directory, sorted; empty when it does not exist.
  static func files(in directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if !name.hasPrefix(".") && name != "README.md" { names.append(directory + "/" + name) }
    }
    return names.sorted()
  }

  static func contents(of path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while case let count = fread(&buffer, 1, buffer.count, file), count > 0 {
      bytes += buffer[..<count]
    }
    return bytes
  }

  @Test(
    "every seed input and every past finding passes its target's checks",
    arguments: FuzzTarget.allCases)
  func replay(target: FuzzTarget) {
    let seeds = Self.files(in: Self.fuzzDirectory + "/Corpus/" + target.rawValue)
    #expect(seeds.count >= 3, "a seed corpus for \(target)")
    for path in seeds + Self.files(in: Self.fuzzDirectory + "/Regressions/" + target.rawValue) {
      target.run(Self.contents(of: path))
    }
  }

  @Test("short and degenerate inputs pass every target's checks", arguments: FuzzTarget.allCases)
  func degenerate(target: FuzzTarget) {
    let inputs: [[UInt8]] = [
      [], [0], [0x0A], [0x1B], [0xFF, 0xFE], Array("[".utf8), Array("{\"".utf8),
      Array("  a\n b\n".utf8), Array("\u{FEFF}x".utf8), Array("a/b\\".utf8), Array("=> <=".utf8),
      [0x1B, 0x5B], [0xE2, 0x82], Array(repeating: 0x20, count: 300) + [0x61],
    ]
    for input in inputs { target.run(input) }
  }

  @Test("a failed property stops the fuzz target, so findings cannot pass silently")
  func failedPropertyTraps() async {
    await #expect(processExitsWith: .failure) {
      FuzzTarget._checkForTesting(false, "a property that does not hold")
    }
  }
}
