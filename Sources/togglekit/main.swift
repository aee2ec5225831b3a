// togglekit: argument handling and terminal I/O only; everything else lives in the Explorer and
// ToggleKit libraries, where the tests reach it.

import Explorer
import ToggleKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a run holds when it exits: before `exit` the optimizer drops the releases of what the
/// caller holds (the process ends anyway); held here it stays reachable, so LeakSanitizer does not
/// report it as a leak.
nonisolated(unsafe) var keptUntilExit: [Any] = []

/// Exits with `code`, keeping `values` reachable until the end.
func exit(_ code: Int32, keeping values: Any...) -> Never {
  keptUntilExit += values
  exit(code)
}

/// Prints `error` and exits with `code`.
func fail(_ error: some Error & CustomStringConvertible, code: Int32) -> Never {
  printError(error.description)
  exit(code, keeping: error)
}

func printError(_ message: String) {
  // Messages quote data: no control character of a label reaches the terminal (a newline ends a line).
  var line = message.split(separator: "\n", omittingEmptySubsequences: false)
    .map { LabelPath.displayable(String($0)) }.joined(separator: "\n")
  if !line.hasSuffix("\n") { line += "\n" }
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// `write(2)`, named apart from ``StandardOutput/write(_:)``.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// Standard output, buffered, remembering the first failed write (a full disk, a closed or broken
/// pipe with SIGPIPE ignored): the command then ends with "writing output failed" and exit 1.
final class StandardOutput {
  private var buffer: [UInt8] = []
  private(set) var failure: Int32?
  /// Whether text is written as a file name's own bytes (`-0`): a raw-byte scalar as its byte.
  var writesNames = false

  func write(_ text: String) {
    guard failure == nil else { return }
    if writesNames {
      buffer.append(contentsOf: LabelBytes.bytes(of: text))
    } else {
      buffer.append(contentsOf: text.utf8)
    }
    if buffer.count >= 1 << 16 { flush() }
  }

  func flush() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(1, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
  }

  /// Flushes, and exits 1 with a message if any write failed.
  func finish() {
    flush()
    if let failure {
      printError("togglekit: writing output failed: \(String(cString: strerror(failure)))")
      exit(1)
    }
  }
}

let output = StandardOutput()

/// Reads a whole file (or standard input with nil), stopping at the first NUL byte unless NUL
/// bytes are allowed (a `-0` selection list).
func readAll(_ path: String?, allowingNUL: Bool = false) -> Result<[UInt8], InputError> {
  let descriptor = path.map { openFile($0, O_RDONLY) } ?? 0
  guard descriptor >= 0 else {
    return .failure(InputError(message: "\(path!): \(String(cString: strerror(errno)))"))
  }
  defer { if path != nil { close(descriptor) } }
  var reader = InputReader(name: path ?? "<stdin>")
  var status = stat()
  if fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG {
    reader.reserve(Int(status.st_size) + 1)  // + 1: the read that finds the end
  }
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  var anyBytes: [UInt8] = []
  while true {
    let count = read(descriptor, &buffer, buffer.count)
    if count < 0 {
      if errno == EINTR { continue }
      return .failure(
        InputError(message: "\(path ?? "<stdin>"): \(String(cString: strerror(errno)))"))
    }
    if count == 0 { break }
    if allowingNUL {
      anyBytes += buffer[0..<count]
      continue
    }
    do {
      try reader.append(buffer[0..<count])
    } catch {
      return .failure(error)
    }
  }
  return .success(allowingNUL ? anyBytes : reader.bytes)
}

/// The arguments as given: a byte that is not UTF-8 (a file name's) kept as its raw-byte scalar.
let arguments = (1..<Int(CommandLine.argc)).map { index in
  let argument = CommandLine.unsafeArgv[index]!
  return LabelBytes.label(
    decoding: UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
}
let invocation: Invocation
do {
  invocation = try Invocation.parse(
    arguments, defaults: getenv("TOGGLEKIT_DEFAULT_OPTS").map { String(cString: $0) })
} catch {
  fail(error, code: 2)
}

if let text = invocation.immediateOutput {
  // help, version, completion, man: text and nothing else.
  output.write(text)
  output.finish()
  exit(0, keeping: text)
}

#if canImport(Glibc)
  // apply builds one tree and prints it. A tree read from a pipe grows its arrays by doubling, and
  // glibc would keep each outgrown array's pages for reuse (its mmap threshold rises to the
  // largest block freed): 4 MB more at the peak for 10^6 nodes. A fixed threshold returns them.
  // explore keeps the default: it reuses freed blocks on every filter keystroke.
  // mallopt is declared in <malloc.h>, which the Glibc module leaves out: found by name.
  if invocation.command == .apply,
    let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
  {
    let setOption = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = setOption(-3, 128 << 10)  // M_MMAP_THRESHOLD, 128 KiB
  }
#endif

let source: InputSource
do throws(UsageError) {
  source = try InputSource.chosen(for: invocation, standardInputIsTerminal: isatty(0) != 0)
} catch {
  fail(error, code: 2)
}
// Selection lists and rules are read before the tree, so that a missing one fails before a long
// read.
let preparation: TreePreparation
do throws(InputError) {
  preparation = try TreePreparation.read(for: invocation) {
    (name, allowingNUL) throws(InputError) in
    switch readAll(name, allowingNUL: allowingNUL) {
    case .success(let bytes): return bytes
    case .failure(let error): throw error
    }
  }
} catch {
  fail(error, code: 1)
}
output.writesNames = invocation.nullSeparated || invocation.output?.writesNames == true

if invocation.command == .apply {
  var tree: SelectionTree<String>
  do throws(InputError) {
    // Read piece by piece: a path list is built as it arrives, never held whole.
    var warnings: [String]
    (tree, warnings) = try readTree(invocation, source: source)
    warnings += try preparation.prepare(&tree)
    for warning in warnings { printError("togglekit: warning: \(warning)") }
  } catch {
    fail(error, code: 1)
  }
  do throws(ApplyError) {
    try runApply(
      invocation, on: tree, warn: { printError("togglekit: warning: \($0)") },
      to: { output.write($0) })
    output.finish()
    exit(0, keeping: tree)
  } catch {
    printError(error.description)
    exit(1, keeping: error, tree)
  }
}

// explore: the input is read (and fails) before the terminal is opened.
let session: ExploreSession
do {
  session = try ExploreSession(invocation, source: source, preparation: preparation)
} catch {
  fail(error, code: 1)
}
/// Writes what the session prints; a form that cannot hold a name ends the command with exit 1.
@MainActor func finishSession() {
  do throws(ApplyError) {
    try session.finish { output.write($0) }
  } catch {
    printWarnings()
    printError(error.description)
    exit(1)
  }
}
if let outcome = session.decideAtOnce() {
  // --select-1, --exit-0: decided before any screen.
  printWarnings()
  if outcome == .accepted {
    finishSession()
    printWarnings()
    output.finish()
  }
  exit(0)
}
guard let terminal = Terminal() else {
  printError(
    "togglekit: explore needs a terminal (/dev/tty could not be opened); "
      + "for scripts use 'togglekit apply'")
  exit(1)
}
session.attach(rows: terminal.size.rows, columns: terminal.size.columns)
@MainActor func printWarnings() {
  for warning in session.takeWarnings() { printError("togglekit: warning: \(warning)") }
}
printWarnings()
var mode = RenderMode.forTerminal()
if invocation.noColor, case .ansi = mode { mode = .ansi(colors: false) }
/// Carries out what the explorer asked for, in order: suspending, commands on the terminal or
/// without it, a reload, a new filter, `become`.
@MainActor func carryOut(_ effects: [ExplorerEffect]) {
  for effect in effects {
    let arguments = { (command: String) in
      PreviewCommand.arguments(
        command, focused: session.focusedPath, selected: session.selectedPaths)
    }
    switch effect {
    case .suspend: terminal.suspend()
    case .execute(let command):
      terminal.stop()
      _ = BoundCommands.runOnTerminal(arguments(command))
      terminal.start(mouse: !invocation.noMouse, inlineRows: session.inlineRows)
    case .executeSilent(let command):
      _ = BoundCommands.runSilently(arguments(command))
    case .transformQuery(let command):
      do {
        session.transformQuery(
          toOutput: try BoundCommands.output(of: arguments(command), for: "transform-query"))
      } catch {
        session.report(error.message)
      }
    case .refreshPreview: session.refreshPreview()
    case .reload(let command):
      do {
        let bytes = try BoundCommands.output(of: arguments(command))
        try session.reload(fromOutput: bytes, of: command)
      } catch {
        session.report(error.message)
      }
    case .become(let command):
      session.previewer?.stop()
      previewGroup = 0
      terminal.stop()
      printWarnings()
      let failure = BoundCommands.become(arguments(command))
      printError("togglekit: become: cannot run /bin/sh: \(String(cString: strerror(failure)))")
      exit(1)
    }
  }
}
terminal.start(mouse: !invocation.noMouse, inlineRows: session.inlineRows)
carryOut(session.start())
previewGroup = session.previewer?.processGroup ?? 0
terminal.draw(session.explorer.frame(mode: mode))
if getenv("TOGGLEKIT_TEST_PANIC") != nil {
  // Test hook: a crash while the terminal is raw, to prove the crash handlers restore it.
  fatalError("TOGGLEKIT_TEST_PANIC: a deliberate crash after the first frame")
}
while session.explorer.outcome == nil {
  let (input, resized, timedOut) = terminal.waitForInput(
    timeout: session.waitMilliseconds, others: session.descriptors)
  var bytes = input
  // A paste arrives as many bytes: take all that are waiting, so the filter runs once for them.
  while var read = bytes, read.count < 1 << 20, let more = terminal.readWaiting(), !more.isEmpty {
    read += more
    bytes = read
  }
  let effects: [ExplorerEffect]
  do {
    effects = try session.step(
      input: bytes, resized: resized ? terminal.size : nil, timedOut: timedOut)
  } catch {
    session.previewer?.stop()
    previewGroup = 0
    terminal.stop()
    fail(error, code: 1)
  }
  carryOut(effects)
  previewGroup = session.previewer?.processGroup ?? 0
  terminal.draw(session.explorer.frame(mode: mode))
}
session.previewer?.stop()
previewGroup = 0
terminal.stop()
finishSession()
printWarnings()
if session.explorer.outcome == .accepted {
  output.finish()
  exit(0)
}
exit(130)
