import ToggleKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An `explore` session without its terminal: the input, the explorer, the preview and the output.
///
/// The tree is read lazily, streamed or whole; the explorer is set up from the command line; the
/// preview and the stream are served between keys. The executable only moves bytes between it and the terminal.
///
/// ```swift
/// let session = try ExploreSession(invocation, source: source, preparation: preparation,
///                                  rows: 24, columns: 80)
/// while session.explorer.outcome == nil {
///   // wait for session.waitMilliseconds on the terminal and session.descriptors
///   try session.step(input: bytes, resized: nil, timedOut: false)
///   draw(session.explorer.frame(mode: mode))
/// }
/// try session.finish { output.write($0) }
/// ```
package final class ExploreSession {
  /// The command line.
  package let invocation: Invocation
  /// The explorer.
  package private(set) var explorer: Explorer
  /// The `--preview` runner, nil without one.
  package let previewer: Previewer?
  /// The lazily read `--dir`, nil otherwise.
  package let lazyDirectory: (tree: LazyTree<String>, loader: DirectoryLoader)?
  /// The input still arriving, nil once whole.
  private var streaming: StreamingInput?
  /// The descriptor it arrives on.
  package let streamDescriptor: Int32
  private let preparation: TreePreparation
  private let previewDirectory: String?
  private var decoder = KeyDecoder()
  /// Warnings not printed yet (``takeWarnings()``).
  private var warnings: [String] = []
  /// The rows of an inline region (`--height`), nil on the whole screen.
  package private(set) var inlineRows: Int?
  /// How long a filter's read goes on between two looks at the keys, in seconds.
  static let readingSlice = 0.04

  /// Reads the tree for `invocation` and sets up the explorer.
  ///
  /// `--dir` is read lazily unless an option needs every name, a pipe (or a large file) as it
  /// arrives, anything else whole. The input is
  /// read before the terminal is opened, so that bad input fails anywhere; ``attach(rows:columns:)``
  /// gives the terminal's size.
  ///
  /// - Throws: ``InputError`` when the input cannot be read or prepared.
  /// - Complexity: O(n) for input read whole.
  package init(
    _ invocation: Invocation, source: InputSource, preparation: TreePreparation, rows: Int = 24,
    columns: Int = 80
  ) throws(InputError) {
    self.invocation = invocation
    self.preparation = preparation
    let startsAtOnce = invocation.selectsOne || invocation.exitsWhenEmpty
    var standardInput = stat()
    var streaming: StreamingInput? = nil
    var descriptor: Int32 = 0
    if source == .standardInput, !startsAtOnce,
      fstat(0, &standardInput) != 0 || standardInput.st_mode & S_IFMT != S_IFREG
    {
      streaming = StreamingInput(invocation)
    } else if !startsAtOnce,
      let (input, file) = try StreamingInput.largeFile(
        invocation, source: source)
    {
      streaming = input
      descriptor = file
    }
    var tree: SelectionTree<String>
    var lazy: (tree: LazyTree<String>, loader: DirectoryLoader)? = nil
    if case .directory(let path) = source, invocation.selectPaths.isEmpty,
      invocation.selectFiles.isEmpty, invocation.limit == nil,
      invocation.query == nil,
      invocation.rulesFile == nil, !startsAtOnce
    {
      do {
        lazy = try LazyTree.directory(
          at: path, maxDepth: invocation.maxDepth, includeHidden: invocation.readsHiddenNames,
          exclude: invocation.directoryExcludes, gitignore: invocation.gitignore,
          options: invocation.treeOptions)
      } catch {
        throw InputError(message: error.description)
      }
      // A spec restored loads nothing: its decisions below folders not read wait for them; a
      // filter file's rules decide each folder as it is read.
      if let spec = preparation.spec {
        let loader = lazy!.loader
        warnings += try preparation.restore(
          spec, roots: lazy!.tree.tree.roots.compactMap(lazy!.tree.tree.label(of:)),
          names: { lazy!.tree.names($0, using: loader.children) },
          apply: { lazy!.tree.setSelection(to: $0) })
      }
      if let filter = preparation.filter {
        let root = lazy!.tree.tree.roots.first.flatMap(lazy!.tree.tree.label(of:))
        warnings += preparation.follow(filter.rules, named: filter.name, root: root) {
          lazy!.tree.setSelection(to: $0)
        }
      }
      tree = lazy!.tree.tree
    } else if streaming != nil {
      tree = try! SelectionTree(roots: [], options: invocation.treeOptions)  // filled as lines come
    } else {
      let loaded = try readTree(invocation, source: source)
      tree = loaded.tree
      warnings += loaded.warnings
      warnings += try preparation.prepare(&tree)
      // One rule however a folder is read: its top folder starts open, as a lazy read opens it.
      if case .directory = source {
        for root in tree.roots { try? tree.expand(root) }
      }
    }
    self.streaming = streaming
    streamDescriptor = descriptor
    lazyDirectory = lazy
    inlineRows = invocation.height?.rows(onScreenOf: rows)
    explorer = Explorer(
      tree: tree, height: inlineRows ?? rows, width: columns,
      style: Explorer.defaultStyle(base: RowStyle.named[invocation.style] ?? .checkboxOnLeft))
    explorer.configure(for: invocation)
    // Between keys: a filter over folders not read never freezes the screen.
    explorer.settings.readsInBackground = true
    if let lazy { explorer.readLazily(lazy.tree, using: lazy.loader.children) }
    if let query = invocation.query { explorer.startFiltering(query) }
    previewer = invocation.preview.map {
      Previewer(command: PreviewCommand($0), timeLimit: invocation.previewTimeout ?? 3)
    }
    explorer.previewing.isOn = previewer != nil
    previewDirectory = if case .directory(let path) = source { path } else { nil }
    if streaming != nil {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      explorer.loadingLines = 0
    }
  }

  /// What `--select-1` and `--exit-0` decide before any screen: accept (one leaf shown, now
  /// selected) or end with nothing; nil to start the screen.
  ///
  /// - Complexity: O(n log n).
  package func decideAtOnce() -> Explorer.Outcome? {
    guard invocation.selectsOne || invocation.exitsWhenEmpty else { return nil }
    let leaves = explorer.shownLeaves
    if invocation.exitsWhenEmpty && leaves.isEmpty { return .accepted }
    guard invocation.selectsOne, leaves.count == 1 else { return nil }
    explorer.perform(.deselectAll)
    explorer.pickAtOnce(leaves[0])
    return .accepted
  }

  /// How long to wait for input before ``step(input:resized:timedOut:)`` is due anyway
  /// (milliseconds, -1: no limit): a half-read key, a preview's time limit, the next snapshot.
  package var waitMilliseconds: Int32 {
    if decoder.hasPending { return 40 }
    if explorer.isReading { return 0 }
    let waits = [
      previewer?.millisecondsLeft ?? -1,
      streaming?.millisecondsUntilSnapshot(now: Previewer.now()) ?? -1,
    ].filter { $0 >= 0 }
    return waits.min() ?? -1
  }

  /// The descriptors to wait on besides the terminal: the preview's output, the stream.
  package var descriptors: [Int32] {
    [previewer?.descriptor, streaming == nil ? nil : streamDescriptor].compactMap { $0 }
  }

  /// Fits the explorer to the terminal: the whole screen, or the `--height` region on it.
  package func attach(rows: Int, columns: Int) {
    inlineRows = invocation.height?.rows(onScreenOf: rows)
    explorer.resize(height: inlineRows ?? rows, width: columns)
  }

  /// The warnings since the last call: printed while the terminal is the shell's.
  package func takeWarnings() -> [String] {
    defer { warnings = [] }
    return warnings
  }

  /// Shows `message` on the status line (a bound command that failed).
  package func report(_ message: String) {
    explorer.report(message)
  }

  /// Starts the screen: what `start` (and `load`, for an input read whole) is bound to runs, and
  /// the preview for the first frame.
  ///
  /// - Returns: What the terminal side must do for the bound actions.
  package func start() -> [ExplorerEffect] {
    explorer.start()
    followPreview()
    return explorer.takeEffects()
  }

  /// Takes the first line of what `transform-query(CMD)`'s command printed as the filter.
  ///
  /// - Complexity: O(output) plus the filter's.
  package func transformQuery(toOutput bytes: [UInt8]) {
    let line = bytes.prefix { $0 != 0x0A }
    var text = String(decoding: line, as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    explorer.run([.changeQuery(text)])
    followPreview()
  }

  /// One turn of the loop: the preview and the stream served, a resize followed, the input's keys
  /// handled (nil input: the terminal went away, which cancels).
  ///
  /// - Returns: What the terminal side must do (suspend, run a command…).
  /// - Throws: ``InputError`` when the stream turns out to be bad input.
  package func step(input: [UInt8]?, resized: (rows: Int, columns: Int)?, timedOut: Bool)
    throws(InputError) -> [ExplorerEffect]
  {
    if let previewer, previewer.service() { explorer.previewing.pane = previewer.pane }
    if try streaming?.readWaiting(from: streamDescriptor) == true, let input = streaming {
      streaming = nil
      warnings += try input.finish(into: &explorer, preparation: preparation)
      explorer.finishLoading()
    } else {
      streaming?.update(&explorer, preparation: preparation, now: Previewer.now())
    }
    if let resized {
      // Inline, the region keeps its rows (growing it would scroll the lines above away).
      explorer.resize(height: inlineRows ?? resized.rows, width: resized.columns)
    }
    let keys: [Key]
    if timedOut {
      keys = decoder.flush()  // nothing unless a key was half read (a lone Esc)
    } else if let input {
      keys = decoder.feed(input)
    } else {
      keys = [.interrupt]
    }
    explorer.clock = Previewer.now()
    explorer.handle(keys)
    if explorer.isReading && explorer.outcome == nil {
      // A slice of the read, then the keys again: Ctrl-C and Esc act within it.
      let deadline = Previewer.now() + Self.readingSlice
      explorer.continueReading { Previewer.now() < deadline }
    }
    followPreview()
    return explorer.takeEffects()
  }

  /// Takes a tree read by `reload(CMD)`'s command, keeping the selection by id.
  ///
  /// - Throws: ``InputError`` when the output is not a tree.
  package func reload(fromOutput bytes: [UInt8], of command: String) throws(InputError) {
    var parser = invocation.parser(named: "reload(\(command))")
    var tree: SelectionTree<String>
    do throws(TreeFormatError) {
      try parser.append(bytes)
      tree = try parser.finish()
    } catch {
      throw InputError(error, format: invocation.format)
    }
    warnings += try preparation.prepare(&tree)
    explorer.reload(from: tree)
    // A stream still arriving lays out its next snapshot whole: the tree is not its own now.
    streaming?.stopAppending()
  }

  /// The path `{}` stands for in a command: the focused node's (nil: none).
  package var focusedPath: String? {
    explorer.cursor.map {
      PreviewCommand.path(
        of: explorer.tree.id(at: $0), in: explorer.tree, directory: previewDirectory,
        separator: invocation.separator)
    }
  }

  /// The paths `{+}` stands for: the selected leaves'.
  package var selectedPaths: [String] {
    explorer.tree.selection(.leaves).map {
      PreviewCommand.path(
        of: $0, in: explorer.tree, directory: previewDirectory, separator: invocation.separator)
    }
  }

  /// Runs the preview command again for the focused node (`refresh-preview`).
  package func refreshPreview() {
    previewer?.refresh()
    followPreview()
  }

  private func followPreview() {
    previewer?.follow(&explorer, directory: previewDirectory, separator: invocation.separator)
  }

  /// Writes what the session prints, as fzf orders it.
  ///
  /// With `--print-query` the filter, with `--expect` the key that accepted (empty for another),
  /// then the selection in `--output`'s form. A folder not
  /// read yet is read first when the form lists what is in it.
  ///
  /// - Throws: ``ApplyError`` when the form cannot hold a name (a filter language's lines).
  /// - Complexity: O(n) plus the folders read.
  package func finish(_ write: (String) -> Void) throws(ApplyError) {
    previewer?.stop()
    guard explorer.outcome == .accepted else { return }
    let form = invocation.output ?? .leaves
    explorer.loadFor(output: form)
    warnings += lazyDirectory?.loader.warnings ?? []
    let end = invocation.nullSeparated ? "\0" : "\n"
    if invocation.printsQuery { write(explorer.finding.text + end) }
    if !invocation.expectedKeys.isEmpty { write((explorer.acceptingKey?.name ?? "") + end) }
    try form.write(
      explorer.tree, separator: invocation.separator, nullSeparated: invocation.nullSeparated,
      prefix: invocation.directoryPrefix, folder: invocation.absoluteDirectory,
      anchored: invocation.directory != nil, warn: { warnings.append($0) }, to: write)
  }
}

extension Explorer {
  /// Sets the explorer up as the command line asks: matching, keys, limits, header, layout.
  package mutating func configure(for invocation: Invocation) {
    finding.exact = invocation.exact
    finding.typesToFilter = invocation.typesToFilter
    settings.bindings = invocation.bindings
    settings.expectedKeys = Set(invocation.expectedKeys)
    settings.selectionLimit = invocation.limit
    settings.emptyEnter = invocation.emptyEnter
    settings.showsCounts = invocation.showsCounts
    settings.prompt = invocation.prompt
    settings.reverseLayout = invocation.reverseLayout
    settings.cycles = invocation.cycles
    previewing.window = invocation.previewWindow
    previewing.startingWindow = invocation.previewWindow
    finding.caseSensitive = invocation.caseSensitive
    settings.info = invocation.info
    settings.border = invocation.border
    settings.jumpLabels = invocation.jumpLabels ?? Explorer.defaultJumpLabels
    resize(height: screen.height, width: screen.width)  // inside the border
    settings.header =
      invocation.header.map {
        $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      } ?? []
  }

  /// Shows `text` on the status line until the next key.
  mutating func report(_ text: String) {
    message = text
  }

  /// Selects `id` as `--select-1` does, and ends the session accepted.
  mutating func pickAtOnce(_ id: String) {
    change("select \(displayPath(of: id))") { _ = try? $0.set(id, to: true) }
    outcome = .accepted
  }
}
