import Foundation
import Testing

@testable import TestSupport

private let hasScript = FileManager.default.fileExists(atPath: "/usr/bin/script")

/// A scratch folder (its real path) holding `files`.
private func folder(_ files: [String]) throws -> URL {
  let scratch = try TogglekitBinary.scratch().resolvingSymlinksInPath()
  try makeFiles(files, in: scratch)
  return scratch
}

/// What `togglekit explore --dir d OPTIONS` prints in `scratch` after `keys`, run in a pty; the
/// exit status must be 0.
private func explorePrints(_ keys: [String], in scratch: URL, options: String = "")
  async throws -> String
{
  let out = scratch.appendingPathComponent("out").path
  let command =
    "cd \(scratch.path) && \(TogglekitBinary.url.path) explore --dir d \(options) > \(out) "
    + "2>/dev/null; echo code=$?"
  let (screen, _) = try await inTerminal(command, keys: keys, ready: "selected")
  #expect(withoutEscapeSequences(screen).contains("code=0"), "\(screen.suffix(300))")
  return try String(contentsOfFile: out, encoding: .utf8)
}

/// togglekit as a shell user coming from fzf meets it (issue 69), each point on the built binary.
@Suite("Shell users: what someone coming from fzf meets first, on the built binary")
struct ShellUsersEndToEndTests {
  @Test(
    "3. with --keys fzf, typing moves the focus to the best match: Enter then prints that one, as fzf prints its first result, and Tab selects it alone"
  )
  func focusOnTheBestMatch() async throws {
    guard hasScript else { return }
    let scratch = try folder(["d/notes.txt", "d/sub/txt", "d/readme.md", "d/t-x-t.c"])
    func explore(_ keys: [String]) async throws -> String {
      try await explorePrints(keys, in: scratch, options: "--keys fzf")
    }
    // The whole label beats a part of one, a part beats scattered letters; the folder is opened.
    #expect(try await explore(["txt", "\r"]) == "d/sub/txt\n")
    #expect(try await explore(["note", "\r"]) == "d/notes.txt\n")
    #expect(try await explore(["txt", "\t", "\r"]) == "d/sub/txt\n", "Tab: the match alone")
  }

