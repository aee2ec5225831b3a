import Explorer
import Foundation
import Testing
import ToggleKit

@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a preview process to its end (polling its output), at most `seconds`.
private func finish(_ process: PreviewProcess, seconds: Double = 10) {
  let start = Date.now
  while !process.isFinished && Date.now < start + seconds {
    var probe = pollfd(fd: process.descriptor, events: Int16(POLLIN), revents: 0)
    _ = poll(&probe, 1, 100)
    process.readWaiting()
  }
}

/// A clock for the tests' time limits.
private enum Date {
  static var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// Whether a process is gone: no such process, or a zombie waiting for its reaper.
private func isGone(_ pid: Int32) -> Bool {
  guard kill(pid, 0) == 0 else { return true }
  let descriptor = open("/proc/\(pid)/stat", O_RDONLY)
  guard descriptor >= 0 else { return true }
  defer { close(descriptor) }
  var buffer = [UInt8](repeating: 0, count: 512)
  let count = read(descriptor, &buffer, buffer.count)
  let text = String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
  guard let close = text.lastIndex(of: ")") else { return true }
  return text[text.index(close, offsetBy: 2)...].hasPrefix("Z")
}

@Suite("--preview: the command, its path, its quoting")
struct PreviewCommandTests {
  /// Texts a shell would read as syntax if they were not quoted.
  static let hostile = [
    "", "plain", "two words", "it's", "'", "''", #"a\b"#, "$HOME", "`id`", "$(id)", "a;b", "a|b",
    "a&b", "*", "?", "[a]", "~", "#x", "!x", "{}", "a\nb", "tab\there", "\"q\"", "-n", "é ünï 漢字",
    "a\u{1B}[31mb", "'\\''",
  ]

