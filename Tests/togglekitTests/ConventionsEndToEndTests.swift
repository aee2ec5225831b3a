import Foundation
import Testing

@testable import TestSupport

/// fzf's conventions on the built binary.
///
/// Each test names the fzf behaviour it matches (fzf's man page), and where togglekit differs on
/// purpose.
@Suite("togglekit explore with fzf's conventions, run as a program")
struct ConventionsEndToEndTests {
  private static let tree = "Fruit\n  Apple\n  Pear\nVeg\n  Leek\n"

  @Test(
    "--select-1 prints the one leaf the query shows without a screen; --exit-0 prints nothing and exits 0 when none is shown; --print-query comes first"
  )
  func decidedAtOnce() throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", Self.tree, in: folder)
    // fzf: "--select-1: Automatically select the only match"; no terminal is needed for it.
    let one = try TogglekitBinary.run(["explore", "-1", "-q", "leek", file])
    #expect(one.code == 0 && one.stdout == "Veg/Leek\n", "\(one.stderr)")
    let query = try TogglekitBinary.run([
      "explore", "--select-1", "--print-query", "-q", "^le", file,
    ])
    #expect(query.stdout == "^le\nVeg/Leek\n")
    // fzf: "--exit-0: Exit immediately when there's no match" (fzf exits 1; 1 is bad input here).
    let none = try TogglekitBinary.run(["explore", "--exit-0", "-q", "zzz", file])
    #expect(none.code == 0 && none.stdout.isEmpty)
    let nulls = try TogglekitBinary.run(
      ["explore", "-1", "--print-query", "--expect", "ctrl-o", "-0", "-q", "pear", file])
    #expect(nulls.stdout == "pear\0\0Fruit/Pear\0", "query, key (none) and paths, NUL-ended")
  }

  @Test("TOGGLEKIT_DEFAULT_OPTS come first and the command line wins; a bad one names the variable")
  func defaultOptions() throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", Self.tree, in: folder)
    var environment = ProcessInfo.processInfo.environment
    environment["TOGGLEKIT_DEFAULT_OPTS"] = "--select-1 --query 'ap'"
    let run = try TogglekitBinary.run(["explore", "-q", "pear", file], environment: environment)
    #expect(run.stdout == "Fruit/Pear\n", "\(run.stderr)")
    environment["TOGGLEKIT_DEFAULT_OPTS"] = "--layout sideways"
    let bad = try TogglekitBinary.run(["explore", file], environment: environment)
    #expect(bad.code == 2 && bad.stderr.contains("in TOGGLEKIT_DEFAULT_OPTS: option '--layout'"))
    let apply = try TogglekitBinary.run(
      ["apply", "--print", "leaves", file], environment: environment)
    #expect(apply.code == 0, "apply never reads them")
  }

  @Test(
    "in a terminal: Tab toggles and moves down, --keys fzf types into the filter, --expect prints the key first",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func keysInATerminal() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", Self.tree, in: folder)
    let out = folder.appendingPathComponent("picked").path
    let binary = TogglekitBinary.url.path
    // fzf: Tab is toggle+down. → opens Fruit, ↓ Apple, Tab, Tab: Apple and Pear; Enter.
    var (screen, _) = try await inTerminal(
      "\(binary) explore \(file) > \(out); echo code=$?",
      keys: ["\u{1B}[C", "\u{1B}[B", "\t", "\t", "\r"], ready: "0 of 3 selected")
    #expect(screen.contains("code=0"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "Fruit/Apple\nFruit/Pear\n")
    // fzf's model: typing filters at once; Ctrl-W deletes the word; Enter with nothing selected
    // prints the focused node; --expect: the key pressed comes first.
    (screen, _) = try await inTerminal(
      "\(binary) explore --keys fzf --expect ctrl-o,alt-s \(file) > \(out); echo code=$?",
      keys: ["xyz", "\u{17}", "le", "\u{1B}[B", "\u{1B}[B", "\u{0F}"], ready: "0 of 3 selected")
    #expect(screen.contains("code=0"), "\(screen.suffix(300))")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "ctrl-o\nVeg/Leek\n")
  }

  @Test(
    "--bind execute(CMD) runs on the terminal with {} as the focused path and comes back; become(CMD) takes over",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func boundCommands() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", Self.tree, in: folder)
    let binary = TogglekitBinary.url.path
    let log = folder.appendingPathComponent("log").path
    let (screen, _) = try await inTerminal(
      "\(binary) explore --bind 'ctrl-o:execute(printf \"%s|\" {} >> \(log))' "
        + "--bind 'ctrl-e:become(printf \"became:%s,\" {+})' \(file); echo code=$?",
      keys: ["\u{0F}", "j", " ", "\u{05}"], ready: "0 of 3 selected")
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "Fruit|")
    #expect(screen.contains("became:Veg/Leek,"), "\(screen.suffix(300))")
    #expect(screen.contains("code=0"))
  }
}

