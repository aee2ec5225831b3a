import Explorer

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
/// A byte sequence kept where signal handlers can write it: set before raw mode, never freed.
struct HandlerBytes {
  let start: UnsafeMutablePointer<UInt8>
  let count: Int

  init(_ text: String) {
    let bytes = Array(text.utf8)
    start = .allocate(capacity: max(1, bytes.count))
    start.initialize(from: bytes, count: bytes.count)
    count = bytes.count
  }

  /// Writes the bytes; async-signal-safe.
  func write(to descriptor: Int32) {
    _ = systemWrite(descriptor, start, count)
  }
}

/// What puts the terminal back, and what re-enters it after a suspension: set once, in `start`,
/// before any handler can run (nil before: nothing to restore; never replaced, so never leaked).
nonisolated(unsafe) var restoreBytes: HandlerBytes?
nonisolated(unsafe) var enterBytes: HandlerBytes?

/// Re-enters raw mode and the explorer's screen, and wakes the main loop to redraw;
/// async-signal-safe.
func reenterTerminal() {
  guard restoreDescriptor >= 0 else { return }
  _ = tcsetattr(restoreDescriptor, TCSAFLUSH, rawAttributes)
  enterBytes?.write(to: restoreDescriptor)
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

/// The process group of a running `--preview` command (0: none), killed when the explorer ends.
nonisolated(unsafe) var previewGroup: pid_t = 0

/// Kills a running preview command and what it started; async-signal-safe.
func killPreview() {
  if previewGroup > 0 { kill(-previewGroup, SIGKILL) }
}

/// Restores the terminal modes and screen; async-signal-safe.
func restoreTerminal() {
  guard restoreDescriptor >= 0 else { return }
  _ = tcsetattr(restoreDescriptor, TCSAFLUSH, savedAttributes)
  restoreBytes?.write(to: restoreDescriptor)
}

/// The terminal the explorer draws on: `/dev/tty`.
///
/// Standard output stays free for the selection. Raw mode, the alternate screen and a hidden cursor are undone on every exit path:
/// normal return, error, Ctrl-C, SIGINT, SIGTERM, SIGHUP and crash signals.
final class Terminal {
  let descriptor: Int32

  /// Opens the controlling terminal, or returns nil when there is none.
  init?() {
    // Close-on-exec: a --preview command must not inherit the terminal.
    let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  /// The rows of an inline explorer (`--height`), or nil on the whole (alternate) screen.
  private(set) var inlineRows: Int?

  /// Enters raw mode and the alternate screen, or `inlineRows` rows below the prompt (with mouse
  /// reports unless `mouse` is false), and installs the handlers that undo them.
  func start(mouse: Bool, inlineRows: Int?) {
    self.inlineRows = inlineRows
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
    if inlineRows != nil, column == nil { column = cursorColumn() }
    let enter = ScreenSequences.enter(mouse: mouse, inlineRows: inlineRows, column: column ?? 1)
    restoreBytes = HandlerBytes(
      ScreenSequences.restore(inline: inlineRows != nil, column: column ?? 1))
    enterBytes = HandlerBytes(enter)
    installSignalHandlers()
    send(enter)
  }

  /// The column the cursor was in when an inline explorer started (1: a fresh line).
  private var column: Int?
  /// Keys typed before the cursor report came back, handed to the first read.
  private var typedAhead: [UInt8] = []

  /// Asks the terminal where its cursor is (`ESC [ 6n`), waiting at most 200 ms for the answer;
  /// nil when none comes (the region then starts on the cursor's line).
  private func cursorColumn() -> Int? {
    send("\u{1B}[6n")
    var received: [UInt8] = []
    var waited = 0
    while waited < 200 {
      var probe = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&probe, 1, 20) > 0 else {
        waited += 20
        continue
      }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer[0..<count]
      if let (column, others) = ScreenSequences.cursorColumn(in: received) {
        typedAhead = others
        return column
      }
    }
    typedAhead = received
    return nil
  }

  /// Ctrl-Z: suspends the process as SIGTSTP does (the terminal is restored, then re-entered on `fg`).
  func suspend() {
    raise(SIGTSTP)
  }

  /// The bytes already waiting on the terminal, without blocking (nil when none).
  func readWaiting() -> [UInt8]? {
    if !typedAhead.isEmpty {
      defer { typedAhead = [] }
      return typedAhead
    }
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

  /// Draws a frame from the top-left corner (of the inline region), clearing what the last frame
  /// left.
  func draw(_ lines: [String]) {
    send(ScreenSequences.frame(lines, inline: inlineRows != nil, column: column ?? 1))
  }

  /// Waits for input or a resize, or for one of `others` (a preview's output, a streamed input)
  /// to be readable.
  ///
  /// `timeout` is in milliseconds, -1 for none. Returns the bytes read
  /// (nil at end of input), and whether the window was resized.
  func waitForInput(timeout: Int32, others: [Int32] = []) -> (
    bytes: [UInt8]?, resized: Bool, timedOut: Bool
  ) {
    if !typedAhead.isEmpty {
      defer { typedAhead = [] }
      return (typedAhead, false, false)
    }
    // A negative descriptor is ignored by poll.
    var descriptors =
      [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
      ] + others.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
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
      for end in wake {
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
    }
    let install = installHandler
    install(SIGWINCH) { _ in
      var byte: UInt8 = 1
      _ = write(writeEnd, &byte, 1)
    }
    for fatal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      install(fatal) { signalNumber in
        killPreview()
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
        killPreview()
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
