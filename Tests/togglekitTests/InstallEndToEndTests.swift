import Foundation
import Testing

@testable import TestSupport

private let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
private let script = root.appendingPathComponent("Scripts/install.sh")

private func available(_ program: String) -> Bool {
  ["/usr/bin", "/bin", "/usr/sbin"].contains {
    FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
  }
}

/// Runs a program with nothing of this process's environment but what is given.
///
/// No toolchain on PATH, no LD_LIBRARY_PATH. A coverage run's profile path is kept, so that a
/// binary built for coverage writes its profile where the run collects them, not into the working
/// directory.
private func clean(_ program: String, _ arguments: [String], _ environment: [String: String])
  throws -> TogglekitBinary.Result
{
  var base = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
  base["LLVM_PROFILE_FILE"] = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"]
  return try TogglekitBinary.run(
    executable: URL(fileURLWithPath: program), arguments,
    environment: base.merging(environment) { $1 })
}

/// The binary to install: `TOGGLEKIT_INSTALL_BINARY` (CI's build with the Swift runtime linked
/// in), else the one the tests run.
private let binaryToInstall =
  ProcessInfo.processInfo.environment["TOGGLEKIT_INSTALL_BINARY"] ?? TogglekitBinary.url.path

/// Runs the install script.
private func install(_ arguments: [String]) throws -> TogglekitBinary.Result {
  try TogglekitBinary.run(executable: script, arguments)
}

@Suite(
  "Scripts/install.sh: the binary, its manual page and completions where the shells look, and an uninstall that removes exactly that",
  .serialized)
struct InstallEndToEndTests {
  static let pieces = [
    "bin/togglekit", "share/man/man1/togglekit.1",
    "share/bash-completion/completions/togglekit", "share/zsh/site-functions/_togglekit",
    "share/fish/vendor_completions.d/togglekit.fish",
  ]

  @Test(
    "installed into a prefix: the binary runs from there, man finds the page, bash, zsh and fish load their completions from it; uninstall removes exactly what it installed"
  )
  func installAndUninstall() throws {
    let prefix = try TogglekitBinary.scratch().appendingPathComponent("prefix with space")
    // Something of the user's already in the prefix: uninstall leaves it.
    try FileManager.default.createDirectory(
      at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
    let theirs = prefix.appendingPathComponent("bin/theirs")
    try Data("x".utf8).write(to: theirs)

    let dryRun = try install([
      "--prefix", prefix.path, "--binary", binaryToInstall, "--dry-run",
    ])
    #expect(dryRun.code == 0, "\(dryRun.stderr)")
    #expect(dryRun.stdout.contains("would install \(prefix.path)/bin/togglekit\n"))
    #expect(
      !FileManager.default.fileExists(atPath: prefix.path + "/share"), "a dry run touches nothing")

    let result = try install(["--prefix", prefix.path, "--binary", binaryToInstall])
    #expect(result.code == 0, "\(result.stderr)")
    for piece in Self.pieces {
      let path = prefix.path + "/" + piece
      #expect(result.stdout.contains("installed \(path)\n"), "\(piece)")
      #expect(FileManager.default.fileExists(atPath: path), "\(piece)")
    }
    let binary = prefix.path + "/bin/togglekit"
    #expect(FileManager.default.isExecutableFile(atPath: binary))
    #expect(try clean(binary, ["--version"], [:]).stdout == "togglekit 0.1.0\n")
    #expect(
      try String(contentsOfFile: prefix.path + "/share/man/man1/togglekit.1", encoding: .utf8)
        == (try TogglekitBinary.run(["man"]).stdout))