  @Test(
    "6. fzf's -m, --multi[=N], --no-multi, --reverse and --cycle are accepted, on the command line and from TOGGLEKIT_DEFAULT_OPTS (where exit 2 failed every explore); a misspelt option or command names the nearest"
  )
  func fzfVocabulary() throws {
    let scratch = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("t.txt", "a/b\na/c\n", in: scratch)
    var environment = ProcessInfo.processInfo.environment
    environment["TOGGLEKIT_DEFAULT_OPTS"] = "-m --reverse --multi=2"
    for arguments in [
      ["-m"], ["--multi"], ["--multi=3"], ["--no-multi"], ["--reverse"], ["--cycle"], [],
    ] {
      // Accepted: --exit-0 ends the run with nothing shown (exit 0), not a usage error (2).
      let run = try TogglekitBinary.run(
        ["explore"] + arguments + ["--exit-0", "-q", "zzz", file], environment: environment)
      #expect(run.code == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
    }
    let misspelt = try TogglekitBinary.run(["explore", "--revrese", file])
    #expect(misspelt.code == 2)
    #expect(
      misspelt.stderr.hasPrefix(
        "togglekit: unknown option '--revrese' for 'explore'; did you mean '--reverse'?"))
  }

  @Test(
    "6. a user's FZF_DEFAULT_OPTS works from TOGGLEKIT_DEFAULT_OPTS: fzf's drawing options are taken, -i and +i read, --border and --info accepted; an option fzf has and togglekit refuses says why, with exit 2"
  )
  func fzfOptionsFromTheEnvironment() throws {
    let scratch = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("t.txt", "a/Pear\na/plum\n", in: scratch)
    var environment = ProcessInfo.processInfo.environment
    environment["TOGGLEKIT_DEFAULT_OPTS"] =
      "--border --info=inline --color=fg:1 --ansi -i --pointer=> --layout=reverse "
      + "--height=40% +s --tiebreak length --marker '*' --no-scrollbar --border-label=x"
    // -i: "pear" finds Pear, so --select-1 prints it with no screen.
    let run = try TogglekitBinary.run(
      ["explore", "--select-1", "-q", "pear", file], environment: environment)
    #expect(run.code == 0 && run.stdout == "a/Pear\n", "\(run.stderr)")
    environment["TOGGLEKIT_DEFAULT_OPTS"] = "+i"
    let exact = try TogglekitBinary.run(
      ["explore", "--select-1", "--exit-0", "-q", "pear", file], environment: environment)
    #expect(exact.code == 0 && exact.stdout.isEmpty, "+i: case matters, nothing matches")
    environment["TOGGLEKIT_DEFAULT_OPTS"] = "--tac"
    let refused = try TogglekitBinary.run(["explore", file], environment: environment)
    #expect(refused.code == 2 && refused.stdout.isEmpty)
    #expect(
      refused.stderr.hasPrefix(
        "togglekit: in TOGGLEKIT_DEFAULT_OPTS: option '--tac' is fzf's, not togglekit's: "
          + "rows are in the tree's order"),
      "\(refused.stderr)")
    let action = try TogglekitBinary.run(["explore", "--bind", "ctrl-a:yank", file])
    #expect(action.code == 2 && action.stderr.contains("action 'yank' is fzf's, not togglekit's"))
  }

  @Test(
    "6. fzf's events and actions in a session: start runs its actions before the first frame, execute-silent runs a command keeping the screen, transform-query sets the filter from a command's output, jump focuses a row by its label, toggle-all flips the rows shown; --border and --info inline draw"
  )
  func fzfEventsAndActions() async throws {
    guard hasScript else { return }
    let scratch = try folder(["d/apple", "d/pear", "d/plum"])
    let bindings =
      "--bind 'start:last,ctrl-x:execute-silent(touch {}.seen),ctrl-y:transform-query(echo pear)'"
    // start: focus on plum; Ctrl-X touches d/plum.seen; Ctrl-Y filters to pear; Enter prints it.
    let command =
      "cd \(scratch.path) && \(TogglekitBinary.url.path) explore --dir d --keys fzf --border "
      + "--info=inline \(bindings) > out 2>/dev/null; echo code=$?"
    let (screen, _) = try await inTerminal(
      command, keys: ["\u{18}", "\u{19}", "\r"], ready: "selected")
    let shown = withoutEscapeSequences(screen)
    #expect(
      shown.contains("code=0") && shown.contains("╭") && shown.contains("▏ < "),
      "\(shown.suffix(600))")
    #expect(
      try String(contentsOf: scratch.appendingPathComponent("out"), encoding: .utf8) == "d/pear\n")
    #expect(
      FileManager.default.fileExists(atPath: scratch.appendingPathComponent("d/plum.seen").path))
    // Alt-J labels the rows (d a, apple s, pear d …): s focuses apple, Tab selects it.
    let fresh = try folder(["d/apple", "d/pear", "d/plum"])
    #expect(
      try await explorePrints(
        ["\u{1B}j", "s", "\t", "\r"], in: fresh, options: "--bind alt-j:jump")
        == "d/apple\n")
    // toggle-all under the filter "p": apple, pear and plum shown (apple has a p) all flip on.
    #expect(
      try await explorePrints(
        ["/p", "\r", "\u{01}", "\r"], in: fresh, options: "--bind ctrl-a:toggle-all")
        == "d/apple\nd/pear\nd/plum\n")
  }

  @Test(
    "7. under a filter a folder shows its whole state — mixed while a hidden file is selected — and its shown part's beside the label"
  )
  func folderStateUnderAFilter() async throws {
    guard hasScript else { return }
    let scratch = try folder(["d/doc/a.txt", "d/doc/b.md", "d/doc/c.md"])
    let command =
      "cd \(scratch.path) && \(TogglekitBinary.url.path) explore --dir d --select d/doc/b.md "
      + "--keys fzf > /dev/null 2>&1"
    let (screen, _) = try await inTerminal(command, keys: ["txt", "\u{03}"], ready: "selected")
    let shown = withoutEscapeSequences(screen)
    #expect(shown.contains("[-] doc (shown: none)"), "\(shown.suffix(600))")
  }

  @Test(
    "8. (part) * on a lazy --dir reads and opens everything below the focus; - closes every folder again"
  )
  func expandAndCollapseAll() async throws {
    guard hasScript else { return }
    let scratch = try folder(["d/a/b/c/deep.txt", "d/a/e.txt", "d/f/g.txt"])
    let command =
      "cd \(scratch.path) && \(TogglekitBinary.url.path) explore --dir d > /dev/null 2>&1"
    let (opened, _) = try await inTerminal(command, keys: ["*", "q"], ready: "selected")
    let all = withoutEscapeSequences(opened)
    #expect(all.contains("deep.txt") && all.contains("g.txt"), "\(all.suffix(600))")
    let (closed, _) = try await inTerminal(command, keys: ["*", "-", "q"], ready: "selected")
    let last = withoutEscapeSequences(closed).components(separatedBy: "▸ [ ] d").last ?? ""
    #expect(!last.contains("deep.txt") && !last.contains("▾"), "\(last.suffix(400))")
  }

  @Test(
    "5. README's `choice=$(togglekit explore --limit 1 …) || exit 1`: Enter on a folder keeps the session and says why, the Space hint says the limit, q then exits 130 so `|| exit 1` fires; the top folder starts open with --limit as without"
  )
  func limitNeverLies() async throws {
    guard hasScript else { return }
    let scratch = try folder(["d/a.txt", "d/b.txt", "d/c.txt"])
    let out = scratch.appendingPathComponent("out").path
    let binary = TogglekitBinary.url.path
    let command =
      "cd \(scratch.path) && choice=$(\(binary) explore --dir d --limit 1 2>/dev/null) "
      + "|| { echo \"failed=$?\"; exit 0; }; printf '%s' \"$choice\" > \(out); echo code=0"
    // Enter on the folder (three files): refused, the session goes on; then q.
    let (screen, _) = try await inTerminal(command, keys: ["\r", "q"], ready: "selected")
    let shown = withoutEscapeSequences(screen)
    #expect(shown.contains("Space: 3 here, more than --limit 1 allows"), "\(shown.suffix(600))")
    #expect(
      shown.contains("Enter: d holds 3, over --limit 1; select one first"),
      "\(shown.suffix(600))")
    #expect(shown.contains("failed=130"), "\(shown.suffix(300))")
    // The top folder starts open: its files are rows of the first frame.
    #expect(shown.contains("a.txt") && shown.contains("c.txt"), "\(shown.suffix(600))")
    // Down to a file, Enter: that file.
    let (picked, _) = try await inTerminal(command, keys: ["j", "\r"], ready: "selected")
    #expect(withoutEscapeSequences(picked).contains("code=0"), "\(picked.suffix(300))")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "d/a.txt")
  }

  @Test(
    "4. a filter on a lazy --dir (/usr) reads between keys: the prompt and a progress count show at once, and Ctrl-C ends the session at once, mid-read",
    .enabled(if: hasTmux && FileManager.default.fileExists(atPath: "/usr/share")))
  func filterNeverFreezes() async throws {
    let tmux = try await Tmux(rows: 12, columns: 100)
    defer { tmux.stop() }
    try tmux.sendText(
      "\(TogglekitBinary.url.path) explore --dir /usr > /dev/null; echo co\"\"de=$?")
    try tmux.send("Enter")
    try await tmux.wait(for: "not read")
    try tmux.send("/", "z", "l", "i", "b")
    func progress(_ screen: [String]) -> String? {
      screen.first { $0.contains("reading… ") && !$0.contains("reading… 0 folders") }
    }
    let reading = try await tmux.wait(for: "the prompt and the read's progress", timeout: 10) {
      $0.contains { $0.hasPrefix("/zlib▏") } && progress($0) != nil
    }
    #expect(progress(reading)?.contains(" names") == true, "\(reading)")
    // No key since: the read goes on by itself.
    try await tmux.wait(for: "the count going on") { progress($0) != progress(reading) }
    let cancelled = Date()
    try tmux.send("C-c")
    try await tmux.wait(for: "code=130", timeout: 10)
    // Under 3 s with tmux polled on a machine the whole fast tier keeps busy (a read that held
    // the keys took 5.5 s); alone it is about 0.1 s.
    #expect(Date().timeIntervalSince(cancelled) < 3)
  }

  @Test(
    "8. ranges: v or Shift-↓ mark rows from the focus and Space selects them (u undoes them in one step); a shift-click selects from the focus to the row clicked"
  )
  func rangeSelection() async throws {
    guard hasScript else { return }
    let scratch = try folder(["d/1.txt", "d/2.txt", "d/3.txt"])
    func explore(_ keys: [String]) async throws -> String {
      try await explorePrints(keys, in: scratch)
    }
    #expect(try await explore(["j", "v", "j", " ", "\r"]) == "d/1.txt\nd/2.txt\n")
    #expect(
      try await explore(["j", "\u{1B}[1;2B", "\u{1B}[1;2B", " ", "\r"])
        == "d/1.txt\nd/2.txt\nd/3.txt\n")
    // u takes the range back in one step; then Space on 3.txt selects it alone.
    #expect(try await explore(["j", "v", "j", " ", "u", "j", " ", "\r"]) == "d/3.txt\n")
    // Shift (4) with the left button, on the fourth line: 3.txt.
    #expect(try await explore(["j", "\u{1B}[<4;8;4M", "\r"]) == "d/1.txt\nd/2.txt\nd/3.txt\n")
  }
}