/// Every key and option of fzf's conventions, one session each, on the built binary in a
/// pseudo-terminal; each step waits for the screen it needs.
@Suite("fzf's keys and options in a pseudo-terminal, step by step")
struct ConventionsTerminalTests {
  static let tree =
    "Fruit\n  Apple\n  Pear\n  Plum\nVeg\n  Leek\n  Kale\nNuts\n  Pecan\n"

  /// A session: options, steps, and what it prints.
  struct Scenario: CustomTestStringConvertible, Sendable {
    var name: String
    var options: String
    var steps: [TerminalStepSpec]
    var output: String
    var environment = ""
    var code = 0
    var testDescription: String { name }
  }

  /// A step, as plain values (keys, the text to wait for).
  struct TerminalStepSpec: Sendable {
    var keys: [String]
    var waitFor: String?
    init(_ keys: String..., waitFor: String? = nil) {
      self.keys = keys
      self.waitFor = waitFor
    }
  }

  static let right = "\u{1B}[C"
  static let down = "\u{1B}[B"
  static let end = "\u{1B}[F"

  static let scenarios: [Scenario] = [
    // fzf: "tab: toggle+down", "btab (shift-tab): toggle+up".
    Scenario(
      name: "Tab toggles and moves down, Shift-Tab toggles and moves up",
      options: "",
      steps: [
        .init(right, waitFor: "Apple"), .init(down, "\t", waitFor: "1 of 6 selected"),
        .init("\t", waitFor: "2 of 6 selected"), .init("\u{1B}[Z", waitFor: "3 of 6 selected"),
        .init("\u{1B}[Z", waitFor: "2 of 6 selected"), .init("\r"),
      ], output: "Fruit/Apple\nFruit/Plum\n"),
    // fzf: "ctrl-w: backward-kill-word", "alt-b: backward-word", "ctrl-e: end-of-line".
    Scenario(
      name: "the filter line edits as a shell's: Ctrl-W, Alt-B, Ctrl-E, Ctrl-A, Ctrl-U, Ctrl-K",
      options: "",
      steps: [
        .init("/", "kale leek", waitFor: "/kale leek▏"), .init("\u{1B}b", waitFor: "/kale ▏leek"),
        .init("\u{17}", waitFor: "/▏leek"), .init("\u{05}", "$", waitFor: "/leek$▏"),
        .init("\u{01}", "x", waitFor: "/x▏leek$"), .init("\u{0B}", waitFor: "/x▏"),
        .init("\u{15}", "^le", waitFor: "/^le▏"),
        .init("\u{1B}f", "\r", end, " ", waitFor: "1 of 6 selected"),
        .init("\r"),
      ], output: "Veg/Leek\n"),
    // fzf's extended search: "'wild exact", "^music prefix", ".mp3$ suffix", "!fire inverse",
    // "a | b or"; and a path fragment, matched along the labels from the root.
    Scenario(
      name: "extended syntax and path fragments find what fzf's syntax says",
      options: "-q 'apple | kale'",
      steps: [.init("a", waitFor: "2 of 6 selected"), .init("\r")],
      output: "Fruit/Apple\nVeg/Kale\n"),
    Scenario(
      name: "a path fragment: Fruit/Pl finds Fruit/Plum",
      options: "-q Fruit/Pl",
      steps: [.init("a", waitFor: "1 of 6 selected"), .init("\r")], output: "Fruit/Plum\n"),
    Scenario(
      name: "^pe !fruit: a prefix, and an inverse term over the labels above",
      options: "-q '^pe !fruit'",
      steps: [.init("a", waitFor: "1 of 6 selected"), .init("\r")], output: "Nuts/Pecan\n"),
    // fzf's default model: typing filters; Esc (fzf: abort) clears a query first here.
    Scenario(
      name: "--keys fzf: typing filters at once, q is text, Alt-A selects what is shown",
      options: "--keys fzf",
      steps: [
        .init("plu", waitFor: "> plu▏"), .init("\u{1B}a", waitFor: "1 of 6 selected"),
        .init("q", waitFor: "> pluq▏"), .init("\u{7F}", waitFor: "> plu▏"), .init("\r"),
      ], output: "Fruit/Plum\n"),
    // fzf: "--bind=KEYBINDS", "change-query(...)", "select-all", "first", chained with '+'.
    Scenario(
      name: "--bind chains actions: change-query, select-all, first, expand, collapse, accept",
      options:
        "--bind 'ctrl-x:change-query(^pe)+select-all+clear-query+first' --bind 'alt-e:expand,alt-c:collapse' --bind 'q:accept'",
      steps: [
        .init("\u{18}", waitFor: "2 of 6 selected"), .init(waitFor: "▸ [-] Fruit"),
        .init("\u{1B}e", waitFor: "▾ [-] Fruit"), .init("\u{1B}c", waitFor: "▸ [-] Fruit"),
        .init("q"),
      ], output: "Fruit/Pear\nNuts/Pecan\n"),
    // fzf: "reload(...)": the list from a command's output; the selection is kept by path.
    Scenario(
      name: "--bind reload(CMD) reads a new tree and keeps the selection by path",
      options: "--bind 'alt-r:reload(printf \"Fruit/Apple\\nFruit/Fig\\n\")'",
      steps: [
        .init(right, down, " ", waitFor: "1 of 6 selected"),
        .init("\u{1B}r", waitFor: "1 of 2 selected"), .init("\r"),
      ], output: "Fruit/Apple\n"),
    // fzf: "--print-query: Print query as the first line", "--expect: the key as the next".
    Scenario(
      name: "--print-query and --expect: the query, then the key, then the selection",
      options: "--print-query --expect alt-s,ctrl-o",
      steps: [
        .init("/", "kal", "\r", waitFor: "/kal"), .init(end, " ", waitFor: "1 of 6 selected"),
        .init("\u{1B}s"),
      ], output: "kal\nalt-s\nVeg/Kale\n"),
    Scenario(
      name: "--expect with Enter: an empty key line",
      options: "--expect ctrl-o",
      steps: [.init(right, down, " ", waitFor: "1 of 6 selected"), .init("\r")],
      output: "\nFruit/Apple\n"),
    // fzf: "--prompt=STR", "--layout=reverse: Display from the top of the screen".
    Scenario(
      name: "--prompt and --layout reverse: the prompt on the first line",
      options: "--keys fzf --prompt 'pick: ' --layout reverse",
      steps: [.init("x", waitFor: "pick: x▏"), .init("\u{7F}", "\u{1B}[B", "\t", "\r")],
      output: "Veg/Leek\nVeg/Kale\n"),
    // fzf: "--preview-window=[POSITION][,SIZE[%]][,wrap][,hidden]"; toggle-preview.
    Scenario(
      name: "--preview-window hidden: no preview until Alt-P shows it, down:3 below the tree",
      options: "--preview 'echo PREVIEW-{}' --preview-window down:3:hidden",
      steps: [
        .init(waitFor: "Fruit"), .init("\u{1B}p", waitFor: "PREVIEW-Fruit"), .init("q"),
      ], output: "", code: 130),
    // fzf: "ctrl-b backward-char", "ctrl-f forward-char", "del delete-char".
    Scenario(
      name: "Ctrl-B, Ctrl-F and Del move and delete in the filter",
      options: "",
      steps: [
        .init("/", "lxeek", waitFor: "/lxeek▏"), .init("\u{01}", "\u{06}", waitFor: "/l▏xeek"),
        .init("\u{1B}[3~", waitFor: "/l▏eek"), .init("\u{02}", waitFor: "/▏leek"),
        .init("\r", end, " ", waitFor: "1 of 6 selected"), .init("\r"),
      ], output: "Veg/Leek\n"),
    // fzf: "preview-down" (shift-down) scrolls the preview window.
    Scenario(
      name: "Shift-↓ scrolls the preview below the tree",
      options: "--preview 'seq 101 130' --preview-window down:5",
      steps: [
        .init(waitFor: "104"), .init("\u{1B}[1;2B", "\u{1B}[1;2B", "\u{1B}[1;2B", waitFor: "107"),
        .init("\u{03}"),
      ], output: "", code: 130),
    // fzf: "wrap" in --preview-window wraps long lines instead of cutting them.
    Scenario(
      name: "--preview-window right:12:wrap wraps a long line into the pane's width",
      options: "--preview 'echo aaaaaaaaaabbbbbbbbbbcccccccccc' --preview-window right:12:wrap",
      steps: [.init(waitFor: "bbbbbbbbcccc"), .init("\u{03}")], output: "", code: 130),
    Scenario(
      name: "--counts and the status line's Space hint",
      options: "--counts",
      steps: [
        .init(waitFor: "Fruit (0/3)"), .init(waitFor: "Space: select 3"),
        .init(" ", waitFor: "Fruit (3/3)"), .init("\r"),
      ], output: "Fruit/Apple\nFruit/Pear\nFruit/Plum\n"),
    Scenario(
      name: "Enter with nothing selected: the focused node, unless --empty-enter nothing",
      options: "",
      steps: [.init(right, down, waitFor: "Apple"), .init("\r")], output: "Fruit/Apple\n"),
    Scenario(
      name: "--empty-enter nothing: Enter with nothing selected prints nothing",
      options: "--empty-enter nothing",
      steps: [.init(right, down, waitFor: "Apple"), .init("\r")], output: ""),
    // fzf: FZF_DEFAULT_OPTS, before the command line's options.
    Scenario(
      name: "TOGGLEKIT_DEFAULT_OPTS: fzf's model from the environment, the command line over it",
      options: "--prompt 'cmd> '",
      steps: [.init("kale", waitFor: "cmd> kale▏"), .init("\u{1B}a", "\r")],
      output: "Veg/Kale\n", environment: "TOGGLEKIT_DEFAULT_OPTS=\"--keys fzf --prompt 'env> '\" "),
  ]