  @Test("every {} becomes a reference to $1 that fits its quoting; the path is never shell text")
  func substitution() {
    #expect(PreviewCommand("head -20 {}").shellText == #"head -20 "${1}""#)
    #expect(PreviewCommand("diff {} {}.orig").shellText == #"diff "${1}" "${1}".orig"#)
    #expect(PreviewCommand("cat '{}'").shellText == #"cat ''"${1}"''"#)
    #expect(PreviewCommand(#"cat "{}""#).shellText == #"cat "${1}""#)
    #expect(PreviewCommand(#"echo "$(cat {})""#).shellText == #"echo "$(cat "${1}")""#)
    #expect(PreviewCommand("echo `cat {}`").shellText == #"echo `cat "${1}"`"#)
    #expect(PreviewCommand(#"echo '\' {}"#).shellText == #"echo '\' "${1}""#)
    #expect(PreviewCommand(#"echo \' {}"#).shellText == #"echo \' "${1}""#)
    #expect(PreviewCommand("echo hi").shellText == "echo hi")
    #expect(
      PreviewCommand("cat {}").arguments(for: "a\u{EFFF}")
        == [Array("-c".utf8), Array(#"cat "${1}""#.utf8), Array("sh".utf8), [0x61, 0xFF]])
  }

  /// A template with `{}` in some quoting, and what it prints for a path.
  struct Template: Sendable {
    var text: String
    var expected: @Sendable (String) -> String
  }

  /// Templates with `{}` in every quoting the shell has.
  static let templates: [Template] = [
    Template(text: "printf %s {}") { $0 },
    Template(text: "printf %s '{}'") { $0 },
    Template(text: #"printf %s "{}""#) { $0 },
    Template(text: #"printf %s "<{}>""#) { "<\($0)>" },
    Template(text: "printf %s 'x{}y'") { "x\($0)y" },
    Template(text: #"printf %s "$(printf %s {})""#) { $0 },
    Template(text: #"printf %s "$(printf %s '{}')""#) { $0 },
    Template(text: #"printf %s "`printf %s {}`""#) { $0 },
    Template(text: #"printf '%s|' "a" {} 'b'"#) { "a|\($0)|b|" },
  ]

  @Test(
    "/bin/sh gets every path byte for byte, whatever quotes hold {}: hostile texts, 30 random (100 in the long tier)"
  )
  func quotingRoundTrips() throws {
    var generator = SeededGenerator(seed: 19)
    let alphabet = Array(#"ab '"\$`;|&*?[]~#!{}()<>=%^ -"#) + ["\n", "\t", "é", "漢"]
    var texts = Self.hostile
    for _ in 0..<Tier.size(fast: 30, long: 100) {
      texts.append(
        String(
          (0..<Int.random(in: 0...12, using: &generator)).map { _ in
            alphabet.randomElement(using: &generator)!
          }))
    }
    for text in texts where !text.hasSuffix("\n") {  // `$( )` drops trailing newlines
      for template in Self.templates {
        let run = try PreviewProcess(
          shellArguments: PreviewCommand(template.text).arguments(for: text))
        finish(run)
        #expect(
          run.output == Array(template.expected(text).utf8),
          "\(template.text) \(text.debugDescription)")
        #expect(run.exitStatus == 0)
      }
    }
  }

  @Test("a file name never runs a command, in any quoting: $( ), backquotes, ;, quotes, newline")
  func namesNeverRunCommands() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "togglekit-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.path + "/PWNED"
    let names = [
      "a$(touch \(marker))", "a`touch \(marker)`", "a; touch \(marker)", "a' ; touch \(marker); '",
      "a\" ; touch \(marker); \"", "a\ntouch \(marker)", "a'$(touch \(marker))'",
      "$(touch \(marker))",
    ]
    for name in names {
      for template in Self.templates.map(\.text) + ["cat {} 2>/dev/null"] {
        let run = try PreviewProcess(shellArguments: PreviewCommand(template).arguments(for: name))
        finish(run)
        #expect(!FileManager.default.fileExists(atPath: marker), "\(template) ran \(name)")
      }
    }
  }

  @Test("{} is the file's path under --dir (the folder as given), else the labels joined")
  func paths() throws {
    let tree = try SelectionTree(paths: ["src/lib/a.swift", "src/b c"])
    #expect(
      PreviewCommand.path(of: "src/lib/a.swift", in: tree, directory: nil) == "src/lib/a.swift")
    #expect(
      PreviewCommand.path(of: "src/lib/a.swift", in: tree, directory: nil, separator: ":")
        == "src:lib:a.swift")
    #expect(
      PreviewCommand.path(of: "src/lib/a.swift", in: tree, directory: "../x/src//")
        == "../x/src/lib/a.swift")
    #expect(PreviewCommand.path(of: "src", in: tree, directory: "../x/src/") == "../x/src")
    #expect(PreviewCommand.path(of: "src/b c", in: tree, directory: "/") == "/b c")
    #expect(PreviewCommand.path(of: "src", in: tree, directory: "/") == "/")
    let absolute = try SelectionTree(paths: ["/usr/b c", "/"])
    #expect(PreviewCommand.path(of: "/usr/b c", in: absolute, directory: nil) == "/usr/b c")
    #expect(PreviewCommand.path(of: "/", in: absolute, directory: nil) == "/")
  }
}

@Suite("--preview: the output, neutralised")
struct PreviewTextTests {
  private func rows(_ text: String, limit: Int = 100) -> [Row] {
    PreviewText.rows(Array(text.utf8), limit: limit)
  }

  /// Whether a scalar would act on a terminal: C0, DEL and C1.
  private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// `text` with the SGR sequences our renderer writes taken out.
  private func withoutSGR(_ text: String) -> String {
    var result = ""
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if scalar == "\u{1B}", scalars.first == "[" {
        var sequence = scalars.dropFirst()
        while let next = sequence.first, ("0"..."9").contains(next) || next == ";" {
          sequence = sequence.dropFirst()
        }
        if sequence.first == "m" {
          scalars = sequence.dropFirst()
          continue
        }
      }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  @Test("every byte between two letters: no control character is ever drawn raw")
  func everyByte() {
    for byte in UInt8.min...UInt8.max {
      let drawn = PreviewText.rows([0x61, byte, 0x62], limit: 10)
      for row in drawn {
        #expect(!row.plainText.unicodeScalars.contains(where: isControl), "byte \(byte)")
        #expect(!withoutSGR(row.ansi()).unicodeScalars.contains(where: isControl), "byte \(byte)")
      }
      switch byte {
      case 0x0A: #expect(drawn.map(\.plainText) == ["a", "b"])
      case 0x09: #expect(drawn.map(\.plainText) == ["a       b"])
      case 0x20..<0x7F: #expect(drawn.map(\.plainText) == ["a" + String(UnicodeScalar(byte)) + "b"])
      case 0x80...: #expect(drawn.map(\.plainText) == ["a\u{FFFD}b"], "not UTF-8")
      default:
        #expect(drawn.map(\.plainText) == [LabelPath.displayable("a\(UnicodeScalar(byte))b")])
      }
    }
  }

  @Test("6,000 random byte strings rich in ESC, [, digits and ;: only our SGR reaches the terminal")
  func randomBytes() {
    var generator = SeededGenerator(seed: 7)
    let alphabet: [UInt8] = [
      0x1B, 0x5B, 0x5D, 0x3B, 0x30, 0x31, 0x33, 0x38, 0x6D, 0x4A, 0x07, 0x0D,
      0x0A, 0x09, 0x08, 0x9B, 0xC2, 0x61, 0x20, 0x3A, 0x7F,
    ]
    for _ in 0..<6_000 {
      let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      for row in PreviewText.rows(bytes, limit: 100) {
        let drawn = withoutSGR(row.ansi(colors: true))
        #expect(!drawn.unicodeScalars.contains(where: isControl), "\(bytes)")
      }
    }
  }

  @Test("SGR becomes the style: attributes, 16, 256 and 24-bit colours, resets")
  func styles() {
    func styles(_ text: String) -> [TextStyle] { rows(text)[0].spans.map(\.style) }
    #expect(styles("\u{1B}[1;31mx\u{1B}[0my") == [TextStyle(bold: true, foreground: .red), .plain])
    #expect(styles("\u{1B}[38;5;208mx") == [TextStyle(foreground: .indexed(208))])
    #expect(styles("\u{1B}[38;2;255;0;0mx") == [TextStyle(foreground: .indexed(196))])
    #expect(
      styles("\u{1B}[48;5;4;97mx") == [TextStyle(foreground: .brightWhite, background: .indexed(4))]
    )
    #expect(styles("\u{1B}[44mx\u{1B}[49my") == [TextStyle(background: .blue), .plain])
    #expect(
      styles("\u{1B}[2;4;7mx\u{1B}[22;24;27my") == [
        TextStyle(dim: true, underline: true, inverse: true), .plain,
      ])
    #expect(
      styles("\u{1B}[3mx\u{1B}[23;93my") == [
        TextStyle(italic: true), TextStyle(foreground: .brightYellow),
      ])
    #expect(styles("\u{1B}[mx") == [.plain])
    #expect(styles("\u{1B}[31mx\u{1B}[39my") == [TextStyle(foreground: .red), .plain])
    #expect(rows("\u{1B}[31m\u{1B}[0m")[0].spans.isEmpty)
  }

  @Test("other CSI sequences are dropped; OSC, a lone ESC and a CR inside a line are shown escaped")
  func otherSequences() {
    #expect(rows("a\u{1B}[2Jb\u{1B}[Kc\u{1B}[10;20Hd\u{1B}[?25le")[0].plainText == "abcde")
    #expect(rows("a\u{1B}]0;pwned\u{07}b")[0].plainText == #"a\u{1B}]0;pwned\u{07}b"#)
    #expect(rows("a\u{1B}")[0].plainText == #"a\u{1B}"#)
    #expect(rows("a\u{1B}[12")[0].plainText == #"a\u{1B}[12"#, "an unfinished CSI is text")
    #expect(rows("50%\rdone")[0].plainText == #"50%\rdone"#)
  }

  @Test("lines: CR LF ends a line, tabs stop every 8 columns after wide text, the limit holds")
  func lines() {
    #expect(rows("a\r\nb\r\n").map(\.plainText) == ["a", "b"])
    #expect(rows("a\r").map(\.plainText) == [#"a\r"#], "a CR not before LF is shown")
    #expect(
      rows("\tx\n12345678\tx\n漢\tx").map(\.plainText) == [
        "        x", "12345678        x", "漢      x",
      ])
    #expect(rows("1\n2\n3\n4", limit: 2).map(\.plainText) == ["1", "2"])
    #expect(rows("").isEmpty && rows("\n").map(\.plainText) == [""])
  }
}

@Suite("--preview: running the command", .serialized)
struct PreviewProcessTests {
  @Test("output and errors are read, the exit status kept, standard input is empty")
  func outputAndStatus() throws {
    let run = try PreviewProcess(command: "echo out; echo err >&2; cat; exit 3")
    finish(run)
    #expect(String(decoding: run.output, as: UTF8.self) == "out\nerr\n")
    #expect(run.exitStatus == 3 && !run.wasCut)
  }

