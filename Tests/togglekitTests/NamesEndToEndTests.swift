import Foundation
import Testing

@testable import TestSupport

/// Runs a bash script in `folder` with the built `togglekit` first on PATH, as a user's shell
/// would: its output as bytes (names need not be UTF-8).
func pipeline(_ script: String, in folder: URL, input: [UInt8]? = nil) throws -> (
  stdout: [UInt8], stderr: String, code: Int32
) {
  _ = TogglekitBinary.brokenPipesIgnored
  var environment = ProcessInfo.processInfo.environment
  environment["PATH"] =
    TogglekitBinary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin")
  environment["LC_ALL"] = "C"
  let run = try ProgramRun(
    URL(fileURLWithPath: "/bin/bash"), ["--norc", "-o", "pipefail", "-c", script],
    directory: folder, environment: environment, input: input)
  return (run.stdout, String(decoding: run.stderr, as: UTF8.self), run.status)
}

/// Makes a file whose name is these bytes (which need not be UTF-8) in `folder`.
func makeFile(named name: [UInt8], in folder: URL, contents: String = "") throws {
  let path = Array(folder.path.utf8) + [0x2F] + name + [0]
  let descriptor = path.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
  }
  guard descriptor >= 0 else {
    throw CocoaError(.fileWriteUnknown, userInfo: ["name": name, "errno": errno])
  }
  _ = Array(contents.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
}

/// The records of NUL-ended output, as a set.
func records(_ bytes: [UInt8]) -> Set<[UInt8]> {
  Set(bytes.split(separator: 0, omittingEmptySubsequences: true).map(Array.init))
}

/// Bytes a hostile name is made of: backslash, newline, tab, ESC, `*`, `[`, `-`, quotes, `$`,
/// and bytes that are not UTF-8 (every file name but `/` and NUL).
let hostileNameBytes: [UInt8] =
  Array(#"\*[]-'"$`; ab"#.utf8) + [
    0x09, 0x0A, 0x0D, 0x1B, 0x7F, 0xC3, 0xA9, 0xEE, 0xBE, 0xFF, 0x80,
  ]

/// A random hostile file name (not `.` or `..`), sometimes starting with `-`.
func randomHostileName(_ generator: inout some RandomNumberGenerator) -> [UInt8] {
  while true {
    var name = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
      hostileNameBytes.randomElement(using: &generator)!
    }
    if Bool.random(using: &generator) { name.insert(UInt8(ascii: "-"), at: 0) }
    if name != [0x2E] && name != [0x2E, 0x2E] { return name }
  }
}

/// Whether `/usr/bin/script` is there to run the explorer in a pseudo-terminal.
private let hasScript = FileManager.default.fileExists(atPath: "/usr/bin/script")
/// Whether git is installed.
private let hasGit = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
/// Whether GNU tar is installed.
private let hasTar =
  FileManager.default.isExecutableFile(atPath: "/usr/bin/tar")
  || FileManager.default.isExecutableFile(atPath: "/bin/tar")