    if available("man") {
      let found = try clean(
        "/usr/bin/man", ["-w", "togglekit"], ["MANPATH": prefix.path + "/share/man"])
      #expect(found.stdout == prefix.path + "/share/man/man1/togglekit.1\n", "\(found.stderr)")
    }
    let path = ["PATH": prefix.path + "/bin:/usr/bin:/bin"]
    if FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion") {
      // bash-completion's loader finds it on XDG_DATA_DIRS, as it finds /usr/local/share's.
      let bash = try clean(
        "/bin/bash",
        [
          "--norc", "-c",
          "source /usr/share/bash-completion/bash_completion; __load_completion togglekit; complete -p togglekit",
        ], path.merging(["XDG_DATA_DIRS": prefix.path + "/share"]) { $1 })
      #expect(bash.stdout == "complete -F _togglekit togglekit\n", "\(bash.stderr)")
    }
    if available("zsh") {
      let zsh = try clean(
        "/usr/bin/zsh",
        [
          "-f", "-c",
          "fpath=(\"$1\" $fpath); autoload -Uz compinit; compinit -u -D; print -r -- $_comps[togglekit]",
          "zsh", prefix.path + "/share/zsh/site-functions",
        ], path)
      #expect(zsh.stdout == "_togglekit\n", "\(zsh.stderr)")
    }
    if available("fish") {
      let fish = try clean(
        "/usr/bin/fish", ["-c", "complete -C 'togglekit exp'"],
        path.merging(["XDG_DATA_DIRS": prefix.path + "/share"]) { $1 })
      #expect(fish.stdout.hasPrefix("explore\t"), "\(fish.stdout) \(fish.stderr)")
    }

    // Again: the same files, replaced; the folders it made still listed once.
    #expect(try install(["--prefix", prefix.path, "--binary", binaryToInstall]).code == 0)
    let removed = try install(["--uninstall", "--prefix", prefix.path])
    #expect(removed.code == 0, "\(removed.stderr)")
    let left = try FileManager.default.subpathsOfDirectory(atPath: prefix.path).sorted()
    #expect(left == ["bin", "bin/theirs"], "only what was there before stays")
    let again = try install(["--uninstall", "--prefix", prefix.path])
    #expect(again.code == 1)
    #expect(again.stderr.contains("nothing to uninstall"))
  }

  @Test(
    "bad arguments: exit 2 with the usage on stderr; a missing binary: exit 1, nothing installed")
  func badArguments() throws {
    let unknown = try install(["--prefxi", "/tmp/x"])
    #expect(unknown.code == 2 && unknown.stdout.isEmpty)
    #expect(unknown.stderr.hasPrefix("install.sh: unknown argument '--prefxi'\n"))
    #expect(try install(["--prefix"]).code == 2)
    let prefix = try TogglekitBinary.scratch().appendingPathComponent("p")
    let missing = try install(["--prefix", prefix.path, "--binary", prefix.path + "/none"])
    #expect(missing.code == 1)
    #expect(missing.stderr.contains("no executable togglekit at"))
    #expect(!FileManager.default.fileExists(atPath: prefix.path))
    let help = try install(["--help"])
    #expect(help.code == 0 && help.stdout.contains("--uninstall"))
  }

  /// Whether `binary` loads the Swift runtime from a shared library.
  static func linksRuntime(_ binary: String) throws -> Bool {
    try clean("/usr/bin/ldd", [binary], [:]).stdout.contains("libswiftCore")
  }

  @Test(
    "a binary with the Swift runtime linked in runs with the toolchain's libraries out of reach; one that links them is warned of, and fails so"
  )
  func selfContained() throws {
    guard available("ldd"), available("unshare") else { return }
    let binary = binaryToInstall
    // The toolchain's library folder, hidden under an empty file system in a mount namespace.
    let ldd = try clean("/usr/bin/ldd", [binary], [:]).stdout
    let folder = ldd.split(separator: "\n").first { $0.contains("libswiftCore") }
      .flatMap { line in line.split(separator: " ").first { $0.hasPrefix("/") } }
      .map { URL(fileURLWithPath: String($0)).deletingLastPathComponent().path }
    let hidden = folder ?? "/opt/swift/usr/lib/swift/linux"
    guard FileManager.default.fileExists(atPath: hidden) else { return }
    let run = try clean(
      "/usr/bin/unshare",
      [
        "--mount", "sh", "-c", "mount -t tmpfs none \"$1\" && exec \"$2\" --version", "sh", hidden,
        binary,
      ],
      [:])
    if run.stderr.contains("unshare failed") || run.stderr.contains("mount:") {
      return  // no mount namespaces here (not root): ldd's word is all there is
    }
    let prefix = try TogglekitBinary.scratch().appendingPathComponent("p")
    let installed = try install(["--prefix", prefix.path, "--binary", binary])
    #expect(installed.code == 0)
    if try Self.linksRuntime(binary) {
      // A debug build: it needs the toolchain, and the script says so.
      #expect(run.code == 127, "\(run.stderr)")
      #expect(run.stderr.contains("libswift"))
      #expect(installed.stderr.contains("links the Swift runtime from \(hidden)"))
    } else {
      // The release build CI relinks with --static-swift-stdlib, as install.sh builds it.
      #expect(run.code == 0 && run.stdout == "togglekit 0.1.0\n", "\(run.stderr)")
      #expect(!installed.stderr.contains("warning"))
    }
  }
}