  @Test("the command runs in a session of its own: no controlling terminal, its own group")
  func session() throws {
    let run = try PreviewProcess(
      command: "cut -d' ' -f1,5,6 /proc/$$/stat; exec 3</dev/tty && echo tty")
    finish(run)
    let fields = String(decoding: run.output, as: UTF8.self).split(separator: "\n")[0]
      .split(separator: " ")
    #expect(fields.count == 3 && fields[0] == fields[1] && fields[0] == fields[2], "\(fields)")
    #expect(!String(decoding: run.output, as: UTF8.self).contains("tty\n"))
  }

  @Test("endless output is cut at the byte limit and the command stopped")
  func byteLimit() throws {
    let run = try PreviewProcess(command: "yes", byteLimit: 10_000)
    finish(run)
    #expect(run.isFinished && run.wasCut && run.output.count == 10_000 && run.exitStatus == nil)
  }

  @Test("stop kills the whole group, what it started in the background too")
  func stopKillsTheGroup() throws {
    let run = try PreviewProcess(command: "sleep 30 & echo $!; sleep 30")
    while run.output.last != 0x0A {
      usleep(10_000)
      run.readWaiting()
    }
    let child = Int32(String(decoding: run.output.dropLast(), as: UTF8.self))!
    run.stop()
    #expect(run.isFinished && run.exitStatus == nil)
    for _ in 0..<100 where !isGone(child) { usleep(10_000) }
    #expect(isGone(child) && isGone(run.pid))
  }

