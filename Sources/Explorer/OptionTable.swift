import ToggleKit

/// One command-line option, declared once: its names, value, commands, help, and how it sets the
/// invocation.
///
/// Parsing, `--help` and the option list of docs/togglekit.md all read ``OptionTable/options``.
package struct CommandLineOption: Sendable {
  /// Where the option is listed in help.
  package enum Section: String, CaseIterable, Sendable {
    case general = "Options"
    case input = "Input"
    case tree = "Tree options"
    case selection = "Selection"
    case rules = "Rules"
    case operations = "Operations"
    case finding = "Finding"
    case output = "Output"
    case preview = "Preview"
  }

  /// What a shell's completion offers for an option's value.
  package enum ValueCompletion: Hashable, Sendable {
    /// Free text: nothing is offered.
    case text
    /// File names.
    case files
    /// Directory names.
    case directories
    /// One of these words.
    case choices([String])
  }

  /// Sets the invocation from the option's value (empty for a flag).
  package typealias Apply =
    @Sendable (inout Invocation, _ value: String) throws(UsageError) -> Void

  /// The names, short first: `["-0", "--null"]`.
  package let names: [String]
  /// The value's placeholder in help (`PATH`), or nil for a flag.
  package let value: String?
  /// The commands that accept the option.
  package let commands: Set<Invocation.Command>
  /// The help section.
  package let section: Section
  /// The help text; a line break continues it on the next line.
  package let help: String
  /// What a shell's completion offers for the value (nothing for a flag).
  package var completion: ValueCompletion = .text
  /// Whether the option may be given more than once, each adding to what it does.
  package var repeatable = false
  /// The placeholder of a value a flag may take written `--flag=VALUE` (fzf's `--multi=MAX`,
  /// `--border=STYLE`), or nil.
  package var inlineValue: String?
  /// Whether the argument after such a flag is its value (fzf's `--border sharp`, `--multi 3`):
  /// one it could take.
  package var takesNext: @Sendable (String) -> Bool = { _ in false }
  /// What the option does.
  package let apply: Apply

  /// The help text as help and the reference show it: ``help``, then "; repeatable" for
  /// an option that may be given more than once.
  package var fullHelp: String { repeatable ? help + "; repeatable" : help }

  /// The names and value as help shows them: `-0, --null`, `--dir PATH`.
  package var synopsis: String {
    names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
      + (inlineValue.map { "[=\($0)]" } ?? "")
  }
}