  @Test(
    "every key and option of fzf's conventions works end to end",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")),
    arguments: scenarios)
  func scenario(_ scenario: Scenario) async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", Self.tree, in: folder)
    let out = folder.appendingPathComponent("picked").path
    let command =
      "\(scenario.environment)\(TogglekitBinary.url.path) explore \(scenario.options) \(file) > \(out); echo code=$?"
    let (screen, _) = try await inTerminal(
      command,
      steps: [TerminalStep(waitFor: "selected")]
        + scenario.steps.map { step in
          var converted = TerminalStep(waitFor: step.waitFor)
          converted.keys = step.keys
          return converted
        })
    #expect(
      screen.contains("code=\(scenario.code)"),
      "\(withoutEscapeSequences(String(screen.suffix(300))))")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == scenario.output)
  }

  @Test(
    "--layout reverse draws the prompt and the status above the tree",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func reverseLayoutFrame() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", Self.tree, in: folder)
    let (_, frames) = try await inTerminal(
      "\(TogglekitBinary.url.path) explore --layout reverse --prompt '? ' \(file) > /dev/null",
      steps: [
        TerminalStep(waitFor: "selected"), TerminalStep("/", "v", waitFor: "? v▏"),
        TerminalStep("\u{03}"),
      ])
    let frame = try #require(frames.dropFirst().first)
    #expect(frame.first?.hasPrefix("? v▏") == true, "\(frame)")
    #expect(frame.dropFirst().first?.hasPrefix("0 of 6 selected") == true)
    #expect(frame.dropFirst(2).first?.hasPrefix("▸ [ ] Veg") == true)
  }
}