  @Test("a command that closes its output and runs on is stopped when its output ends")
  func outputClosedEarly() throws {
    let start = Date.now
    let run = try PreviewProcess(command: "echo bye; exec >&- 2>&-; sleep 30")
    finish(run)
    #expect(run.isFinished && run.exitStatus == nil && Date.now - start < 5)
    #expect(String(decoding: run.output, as: UTF8.self) == "bye\n")
  }
}

@Suite("--preview: the previewer follows the focus, with a time limit", .serialized)
struct PreviewerTests {
  private func settle(_ previewer: Previewer, seconds: Double = 10) {
    let start = Date.now
    while let descriptor = previewer.descriptor, Date.now < start + seconds {
      var probe = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&probe, 1, min(100, max(0, previewer.millisecondsLeft)))
      previewer.service()
    }
  }

  @Test("a run past the time limit is stopped and says so; the output so far stays")
  func timeLimit() throws {
    let previewer = Previewer(command: PreviewCommand("echo first; sleep 30"), timeLimit: 0.3)
    let start = Date.now
    previewer.show(path: "x", lines: 5, columns: 20)
    #expect(previewer.pane?.note == "running…")
    settle(previewer)
    #expect(Date.now - start < 3)
    #expect(previewer.pane?.note == "stopped after 0.3 s (time limit)")
    #expect(previewer.pane?.rows.map(\.plainText) == ["first"])
    #expect(previewer.descriptor == nil && previewer.millisecondsLeft == -1)
  }

  @Test("the same path runs once; a new path kills the old run; nil clears the pane")
  func followsTheFocus() throws {
    let previewer = Previewer(command: PreviewCommand("echo $$; echo {}; sleep 30"), timeLimit: 10)
    previewer.show(path: "a", lines: 5, columns: 20)
    while previewer.pane?.rows.count ?? 0 < 2 {
      usleep(10_000)
      previewer.service()
    }
    let first = Int32(previewer.pane!.rows[0].plainText)!
    previewer.show(path: "a", lines: 5, columns: 20)
    #expect(previewer.runs == 1)
    previewer.show(path: "b c", lines: 5, columns: 20)
    #expect(previewer.runs == 2 && previewer.pane?.title == "b c")
    for _ in 0..<100 where !isGone(first) { usleep(10_000) }
    #expect(isGone(first), "the first run was killed")
    while previewer.pane?.rows.count ?? 0 < 2 {
      usleep(10_000)
      previewer.service()
    }
    #expect(previewer.pane?.rows[1].plainText == "b c")
    previewer.show(path: nil, lines: 5, columns: 20)
    #expect(previewer.pane == nil && previewer.descriptor == nil)
  }

  @Test(
    "notes: nothing on success, the exit status on failure; the pane's size is in the environment")
  func notes() throws {
    let ok = Previewer(
      command: PreviewCommand("echo $TOGGLEKIT_PREVIEW_LINES $TOGGLEKIT_PREVIEW_COLUMNS"),
      timeLimit: 5)
    ok.show(path: "x", lines: 7, columns: 33)
    settle(ok)
    #expect(ok.pane == PreviewPane(title: "x", rows: [Row("7 33")], note: nil))
    let failing = Previewer(command: PreviewCommand("echo no such file >&2; exit 2"), timeLimit: 5)
    failing.show(path: "x", lines: 7, columns: 33)
    settle(failing)
    #expect(failing.pane == PreviewPane(title: "x", rows: [Row("no such file")], note: "exit 2"))
  }
}

@Suite("--preview: the pane beside the tree")
struct ExplorerPreviewLayoutTests {
  /// The columns a drawn (plain) line takes.
  private func columns(_ line: String) -> Int { Row(line).displayWidth }

