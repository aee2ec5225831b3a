#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a signal handler needs to put the terminal back: set once, before raw mode, read only from
/// handlers (which may run at any time, so they use nothing but these values and system calls).
nonisolated(unsafe) var restoreDescriptor: Int32 = -1
/// The terminal modes to restore, in memory of its own rather than a global of type `termios`.
///
/// AddressSanitizer found that copying a `termios` value into such a global wrote 3 bytes past the
/// 57 that the compiler had reserved for it. Set up before raw mode, so handlers never initialise it.
nonisolated(unsafe) let savedAttributes: UnsafeMutablePointer<termios> = {
  let bytes = max(256, MemoryLayout<termios>.stride)
  let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
  raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
  return raw.bindMemory(to: termios.self, capacity: 1)
}()
/// The raw modes the explorer runs in, to re-enter them after a suspension (same care as above).
nonisolated(unsafe) let rawAttributes: UnsafeMutablePointer<termios> = {
  let bytes = max(256, MemoryLayout<termios>.stride)
  let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
  raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
  return raw.bindMemory(to: termios.self, capacity: 1)
}()
nonisolated(unsafe) var wakeDescriptor: Int32 = -1
/// Mouse reporting off (harmless when it was never on), cursor shown, main screen back.
let restoreSequence: StaticString = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"
let enterSequence: StaticString = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
/// As above, with button and wheel reports in SGR form (1000, 1006).
let enterWithMouseSequence: StaticString =
  "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J\u{1B}[?1000h\u{1B}[?1006h"
/// Whether the explorer asked for mouse reports (read by the SIGCONT handler).
nonisolated(unsafe) var mouseReporting = false

/// Re-enters raw mode and the alternate screen, and wakes the main loop to redraw; async-signal-safe.
func reenterTerminal() {
  guard restoreDescriptor >= 0 else { return }
  _ = tcsetattr(restoreDescriptor, TCSAFLUSH, rawAttributes)
  let sequence = mouseReporting ? enterWithMouseSequence : enterSequence
  _ = write(restoreDescriptor, sequence.utf8Start, sequence.utf8CodeUnitCount)
  var byte: UInt8 = 1
  _ = write(writeEnd, &byte, 1)
}

/// SIGTSTP (Ctrl-Z, `kill -TSTP`): put the terminal back, stop for real, and on SIGCONT carry on
/// (the SIGCONT handler re-enters raw mode and redraws) — as less, vim and fzf do.
func suspendHandler(_ signalNumber: Int32) {
  let saved = errno
  restoreTerminal()
  signal(SIGTSTP, SIG_DFL)
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, SIGTSTP)
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
  raise(SIGTSTP)  // stops here until SIGCONT
  installHandler(SIGTSTP, suspendHandler)
  errno = saved
}

func installHandler(_ signalNumber: Int32, _ handler: @convention(c) (Int32) -> Void) {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = handler
  sigemptyset(&action.sa_mask)
  action.sa_flags = 0
  sigaction(signalNumber, &action, nil)
}

/// Restores the terminal modes and screen; async-signal-safe.
func restoreTerminal() {
  guard restoreDescriptor >= 0 else { return }
  _ = tcsetattr(restoreDescriptor, TCSAFLUSH, savedAttributes)
  _ = write(restoreDescriptor, restoreSequence.utf8Start, restoreSequence.utf8CodeUnitCount)
}

/// The terminal the explorer draws on: `/dev/tty`.
///
/// Standard output stays free for the selection. Raw mode, the alternate screen and a hidden cursor are undone on every exit path:
/// normal return, error, Ctrl-C, SIGINT, SIGTERM, SIGHUP and crash signals.
final class Terminal {
  let descriptor: Int32

