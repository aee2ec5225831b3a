// togglekit: argument handling and terminal I/O only; everything else lives in the Explorer and
// ToggleKit libraries, where the tests reach it.

import Explorer
import ToggleKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  invocation = try Invocation.parse(arguments)
} catch {
  printError(error.description)
  exit(2)
}

switch invocation.command {
case .help:
  output.write(Usage.text(for: invocation.helpTopic))
  output.finish()
  exit(0)
case .version:
  output.write("togglekit \(Usage.version)\n")
  output.finish()
  exit(0)
case .completion:
  output.write(Completion.script(for: invocation.shell ?? .bash))
  output.finish()
  exit(0)
case .man:
  output.write(ManPage.roff)
  output.finish()
  exit(0)
case .apply, .explore:
  break
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

guard
  let source = InputSource.choose(
    for: invocation, standardInputIsTerminal: isatty(0) != 0)
else {
  printError(
    UsageError("apply needs input: a FILE, '-' for standard input, or --dir PATH").description)
  exit(2)
}

if source == .standardInput && invocation.selectFiles.contains("-") {
  printError(UsageError("standard input cannot be both the tree and '--select-from -'").description)
  exit(2)
}
// Selection lists are read before the tree, so that a missing one fails before a long read.
var selectionLists: [(name: String, list: SelectionList)] = []
for name in invocation.selectFiles {
  do {
    let bytes = try readAll(name == "-" ? nil : name, allowingNUL: true).get()
    let shown = name == "-" ? "<stdin>" : name
    selectionLists.append((shown, try SelectionList(parsing: bytes, name: shown)))
  } catch {
    printError(error.description)
    exit(1)
  }
}

// explore reading a pipe starts at once and grows the tree as lines arrive (`find / | togglekit
// explore`); a large file shows its first lines at once and the rest when it is read; anything
// else is read whole first.
var streaming: StreamingInput? = nil
var streamDescriptor: Int32 = 0
var standardInputStatus = stat()
if invocation.command == .explore, source == .standardInput,
  fstat(0, &standardInputStatus) != 0 || standardInputStatus.st_mode & S_IFMT != S_IFREG
{
  streaming = StreamingInput(invocation)
} else {
  do {
    if let (input, descriptor) = try StreamingInput.largeFile(invocation, source: source) {
      streaming = input
      streamDescriptor = descriptor
    }
  } catch {
    printError(error.description)
    exit(1)
  }
}
let preparation: TreePreparation
do {
  let rules = try invocation.rulesFile.map { file throws(InputError) in
    try loadRules(try readAll(file).get(), file: file)
  }
  preparation = TreePreparation(invocation, rules: rules, lists: selectionLists)
} catch {
  printError(error.description)
  exit(1)
}
// explore --dir reads a folder when it is opened (or a filter or the output needs it), unless an
// option needs every name from the start.
var lazyDirectory: (tree: LazyTree<String>, loader: DirectoryLoader)? = nil
var tree: SelectionTree<String>
do throws(InputError) {
  if invocation.command == .explore, case .directory(let path) = source,
    invocation.selectPaths.isEmpty, invocation.selectFiles.isEmpty, invocation.limit == nil,
    invocation.query == nil, invocation.rulesFile == nil
  {
    do {
      let lazy = try LazyTree.directory(
        at: path, maxDepth: invocation.maxDepth, includeHidden: invocation.includeHidden,
        exclude: invocation.excludes, gitignore: invocation.gitignore,
        options: invocation.treeOptions)
      lazyDirectory = lazy
      tree = lazy.tree.tree
    } catch {
      throw InputError(message: error.description)
    }
  } else if streaming != nil {
    tree = try! SelectionTree(roots: [], options: invocation.treeOptions)  // filled as lines come
  } else {
    // Read piece by piece: a path list is built as it arrives, never held whole.
    let loaded = try readTree(invocation, source: source)
    for warning in loaded.warnings { printError("togglekit: warning: \(warning)") }
    tree = loaded.tree
    for warning in try preparation.prepare(&tree) { printError("togglekit: warning: \(warning)") }
  }
} catch {
  printError(error.description)
  exit(1)
}

output.writesNames = invocation.nullSeparated
if invocation.command == .apply {
  do {
    try runApply(invocation, on: tree) { output.write($0) }
    output.finish()
    exit(0)
  } catch {
    printError(error.description)
    exit(1)
  }
}

// explore
guard let terminal = Terminal() else {
  printError(
    "togglekit: explore needs a terminal (/dev/tty could not be opened); "
      + "for scripts use 'togglekit apply'")
  exit(1)
}
var mode = RenderMode.forTerminal()
if invocation.noColor, case .ansi = mode { mode = .ansi(colors: false) }
var size = terminal.size
// --height: a fixed region below the prompt, or the whole screen when it would fill it.
let inlineRows = invocation.height?.rows(onScreenOf: size.rows)
var explorer = Explorer(
  tree: tree, height: inlineRows ?? size.rows, width: size.columns,
  style: Explorer.defaultStyle(base: RowStyle.named[invocation.style] ?? .checkboxOnLeft))
explorer.exactMatching = invocation.exact
if let lazyDirectory {
  explorer.readLazily(lazyDirectory.tree, using: lazyDirectory.loader.children)
}
explorer.selectionLimit = invocation.limit
explorer.header =
  invocation.header.map {
    $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  } ?? []
if let query = invocation.query { explorer.startFiltering(query) }
// --preview: one run at a time for the focused node, killed when the focus moves on.
let previewer = invocation.preview.map {
  Previewer(command: PreviewCommand($0), timeLimit: invocation.previewTimeout ?? 3)
}
explorer.showsPreview = previewer != nil
let previewDirectory: String? = if case .directory(let path) = source { path } else { nil }
var decoder = KeyDecoder()
// A stream is read as it arrives, between keys; its warnings are printed after the explorer ends.
var streamWarnings: [String] = []
if streaming != nil {
  _ = fcntl(streamDescriptor, F_SETFL, fcntl(streamDescriptor, F_GETFL) | O_NONBLOCK)
  explorer.loadingLines = 0
}
terminal.start(mouse: !invocation.noMouse, inlineRows: inlineRows)
previewer?.follow(&explorer, directory: previewDirectory, separator: invocation.separator)
previewGroup = previewer?.processGroup ?? 0
terminal.draw(explorer.frame(mode: mode))
if getenv("TOGGLEKIT_TEST_PANIC") != nil {
  // Test hook: a crash while the terminal is raw, to prove the crash handlers restore it.
  fatalError("TOGGLEKIT_TEST_PANIC: a deliberate crash after the first frame")
}
while explorer.outcome == nil {
  let waits = [
    previewer?.millisecondsLeft ?? -1,
    streaming?.millisecondsUntilSnapshot(now: Previewer.now()) ?? -1,
  ].filter { $0 >= 0 }
  let (input, resized, timedOut) = terminal.waitForInput(
    timeout: decoder.hasPending ? 40 : waits.min() ?? -1,
    others: [previewer?.descriptor, streaming == nil ? nil : streamDescriptor].compactMap { $0 })
  if let previewer, previewer.service() {
    explorer.preview = previewer.pane
    previewGroup = previewer.processGroup
  }
  do throws(InputError) {
    if try streaming?.readWaiting(from: streamDescriptor) == true, let input = streaming {
      streaming = nil
      var whole = try input.finish()
      streamWarnings = try preparation.prepare(&whole)
      explorer.reload(from: whole)
      explorer.loadingLines = nil
    } else {
      streaming?.update(&explorer, preparation: preparation, now: Previewer.now())
    }
  } catch {
    previewer?.stop()
    previewGroup = 0
    terminal.stop()
    printError(error.description)
    exit(1)
  }
  if resized {
    size = terminal.size
    // Inline, the region keeps its rows (growing it would scroll the lines above away).
    explorer.resize(height: inlineRows ?? size.rows, width: size.columns)
  }
  var keys: [Key] = []
  if timedOut {
    keys = decoder.flush()  // nothing unless a key was half read (a lone Esc)
  } else if var input {
    // A paste arrives as many bytes: take all that are waiting, so the filter runs once for them.
    while input.count < 1 << 20, let more = terminal.readWaiting(), !more.isEmpty { input += more }
    keys = decoder.feed(input)
  } else {
    keys = [.interrupt]  // the terminal went away
  }
  if keys.contains(.suspend) { terminal.suspend() }
  explorer.handle(keys)
  previewer?.follow(&explorer, directory: previewDirectory, separator: invocation.separator)
  previewGroup = previewer?.processGroup ?? 0
  terminal.draw(explorer.frame(mode: mode))
}
previewer?.stop()
previewGroup = 0
terminal.stop()
for warning in streamWarnings { printError("togglekit: warning: \(warning)") }
if explorer.outcome == .accepted {
  // A folder not read yet is read now when the output lists what is in it.
  explorer.loadFor(output: invocation.output ?? .leaves)
}
for warning in lazyDirectory?.loader.warnings ?? [] { printError("togglekit: warning: \(warning)") }
if explorer.outcome == .accepted {
  (invocation.output ?? .leaves).write(
    explorer.tree, separator: invocation.separator, nullSeparated: invocation.nullSeparated,
    prefix: invocation.directoryPrefix
  ) { output.write($0) }
  output.finish()
  exit(0)
}
exit(130)
