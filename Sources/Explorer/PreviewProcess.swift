#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a preview command: `/bin/sh -c COMMAND` in a session of its own, its standard output
/// and error read through a pipe that never blocks.
///
/// ```swift
/// let run = try PreviewProcess(command: "head -20 'notes.txt'")
/// while !run.isFinished { _ = run.readWaiting() }   // or poll run.descriptor first
/// run.output   // the bytes it printed
/// ```
///
/// The command reads /dev/null, gets no descriptor but 0, 1 and 2, and has no controlling
/// terminal (a new session), so it can neither read keys nor open `/dev/tty` to draw on the
/// explorer's screen; everything it prints
/// comes through ``output``, which ``PreviewText`` neutralises. ``stop()`` kills its whole
/// process group (a pipeline, or what it started in the background).
package final class PreviewProcess {
  /// The process id, which is also its session and process group id.
  package let pid: pid_t
  /// The read end of its output, to poll; -1 once the output has ended.
  package private(set) var descriptor: Int32
  /// What it printed so far (standard output and error, interleaved as written), at most
  /// ``byteLimit`` bytes.
  package private(set) var output: [UInt8] = []
  /// The most output kept: the process is stopped when it prints more.
  package let byteLimit: Int
  /// How it ended: its exit status, or nil when killed by a signal (``stop()`` included) or still
  /// running.
  package private(set) var exitStatus: Int32?
  /// Whether it printed more than ``byteLimit`` and was stopped.
  package private(set) var wasCut = false
  /// Whether the output has ended and the process has been waited for.
  package var isFinished: Bool { descriptor < 0 }

  /// Starts `command` with `/bin/sh -c`, with `environment` added to the inherited one.
  ///
  /// - Throws: ``InputError`` when no pipe or process can be made.
  /// - Complexity: O(environment size).
  package convenience init(
    command: String, environment: [String: String] = [:], byteLimit: Int = 1 << 20
  ) throws(InputError) {
    try self.init(
      shellArguments: [Array("-c".utf8), Array(command.utf8)], environment: environment,
      byteLimit: byteLimit)
  }

  /// Starts `/bin/sh` with these arguments, each its bytes as they are
  /// (``PreviewCommand/arguments(for:)``: `-c`, the command, `$0` and the path), with
  /// `environment` added to the inherited one.
  ///
  /// - Throws: ``InputError`` when no pipe or process can be made.
  /// - Complexity: O(environment size + arguments' length).
  package init(
    shellArguments: [[UInt8]], environment: [String: String] = [:], byteLimit: Int = 1 << 20
  ) throws(InputError) {
    self.byteLimit = byteLimit
    var ends: [Int32] = [-1, -1]
    // Close-on-exec: the command gets the write end as 1 and 2 only (the explorer is one thread).
    guard pipe(&ends) == 0 else {
      throw InputError(
        message: "--preview: cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
    // Nothing else: descriptors the explorer inherited without close-on-exec stay with it.
    for open in PreviewProcess.openDescriptors() where open > 2 {
      posix_spawn_file_actions_addclose(&actions, open)
    }
    let argv = ([Array("sh".utf8)] + shellArguments).map(PreviewProcess.cString) + [nil]
    defer { for pointer in argv { free(pointer) } }
    // The inherited variables as they are (their bytes need not be UTF-8), but those replaced.
    var envp: [UnsafeMutablePointer<CChar>?] = []
    var entry = environ
    while let pointer = entry.pointee {
      let length = strlen(pointer)
      let equals = memchr(pointer, Int32(UInt8(ascii: "=")), length)
      let nameLength = equals.map { pointer.distance(to: $0.assumingMemoryBound(to: CChar.self)) }
      let name = String(
        decoding: UnsafeRawBufferPointer(start: pointer, count: nameLength ?? length),
        as: UTF8.self)
      if environment[name] == nil { envp.append(strdup(pointer)) }
      entry += 1
    }
    envp += environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    // A new session: no controlling terminal, and a process group to kill as one.
    let result = withSpawnAttributes(newSession: true) {
      posix_spawn(&pid, "/bin/sh", &actions, $0, argv, envp)
    }
    close(ends[1])
    guard result == 0 else {
      close(ends[0])
      throw InputError(
        message: "--preview: cannot run /bin/sh: \(String(cString: strerror(result)))")
    }
    self.pid = pid
    descriptor = ends[0]
  }

  /// A C string of `bytes`, to `free`.
  static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    let pointer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
    bytes.withUnsafeBytes { raw in
      if let base = raw.baseAddress {
        UnsafeMutableRawPointer(pointer).copyMemory(from: base, byteCount: raw.count)
      }
    }
    pointer[bytes.count] = 0
    return pointer
  }

  /// The descriptors open now, from `/proc/self/fd` (none found where there is no `/proc`).
  static func openDescriptors() -> [Int32] {
    guard let folder = opendir("/proc/self/fd") else { return [] }
    var found: [Int32] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if let descriptor = Int32(name) { found.append(descriptor) }
    }
    closedir(folder)
    return found.filter { fcntl($0, F_GETFD) >= 0 }
  }

  /// Reads what is waiting without blocking; at the end of the output, waits for the process.
  ///
  /// - Returns: Whether anything changed (bytes read, or the end reached).
  /// - Complexity: O(bytes read).
  @discardableResult
  package func readWaiting() -> Bool {
    guard descriptor >= 0 else { return false }
    var changed = false
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return changed }  // EAGAIN: nothing more for now
      if count == 0 {
        finish(killing: false)
        return true
      }
      changed = true
      output += buffer[0..<min(count, byteLimit - output.count)]
      if output.count >= byteLimit {
        wasCut = true
        finish(killing: true)
        return true
      }
    }
  }

  /// Kills the process group and waits for the process (nothing when it has finished).
  ///
  /// - Complexity: O(1), plus the time the process takes to die of SIGKILL.
  package func stop() {
    guard descriptor >= 0 else { return }
    finish(killing: true)
  }

  /// Closes the output, kills the group, and waits for the process.
  ///
  /// At the end of the output the process is given 50 ms to exit by itself (its exit status
  /// is then kept); the group is killed while the process is still a zombie, so that its id
  /// cannot have been reused by then.
  private func finish(killing: Bool) {
    close(descriptor)
    descriptor = -1
    if !killing {
      for _ in 0..<50 {
        var info = siginfo_t()
        let found = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        if found == 0 && info._sifields._sigchld.si_pid == pid { break }
        if found < 0 && errno != EINTR { break }
        usleep(1000)
      }
    }
    // Whatever the group left running (a background job, a slow end of a pipeline) goes too.
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    if !killing && status & 0x7F == 0 { exitStatus = (status >> 8) & 0xFF }
  }

  deinit { stop() }
}
