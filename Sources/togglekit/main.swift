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
  var line = message.hasSuffix("\n") ? message : message + "\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

func printOutput(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}

/// Reads a whole file (or standard input with nil).
func readAll(_ path: String?) -> Result<[UInt8], InputError> {
  let descriptor = path.map { open($0, O_RDONLY) } ?? 0
  guard descriptor >= 0 else {
    return .failure(InputError(message: "\(path!): \(String(cString: strerror(errno)))"))
  }
  defer { if path != nil { close(descriptor) } }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = read(descriptor, &buffer, buffer.count)
    if count < 0 {
      if errno == EINTR { continue }
      return .failure(
        InputError(message: "\(path ?? "<stdin>"): \(String(cString: strerror(errno)))"))
    }
    if count == 0 { break }
    bytes += buffer[0..<count]
  }
  return .success(bytes)
}

let invocation: Invocation
do {
  invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError(error.description)
  exit(2)
}

switch invocation.command {
case .help:
  printOutput(Usage.text(for: invocation.helpTopic))
  exit(0)
case .version:
  printOutput("togglekit \(Usage.version)\n")
  exit(0)
case .apply, .explore:
  break
}

guard
  let source = InputSource.choose(
    for: invocation, standardInputIsTerminal: isatty(0) != 0)
else {
  printError(
    UsageError("apply needs input: a FILE, '-' for standard input, or --dir PATH").description)
  exit(2)
}

var bytes: [UInt8] = []
switch source {
case .file(let path):
  switch readAll(path) {
  case .success(let content): bytes = content
  case .failure(let error):
    printError(error.description)
    exit(1)
  }
case .standardInput:
  switch readAll(nil) {
  case .success(let content): bytes = content
  case .failure(let error):
    printError(error.description)
    exit(1)
  }
case .directory, .demo: break
}

let loaded: (tree: SelectionTree<String>, warnings: [String])
do {
  loaded = try loadTree(invocation, source: source, bytes: bytes)
} catch {
  printError(error.description)
  exit(1)
}
for warning in loaded.warnings { printError("togglekit: warning: \(warning)") }
var tree = loaded.tree
if let rulesFile = invocation.rulesFile {
  do {
    let rules = try loadRules(try readAll(rulesFile).get(), file: rulesFile)
    try applyRules(rules, to: &tree, file: rulesFile)
  } catch {
    printError(error.description)
    exit(1)
  }
}

if invocation.command == .apply {
  do {
    printOutput(try runApply(invocation, on: tree))
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
var explorer = Explorer(
  tree: tree, height: size.rows, width: size.columns,
  style: Explorer.defaultStyle(base: RowStyle.named[invocation.style] ?? .checkboxOnLeft))
var decoder = KeyDecoder()
terminal.start()
terminal.draw(explorer.frame(mode: mode))
if getenv("TOGGLEKIT_TEST_PANIC") != nil {
  // Test hook: a crash while the terminal is raw, to prove the crash handlers restore it.
  fatalError("TOGGLEKIT_TEST_PANIC: a deliberate crash after the first frame")
}
while explorer.outcome == nil {
  let (input, resized, timedOut) = terminal.waitForInput(timeout: decoder.hasPending ? 40 : -1)
  if resized {
    size = terminal.size
    explorer.resize(height: size.rows, width: size.columns)
  }
  var keys: [Key] = []
  if timedOut {
    keys = decoder.flush()
  } else if let input {
    keys = decoder.feed(input)
  } else {
    keys = [.interrupt]  // the terminal went away
  }
  for key in keys { explorer.handle(key) }
  terminal.draw(explorer.frame(mode: mode))
}
terminal.stop()
if explorer.outcome == .accepted {
  printOutput((invocation.output ?? .leaves).render(explorer.tree, separator: invocation.separator))
  exit(0)
}
exit(130)
