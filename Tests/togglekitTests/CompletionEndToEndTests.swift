import Explorer
import Foundation
import Testing

@testable import TestSupport

private func installed(_ program: String) -> Bool {
  FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)")
    || FileManager.default.isExecutableFile(atPath: "/bin/\(program)")
}

/// Runs a shell script with the built `togglekit` first on PATH.
private func shell(_ program: String, _ arguments: [String]) throws -> String {
  var environment = ProcessInfo.processInfo.environment
  environment["PATH"] =
    TogglekitBinary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin")
  environment["HOME"] = try TogglekitBinary.scratch().path  // no user start-up files
  let result = try TogglekitBinary.run(
    executable: URL(fileURLWithPath: "/usr/bin/\(program)"), arguments, environment: environment)
  #expect(result.code == 0, "\(program): \(result.stderr)")
  return result.stdout
}

/// What bash's completion offers for the words of a command line (the last word being completed).
private func bashOffers(_ words: [String], in folder: URL? = nil) throws -> [String] {
  let quoted = words.map { "'" + $0.replacing("'", with: #"'\''"#) + "'" }.joined(separator: " ")
  let script = """
    \(folder.map { "cd '\($0.path)' || exit 1" } ?? "")
    source <(togglekit completion bash) || exit 1
    COMP_WORDS=(\(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
    _togglekit
    printf '%s\\n' "${COMPREPLY[@]}"
    """
  return try shell("bash", ["--norc", "-c", script]).split(separator: "\n").map(String.init)
}

/// What zsh's completion system lists after Tab, typed into an interactive zsh in a zpty.
private func zshOffers(_ lines: [String]) throws -> [String] {
  // One interactive zsh, compinit once; each line typed and Tab pressed, what it shows taken,
  // then the line cleared (Ctrl-U) before the next.
  let script = #"""
    zmodload zsh/zpty || exit 1
    zpty z zsh -f -i
    drain() { local chunk all=""; local -i idle=0
      while (( idle < 30 )); do
        if zpty -r -t z chunk; then all+=$chunk; idle=0; else sleep 0.05; (( idle++ )); fi
      done
      REPLY=$all }
    zpty -w z 'PS1="> "; autoload -Uz compinit; compinit -u -D; source <(togglekit completion zsh); setopt nobeep; LISTMAX=1000'
    drain
    for line in "$@"; do
      zpty -w -n z "$line"$'	'
      drain
      print -r -- "$REPLY"
      print -r -- "@@next@@"
      zpty -w -n z $'\x15'
    done
    zpty -d z
    """#
  let raw = try shell("zsh", ["-f", "-c", script, "zsh"] + lines)
  // Drop the escape sequences of the line editor.
  let shown = raw.replacing(/\x1B\[[0-9;?]*[A-Za-z]/, with: "")
  return shown.components(separatedBy: "@@next@@").dropLast().map { String($0) }
}

/// What fish's `complete -C` offers for a command line.
private func fishOffers(_ line: String) throws -> [String] {
  let script = "togglekit completion fish | source; complete -C '\(line)'"
  return try shell("fish", ["--no-config", "-c", script]).split(separator: "\n").map {
    String($0.prefix { $0 != "\t" })
  }
}

@Suite("togglekit completion: the scripts complete in real shells", .serialized)
struct CompletionEndToEndTests {
  @Test("bash: commands, each command's options, choices, folders after --dir, files otherwise")
  func bash() throws {
    let folder = try TogglekitBinary.scratch()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("src"), withIntermediateDirectories: true)
    _ = try TogglekitBinary.file("saved.txt", "", in: folder)
    #expect(
      try bashOffers(["togglekit", ""]) == [
        "explore", "apply", "shell", "completion", "man", "help", "--help", "--version",
      ])
    #expect(
      try bashOffers(["togglekit", "explore", "--sel"]) == [
        "--select", "--select-from", "--select-spec", "--select-rsync-filter", "--select-gitignore",
        "--select-1",
      ])
    #expect(try bashOffers(["togglekit", "apply", "--li"]).isEmpty, "--limit is explore's")
    #expect(
      try bashOffers(["togglekit", "explore", "--format", ""]) == ["indented", "json", "paths"])
    #expect(try bashOffers(["togglekit", "explore", "--format", "=", "j"]) == ["json"])
    #expect(try bashOffers(["togglekit", "apply", "--print", "t"]) == ["topmost"])
    #expect(try bashOffers(["togglekit", "explore", "--dir", ""], in: folder) == ["src"])
    #expect(
      try bashOffers(["togglekit", "explore", "--select-from", "s"], in: folder).sorted() == [
        "saved.txt", "src",
      ])
    #expect(try bashOffers(["togglekit", "explore", "--limit", ""], in: folder).isEmpty)
    #expect(try bashOffers(["togglekit", "completion", ""]) == ["bash", "zsh", "fish"])
    #expect(try bashOffers(["togglekit", "shell", ""]) == ["bash", "zsh", "fish"])
    #expect(try bashOffers(["togglekit", "shell", "zsh", "--"]) == ["--files-key", "--cd-key"])
    #expect(try bashOffers(["togglekit", "explore", "sa"], in: folder) == ["saved.txt"])
  }

  @Test("bash: a name with spaces or pattern characters is offered whole, never split or expanded")
  func bashNamesWithSpaces() throws {
    let folder = try TogglekitBinary.scratch()
    for name in ["my dir", "mydir2", "my *[x]"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    _ = try TogglekitBinary.file("my notes.txt", "", in: folder)
    #expect(
      try bashOffers(["togglekit", "explore", "--dir", "my"], in: folder).sorted() == [
        "my *[x]", "my dir", "mydir2",
      ])
    #expect(
      try bashOffers(["togglekit", "explore", "--rules", "my"], in: folder).sorted() == [
        "my *[x]", "my dir", "my notes.txt", "mydir2",
      ])
    #expect(
      try bashOffers(["togglekit", "apply", "my"], in: folder).sorted() == [
        "my *[x]", "my dir", "my notes.txt", "mydir2",
      ])
  }

  @Test("zsh: commands with descriptions, options, choices", .enabled(if: installed("zsh")))
  func zsh() throws {
    let offers = try zshOffers([
      "togglekit ", "togglekit explore --format ", "togglekit explore --style=",
      "togglekit apply --prin",
    ])
    let (commands, formats, styles, options) = (offers[0], offers[1], offers[2], offers[3])
    #expect(commands.contains("explore") && commands.contains("-- print the manual page (roff)"))
    #expect(formats.contains("indented") && formats.contains("json") && formats.contains("paths"))
    #expect(styles.contains("checkbox-right") && styles.contains("switch"), "\(styles)")
    #expect(options.contains("--print"), "\(options)")
  }

  @Test("fish: commands, options, choices", .enabled(if: installed("fish")))
  func fish() throws {
    #expect(try fishOffers("togglekit ex") == ["explore"])
    #expect(try fishOffers("togglekit explore --format ") == ["indented", "json", "paths"])
    #expect(
      Set(try fishOffers("togglekit explore --sel")) == [
        "--select", "--select-from", "--select-spec", "--select-rsync-filter", "--select-gitignore",
        "--select-1",
      ])
    #expect(try fishOffers("togglekit completion ").sorted() == ["bash", "fish", "zsh"])
    #expect(try fishOffers("togglekit apply --li").isEmpty, "--limit is explore's")
  }

  @Test("every script is valid in its shell", arguments: ["bash", "zsh", "fish"])
  func syntax(program: String) throws {
    guard installed(program) else { return }
    let folder = try TogglekitBinary.scratch()
    let script = try TogglekitBinary.run(["completion", program])
    #expect(script.code == 0 && script.stderr.isEmpty)
    let file = try TogglekitBinary.file("script", script.stdout, in: folder)
    _ = try shell(program, ["-n", file])
  }

  @Test("the manual page renders with no warning and lists every option")
  func manual() throws {
    let page = try TogglekitBinary.run(["man"])
    #expect(page.code == 0 && page.stdout.hasPrefix(".TH TOGGLEKIT 1"))
    guard installed("groff") else { return }
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("togglekit.1", page.stdout, in: folder)
    let warnings = try TogglekitBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-ww", "-z", file])
    #expect(warnings.code == 0 && warnings.stderr.isEmpty, "\(warnings.stderr)")
    let text = try TogglekitBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-Tutf8", "-P", "-cbou", file])
    // Every option --help lists for either command.
    var names: Set<String> = []
    for command in ["explore", "apply"] {
      for line in try TogglekitBinary.run([command, "--help"]).stdout.split(separator: "\n") {
        guard line.hasPrefix("  -") else { continue }
        for word in line.split(separator: " ") where word.hasPrefix("-") && word.count > 1 {
          names.insert(String(word.trimmingPrefix("(")).replacing(",", with: ""))
        }
      }
    }
    #expect(names.count > 25)
    for name in names { #expect(text.stdout.contains(name), "\(name)") }
    #expect(text.stdout.contains("EXIT STATUS") && text.stdout.contains("Shift-Tab"))
    // Every key of the key table, in the rendered page.
    for line in KeyTable.usageSections.flatMap(\.lines) {
      let keys = line.prefix(14).split(separator: " ")
      for key in keys { #expect(text.stdout.contains(key), "\(key)") }
    }
  }
}
