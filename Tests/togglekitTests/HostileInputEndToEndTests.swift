import Foundation
import Testing

@testable import TestSupport

/// A catalogue whose labels carry what real data and attackers carry.
///
/// A tab, a newline, an empty label, an escape sequence that retitles the terminal, a C1 CSI, a
/// separator and a backslash. Its first node is unselected, so its exports start with `[ ]`.
private let hostileJSON = #"""
  [{"label": "Menu", "children": [
     {"label": "a\tb", "selected": true}, {"label": "line\nbreak"}, {"label": ""},
     {"label": "\u001b]0;PWNED\u0007\u001b[2J"}, {"label": "C1\u009b2J"},
     {"label": "1/2 inch", "selected": true}, {"label": "back\\slash"}, {"label": "nul\u0000x"}]},
   {"label": "Other", "selected": true}]
  """#

/// Whether text holds a byte that acts on a terminal: C0 other than newline and tab, DEL, or C1.
private func hasRawControl(_ text: String) -> Bool {
  text.unicodeScalars.contains {
    ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
  }
}

/// `ulimit -v` of 2 GB, the cap under which deep input once died; AddressSanitizer reserves terabytes
/// of shadow memory up front, so under it (CI's sanitizer run) the cap is left out.
private let addressSpaceCap: String = {
  let isInstrumented = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil
  return isInstrumented ? "" : "ulimit -v 2000000; "
}()

/// Runs a shell command line (for redirections and pipes); `bash` for PIPESTATUS.
private func shell(_ command: String) throws -> TogglekitBinary.Result {
  try TogglekitBinary.run(
    executable: URL(fileURLWithPath: "/bin/bash"), ["-c", command])
}

@Suite("togglekit under hostile input: one path syntax, no raw escapes, no silent failure")
struct HostileInputEndToEndTests {
  let folder: URL
  let file: String
  var binary: String { TogglekitBinary.url.path }

  init() throws {
    folder = try TogglekitBinary.scratch()
    file = try TogglekitBinary.file("hostile.json", hostileJSON, in: folder)
  }

  @Test("every PATH that --print states prints is accepted back by --toggle")
  func printedPathsAreAcceptedBack() throws {
    let states = try TogglekitBinary.run(["apply", "--print", "states", file])
    #expect(states.code == 0)
    #expect(!hasRawControl(states.stdout), "\(states.stdout.debugDescription)")
    let lines = states.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 10)
    #expect(lines.contains("off\t" + #"Menu/\e"#))
    #expect(lines.contains("on\t" + #"Menu/a\tb"#))
    #expect(lines.contains("on\t" + #"Menu/1\/2 inch"#))
    #expect(lines.contains("off\t" + #"Menu/\u{1B}]0;PWNED\u{07}\u{1B}[2J"#))
    #expect(lines.contains("off\t" + #"Menu/nul\u{00}x"#))
    for line in lines {
      let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
      let (state, path) = (parts[0], parts[1])
      let toggled = try TogglekitBinary.run(["apply", "--toggle", path, "--print", "states", file])
      #expect(toggled.code == 0, "\(path): \(toggled.stderr)")
      let after = toggled.stdout.split(separator: "\n").first { $0.hasSuffix("\t" + path) }
      #expect(after != nil && !after!.hasPrefix(state + "\t"), "\(path) changed state")
    }
  }

  @Test("every export is read back from a pipe with no --format, whatever its first marker")
  func exportsReadBackFromPipes() throws {
    let original = try TogglekitBinary.run(["apply", file]).stdout
    for form in ["indent", "paths", "json"] {
      let exported = try TogglekitBinary.run(["apply", "--print", form, file])
      #expect(!hasRawControl(exported.stdout), "\(form)")
      let again = try TogglekitBinary.run(["apply"], input: exported.stdout)
      #expect(again.code == 0, "\(form): \(again.stderr)")
      #expect(again.stdout == original, "\(form) read back from standard input")
      let unknown = try TogglekitBinary.file("export.\(form).dat", exported.stdout, in: folder)
      #expect(try TogglekitBinary.run(["apply", unknown]).stdout == original, "\(form) as .dat")
    }
    for form in ["leaves", "topmost", "all"] {
      // Escaped lines are PATHs, which --select-from reads back …
      let printed = try TogglekitBinary.run(["apply", "--print", form, file])
      let list = try TogglekitBinary.file("\(form).list", printed.stdout, in: folder)
      let selected = try TogglekitBinary.run([
        "apply", "--select-from", list, "--print", form, file,
      ])
      #expect(
        selected.code == 0 && selected.stdout == printed.stdout, "\(form): \(selected.stderr)")
      // … and, as a tree of names, refused (a backslash could be a name's own), with a hint.
      let again = try TogglekitBinary.run(["apply", "--print", "leaves"], input: printed.stdout)
      #expect(again.code == 1 && again.stderr.contains("--read0"), "\(form): \(again.stderr)")
      // -0 then --read0 carries every name as it is.
      let raw = try pipeline(
        "togglekit apply -0 --print \(form) '\(file)' > raw.list && togglekit apply --read0 "
          + "--select-from raw.list --print leaves -0 < raw.list", in: folder)
      let leaves = try pipeline("togglekit apply -0 --print leaves '\(file)'", in: folder)
      #expect(raw.code == 0, "\(raw.stderr)")
      #expect(form != "leaves" || raw.stdout == leaves.stdout, "\(form)")
    }
  }

  @Test("-0 writes raw label paths ended by NUL, for xargs -0; exports refuse it")
  func nullSeparated() throws {
    let result = try TogglekitBinary.run(["apply", "-0", "--print", "leaves", file])
    #expect(result.stdout == "Menu/a\tb\0Menu/1/2 inch\0Other\0")
    let states = try TogglekitBinary.run(["apply", "--null", file])
    #expect(states.stdout.hasPrefix("mixed\tMenu\0on\tMenu/a\tb\0off\tMenu/line\nbreak\0"))
    #expect(states.stdout.contains("off\tMenu/nul\\u{00}x\0"), "a NUL in a label is escaped")
    let json = try TogglekitBinary.run(["apply", "-0", "--print", "json", file])
    #expect(json.code == 2)
  }

  @Test("labels never reach the terminal raw: duplicate labels, rules errors, --dir warnings")
  func messagesAreEscaped() throws {
    let duplicate = try TogglekitBinary.file(
      "dup.txt", "a\n  \u{1B}]0;PWNED\u{07}\n  \u{1B}]0;PWNED\u{07}\n", in: folder)
    let result = try TogglekitBinary.run(["apply", duplicate])
    #expect(result.code == 1)
    #expect(result.stderr.contains(#"duplicate label "\u{1B}]0;PWNED\u{07}""#), "\(result.stderr)")
    #expect(!hasRawControl(result.stderr))
    let rules = try TogglekitBinary.file(
      "r.rules", "label == \"x\u{1B}[2J\" => nope <= 1\n", in: folder)
    let rulesResult = try TogglekitBinary.run(["apply", "--rules", rules, file])
    #expect(rulesResult.code == 1)
    #expect(!hasRawControl(rulesResult.stderr), "\(rulesResult.stderr.debugDescription)")
    let unknown = try TogglekitBinary.run(["apply", "--toggle", "Menu/\u{1B}[2J", file])
    #expect(unknown.code == 1)
    #expect(unknown.stderr == "togglekit: no node at path 'Menu/\\u{1B}[2J'\n")
    let dir = folder.appendingPathComponent("d\u{1B}[2J")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    // A name that is not UTF-8 and a name spelling its escape literally are two names.
    for name in [[0x78, 0xFF], Array(#"x\xFF"#.utf8)] as [[UInt8]] {
      let path = Array(dir.path.utf8) + [0x2F] + name + [0]
      let descriptor = path.withUnsafeBufferPointer {
        $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
      }
      #expect(descriptor >= 0)
      close(descriptor)
    }
    let listing = try TogglekitBinary.run(["apply", "--dir", dir.path])
    #expect(listing.code == 0 && listing.stderr.isEmpty, "\(listing.stderr)")
    #expect(listing.stdout.contains(#"/x\\xFF"#) && listing.stdout.contains(#"/x\xFF"#))
    #expect(!hasRawControl(listing.stderr) && !hasRawControl(listing.stdout))
  }

  @Test("file names that are not UTF-8 are listed with their bytes escaped and kept distinct")
  func nonUTF8Names() throws {
    let dir = folder.appendingPathComponent("names")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for name in [[0x61, 0xFF], [0x61, 0xFE], [0xC3, 0x28]] as [[UInt8]] {
      let path = Array(dir.path.utf8) + [0x2F] + name + [0]
      let descriptor = path.withUnsafeBufferPointer {
        $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
      }
      close(descriptor)
    }
    let result = try TogglekitBinary.run(["apply", "--dir", dir.path, "--print", "paths"])
    #expect(result.code == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    // Each byte that is not UTF-8 is shown \xHH; the paths start at the folder as given.
    #expect(
      result.stdout
        == [#"[ ] "#, #"[ ] /a\xFE"#, #"[ ] /a\xFF"#, #"[ ] /\xC3("#].map {
          String($0.prefix(4)) + dir.path + String($0.dropFirst(4)) + "\n"
        }.joined())
    let toggled = try TogglekitBinary.run([
      "apply", "--dir", dir.path, "--toggle", #"names/a\xFF"#,
    ])
    #expect(toggled.stdout.contains("on\t\(dir.path)/a\\xFF\n"))
    let raw = try pipeline(
      "togglekit apply --dir names --on " + #"'names/a\xFF'"# + " --print leaves -0", in: folder)
    #expect(raw.stdout == Array("names/a".utf8) + [0xFF, 0], "-0 writes the name's own byte")
  }

  @Test("a failed write is an error: full disk, closed output, broken pipe with SIGPIPE ignored")
  func failedWrites() throws {
    let full = try shell("\(binary) apply \(file) > /dev/full")
    #expect(full.code == 1)
    #expect(full.stderr == "togglekit: writing output failed: No space left on device\n")
    let closed = try shell("\(binary) apply \(file) >&-")
    #expect(closed.code == 1)
    #expect(closed.stderr == "togglekit: writing output failed: Bad file descriptor\n")
    let help = try shell("\(binary) --help > /dev/full")
    #expect(help.code == 1)
    // This test process ignores SIGPIPE, and so do the children it starts: EPIPE is returned.
    let big = try TogglekitBinary.file(
      "big.paths", (0..<20_000).map { "Folder/item \($0)\n" }.joined(), in: folder)
    let broken = try shell(
      "\(binary) apply \(big) 2> \(folder.path)/err | head -c 1 > /dev/null; "
        + "echo ${PIPESTATUS[0]}; cat \(folder.path)/err")
    #expect(broken.stdout == "1\ntogglekit: writing output failed: Broken pipe\n")
  }

  @Test("with SIGPIPE at its default, | head -1 ends the command quietly (141)")
  func brokenPipeQuietly() throws {
    let big = try TogglekitBinary.file(
      "big.paths", (0..<200_000).map { "Folder/item \($0)\n" }.joined(), in: folder)
    let script = """
      import subprocess
      p = subprocess.Popen(['\(binary)', 'apply', '\(big)'], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
      first = p.stdout.readline()
      p.stdout.close()
      code = p.wait()
      print(first.decode().strip(), code, repr(p.stderr.read()))
      """
    let result = try TogglekitBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script])
    #expect(result.stdout == "off\tFolder -13 b''\n", "\(result.stderr)")
  }

  @Test("/dev/zero and any NUL byte stop the read at once with FILE:LINE:COL")
  func nulBytes() throws {
    let zero = try shell("\(addressSpaceCap)\(binary) apply /dev/zero")
    #expect(zero.code == 1)
    #expect(zero.stderr == "togglekit: /dev/zero:1:1: NUL byte in text (is this a binary file?)\n")
    let names = try TogglekitBinary.run(["apply"], input: "a/b\0a/c\0")
    #expect(names.code == 1)
    #expect(
      names.stderr
        == "togglekit: <stdin>:1:4: NUL byte in text (is this a binary file?); names ended by NUL "
        + "(find -print0, git ls-files -z) are read with --read0\n")
    let piped = try TogglekitBinary.run(["apply"], input: "Fruit\n  Ap\0ple\n")
    #expect(piped.code == 1)
    #expect(piped.stderr == "togglekit: <stdin>:2:5: NUL byte in text (is this a binary file?)\n")
  }

  @Test("10^5-deep path lists and JSON stop at the depth limit with a place; 10^4-deep text works")
  func deepTrees() throws {
    let deepPaths = try TogglekitBinary.file(
      "deep.paths", String(repeating: "x/", count: 99_999) + "x\n", in: folder)
    let paths = try shell("\(addressSpaceCap)\(binary) apply \(deepPaths)")
    #expect(paths.code == 1)
    #expect(
      paths.stderr == "togglekit: \(deepPaths):1:1: nesting deeper than 10000 levels "
        + "(the limit that keeps memory in bounds)\n")
    let node = #"{"label": "x", "children": ["#
    let deepJSON = try TogglekitBinary.file(
      "deep.json",
      String(repeating: node, count: 100_000) + String(repeating: "]}", count: 100_000), in: folder)
    let json = try shell("\(addressSpaceCap)\(binary) apply \(deepJSON)")
    #expect(json.code == 1)
    #expect(
      json.stderr.hasPrefix("togglekit: \(deepJSON):1:\(10_000 * node.utf8.count + 1): nesting"))
    let text = (0..<10_000).map { String(repeating: " ", count: $0) + "x\n" }.joined()
    let deepText = try TogglekitBinary.file("deep.txt", text, in: folder)
    let indented = try shell(
      "\(addressSpaceCap)\(binary) apply --print paths \(deepText) | wc -l")
    #expect(indented.code == 0)
    #expect(indented.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "10000")
  }

  @Test(
    "no quadratic path: 2,000 PATHs over 200,000 siblings, a 100,000-term rule, a 100,000-character filter (half each in the fast tier)"
  )
  func noQuadraticPaths() throws {
    let scale = Tier.size(fast: 1, long: 2)
    let siblings = try TogglekitBinary.file(
      "wide.json",
      "["
        + (0..<100_000 * scale).map { #"{"id": "n\#($0)", "label": "item \#($0)"}"# }
        .joined(separator: ",") + "]", in: folder)
    var arguments = ["apply", "--print", "leaves", siblings]
    for index in stride(from: 100_000 * scale - 1, to: 0, by: -100) {
      arguments += ["--on", "item \(index)"]
    }
    let toggles = try TogglekitBinary.run(["120"] + arguments, timeLimited: true)
    #expect(toggles.code == 0, "\(toggles.stderr)")
    #expect(toggles.stdout.split(separator: "\n").count == 1_000 * scale)
    let rules = try TogglekitBinary.file(
      "chain.rules",
      (0..<50_000 * scale).map { "depth >= \($0 % 3)" }.joined(separator: " && ")
        + " => enabled <= false\n",
      in: folder)
    let chain = try TogglekitBinary.run(
      ["120", "apply", "--rules", rules, file], timeLimited: true)
    #expect(chain.code == 0, "\(chain.stderr)")
    let filter = try TogglekitBinary.run(
      [
        "120", "apply", "--filter", String(repeating: "item", count: 12_500 * scale), "--on",
        "item 5",
        siblings,
      ],
      timeLimited: true)
    #expect(filter.code == 0, "\(filter.stderr)")
  }
}

extension TogglekitBinary {
  /// Runs `togglekit` under `timeout` (the first argument is the limit in seconds): exit 124 when
  /// it takes longer, which no test accepts.
  static func run(_ arguments: [String], timeLimited: Bool) throws -> Result {
    try run(
      executable: URL(fileURLWithPath: "/usr/bin/timeout"),
      [arguments[0], url.path] + arguments.dropFirst())
  }
}