@Suite("Names from other programs pass through exactly, on the built binary")
struct NamesEndToEndTests {
  @Test("a name with a backslash never becomes another file: --read0 keeps it, a line is refused")
  func backslashNames() throws {
    let folder = try TogglekitBinary.scratch()
    try makeFile(named: Array("important".utf8), in: folder)
    try makeFile(named: Array(#"imp\ortant"#.utf8), in: folder)
    let safe = try pipeline(
      #"find . -name 'imp\\*' -print0 | togglekit apply --read0 --on . --print leaves -0"#,
      in: folder)
    #expect(safe.code == 0, "\(safe.stderr)")
    #expect(safe.stdout == Array(#"./imp\ortant"#.utf8) + [0])
    let removed = try pipeline(
      #"find . -name 'imp\\*' -print0 | togglekit apply --read0 --on . --print leaves -0 | xargs -0 rm -- && ls"#,
      in: folder)
    #expect(String(decoding: removed.stdout, as: UTF8.self) == "important\n", "the right file went")
    // The newline form of the same pipeline is refused at the line, with a hint.
    try makeFile(named: Array(#"imp\ortant"#.utf8), in: folder)
    let lines = try pipeline(
      #"find . -name 'imp\\*' | togglekit apply --format paths --on . --print leaves -0"#,
      in: folder)
    #expect(lines.code == 1 && lines.stdout.isEmpty)
    #expect(lines.stderr.contains("<stdin>:1:6:") && lines.stderr.contains("--read0"))
  }

  @Test(
    "git's quoted names are refused with a hint; git ls-files -z with --read0 reads them exactly",
    .enabled(if: hasGit))
  func gitNames() throws {
    let folder = try TogglekitBinary.scratch()
    for name in ["café.txt", #"a\b"#, "tab\there", "plain"] {
      try makeFile(named: Array(name.utf8), in: folder)
    }
    let setUp = try pipeline("git init -q . && git add -A", in: folder)
    #expect(setUp.code == 0, "\(setUp.stderr)")
    let quoted = try pipeline("git ls-files | togglekit apply --print leaves", in: folder)
    #expect(quoted.code == 1)
    #expect(quoted.stderr.contains("git ls-files -z") && quoted.stderr.contains("<stdin>:"))
    let exact = try pipeline(
      "git ls-files -z | togglekit apply --read0 --on café.txt --on 'a\\\\b' --on 'tab\\there' "
        + "--on plain --print leaves -0",
      in: folder)
    #expect(exact.code == 0, "\(exact.stderr)")
    #expect(
      records(exact.stdout)
        == Set(["café.txt", #"a\b"#, "tab\there", "plain"].map { Array($0.utf8) }))
  }

  @Test("random byte names reach xargs -0 byte for byte through apply --read0 -0 (10 rounds)")
  func randomNamesThroughApply() throws {
    var generator = SeededGenerator(seed: 6_801)
    for _ in 0..<10 {
      let folder = try TogglekitBinary.scratch()
      let names = try makeHostileFolder("d", in: folder, count: 40, using: &generator)
      let result = try pipeline(
        "find d -type f -print0 | togglekit apply --read0 --on d --print leaves -0 "
          + #"| xargs -0 sh -c 'for f do [ -f "$f" ] && printf "%s\0" "$f"; done' sh"#,
        in: folder)
      #expect(result.code == 0, "\(result.stderr)")
      #expect(records(result.stdout) == names)
      let all = try pipeline(
        "find d -print0 | togglekit apply --read0 --on d --print topmost --print0", in: folder)
      #expect(all.stdout == Array("d".utf8) + [0])
    }
  }

  @Test(
    "random byte names reach xargs -0 byte for byte through explore --read0 (a, Enter)",
    .enabled(if: hasScript))
  func randomNamesThroughExplore() async throws {
    var generator = SeededGenerator(seed: 6_802)
    for _ in 0..<3 {
      let folder = try TogglekitBinary.scratch()
      let names = try makeHostileFolder("d", in: folder, count: 25, using: &generator)
      let out = folder.appendingPathComponent("out").path
      let (_, code) = try await inTerminal(
        "cd '\(folder.path)' && find d -type f -print0 | \(TogglekitBinary.url.path) explore --read0 -0 "
          + #"| xargs -0 sh -c 'for f do [ -f "$f" ] && printf "%s\0" "$f"; done' sh > "# + out,
        keys: ["a", "\r"], ready: "of \(names.count) selected")
      #expect(code == 0)
      #expect(records(Array(try Data(contentsOf: URL(fileURLWithPath: out)))) == names)
    }
  }

  @Test("--dir prints paths from the caller's directory: absolute in, absolute out; relative alike")
  func directoryPaths() throws {
    let folder = try TogglekitBinary.scratch()
    let home = folder.appendingPathComponent("abs/home/docs")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try makeFile(named: Array("a b.txt".utf8), in: home, contents: "x")
    let absolute = folder.appendingPathComponent("abs/home").path
    let topmost = try pipeline(
      "togglekit apply --dir '\(absolute)' --on home --print topmost -0", in: folder)
    #expect(topmost.stdout == Array(absolute.utf8) + [0], "\(topmost.stderr)")
    let asPrinted = try pipeline(
      "togglekit apply --dir '\(absolute)/' --on '\(absolute)/docs' --print leaves", in: folder)
    #expect(String(decoding: asPrinted.stdout, as: UTF8.self) == "\(absolute)/docs/a b.txt\n")
    let states = try pipeline("togglekit apply --dir '\(absolute)'", in: folder)
    #expect(
      String(decoding: states.stdout, as: UTF8.self)
        == "off\t\(absolute)\noff\t\(absolute)/docs\noff\t\(absolute)/docs/a b.txt\n")
    let relative = try pipeline(
      "cd abs && togglekit apply --dir home/docs --on docs --print leaves -0", in: folder)
    #expect(relative.stdout == Array("home/docs/a b.txt".utf8) + [0])
    let parent = try pipeline(
      "mkdir -p other && cd other && togglekit apply --dir ../abs/home --on home --print leaves",
      in: folder)
    #expect(String(decoding: parent.stdout, as: UTF8.self) == "../abs/home/docs/a b.txt\n")
  }

  @Test(
    "explore --dir /abs/home --output topmost -0 | tar --null -T - finds every file",
    .enabled(if: hasScript && hasTar))
  func directoryOutputToTar() async throws {
    let folder = try TogglekitBinary.scratch()
    let home = folder.appendingPathComponent("abs/home")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("docs"), withIntermediateDirectories: true)
    try makeFile(named: Array("notes".utf8), in: home.appendingPathComponent("docs"), contents: "n")
    try makeFile(named: [0x62, 0xFF, 0x0A, 0x5C], in: home, contents: "b")
    let archive = folder.appendingPathComponent("x.tar").path
    let (_, code) = try await inTerminal(
      "cd / && \(TogglekitBinary.url.path) explore --dir '\(home.path)' --output topmost -0 "
        + "| tar --null -T - -cf '\(archive)' 2>/dev/null",
      keys: ["a", "\r"], ready: "selected")
    #expect(code == 0)
    let listed = try pipeline("tar -tf '\(archive)' --null 2>&1 | head -1", in: folder)
    #expect(
      String(decoding: listed.stdout, as: UTF8.self).hasPrefix(String(home.path.dropFirst())),
      "tar found the folder from /: \(String(decoding: listed.stdout, as: UTF8.self))")
    let unpacked = folder.appendingPathComponent("unpacked")
    try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
    let extracted = try pipeline(
      "tar -xf '\(archive)' -C unpacked && find unpacked -type f -print0", in: folder)
    #expect(extracted.code == 0)
    #expect(
      records(extracted.stdout) == [
        Array("unpacked\(home.path)/docs/notes".utf8),
        Array("unpacked\(home.path)/".utf8) + [0x62, 0xFF, 0x0A, 0x5C],
      ])
  }

  @Test(
    "a sequence cut short never cancels: the picks survive and Enter prints them",
    .enabled(if: hasScript))
  func truncatedEscapeSequences() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("t.paths", "[ ] a/x\n[ ] a/y\n", in: folder)
    for cut in ["\u{1B}[<0;4;1", "\u{1B}[M", "\u{1B}[", "\u{1B}O", "\u{1B}[<0;4;1\u{1B}[<0;4;1m"] {
      let out = folder.appendingPathComponent("out").path
      let (_, code) = try await inTerminal(
        "\(TogglekitBinary.url.path) explore \(file) > \(out)",
        keys: [" ", cut, "\r"], pause: 0.4, ready: "of 2 selected")
      #expect(code == 0, "\(cut.debugDescription)")
      #expect(
        try String(contentsOfFile: out, encoding: .utf8) == "a/x\na/y\n", "\(cut.debugDescription)")
    }
  }

