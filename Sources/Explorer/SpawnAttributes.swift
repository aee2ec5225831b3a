#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Calls `body` with `posix_spawn` attributes that start a process with no signal blocked and
/// every signal at its default — whatever the calling thread blocks or ignores (test threads
/// under the sanitizers block SIGHUP and SIGCHLD, which a child would otherwise keep) — and, when
/// `newSession`, in a session of its own (no controlling terminal; a process group to kill as one).
///
/// ```swift
/// withSpawnAttributes(newSession: true) { posix_spawn(&pid, "/bin/sh", &actions, $0, argv, envp) }
/// ```
/// - Complexity: O(1).
package func withSpawnAttributes<Result>(
  newSession: Bool, _ body: (UnsafePointer<posix_spawnattr_t>) -> Result
) -> Result {
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  // 0x80 is POSIX_SPAWN_SETSID (glibc 2.26 and later), which Swift does not import.
  let session: Int32 = newSession ? 0x80 : 0
  posix_spawnattr_setflags(
    &attributes, Int16(session | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  var none = sigset_t()
  sigemptyset(&none)
  posix_spawnattr_setsigmask(&attributes, &none)
  var defaults = sigset_t()
  sigfillset(&defaults)
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  return body(&attributes)
}
