import Foundation
import Testing

@testable import TestSupport

/// The repository's root folder (this file is Tests/togglekitTests/<file>).
private let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// Every command line in the ```sh blocks of a Markdown text that hands names between togglekit
/// and another program (`find`, `git`, `xargs`, `tar`), continuation lines joined.
func namePipelines(in markdown: String) -> [String] {
  var pipelines: [String] = []
  var inShell = false
  var pending = ""
  for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("```") {
      inShell = line == "```sh"
      continue
    }
    guard inShell, !line.hasPrefix("#") else { continue }
    if line.hasSuffix("\\") {
      pending += line.dropLast() + " "
      continue
    }
    let command = pending + line
    pending = ""
    let handsNames = ["xargs", "tar ", "find ", "git ls-files"].contains { command.contains($0) }
    if command.contains("togglekit") && command.contains("|") && handsNames {
      let pipeline = command.trimmingCharacters(in: .whitespaces)
      if !pipelines.contains(pipeline) { pipelines.append(pipeline) }
    }
  }
  return pipelines
}

/// A folder of hostile names the documented pipelines run in, as a user's home and working
/// directory: `src/` (with `src/generated/`) and `docs/`, each full of names with backslashes,
/// newlines, tabs, ESC, `$( )`, quotes, leading `-` and bytes that are not UTF-8.
struct Sandbox {
  /// The folder (`~` and the working directory of a pipeline).
  let home: URL
  /// Where the stand-ins for `wc`, `du` and `tar` write the names they were given, NUL-ended.
  let record: URL
  /// The stand-ins, first on PATH.
  let shims: URL
  /// Every file below `home`, as bytes from `home`: `src/a\b`.
  let files: Set<[UInt8]>