  @Test(
    "a preview never runs a command from a file name, in any quoting of {} (a session a quoting, side by side)",
    .enabled(if: hasScript))
  func previewInjection() async throws {
    let templates = [
      "cat {}", "cat '{}'", #"cat "{}""#, #"cat "$(printf %s {})""#, #"cat "`printf %s {}`""#,
    ]
    let names = [
      "a$(touch PWNED)", "b`touch PWNED`", "c;touch PWNED", "d'$(touch PWNED)'",
      "e\"$(touch PWNED)\"", "f\ntouch PWNED",
    ]
    // Each quoting in a folder of its own, so that a name it ran marks that folder; the sessions
    // wait side by side.
    try await withThrowingTaskGroup(of: (String, String, Int32, Bool).self) { group in
      for template in templates {
        let folder = try TogglekitBinary.scratch()
        let tree = folder.appendingPathComponent("t")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        for name in names { try makeFile(named: Array(name.utf8), in: tree, contents: "safe\n") }
        let marker = folder.appendingPathComponent("PWNED").path
        group.addTask {
          let (screen, code) = try await inTerminal(
            "stty rows 20 cols 100; cd \(folder.path) && \(TogglekitBinary.url.path) explore --dir t "
              + "--preview \(shellQuotedForTest(template)) > /dev/null",
            keys: ["j", "j", "j", "j", "j", "j", "q"], pause: 0.4, ready: "of 6 selected")
          return (template, screen, code, FileManager.default.fileExists(atPath: marker))
        }
      }
      for try await (template, screen, code, ran) in group {
        #expect(code == 130, "\(template)")
        #expect(!ran, "\(template) ran a name")
        #expect(screen.contains("safe"), "\(template) previewed the file")
      }
    }
  }
}

/// Makes `count` files of random hostile names in a new folder; their paths from `folder`.
func makeHostileFolder(
  _ name: String, in folder: URL, count: Int, using generator: inout some RandomNumberGenerator
) throws -> Set<[UInt8]> {
  let inside = folder.appendingPathComponent(name)
  try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
  var names: Set<[UInt8]> = []
  while names.count < count {
    let file = randomHostileName(&generator)
    guard !names.contains(Array(name.utf8) + [0x2F] + file) else { continue }
    try makeFile(named: file, in: inside)
    names.insert(Array(name.utf8) + [0x2F] + file)
  }
  return names
}

/// Text as one word for /bin/sh.
func shellQuotedForTest(_ text: String) -> String {
  "'" + text.replacing("'", with: #"'\''"#) + "'"
}
