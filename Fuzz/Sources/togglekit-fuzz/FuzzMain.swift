// togglekit-fuzz: the fuzz targets under libFuzzer (built by Scripts/fuzz.sh with -DFUZZING), or,
// in an ordinary build, a replayer that runs a target over files: `togglekit-fuzz TARGET FILE...`.

import FuzzTargets

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a line to standard error.
func printError(_ message: String) {
  let line = Array((message + "\n").utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

#if FUZZING
  import FuzzDriver

  /// The target libFuzzer drives, chosen by the first argument before libFuzzer sees the rest.
  nonisolated(unsafe) var selectedTarget = FuzzTarget.indented

  /// The entry libFuzzer calls: `togglekit-fuzz TARGET [libFuzzer options] [CORPUS...]`.
  ///
  /// SwiftPM renames an executable module's entry point to `<module>_main`, here
  /// `togglekit_fuzz_main`; libFuzzer supplies `main`.
  @_cdecl("togglekit_fuzz_main")
  func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> CInt {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    guard argc >= 2, let target = FuzzTarget(rawValue: String(cString: argv[1]!)) else {
      printError("usage: togglekit-fuzz TARGET [libFuzzer options] [CORPUS...]; targets: \(names)")
      return 2
    }
    selectedTarget = target
    // libFuzzer sees the program name followed by everything after the target.
    argv[1] = argv[0]
    var count = argc - 1
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv + 1
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
      let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
      selectedTarget.run(bytes)
      return 0
    }
  }
#else
  @main
  struct FuzzReplay {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
        printError(
          """
          usage: togglekit-fuzz TARGET FILE...
          Runs a fuzz target over files (a corpus, a finding). Targets: \(names).
          To fuzz, use Scripts/fuzz.sh, which builds this tool with libFuzzer.
          """)
        exit(arguments.first == "--help" || arguments.first == "-h" ? 0 : 2)
      }
      for path in arguments.dropFirst() {
        guard let file = fopen(path, "rb") else {
          printError("togglekit-fuzz: cannot read \(path)")
          exit(1)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
          let count = fread(&buffer, 1, buffer.count, file)
          if count <= 0 { break }
          bytes += buffer[..<count]
        }
        fclose(file)
        target.run(bytes)
      }
      print("togglekit-fuzz: \(target.rawValue): \(arguments.count - 1) inputs, every check held")
    }
  }
#endif
