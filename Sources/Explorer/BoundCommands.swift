#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The commands `--bind` runs: on the terminal, for a new tree, or in togglekit's place.
///
/// `execute(CMD)`, `reload(CMD)` and `become(CMD)`: each is `/bin/sh -c` with the paths as positional
/// parameters (``PreviewCommand/arguments(_:focused:selected:)``), never as shell text.
package enum BoundCommands {
  /// Runs a command on the terminal (`/dev/tty` as its input and output, so that a pager or an
  /// editor works while togglekit's own output stays for the selection) and waits for it.
  ///
  /// - Returns: Its exit status, or nil when it could not start or was killed.
  package static func runOnTerminal(_ arguments: [[UInt8]]) -> Int32? {
    runAndWait(arguments, opening: [(0, "/dev/tty", O_RDONLY), (1, "/dev/tty", O_WRONLY)])
  }

  /// Runs a command with no terminal and nothing to read, its output dropped, and waits for it
  /// (`execute-silent(CMD)`).
  ///
  /// - Returns: Its exit status, or nil when it could not start or was killed.
  package static func runSilently(_ arguments: [[UInt8]]) -> Int32? {
    runAndWait(
      arguments,
      opening: [
        (0, "/dev/null", O_RDONLY), (1, "/dev/null", O_WRONLY), (2, "/dev/null", O_WRONLY),
      ],
      newSession: true)
  }

  /// Runs `/bin/sh` with `arguments`, the descriptors opened as given (the others but standard
  /// error closed), in a session of its own when asked (no terminal), and waits for it.
  private static func runAndWait(
    _ arguments: [[UInt8]], opening: [(descriptor: Int32, path: String, flags: Int32)],
    newSession: Bool = false
  ) -> Int32? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (descriptor, path, flags) in opening {
      posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0)
    }
    for open in PreviewProcess.openDescriptors() where open > 2 {
      posix_spawn_file_actions_addclose(&actions, open)
    }
    let argv = ([Array("sh".utf8)] + arguments).map(PreviewProcess.cString) + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let result = withSpawnAttributes(newSession: newSession) {
      posix_spawn(&pid, "/bin/sh", &actions, $0, argv, environ)
    }
    guard result == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
  }

  /// Runs a command without the terminal and returns what it printed (standard output), or the
  /// reason it failed, named by the `action` that ran it (`reload`, `transform-query`).
  package static func output(of arguments: [[UInt8]], for action: String = "reload")
    throws(InputError) -> [UInt8]
  {
    var arguments = arguments
    // Its errors are not part of the tree.
    if arguments.count > 1 { arguments[1] = Array("exec 2>/dev/null; ".utf8) + arguments[1] }
    let run = try PreviewProcess(shellArguments: arguments, byteLimit: 1 << 30)
    while !run.isFinished {
      var poller = pollfd(fd: run.descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&poller, 1, 1000)
      _ = run.readWaiting()
    }
    if let status = run.exitStatus, status != 0 {
      throw InputError(message: "\(action): the command exited with status \(status)")
    }
    return run.output
  }

  /// Replaces togglekit by the command (only returns when that fails).
  package static func become(_ arguments: [[UInt8]]) -> Int32 {
    let argv = ([Array("sh".utf8)] + arguments).map(PreviewProcess.cString) + [nil]
    execv("/bin/sh", argv)
    return errno
  }
}