  init() throws {
    let scratch = try TogglekitBinary.scratch()
    home = scratch.appendingPathComponent("home")
    record = scratch.appendingPathComponent("record")
    shims = scratch.appendingPathComponent("shims")
    let fixed: [[UInt8]] = [
      Array(#"imp\ortant"#.utf8), Array("important".utf8), Array("a\nb".utf8),
      Array("tab\there".utf8), Array("\u{1B}[2J".utf8), Array("$(touch PWNED)".utf8),
      Array("-rf".utf8), Array("*".utf8), Array("[x] c".utf8), Array("it's \"q\"".utf8),
      [0x62, 0xFF, 0xFE], Array(#"caf\303\251"#.utf8),
    ]
    var generator = SeededGenerator(seed: 6_803)
    var files: Set<[UInt8]> = []
    for folder in ["src", "src/generated", "docs"] {
      let url = home.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      var names = Set(folder == "src/generated" ? [Array("gen.c".utf8)] : fixed)
      while folder != "src/generated" && names.count < fixed.count + 10 {
        names.insert(randomHostileName(&generator))
      }
      for name in names {
        try makeFile(named: name, in: url, contents: "x\n")
        files.insert(Array(folder.utf8) + [0x2F] + name)
      }
    }
    try FileManager.default.createDirectory(at: shims, withIntermediateDirectories: true)
    let recorder = """
      #!/bin/sh
      # A stand-in that writes the names it is given, each ended by NUL, and nothing else.
      case "$0" in
        */tar) cat >> "$RECORD" ;;
        *) for name in "$@"; do case "$name" in -*) ;; *) printf '%s\\0' "$name" >> "$RECORD" ;; esac; done ;;
      esac

      """
    for tool in ["wc", "du", "tar"] {
      let url = shims.appendingPathComponent(tool)
      try Data(recorder.utf8).write(to: url)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }
    self.files = files
  }

  /// The files below `folder` (`src`) but those below `except`, each as `prefix` + its path from
  /// `home`.
  func files(under folder: String, prefix: String = "", except: String? = nil) -> Set<[UInt8]> {
    let inside: [UInt8] = Array((folder + "/").utf8)
    let outside: [UInt8]? = except.map { Array(($0 + "/").utf8) }
    let start: [UInt8] = Array(prefix.utf8)
    var result: Set<[UInt8]> = []
    for file in files where file.starts(with: inside) {
      if let outside, file.starts(with: outside) { continue }
      result.insert(start + file)
    }
    return result
  }

  /// The shell lines that set a pipeline up: HOME, PATH (stand-ins, then togglekit) and RECORD.
  var environment: String {
    let binaries = TogglekitBinary.url.deletingLastPathComponent().path
    let home = shellQuotedForTest(home.path)
    let record = shellQuotedForTest(record.path)
    let path = shellQuotedForTest(shims.path) + ":" + shellQuotedForTest(binaries)
    return "export HOME=\(home) RECORD=\(record) PATH=\(path):\"$PATH\"; cd \"$HOME\" && "
  }

  /// What the stand-ins were given, and the record emptied for the next pipeline.
  func takeRecord() throws -> Set<[UInt8]> {
    let bytes = (try? Data(contentsOf: record)).map(Array.init) ?? []
    try? FileManager.default.removeItem(at: record)
    return records(bytes)
  }
}

/// The README's text and the pages of docs/, where the pipelines a user copies are.
private func documentation() throws -> String {
  let docs = root.appendingPathComponent("docs")
  let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted()
    .filter { $0.hasSuffix(".md") }.map { docs.appendingPathComponent($0) }
  return try ([root.appendingPathComponent("README.md")] + pages).map {
    try String(contentsOf: $0, encoding: .utf8)
  }.joined(separator: "\n")
}

@Suite("The documentation's pipelines, run on a folder of hostile names", .serialized)
struct ReadmePipelineTests {
  /// The parts of text that tell the documented pipelines apart, one each.
  static let keys = [
    "find src -type f -print0", "explore --dir src -0", "--output topmost -0 | tar",
    "find ~ -xdev -print0", "explore --dir . --gitignore --preview",
  ]

  /// What the documented pipeline with this key must hand to the next program.
  static func expected(_ key: String, in sandbox: Sandbox) -> Set<[UInt8]> {
    let home = sandbox.home.path + "/"
    switch key {
    case "find src -type f -print0":
      return sandbox.files(under: "src", except: "src/generated")
    case "explore --dir src -0":
      return sandbox.files(under: "src")
    case "--output topmost -0 | tar":
      return [Array((home + "docs").utf8)]
    case "find ~ -xdev -print0":
      let src = sandbox.files(under: "src", prefix: home)
      return src.union(sandbox.files(under: "docs", prefix: home))
    default:
      let src = sandbox.files(under: "src", prefix: "./")
      return src.union(sandbox.files(under: "docs", prefix: "./"))
    }
  }

  @Test(
    "every pipeline of the README and docs/ that hands names on is one this test runs, and each it runs is there"
  )
  func everyPipelineIsRun() throws {
    let readme = try documentation()
    let pipelines = namePipelines(in: readme)
    #expect(!pipelines.isEmpty)
    for pipeline in pipelines {
      let matches = Self.keys.filter { pipeline.contains($0) }
      #expect(matches.count == 1, "\(pipeline): add what it hands on to ReadmePipelineTests")
      #expect(pipeline.contains("-0") || pipeline.contains("-print0"), "\(pipeline): not NUL-safe")
    }
    for key in Self.keys {
      #expect(pipelines.contains { $0.contains(key) }, "'\(key)' is no longer documented")
    }
  }

  @Test(
    "each documented pipeline hands every hostile name on byte for byte (explore: a, Enter)",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func pipelinesHandNamesOnExactly() async throws {
    let readme = try documentation()
    let sandbox = try Sandbox()
    for command in namePipelines(in: readme) {
      guard let key = Self.keys.first(where: { command.contains($0) }) else { continue }
      let expected = Self.expected(key, in: sandbox)
      if command.contains("togglekit explore") {
        // A stream is selected once all of it has come; a folder is read as it is needed.
        let ready = command.contains("--read0") ? "of \(expected.count) selected" : "selected"
        let (_, code) = try await inTerminal(
          sandbox.environment + command, keys: ["a", "\r"], pause: 0.5, ready: ready)
        #expect(code == 0, "\(command)")
      } else {
        let result = try pipeline(sandbox.environment + command, in: sandbox.home)
        #expect(result.code == 0, "\(command): \(result.stderr)")
      }
      #expect(try sandbox.takeRecord() == expected, "\(command)")
      #expect(
        !FileManager.default.fileExists(atPath: sandbox.home.appendingPathComponent("PWNED").path))
    }
  }
}
