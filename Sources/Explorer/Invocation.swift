import ToggleKit

/// What the command line asks for, parsed by hand (the package has no dependencies) but completely:
/// `--opt value`, `--opt=value`, `--` ends options, unknown options are rejected.
///
/// - Complexity: O(arguments) for every member.
package struct Invocation: Hashable, Sendable {
  /// The subcommand.
  ///
  /// ```swift
  /// invocation.command   // .apply
  /// ```
  package enum Command: String, Hashable, Sendable, CaseIterable {
    /// The interactive checklist.
    case explore
    /// Non-interactive operations.
    case apply
    /// Usage text.
    case help
    /// The version.
    case version
    /// A shell completion script (`togglekit completion bash`).
    case completion
    /// The manual page in roff (`togglekit man`).
    case man
    /// Key bindings for a shell (`eval "$(togglekit shell bash)"`): Ctrl-T and Alt-C.
    case shell

    /// The command words, as the overview lists them (`--version` is an option).
    package static let names = ["explore", "apply", "shell", "completion", "man", "help"]
    /// What `togglekit help TOPIC` takes.
    package static let topics = ["explore", "apply", "shell", "completion", "man"]
  }

  /// A shell `togglekit completion` and `togglekit shell` write a script for.
  package enum Shell: String, Hashable, Sendable, CaseIterable {
    /// GNU bash (`complete -F`).
    case bash
    /// zsh (`compdef`, `_arguments`).
    case zsh
    /// fish (`complete -c`).
    case fish
  }

  /// One `apply` operation, in command-line order.
  package enum Operation: Hashable, Sendable {
    /// `--toggle PATH`
    case toggle(String)
    /// `--on PATH`
    case on(String)
    /// `--off PATH`
    case off(String)
    /// `--expand PATH`
    case expand(String)

    /// The PATH the operation names.
    package var path: String {
      switch self {
      case .toggle(let path), .on(let path), .off(let path), .expand(let path): path
      }
    }
  }

  /// The subcommand.
  package var command: Command
  /// The command `help` is asked about (`togglekit help explore`).
  package var helpTopic: Command?
  /// The shell of `togglekit completion SHELL` and `togglekit shell SHELL`.
  package var shell: Shell?
  /// `togglekit shell`'s `--files-key` and `--cd-key`.
  package var shellKeys = ShellIntegration.Keys()
  /// The input file, `-` for standard input, or nil.
  package var file: String?
  /// `--dir PATH`: read a directory instead of a file.
  package var directory: String?
  /// `--max-depth N` for `--dir`.
  package var maxDepth: Int?
  /// `--hidden`: include hidden files with `--dir`.
  package var includeHidden = false
  /// `--exclude GLOB` (repeatable) for `--dir`: `.gitignore` patterns of what to leave out.
  package var excludes: [String] = []
  /// `--gitignore` for `--dir`: honour `.gitignore` files as git does.
  package var gitignore = false
  /// `--format`: force the input format.
  package var format: TreeFormat?
  /// `--separator C` for path lists.
  package var separator: Unicode.Scalar = "/"
  /// `--locked excluded|counted`.
  package var lockedSources: LockedSources = .excluded
  /// `--mixed-toggles-to on|off`.
  package var mixedTogglesTo: MixedToggleTarget = .on
  /// `--filter TEXT` (apply).
  package var filter: String?
  /// `-q`/`--query TEXT` (explore): the filter to start with.
  package var query: String?
  /// `-e`/`--exact` (explore): the filter matches substrings, not fuzzy subsequences.
  package var exact = false
  /// `--scope visible|all` (apply).
  package var scope: FilterScope = .visible
  /// The `apply` operations in order.
  package var operations: [Operation] = []
  /// `--print` (apply) or `--output` (explore).
  package var output: OutputForm?
  /// `--style NAME` (explore).
  package var style = "checkbox"
  /// `--rules FILE`: rules deriving enabled, locked, expanded, display labels and styles.
  package var rulesFile: String?
  /// `--explain PATH` (apply, repeatable): explain the rule-derived attributes of these nodes.
  package var explainPaths: [String] = []
  /// `--no-color`.
  package var noColor = false
  /// `--height N|N%` (explore): draw inline below the prompt in this many rows.
  package var height: TerminalHeight?
  /// `--no-mouse` (explore): no mouse reports, so the terminal selects text as usual.
  package var noMouse = false
  /// `--select PATH` (repeatable): nodes selected before anything else happens.
  package var selectPaths: [String] = []
  /// `--select-from FILE` (repeatable): files of paths selected before anything else happens.
  package var selectFiles: [String] = []
  /// `--select-spec FILE`: a selection spec (`+ PATH` / `- PATH` lines) the tree starts with.
  package var selectSpecFile: String?
  /// `--strict`: every path of a starting selection (`--select-spec`, `--select-from`) must name a
  /// node, or the command fails (for scripts and cron jobs).
  package var isStrict = false
  /// `--select-rsync-filter FILE` or `--select-gitignore FILE`: a filter file the tree starts
  /// following, in its language.
  package var selectFilterFile: FilterFileOption?
  /// `--header TEXT` (explore): lines shown above the tree.
  package var header: String?
  /// `--preview CMD` (explore): the command previewing the focused node.
  package var preview: String?
  /// `--preview-timeout SECONDS` (explore): how long a preview may run (nil: 3 seconds).
  package var previewTimeout: Double?
  /// `--limit N` (explore): at most N leaves may be selected.
  package var limit: Int?
  /// `-0`/`--null`/`--print0`: raw label paths ended by NUL instead of escaped lines, for
  /// `xargs -0`.
  package var nullSeparated = false
  /// `--read0`: the input is names ended by NUL (`find -print0`), read literally.
  package var readsNULSeparatedNames = false
  /// `--keys fzf` (explore): typing filters at once, as in fzf.
  package var typesToFilter = false
  /// `--bind KEY:ACTION…` (explore, repeatable): the later binding of a key wins.
  package var bindings: [Key: [ExplorerAction]] = [:]
  /// `--expect KEYS` (explore): keys that accept, their name printed first.
  package var expectedKeys: [Key] = []
  /// `--print-query` (explore): the filter text is printed first.
  package var printsQuery = false
  /// `--select-1` (explore): with one leaf shown at the start, it is picked without a screen.
  package var selectsOne = false
  /// `--exit-0` (explore): with no leaf shown at the start, nothing is printed, without a screen.
  package var exitsWhenEmpty = false
  /// `--preview-window` (explore).
  package var previewWindow = PreviewWindow()
  /// `--prompt TEXT` (explore).
  package var prompt: String?
  /// `--layout reverse` (explore): prompt and status above the tree.
  package var reverseLayout = false
  /// `--cycle` (explore): up from the first row goes to the last, down from the last to the first.
  package var cycles = false
  /// `--counts` (explore): folders show their selected and total leaves.
  package var showsCounts = false
  /// `--empty-enter` (explore): what Enter does with nothing selected.
  package var emptyEnter = Explorer.EmptyEnter.auto
  /// `-i` (false: case never matters), `+i` (true: it always does); nil: smart case (explore).
  package var caseSensitive: Bool?
  /// `--info STYLE` (explore): where the status line goes.
  package var info = InfoStyle.standard
  /// `--border[=STYLE]` (explore).
  package var border: BorderStyle?
  /// `--jump-labels CHARS` (explore): the labels `jump` puts on the rows.
  package var jumpLabels: [Character]?

  /// With `--dir`: the labels of the folders above the folder read, as the command line gave
  /// them, so that every printed path names its file from the working directory, as `find DIR`
  /// prints it: `["/", "abs"]` for `--dir /abs/home`, `[".."]` for `--dir ../src`, none for
  /// `--dir src`, `--dir .` or `--dir /`.
  package var directoryPrefix: [String] {
    guard var path = directory else { return [] }
    while path.unicodeScalars.count > 1 && path.hasSuffix("/") { path.removeLast() }
    let components = path.split(separator: "/").map(String.init)
    guard components.count > 1 || (path.hasPrefix("/") && !components.isEmpty) else { return [] }
    return (path.hasPrefix("/") ? ["/"] : []) + components.dropLast()
  }

  /// What `help`, `--version`, `completion`, `shell` and `man` print (nil for explore and apply).
  package var immediateOutput: String? {
    switch command {
    case .help: Usage.text(for: helpTopic)
    case .version: "togglekit \(Usage.version)\n"
    case .completion: Completion.script(for: shell ?? .bash)
    case .shell: ShellIntegration.script(for: shell ?? .bash, keys: shellKeys)
    case .man: ManPage.roff
    case .apply, .explore: nil
    }
  }

  /// Whether a `--dir` read includes names starting with `.`: with `--hidden`, and always as git
  /// sees a work tree (`--gitignore`, `--select-gitignore`): git tracks dotfiles.
  package var readsHiddenNames: Bool {
    includeHidden || gitignore || selectFilterFile?.dialect == .gitignore
  }

  /// What a `--dir` read leaves out: `--exclude`'s patterns, and `.git` (at any depth) when the
  /// tree is git's view of a work tree (`--select-gitignore`; `--gitignore` leaves it out itself):
  /// git never tracks it.
  package var directoryExcludes: [String] {
    excludes + (selectFilterFile?.dialect == .gitignore && !gitignore ? [".git"] : [])
  }

  /// The `--dir` folder's absolute path (``AbsolutePath``), nil without `--dir`.
  /// - Complexity: O(path length).
  package var absoluteDirectory: [UInt8]? {
    directory.map { AbsolutePath.of(LabelBytes.bytes(of: $0)) }
  }

  /// The tree options the invocation asks for.
  package var treeOptions: SelectionTree<String>.Options {
    .init(lockedSources: lockedSources, mixedTogglesTo: mixedTogglesTo, filterScope: scope)
  }

  /// Parses the arguments after the program name, and `TOGGLEKIT_DEFAULT_OPTS` for `explore`.
  ///
  /// `defaults` (split as a shell splits words) come before the command line's options, which
  /// win. `apply` never reads them: a script means what it says, wherever it runs.
  ///
  /// - Throws: ``UsageError`` naming the argument at fault (and the variable, for its own).
  /// - Complexity: O(arguments).
  package static func parse(_ arguments: [String], defaults: String?) throws(UsageError)
    -> Invocation
  {
    guard arguments.first == "explore", let defaults,
      !defaults.allSatisfy(\.isWhitespace)
    else { return try parse(arguments) }
    let words = try defaultOptionWords(defaults)
    do {
      return try parse(["explore"] + words + arguments.dropFirst())
    } catch {
      // Its own mistake is named as the variable's.
      do {
        _ = try parse(["explore"] + words)
      } catch let own {
        throw UsageError("in TOGGLEKIT_DEFAULT_OPTS: \(own.message)")
      }
      throw error
    }
  }

  /// The words of `TOGGLEKIT_DEFAULT_OPTS`: split at blanks, with '…', "…" and \ as a shell reads
  /// them.
  ///
  /// - Complexity: O(text length).
  static func defaultOptionWords(_ text: String) throws(UsageError) -> [String] {
    var words: [String] = []
    var word: String? = nil
    var quote: Character? = nil
    var escaped = false
    for character in text {
      if escaped {
        word = (word ?? "") + String(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          word = (word ?? "") + String(character)
        }
      } else if character == "'" || character == "\"" {
        quote = character
        word = word ?? ""
      } else if character == "\\" {
        escaped = true
      } else if character.isWhitespace {
        if let finished = word { words.append(finished) }
        word = nil
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if quote != nil || escaped {
      throw UsageError("in TOGGLEKIT_DEFAULT_OPTS: a quote or backslash is not closed")
    }
    if let finished = word { words.append(finished) }
    return words
  }

  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``UsageError`` naming the argument at fault, with a hint.
  ///
  /// - Complexity: O(arguments).
  package static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var invocation = Invocation(command: .help)
    var rest = arguments[...]
    guard let first = rest.popFirst() else {
      // Nothing on standard output: `sel=$(find . | togglekit)` must not capture the help.
      throw UsageError("a command is needed (explore or apply)", usage: Usage.overview)
    }
    switch first {
    case "--help", "-h", "help":
      if first == "help", let topic = rest.popFirst() {
        guard let command = Command(rawValue: topic), command != .help, command != .version
        else {
          throw UsageError(
            Suggestion.message(
              "unknown help topic '\(topic)'", for: topic, among: Command.topics)
              + " (topics: \(Command.topics.joined(separator: ", ")))")
        }
        invocation.helpTopic = command
      }
      guard rest.isEmpty else { throw UsageError("unexpected argument '\(rest.first!)'") }
      return invocation
    case "--version":
      invocation.command = .version
      guard rest.isEmpty else { throw UsageError("unexpected argument '\(rest.first!)'") }
      return invocation
    case "completion":
      invocation.command = .completion
      guard let name = rest.popFirst() else {
        throw UsageError("completion needs a shell: bash, zsh or fish")
      }
      if name == "--help" || name == "-h" {
        return Invocation(command: .help, helpTopic: .completion)
      }
      guard let shell = Shell(rawValue: name) else {
        throw UsageError("completion takes bash, zsh or fish, not '\(name)'")
      }
      guard rest.isEmpty else { throw UsageError("unexpected argument '\(rest.first!)'") }
      invocation.shell = shell
      return invocation
    case "shell":
      return try parseShell(rest)
    case "man":
      invocation.command = .man
      if let next = rest.first, next == "--help" || next == "-h", rest.count == 1 {
        return Invocation(command: .help, helpTopic: .man)
      }
      guard rest.isEmpty else { throw UsageError("unexpected argument '\(rest.first!)'") }
      return invocation
    case "explore": invocation.command = .explore
    case "apply": invocation.command = .apply
    default:
      if first.hasPrefix("-") {
        throw UsageError(
          Suggestion.message(
            "unknown option '\(first)' before a command", for: first,
            among: ["--help", "--version"]))
      }
      throw UsageError(
        Suggestion.message("unknown command '\(first)'", for: first, among: Command.names)
          + " (commands: \(Command.names.joined(separator: ", ")))")
    }
    var optionsEnded = false
    while let argument = rest.popFirst() {
      // fzf's `+i`, `+m`, `+s`: options, not files (a file so named is `./+i`).
      let plusOption = argument.hasPrefix("+") && argument.count == 2
      if optionsEnded || (!argument.hasPrefix("-") && !plusOption) || argument == "-" {
        guard invocation.file == nil else {
          throw UsageError("more than one input file ('\(invocation.file!)' and '\(argument)')")
        }
        invocation.file = argument
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if invocation.command == .explore, OptionTable.option(named: name, for: .explore) == nil,
        let entry = FzfVocabulary.entry(.option, name)
      {
        try FzfVocabulary.take(entry, named: name, inline: inlineValue, rest: &rest)
        continue
      }
      guard let option = OptionTable.option(named: name, for: invocation.command) else {
        throw UsageError(
          Suggestion.message(
            "unknown option '\(name)' for '\(invocation.command.rawValue)'", for: name,
            among: OptionTable.names(for: invocation.command)))
      }
      var value = ""
      if option.value == nil {
        if option.inlineValue != nil {
          value = inlineValue ?? ""
          if inlineValue == nil, let next = rest.first, option.takesNext(next) {
            value = next
            rest = rest.dropFirst()
          }
        } else if inlineValue != nil {
          throw UsageError("option '\(name)' takes no value")
        }
      } else if let inlineValue {
        value = inlineValue
      } else {
        guard let next = rest.popFirst() else { throw UsageError("option '\(name)' needs a value") }
        value = next
      }
      try option.apply(&invocation, value)
      if invocation.command == .help { return invocation }
    }
    if invocation.directory != nil && invocation.file != nil {
      throw UsageError("give either a FILE or --dir, not both")
    }
    if invocation.directory == nil && (invocation.gitignore || !invocation.excludes.isEmpty) {
      throw UsageError(
        "option '\(invocation.gitignore ? "--gitignore" : "--exclude")' works with --dir")
    }
    if invocation.preview == nil && invocation.previewTimeout != nil {
      throw UsageError("option '--preview-timeout' works with --preview")
    }
    if invocation.nullSeparated, let form = invocation.output,
      [.json, .indent, .paths].contains(form)
    {
      throw UsageError("option '-0' works with the path lists (leaves, topmost, all, states)")
    }
    if invocation.readsNULSeparatedNames {
      if invocation.directory != nil {
        throw UsageError("option '--read0' reads names from a FILE or standard input, not --dir")
      }
      if let format = invocation.format, format != .paths {
        throw UsageError(
          "option '--read0' reads names, one path each: it works with --format paths, not "
            + format.rawValue)
      }
    }
    if invocation.selectFiles.contains("-") && invocation.file == "-" {
      throw UsageError("standard input cannot be both the tree and '--select-from -'")
    }
    if invocation.selectSpecFile == "-"
      && (invocation.file == "-" || invocation.selectFiles.contains("-"))
    {
      throw UsageError(
        "standard input can be read once: '--select-spec -' and the tree or '--select-from -'")
    }
    if let filter = invocation.selectFilterFile {
      let option = filter.option
      if invocation.selectSpecFile != nil {
        throw UsageError(
          "options '--select-spec' and '\(option)' both give the starting selection: give one")
      }
      if filter.name == "-" && (invocation.file == "-" || invocation.selectFiles.contains("-")) {
        throw UsageError(
          "standard input can be read once: '\(option) -' and the tree or '--select-from -'")
      }
    }
    if invocation.nullSeparated, let form = invocation.output,
      form == .spec || form.writesNames
    {
      throw UsageError(
        "option '-0' cannot be used with '\(form.rawValue)': its lines are the format "
          + "(a name it cannot hold is refused)")
    }
    for path in invocation.operations.map(\.path) + invocation.explainPaths
      + invocation.selectPaths
    {
      do {
        _ = try PathReading.labels(ofPATH: path)
      } catch {
        throw UsageError("\(error)")
      }
    }
    return invocation
  }
}

extension Invocation {
  /// Takes `--select-rsync-filter` or `--select-gitignore`: one of them, once.
  ///
  /// - Throws: ``UsageError`` when a filter file was given already.
  package mutating func selectFilterFile(
    _ dialect: FilterRules.Dialect, _ name: String
  ) throws(UsageError) {
    guard selectFilterFile == nil else {
      throw UsageError("give one of '--select-rsync-filter' and '--select-gitignore', once")
    }
    selectFilterFile = FilterFileOption(dialect: dialect, name: name)
  }
}

/// A filter file given as the starting selection, and its language.
package struct FilterFileOption: Hashable, Sendable {
  /// The file's language.
  package var dialect: FilterRules.Dialect
  /// The file's name as given (`-`: standard input).
  package var name: String

  /// The option that gave it, for messages.
  package var option: String {
    dialect == .rsync ? "--select-rsync-filter" : "--select-gitignore"
  }
}

/// A command-line mistake: exit code 2, with the usual hint.
///
/// ```swift
/// UsageError("unknown option '--frob'").description
/// // "togglekit: unknown option '--frob'\nTry 'togglekit --help' for more information."
/// ```
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package var message: String
  /// The usage text shown before the message (the overview, when the command is missing).
  package var usage: String?

  /// Creates a usage error.
  package init(_ message: String, usage: String? = nil) {
    self.message = message
    self.usage = usage
  }

  /// The message in the style of POSIX tools, with a pointer to `--help`.
  package var description: String {
    (usage.map { $0 + "\n" } ?? "")
      + "togglekit: \(LabelPath.displayable(message))\nTry 'togglekit --help' for more information."
  }
}
