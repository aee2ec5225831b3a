import Foundation
import Testing

@testable import TestSupport

/// The names Ctrl-T must paste as one word each: spaces, quotes, `$`, a backslash, a glob, a
/// newline, a leading `-`, UTF-8.
private let hostileNames = [
  "a b.txt", "it's", "$HOME", "back\\slash", "star*", "new\nline", "-rf", "é.txt", "sub/x",
]

/// Where a shell's start-up line loads the bindings.
private func loadLine(_ shell: String) -> String {
  shell == "fish" ? "togglekit shell fish | source" : "eval \"$(togglekit shell \(shell))\""
}

/// The shell without start-up files.
private func shellCommand(_ shell: String) -> String {
  switch shell {
  case "bash": "bash --norc --noprofile"
  case "zsh": "zsh -f"
  default: "fish --no-config"
  }
}

/// A tmux session running `shell` in `folder` with nothing of this process's environment but
/// what togglekit's bindings need: HOME (`home`), a UTF-8 locale, PATH to the built binary, and
/// `TOGGLEKIT_CTRL_T_OPTS='--output leaves'` (a folder pasted as its files).
private func shellSession(_ shell: String, in folder: URL, home: URL) async throws -> Tmux {
  var environment = [
    "HOME": home.path, "LANG": "C.UTF-8", "TERM": "xterm-256color",
    "PATH": TogglekitBinary.url.deletingLastPathComponent().path + ":/usr/bin:/bin",
    "TOGGLEKIT_CTRL_T_OPTS": "--output leaves",
  ]
  environment["LLVM_PROFILE_FILE"] = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"]
  let command =
    "cd \(shellQuotedForTest(folder.path)) && env -i "
    + environment.map { shellQuotedForTest("\($0.key)=\($0.value)") }.joined(separator: " ")
    + " " + shellCommand(shell)
  return try await Tmux(rows: 30, columns: 100, command: command)
}

private let shells = ["bash", "zsh", "fish"].filter {
  FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
}

/// `togglekit shell bash|zsh|fish` in the real shells, in tmux (issue 69, point 2).
@Suite("togglekit shell: Ctrl-T and Alt-C in real bash, zsh and fish, on hostile names")
struct ShellBindingsEndToEndTests {
  @Test(
    "Ctrl-T pastes each pick quoted for the shell — on '.' at a blank, on the folder word before the cursor (replacing it) — cancel keeps the line, Alt-C changes to a picked folder and keeps the line",
    .enabled(if: hasTmux), arguments: shells)
  func bindings(shell: String) async throws {
    let scratch = try TogglekitBinary.scratch().resolvingSymlinksInPath()
    let work = scratch.appendingPathComponent("work")
    let out = scratch.appendingPathComponent("out")
    let folders = scratch.appendingPathComponent("folders")
    try makeFiles(["-n"] + hostileNames.map { "pick/" + $0 }, in: work)
    try makeFiles(["it's a $dir/file"], in: folders)
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let tmux = try await shellSession(shell, in: work, home: scratch)
    defer { tmux.stop() }

    /// Runs what is on the line with `tail` added, and waits for it to end.
    func finish(_ tail: String, _ step: String) async throws {
      try tmux.sendText(tail + "; echo DO\"\"NE-\(step)")
      try tmux.send("Enter")
      try await tmux.wait(for: "DONE-\(step)") { $0.contains("DONE-\(step)") }
    }
    /// Opens a picker with `key`, types `keys` once it shows, and waits for it to end.
    func pick(_ key: String, _ keys: [String]) async throws {
      try tmux.send(key)
      try await tmux.wait(for: "selected")
      for key in keys { try tmux.send(key) }
      try await tmux.wait(for: "the picker to end") { !$0.contains { $0.contains("selected") } }
    }
    func written(_ name: String) throws -> [String] {
      let bytes = try Data(contentsOf: out.appendingPathComponent(name))
      return String(decoding: bytes, as: UTF8.self).split(
        separator: "\0", omittingEmptySubsequences: false
      ).dropLast().map(String.init).sorted()
    }

    try tmux.sendText(loadLine(shell) + "; echo RE\"\"ADY")
    try tmux.send("Enter")
    try await tmux.wait(for: "READY") { $0.contains("READY") }

    // At a blank: the picker opens on '.'; './' is dropped but before a leading '-'.
    try tmux.sendText("command printf '%s\\0' ")
    try await pick("C-t", ["Space", "Enter"])
    try await finish(" > \(out.path)/blank", "blank")
    #expect(try written("blank") == (["./-n"] + hostileNames.map { "pick/" + $0 }).sorted())

    // On a folder word: it is replaced by the picks inside it.
    try tmux.sendText("command printf '%s\\0' pick/")
    try await pick("C-t", ["Space", "Enter"])
    try await finish(" > \(out.path)/word", "word")
    #expect(try written("word") == hostileNames.map { "pick/" + $0 }.sorted())

    // Cancelled: the line as it was.
    try tmux.sendText("echo kept")
    try await pick("C-t", ["C-c"])
    try await finish(" > \(out.path)/kept", "kept")
    #expect(try String(contentsOf: out.appendingPathComponent("kept"), encoding: .utf8) == "kept\n")

    // Alt-C: into the one folder there (the focus moved down to it), the line kept.
    try await finish("cd \(shellQuotedForTest(folders.path))", "cd")
    try tmux.sendText("echo stay")
    try await pick("M-c", ["j", "Enter"])
    try await finish(" > \(out.path)/stay; pwd > \(out.path)/pwd", "pwd")
    #expect(try String(contentsOf: out.appendingPathComponent("stay"), encoding: .utf8) == "stay\n")
    #expect(
      try String(contentsOf: out.appendingPathComponent("pwd"), encoding: .utf8)
        == folders.path + "/it's a $dir\n")