  /// Opens the controlling terminal, or returns nil when there is none.
  init?() {
    let descriptor = open("/dev/tty", O_RDWR)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  /// Enters raw mode and the alternate screen (with mouse reports unless `mouse` is false), and
  /// installs the handlers that undo them.
  func start(mouse: Bool) {
    mouseReporting = mouse
    tcgetattr(descriptor, savedAttributes)
    restoreDescriptor = descriptor
    var raw = savedAttributes.pointee
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.c_oflag &= ~tcflag_t(OPOST)
    withUnsafeMutableBytes(of: &raw.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    rawAttributes.pointee = raw
    tcsetattr(descriptor, TCSAFLUSH, rawAttributes)
    installSignalHandlers()
    send(String(describing: mouse ? enterWithMouseSequence : enterSequence))
  }

  /// Ctrl-Z: suspends the process as SIGTSTP does (the terminal is restored, then re-entered on `fg`).
  func suspend() {
    raise(SIGTSTP)
  }

  /// The bytes already waiting on the terminal, without blocking (nil when none).
  func readWaiting() -> [UInt8]? {
    var probe = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&probe, 1, 0) > 0, probe.revents & Int16(POLLIN) != 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(descriptor, &buffer, buffer.count)
    return count > 0 ? Array(buffer[0..<count]) : nil
  }

  /// Leaves raw mode and the alternate screen.
  func stop() {
    restoreTerminal()
    restoreDescriptor = -1
  }

  /// The terminal's rows and columns (24 × 80 when it cannot tell).
  var size: (rows: Int, columns: Int) {
    var window = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0 else {
      return (24, 80)
    }
    return (Int(window.ws_row), Int(window.ws_col))
  }

  func send(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// Draws a frame from the top-left corner, clearing what the last frame left.
  func draw(_ lines: [String]) {
    send("\u{1B}[H" + lines.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[K\u{1B}[J")
  }

  /// Waits for input or a resize.
  ///
  /// `timeout` is in milliseconds, -1 for none. Returns the bytes read
  /// (nil at end of input), and whether the window was resized.
  func waitForInput(timeout: Int32) -> (bytes: [UInt8]?, resized: Bool, timedOut: Bool) {
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&descriptors, nfds_t(wakeDescriptor >= 0 ? 2 : 1), timeout)
    if ready == 0 { return ([], false, true) }
    if ready < 0 { return ([], false, false) }
    var resized = false
    if wakeDescriptor >= 0 && descriptors[1].revents & Int16(POLLIN) != 0 {
      var drain = [UInt8](repeating: 0, count: 64)
      _ = read(wakeDescriptor, &drain, drain.count)
      resized = true
    }
    guard descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else {
      return ([], resized, false)
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(descriptor, &buffer, buffer.count)
    if count < 0 && errno == EINTR { return ([], resized, false) }
    return (count <= 0 ? nil : Array(buffer[0..<count]), resized, false)
  }

  private func installSignalHandlers() {
    var wake: [Int32] = [0, 0]
    if pipe(&wake) == 0 {
      wakeDescriptor = wake[0]
      writeEnd = wake[1]
      _ = fcntl(wake[0], F_SETFL, O_NONBLOCK)
      _ = fcntl(wake[1], F_SETFL, O_NONBLOCK)
    }
    let install = installHandler
    install(SIGWINCH) { _ in
      var byte: UInt8 = 1
      _ = write(writeEnd, &byte, 1)
    }
    for fatal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      install(fatal) { signalNumber in
        restoreTerminal()
        _exit(signalNumber == SIGINT ? 130 : 128 + signalNumber)
      }
    }
    install(SIGTSTP, suspendHandler)
    install(SIGCONT) { _ in
      let saved = errno
      reenterTerminal()
      errno = saved
    }
    // Crashes, and every other signal whose default ends the process: restore, then die of it.
    let deadly = [
      SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE,
      SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS,
    ]
    for crash in deadly {
      install(crash) { signalNumber in
        restoreTerminal()
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
      }
    }
    // A parent may have started us with these signals blocked (blocked masks survive exec):
    // unblock them, or a SIGTERM would wait forever and the terminal would stay raw.
    var handled = sigset_t()
    sigemptyset(&handled)
    for signalNumber in [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT] + deadly {
      sigaddset(&handled, signalNumber)
    }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
  }
}

/// The write end of the resize pipe, for the SIGWINCH handler.
nonisolated(unsafe) var writeEnd: Int32 = -1
