import Foundation
import Testing

@testable import TestSupport

/// fzf's conventions on the built binary.
///
/// Each test names the fzf behaviour it matches (fzf's man page), and where togglekit differs on
/// purpose.
@Suite("togglekit explore with fzf's conventions, run as a program", .serialized)
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
  func keysInATerminal() throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", Self.tree, in: folder)
    let out = folder.appendingPathComponent("picked").path
    let binary = TogglekitBinary.url.path
    // fzf: Tab is toggle+down. → opens Fruit, ↓ Apple, Tab, Tab: Apple and Pear; Enter.
    var (screen, _) = try inTerminal(
      "\(binary) explore \(file) > \(out); echo code=$?",
      keys: ["\u{1B}[C", "\u{1B}[B", "\t", "\t", "\r"], ready: "0 of 3 selected")
    #expect(screen.contains("code=0"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "Fruit/Apple\nFruit/Pear\n")
    // fzf's model: typing filters at once; Ctrl-W deletes the word; Enter with nothing selected
    // prints the focused node; --expect: the key pressed comes first.
    (screen, _) = try inTerminal(
      "\(binary) explore --keys fzf --expect ctrl-o,alt-s \(file) > \(out); echo code=$?",
      keys: ["xyz", "\u{17}", "le", "\u{1B}[B", "\u{1B}[B", "\u{0F}"], ready: "0 of 3 selected")
    #expect(screen.contains("code=0"), "\(screen.suffix(300))")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "ctrl-o\nVeg/Leek\n")
  }

  @Test(
    "--bind execute(CMD) runs on the terminal with {} as the focused path and comes back; become(CMD) takes over",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func boundCommands() throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", Self.tree, in: folder)
    let binary = TogglekitBinary.url.path
    let log = folder.appendingPathComponent("log").path
    let (screen, _) = try inTerminal(
      "\(binary) explore --bind 'ctrl-o:execute(printf \"%s|\" {} >> \(log))' "
        + "--bind 'ctrl-e:become(printf \"became:%s,\" {+})' \(file); echo code=$?",
      keys: ["\u{0F}", "j", " ", "\u{05}"], ready: "0 of 3 selected")
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "Fruit|")
    #expect(screen.contains("became:Veg/Leek,"), "\(screen.suffix(300))")
    #expect(screen.contains("code=0"))
  }
}