    // Alt-C cancelled: the line as it was, the folder too.
    try tmux.sendText("echo again")
    try await pick("M-c", ["C-c"])
    try await finish(" > \(out.path)/again; pwd > \(out.path)/pwd", "again")
    #expect(
      try String(contentsOf: out.appendingPathComponent("again"), encoding: .utf8) == "again\n")
    #expect(
      try String(contentsOf: out.appendingPathComponent("pwd"), encoding: .utf8)
        == folders.path + "/it's a $dir\n")
  }

  @Test(
    "--files-key and --cd-key bind other keys or none; a folder word starting with ~/ opens the home folder's, pasted as absolute paths",
    .enabled(if: hasTmux && shells.contains("bash")))
  func otherKeys() async throws {
    let scratch = try TogglekitBinary.scratch().resolvingSymlinksInPath()
    try makeFiles(["folders/it's a $dir/file"], in: scratch)
    let tmux = try await shellSession("bash", in: scratch, home: scratch)
    defer { tmux.stop() }
    try tmux.sendText(
      "eval \"$(togglekit shell bash --files-key alt-t --cd-key none)\"; bind -X > bound; echo RE\"\"ADY"
    )
    try tmux.send("Enter")
    try await tmux.wait(for: "READY") { $0.contains("READY") }
    let bound = try String(contentsOf: scratch.appendingPathComponent("bound"), encoding: .utf8)
    #expect(bound.contains(#""\et": "__togglekit_files""#), "\(bound)")
    #expect(!bound.contains("__togglekit_cd") && !bound.contains(#""\C-t""#), "\(bound)")

    try tmux.sendText("command printf '%s\\0' ~/folders/")
    try tmux.send("M-t")
    try await tmux.wait(for: "selected")
    try tmux.send("Space", "Enter")
    try await tmux.wait(for: "the picker to end") { !$0.contains { $0.contains("selected") } }
    try tmux.sendText(" > picked; echo DO\"\"NE")
    try tmux.send("Enter")
    try await tmux.wait(for: "DONE") { $0.contains("DONE") }
    #expect(
      try Data(contentsOf: scratch.appendingPathComponent("picked"))
        == Data((scratch.path + "/folders/it's a $dir/file\0").utf8))
  }
}