/// The options of `togglekit`, in the order help lists them.
package enum OptionTable {
  static let both: Set<Invocation.Command> = [.explore, .apply]

  package static let options: [CommandLineOption] = [
    .init(
      names: ["-h", "--help"], value: nil, commands: both, section: .general, help: "show help",
      apply: { invocation, _ in
        invocation = Invocation(command: .help, helpTopic: invocation.command)
      }
    ),
    .init(
      names: ["--dir"], value: "PATH", commands: both, section: .input,
      help: "a directory tree instead of a file",
      completion: .directories,
      apply: { invocation, value in invocation.directory = value }),
    .init(
      names: ["--max-depth"], value: "N", commands: both, section: .input,
      help: "with --dir: levels to read",
      apply: { invocation, value throws(UsageError) in
        guard let depth = Int(value), depth >= 0 else {
          throw UsageError("option '--max-depth' takes a whole number, not '\(value)'")
        }
        invocation.maxDepth = depth
      }),
    .init(
      names: ["--hidden"], value: nil, commands: both, section: .input,
      help: "with --dir: include names starting with '.'",
      apply: { invocation, _ in invocation.includeHidden = true }),
    .init(
      names: ["--exclude"], value: "GLOB", commands: both, section: .input,
      help: "with --dir: leave out what the pattern matches (.gitignore syntax)",
      repeatable: true,
      apply: { invocation, value in invocation.excludes.append(value) }),
    .init(
      names: ["--gitignore"], value: nil, commands: both, section: .input,
      help: "with --dir: leave out what .gitignore files ignore, as git does",
      apply: { invocation, _ in invocation.gitignore = true }),
    .init(
      names: ["--format"], value: "FORMAT", commands: both, section: .input,
      help: "indented, json or paths",
      completion: .choices(TreeFormat.allCases.map(\.rawValue)),
      apply: { invocation, value throws(UsageError) in
        invocation.format = try choice(TreeFormat.self, value, for: "--format")
      }),
    .init(
      names: ["--read0"], value: nil, commands: both, section: .input,
      help: """
        the input is names each ended by NUL (find -print0, git ls-files -z),
        read as they are: every byte a file name may hold comes back out of -0
        """,
      apply: { invocation, _ in invocation.readsNULSeparatedNames = true }),
    .init(
      names: ["--separator"], value: "C", commands: both, section: .input,
      help: "the separator of a path list (default /)",
      apply: { invocation, value throws(UsageError) in
        guard value.unicodeScalars.count == 1, let scalar = value.unicodeScalars.first else {
          throw UsageError("option '--separator' takes a single character, not '\(value)'")
        }
        invocation.separator = scalar
      }),
    .init(
      names: ["--locked"], value: "POLICY", commands: both, section: .tree,
      help: "excluded (default: locked items do not count) or counted (SwiftUI's)",
      completion: .choices(LockedSources.allCases.map(\.rawValue)),
      apply: { invocation, value throws(UsageError) in
        invocation.lockedSources = try choice(LockedSources.self, value, for: "--locked")
      }),
    .init(
      names: ["--mixed-toggles-to"], value: "on|off", commands: both, section: .tree,
      help: "what a click on a mixed parent writes (default on)",
      completion: .choices(MixedToggleTarget.allCases.map(\.rawValue)),
      apply: { invocation, value throws(UsageError) in
        invocation.mixedTogglesTo = try choice(
          MixedToggleTarget.self, value, for: "--mixed-toggles-to")
      }),
    .init(
      names: ["--select"], value: "PATH", commands: both, section: .selection,
      help: "start with the node selected (every writable leaf below it)",
      repeatable: true,
      apply: { invocation, value in invocation.selectPaths.append(value) }),
    .init(
      names: ["--select-from"], value: "FILE", commands: both, section: .selection,
      help: """
        start with the paths in FILE selected ('-': standard input): lines as
        --output prints them, or NUL-ended raw paths as -0 prints them;
        paths no longer in the tree are skipped with a warning (a list that
        names none is an error)
        """,
      completion: .files,
      repeatable: true,
      apply: { invocation, value in invocation.selectFiles.append(value) }),
    .init(
      names: ["--select-spec"], value: "FILE", commands: both, section: .selection,
      help: """
        start with the selection spec in FILE ('-': standard input): '+ PATH'
        and '- PATH' lines as --output spec prints them, relative to the --dir
        folder ('.' is the folder itself); each node follows the nearest
        decision on itself or a folder above it (new files too); after a line
        'rules rsync' or 'rules gitignore', a filter file's lines decide the
        rest; a spec that names no node of the tree is an error
        """,
      completion: .files,
      apply: { invocation, value in invocation.selectSpecFile = value }),
    .init(
      names: ["--strict"], value: nil, commands: both, section: .selection,
      help: """
        fail (exit 1) when a path of --select-spec or --select-from names no
        node, instead of keeping it for files to come with a warning: the form
        for scripts and cron jobs
        """,
      apply: { invocation, _ in invocation.isStrict = true }),
    .init(
      names: ["--select-rsync-filter"], value: "FILE", commands: both, section: .selection,
      help: """
        start with what the rsync filter rules in FILE ('-': standard input)
        copy ('+ PATTERN' / '- PATTERN' lines; the first that matches decides);
        with --dir, anchored inside the folder, as 'rsync -a DIR/ DEST' reads them;
        the rules are kept: they decide files read later, and rsync-filter
        output writes them back after the decisions
        """,
      completion: .files,
      apply: { invocation, value throws(UsageError) in
        try invocation.selectFilterFile(.rsync, value)
      }),
    .init(
      names: ["--select-gitignore"], value: "FILE", commands: both, section: .selection,
      help: """
        start with what git would track under the ignore patterns in FILE ('-':
        standard input): the last pattern that matches decides, and nothing comes
        back inside an ignored folder; with --dir, FILE is the folder's .gitignore;
        the patterns are kept, and gitignore output writes them back
        """,
      completion: .files,
      apply: { invocation, value throws(UsageError) in
        try invocation.selectFilterFile(.gitignore, value)
      }),
    .init(
      names: ["--limit"], value: "N", commands: [.explore], section: .selection,
      help: """
        at most N leaves selected; with 1, Space moves the selection and Enter
        picks the focused node when none is selected (a folder of more is refused)
        """,
      apply: { invocation, value throws(UsageError) in
        guard let limit = Int(value), limit >= 1 else {
          throw UsageError("option '--limit' takes a whole number of at least 1, not '\(value)'")
        }
        invocation.limit = limit
      }),
    .init(
      names: ["--rules"], value: "FILE", commands: both, section: .rules,
      help: """
        rules deriving each node's enabled, locked, expanded, displayLabel and
        style, one per line: depth >= 2 => expanded <= false
        """,
      completion: .files,
      apply: { invocation, value throws(UsageError) in
        guard invocation.rulesFile == nil else {
          throw UsageError("option '--rules' given twice; put all rules in one file")
        }
        invocation.rulesFile = value
      }),
    .init(
      names: ["--toggle"], value: "PATH", commands: [.apply], section: .operations,
      help: "click the node",
      repeatable: true,
      apply: { invocation, value in invocation.operations.append(.toggle(value)) }),
    .init(
      names: ["--on"], value: "PATH", commands: [.apply], section: .operations,
      help: "select the node (every writable leaf below it)",
      repeatable: true,
      apply: { invocation, value in invocation.operations.append(.on(value)) }),
    .init(
      names: ["--off"], value: "PATH", commands: [.apply], section: .operations,
      help: "deselect the node",
      repeatable: true,
      apply: { invocation, value in invocation.operations.append(.off(value)) }),
    .init(
      names: ["--expand"], value: "PATH", commands: [.apply], section: .operations,
      help: "expand the node's ancestors",
      repeatable: true,
      apply: { invocation, value in invocation.operations.append(.expand(value)) }),
    .init(
      names: ["--filter"], value: "TEXT", commands: [.apply], section: .operations,
      help: "apply operations under a filter (labels containing TEXT, smart case)",
      apply: { invocation, value in invocation.filter = value }),
    .init(
      names: ["-q", "--query"], value: "TEXT", commands: [.explore], section: .finding,
      help: "start with this filter (fuzzy unless --exact)",
      apply: { invocation, value in invocation.query = value }),
    .init(
      names: ["-e", "--exact"], value: nil, commands: [.explore], section: .finding,
      help: """
        the filter matches substrings, not fuzzy subsequences (smart
        case either way)
        """,
      apply: { invocation, _ in invocation.exact = true }),
    .init(
      names: ["-i", "--ignore-case"], value: nil, commands: [.explore], section: .finding,
      help: "the filter ignores case, an uppercase letter too",
      apply: { invocation, _ in invocation.caseSensitive = false }),
    .init(
      names: ["+i", "--no-ignore-case"], value: nil, commands: [.explore], section: .finding,
      help: "the filter's case must match, a lowercase letter too",
      apply: { invocation, _ in invocation.caseSensitive = true }),
    .init(
      names: ["--smart-case"], value: nil, commands: [.explore], section: .finding,
      help: "case must match for a term with an uppercase letter (the default)",
      apply: { invocation, _ in invocation.caseSensitive = nil }),
    .init(
      names: ["--jump-labels"], value: "CHARS", commands: [.explore], section: .finding,
      help: "the labels the jump action puts on the rows (fzf's default: asdf…)",
      apply: { invocation, value throws(UsageError) in
        let labels = Array(value)
        guard !labels.isEmpty, Set(labels).count == labels.count,
          !labels.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true })
        else {
          throw UsageError(
            "option '--jump-labels' takes distinct printable characters, not '\(value)'")
        }
        invocation.jumpLabels = labels
      }),
    .init(
      names: ["--keys"], value: "tree|fzf", commands: [.explore], section: .finding,
      help: """
        fzf: typing filters at once, as in fzf, and the letter commands move to
        Alt (Alt-A select all, Alt-U undo…); tree (default): letters are commands
        and / starts the filter
        """,
      completion: .choices(["tree", "fzf"]),
      apply: { invocation, value throws(UsageError) in
        guard value == "tree" || value == "fzf" else {
          throw UsageError("option '--keys' takes tree or fzf, not '\(value)'")
        }
        invocation.typesToFilter = value == "fzf"
      }),
    .init(
      names: ["--bind"], value: "KEY:ACTION", commands: [.explore], section: .finding,
      help: """
        bind keys, as fzf does: KEY:ACTION[+ACTION…][,KEY:ACTION…], e.g.
        ctrl-o:execute(less {}) or tab:toggle+down; names in the KEYS section
        """,
      repeatable: true,
      apply: { invocation, value throws(UsageError) in
        for (key, actions) in try parseBindings(value) { invocation.bindings[key] = actions }
      }),
    .init(
      names: ["--expect"], value: "KEYS", commands: [.explore], section: .finding,
      help: """
        keys (comma-separated) that accept too; the key pressed is printed on
        the first line (an empty line for Enter)
        """,
      completion: .choices(KeyTable.keyNames),
      apply: { invocation, value throws(UsageError) in
        do throws(KeyNameError) {
          invocation.expectedKeys = try Key.list(value)
        } catch {
          throw UsageError("option '--expect': \(error.message)")
        }
        if case .event(let event)? = invocation.expectedKeys.first(where: {
          if case .event = $0 { true } else { false }
        }) {
          throw UsageError(
            "option '--expect': '\(event.rawValue)' is an event, not a key: --bind it to accept")
        }
      }),
    .init(
      names: ["--print-query"], value: nil, commands: [.explore], section: .finding,
      help: "print the filter text first (before the --expect key)",
      apply: { invocation, _ in invocation.printsQuery = true }),
    .init(
      names: ["-1", "--select-1"], value: nil, commands: [.explore], section: .finding,
      help: "when exactly one leaf is shown at the start (see --query), print it at once",
      apply: { invocation, _ in invocation.selectsOne = true }),
    .init(
      names: ["--exit-0"], value: nil, commands: [.explore], section: .finding,
      help: "when no leaf is shown at the start, print nothing and exit 0 at once",
      apply: { invocation, _ in invocation.exitsWhenEmpty = true }),
    .init(
      names: ["--scope"], value: "visible|all", commands: [.apply], section: .operations,
      help: "under --filter, what writes reach (default visible)",
      completion: .choices(FilterScope.allCases.map(\.rawValue)),
      apply: { invocation, value throws(UsageError) in
        invocation.scope = try choice(FilterScope.self, value, for: "--scope")
      }),
    .init(
      names: ["--explain"], value: "PATH", commands: [.apply], section: .operations,
      help: """
        print why the node is enabled, locked, … (which rule fired, which
        did not); the tree is printed too only with --print
        """,
      repeatable: true,
      apply: { invocation, value in invocation.explainPaths.append(value) }),
    .init(
      names: ["--output"], value: "FORM", commands: [.explore], section: .output,
      help: """
        leaves (default), topmost, all, json, indent, paths, spec (the
        decisions: + PATH / - PATH), rsync-filter or gitignore (what is selected,
        as rules for rsync -a --filter='merge FILE' DIR/ and as ignore patterns,
        with the filter rules the selection keeps),
        restic-files and restic-excludes (restic backup --files-from-raw F1
        --exclude-file F2), borg-patterns (borg create --patterns-from FILE)
        """,
      completion: .choices(OutputForm.allCases.filter { $0 != .states }.map(\.rawValue)),
      apply: { invocation, value throws(UsageError) in
        let form = try choice(OutputForm.self, value, for: "--output")
        guard form != .states else {
          throw UsageError(
            "option '--output' takes leaves, topmost, all, json, indent, paths, spec, "
              + "rsync-filter, gitignore, restic-files, restic-excludes or borg-patterns")
        }
        invocation.output = form
      }),
    .init(
      names: ["--print"], value: "FORM", commands: [.apply], section: .output,
      help: """
        states (default: STATE<TAB>PATH for every node), leaves, topmost, all,
        json, indent, paths, spec, rsync-filter, gitignore, restic-files,
        restic-excludes or borg-patterns (as --output)
        """,
      completion: .choices(OutputForm.allCases.map(\.rawValue)),
      apply: { invocation, value throws(UsageError) in
        invocation.output = try choice(OutputForm.self, value, for: "--print")
      }),
    .init(
      names: ["-0", "--null", "--print0"], value: nil, commands: both, section: .output,
      help: """
        paths as they are (a file name's own bytes), each ended by NUL, for
        xargs -0 and tar --null -T -, instead of escaped lines
        """,
      apply: { invocation, _ in invocation.nullSeparated = true }),
    .init(
      names: ["--style"], value: "NAME", commands: [.explore], section: .output,
      help: """
        checkbox (default), checkbox-right, switch or button (fzf's presets
        default, minimal and full are taken and change nothing)
        """,
      completion: .choices(RowStyle.named.keys.sorted()),
      apply: { invocation, value throws(UsageError) in
        if ["default", "minimal", "full"].contains(value) { return }
        guard RowStyle.named[value] != nil else {
          let allowed = RowStyle.named.keys.sorted().joined(separator: ", ")
          throw UsageError("option '--style' takes one of \(allowed), not '\(value)'")
        }
        invocation.style = value
      }),
    .init(
      names: ["--height"], value: "N|N%", commands: [.explore], section: .output,
      help: """
        draw inline below the prompt in N rows (or N% of the terminal), not on
        the whole screen; the rows are cleared on exit
        """,
      apply: { invocation, value throws(UsageError) in
        invocation.height = try TerminalHeight(parsing: value)
      }),
    .init(
      names: ["--header"], value: "TEXT", commands: [.explore], section: .output,
      help: "a line (or lines) shown above the tree",
      apply: { invocation, value in invocation.header = value }),
    .init(
      names: ["--prompt"], value: "TEXT", commands: [.explore], section: .output,
      help: "the prompt before the filter (default '/', '> ' with --keys fzf)",
      apply: { invocation, value in invocation.prompt = value }),
    .init(
      names: ["--layout"], value: "LAYOUT", commands: [.explore], section: .output,
      help: """
        reverse: prompt and status above the tree; default (or reverse-list):
        below it
        """,
      completion: .choices(["default", "reverse", "reverse-list"]),
      apply: { invocation, value throws(UsageError) in
        guard ["default", "reverse", "reverse-list"].contains(value) else {
          throw UsageError(
            "option '--layout' takes default, reverse or reverse-list, not '\(value)'")
        }
        invocation.reverseLayout = value == "reverse"
      }),
    .init(
      names: ["--cycle"], value: nil, commands: [.explore], section: .output,
      help: "up from the first row goes to the last, down from the last to the first",
      apply: { invocation, _ in invocation.cycles = true }),
    .init(
      names: ["--reverse"], value: nil, commands: [.explore], section: .output,
      help: "fzf's name for --layout reverse",
      apply: { invocation, _ in invocation.reverseLayout = true }),
    .init(
      names: ["--border"], value: nil, commands: [.explore], section: .output,
      help: """
        a border around the explorer: rounded (default), sharp, bold, double,
        dashed, block, thinblock, horizontal, vertical, line, top, bottom, left,
        right, none
        """,
      completion: .choices(BorderStyle.allCases.map(\.rawValue)),
      inlineValue: "STYLE", takesNext: { BorderStyle(named: $0) != nil },
      apply: { invocation, value throws(UsageError) in
        guard let style = value.isEmpty ? .rounded : BorderStyle(named: value) else {
          throw UsageError(
            "option '--border' takes one of "
              + BorderStyle.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(value)'")
        }
        invocation.border = style == .none ? nil : style
      }),
    .init(
      names: ["--info"], value: "STYLE", commands: [.explore], section: .output,
      help: """
        where the status line goes: default (its own line), right, hidden,
        inline[:PREFIX] (after the prompt), inline-right[:PREFIX]
        """,
      completion: .choices(InfoStyle.names),
      apply: { invocation, value throws(UsageError) in
        guard let style = InfoStyle(parsing: value) else {
          throw UsageError(
            "option '--info' takes default, right, hidden, inline[:PREFIX] or "
              + "inline-right[:PREFIX], not '\(value)'")
        }
        invocation.info = style
      }),
    .init(
      names: ["--no-info"], value: nil, commands: [.explore], section: .output,
      help: "fzf's name for --info hidden",
      apply: { invocation, _ in invocation.info = .hidden }),
    .init(
      names: ["--counts"], value: nil, commands: [.explore], section: .output,
      help: "folders show their selected and writable leaves: Fruit (2/3 · 1 locked)",
      apply: { invocation, _ in invocation.showsCounts = true }),
    .init(
      names: ["-m", "--multi"], value: nil, commands: [.explore], section: .selection,
      help: """
        fzf's multi-select, which explore always is; --multi=N is --limit N
        """,
      inlineValue: "N", takesNext: { Int($0) != nil },
      apply: { invocation, value throws(UsageError) in
        guard !value.isEmpty else { return }
        guard let limit = Int(value), limit >= 1 else {
          throw UsageError("option '--multi' takes a whole number of at least 1, not '\(value)'")
        }
        invocation.limit = limit
      }),
    .init(
      names: ["+m", "--no-multi"], value: nil, commands: [.explore], section: .selection,
      help: "fzf's single pick: --limit 1",
      apply: { invocation, _ in invocation.limit = 1 }),
    .init(
      names: ["--empty-enter"], value: "WHAT", commands: [.explore], section: .selection,
      help: """
        Enter with nothing selected: auto (default) picks the focused node unless
        something was selected in the session; focused always; nothing never
        """,
      completion: .choices(Explorer.EmptyEnter.allCases.map(\.rawValue)),
      apply: { invocation, value throws(UsageError) in
        invocation.emptyEnter = try choice(Explorer.EmptyEnter.self, value, for: "--empty-enter")
      }),
    .init(
      names: ["--no-mouse"], value: nil, commands: [.explore], section: .output,
      help: "no mouse (by default a click toggles a box or opens a folder, the wheel scrolls)",
      apply: { invocation, _ in invocation.noMouse = true }),
    .init(
      names: ["--preview"], value: "CMD", commands: [.explore], section: .preview,
      help: """
        run CMD with /bin/sh beside the tree for the focused node, {} standing
        for its path (given as $1, never as shell text, in quotes or not); its
        output is shown with control sequences neutralised
        """,
      apply: { invocation, value throws(UsageError) in
        guard !value.allSatisfy(\.isWhitespace) else {
          throw UsageError("option '--preview' takes a command, not '\(value)'")
        }
        invocation.preview = value
      }),
    .init(
      names: ["--preview-window"], value: "SPEC", commands: [.explore], section: .preview,
      help: """
        where the preview goes, as fzf's: right (default), left, up or down,
        a size (N or N%, default 50%), hidden, wrap; e.g. down:10:wrap
        """,
      apply: { invocation, value throws(UsageError) in
        do throws(PreviewWindowError) {
          invocation.previewWindow = try PreviewWindow(parsing: value)
        } catch {
          throw UsageError("option '--preview-window': '\(error.part)': \(error.reason)")
        }
      }),
    .init(
      names: ["--preview-timeout"], value: "SECONDS", commands: [.explore], section: .preview,
      help: "with --preview: stop a run after this long (default 3)",
      apply: { invocation, value throws(UsageError) in
        guard let seconds = Double(value), seconds > 0, seconds <= 86_400 else {
          throw UsageError(
            "option '--preview-timeout' takes a number of seconds (0 < S ≤ 86400), not '\(value)'")
        }
        invocation.previewTimeout = seconds
      }),
    .init(
      names: ["--no-color"], value: nil, commands: both, section: .output,
      help: "no colours (NO_COLOR is honoured too)",
      apply: { invocation, _ in invocation.noColor = true }),
  ]

  /// The bindings of one `--bind` value: `KEY:ACTION[+ACTION…]`, several joined by `,`.
  ///
  /// - Throws: ``UsageError`` naming the key or action at fault.
  /// - Complexity: O(value length).
  static func parseBindings(_ value: String) throws(UsageError) -> [(Key, [ExplorerAction])] {
    var result: [(Key, [ExplorerAction])] = []
    var rest = Substring(value)
    while !rest.isEmpty {
      // The key: up to the first ':' after at least one character (':' itself can be bound,
      // and `alt-:`).
      guard var colon = rest.dropFirst().firstIndex(of: ":") else {
        throw UsageError("option '--bind' takes KEY:ACTION, not '\(rest)'")
      }
      if rest[..<colon].lowercased() == "alt-", rest[rest.index(after: colon)...].first == ":" {
        colon = rest.index(after: colon)
      }
      let name = String(rest[..<colon])
      let key: Key
      do throws(KeyNameError) {
        key = try Key.named(name)
      } catch {
        throw UsageError("option '--bind': \(error.message)")
      }
      rest = rest[rest.index(after: colon)...]
      // The actions: up to a ',' outside an argument's brackets, or to the end after a ':' form.
      var end = rest.startIndex
      var closer: Character? = nil
      var colonForm = false
      while end < rest.endIndex {
        let character = rest[end]
        if let wanted = closer {
          if character == wanted { closer = nil }
        } else if let close =
          ([
            "(": ")", "[": "]", "{": "}", "<": ">",
          ] as [Character: Character])[character]
        {
          closer = close
        } else if character == ":" {
          colonForm = true
          end = rest.endIndex
          break
        } else if character == "," {
          break
        }
        end = rest.index(after: end)
      }
      if colonForm { end = rest.endIndex }
      do throws(ActionParseError) {
        result.append((key, try ExplorerAction.parse(String(rest[..<end]))))
      } catch {
        throw UsageError("option '--bind' \(name): \(error.message)")
      }
      rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
    }
    return result
  }

  /// The option called `name` that `command` accepts.
  ///
  /// - Complexity: O(k) for k options.
  package static func option(named name: String, for command: Invocation.Command)
    -> CommandLineOption?
  {
    options.first { $0.names.contains(name) && $0.commands.contains(command) }
  }

  /// Every name of every option `command` accepts, in help's order (what a misspelt option is
  /// matched against).
  ///
  /// - Complexity: O(options).
  package static func names(for command: Invocation.Command) -> [String] {
    options.filter { $0.commands.contains(command) }.flatMap(\.names)
  }

  /// A value that must be one of an enumeration's raw values.
  static func choice<T: RawRepresentable<String> & CaseIterable>(
    _: T.Type, _ text: String, for name: String
  ) throws(UsageError) -> T {
    guard let parsed = T(rawValue: text) else {
      let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("option '\(name)' takes one of \(allowed), not '\(text)'")
    }
    return parsed
  }

  /// The help lines of a section's options for `command`: the synopsis in a column of 19, the help
  /// beside it (or below, indented, when the synopsis is longer).
  ///
  /// - Complexity: O(k) for k options.
  package static func helpLines(
    _ section: CommandLineOption.Section, for command: Invocation.Command
  )
    -> [String]
  {
    var lines: [String] = []
    for option in options where option.section == section && option.commands.contains(command) {
      let help = option.fullHelp.split(separator: "\n", omittingEmptySubsequences: false)
      let synopsis = "  " + option.synopsis
      let indent = String(repeating: " ", count: 21)
      if synopsis.count <= 19 {
        lines.append(synopsis.padding(to: 21) + help[0])
      } else {
        lines.append(synopsis)
        lines.append(indent + help[0])
      }
      lines += help.dropFirst().map { indent + $0 }
    }
    return lines
  }

  /// The option list of docs/togglekit.md: one Markdown table row per option.
  ///
  /// - Complexity: O(k) for k options.
  package static var markdown: String {
    var rows = ["| option | commands | what it does |", "|---|---|---|"]
    for option in options {
      let commands = Invocation.Command.allCases.filter(option.commands.contains)
        .map(\.rawValue).joined(separator: ", ")
      func cell(_ text: String) -> String {
        String(
          text.flatMap { character -> [Character] in
            switch character {
            case "|": ["\\", "|"]
            case "<": Array("&lt;")
            case "\n": [" "]
            default: [character]
            }
          })
      }
      rows.append("| `\(cell(option.synopsis))` | \(commands) | \(cell(option.fullHelp)) |")
    }
    return rows.joined(separator: "\n") + "\n"
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