  /// The first `count` columns of a plain line, and the rest.
  private func split(_ line: String, at count: Int) -> (String, String) {
    var taken = 0
    var index = line.startIndex
    while index < line.endIndex, taken < count {
      taken += Row(String(line[index])).displayWidth
      index = line.index(after: index)
    }
    return (String(line[..<index]), String(line[index...]))
  }

  @Test(
    "widths 10–12, 17, 22–26, 30 (every one of 10–30 in the long tier), 41, 57, 70 × heights 3–6 and 10 (3–10 in the long tier), with and without a header: the tree's rows as without a preview in the left columns, a border, the pane's title, output and note on the right, no line too wide; clicks on the pane do nothing"
  )
  func layout() throws {
    let tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear 漢字 long name", "Veg/Leek"])
    let outputs: [PreviewPane?] = [
      nil, PreviewPane(title: "Fruit", rows: [], note: "running…"),
      PreviewPane(
        title: "Fruit/Pear 漢字", rows: (1...12).map { Row("line \($0) 漢字漢字") }, note: "exit 1"),
      PreviewPane(title: "x", rows: [Row("only")], note: nil),
    ]
    // The pane opens at 24 columns; the fast tier takes the widths around that and the narrowest,
    // and the lowest heights and one more.
    let widths = Tier.isLong ? Array(10...30) : [10, 11, 12, 17, 22, 23, 24, 25, 26, 30]
    for width in widths + [41, 57, 70] {
      for height in Tier.isLong ? Array(3...10) : [3, 4, 5, 6, 10] {
        for header in [[], ["Pick some"]] {
          for pane in outputs {
            var explorer = Explorer(tree: tree, height: height, width: width)
            explorer.settings.header = header
            explorer.handle(.right)
            explorer.previewing.isOn = true
            explorer.previewing.pane = pane
            let lines = explorer.frame(mode: .plain)
            #expect(lines.count == height)
            #expect(lines.allSatisfy { columns($0) <= width }, "\(width)×\(height)")
            let treeWidth = explorer.treeWidth
            #expect(explorer.previewColumns == (width >= 24 ? (width - 1) / 2 : 0))
            #expect(
              treeWidth + (explorer.previewColumns > 0 ? explorer.previewColumns + 1 : 0) == width)
            var plain = Explorer(tree: tree, height: height, width: treeWidth)
            plain.settings.header = header
            plain.handle(.right)
            let expected = plain.frame(mode: .plain)
            let region = header.prefix(max(0, height - 3)).count..<(height - 2)
            var paneLines: [String] = []
            for row in region {
              guard explorer.previewColumns > 0 else {
                #expect(lines[row] == expected[row])
                continue
              }
              let (left, right) = split(lines[row], at: treeWidth)
              #expect(
                left.trimmingSuffix(" ") == expected[row].trimmingSuffix(" "),
                "\(width)×\(height) row \(row)")
              #expect(right.hasPrefix("│"))
              paneLines.append(String(right.dropFirst()))
              for column in [treeWidth, treeWidth + 1 + row % 3, width - 1] {
                var clicked = explorer
                clicked.handle(.mouse(MouseEvent(.press(0), row: row, column: column)))
                #expect(clicked.cursor == explorer.cursor && clicked.frame(mode: .plain) == lines)
              }
            }
            guard explorer.previewColumns > 0, let pane else {
              #expect(paneLines.allSatisfy { $0.isEmpty })
              continue
            }
            var wanted = [pane.title] + pane.rows.map(\.plainText)
            if let note = pane.note {
              if wanted.count < region.count {
                wanted.append("(\(note))")
              } else {
                wanted[region.count - 1] = "(\(note))"
              }
            }
            wanted = wanted.prefix(region.count).map {
              Row($0).truncated(toWidth: explorer.previewColumns).plainText
            }
            #expect(Array(paneLines.prefix(wanted.count)) == wanted, "\(width)×\(height)")
            #expect(paneLines.dropFirst(wanted.count).allSatisfy { $0.isEmpty })
          }
        }
      }
    }
  }
}

extension String {
  fileprivate func trimmingSuffix(_ character: Character) -> String {
    var text = self
    while text.last == character { text.removeLast() }
    return text
  }
}
