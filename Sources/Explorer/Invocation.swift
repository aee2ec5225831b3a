import ToggleKit

/// What the command line asks for, parsed by hand (the package has no dependencies) but completely:
/// `--opt value`, `--opt=value`, `--` ends options, unknown options are rejected.
///
/// ```swift
/// let invocation = try Invocation.parse(["apply", "--on", "Fruit", "cats.txt"])
/// ```
///
/// - Complexity: O(arguments) for every member.
public struct Invocation: Hashable, Sendable {
  /// The subcommand.
  ///
  /// ```swift
  /// invocation.command   // .apply
  /// ```
  ///
  /// - Complexity: O(1).
  public enum Command: String, Hashable, Sendable {
    /// The interactive checklist.
    case explore
    /// Non-interactive operations.
    case apply
    /// Usage text.
    case help
    /// The version.
    case version
  }

  /// One `apply` operation, in command-line order.
  ///
  /// ```swift
  /// Invocation.Operation.toggle("Fruit/Apple")
  /// ```
  ///
  /// - Complexity: O(1).
  public enum Operation: Hashable, Sendable {
    /// `--toggle PATH`
    case toggle(String)
    /// `--on PATH`
    case on(String)
    /// `--off PATH`
    case off(String)
    /// `--expand PATH`
    case expand(String)

    /// The PATH the operation names.
    ///
    /// ```swift
    /// Invocation.Operation.on("Fruit/Apple").path   // "Fruit/Apple"
    /// ```
    ///
    /// - Complexity: O(1).
    public var path: String {
      switch self {
      case .toggle(let path), .on(let path), .off(let path), .expand(let path): path
      }
    }
  }

  /// The subcommand.
  ///
  /// ```swift
  /// try Invocation.parse(["--version"]).command   // .version
  /// ```
  ///
  /// - Complexity: O(1).
  public var command: Command
  /// The command `help` is asked about (`togglekit help explore`).
  ///
  /// ```swift
  /// try Invocation.parse(["help", "apply"]).helpTopic   // .apply
  /// ```
  ///
  /// - Complexity: O(1).
  public var helpTopic: Command?
  /// The input file, `-` for standard input, or nil.
  ///
  /// ```swift
  /// invocation.file   // "cats.txt"
  /// ```
  ///
  /// - Complexity: O(1).
  public var file: String?
  /// `--dir PATH`: read a directory instead of a file.
  ///
  /// ```swift
  /// invocation.directory   // "Sources"
  /// ```
  ///
  /// - Complexity: O(1).
  public var directory: String?
  /// `--max-depth N` for `--dir`.
  ///
  /// ```swift
  /// invocation.maxDepth   // 3
  /// ```
  ///
  /// - Complexity: O(1).
  public var maxDepth: Int?
  /// `--hidden`: include hidden files with `--dir`.
  ///
  /// ```swift
  /// invocation.includeHidden
  /// ```
  ///
  /// - Complexity: O(1).
  public var includeHidden = false
  /// `--format`: force the input format.
  ///
  /// ```swift
  /// invocation.format   // .json
  /// ```
  ///
  /// - Complexity: O(1).
  public var format: TreeFormat?
  /// `--separator C` for path lists.
  ///
  /// ```swift
  /// invocation.separator   // "/"
  /// ```
  ///
  /// - Complexity: O(1).
  public var separator: Unicode.Scalar = "/"
  /// `--locked excluded|counted`.
  ///
  /// ```swift
  /// invocation.lockedSources   // .excluded
  /// ```
  ///
  /// - Complexity: O(1).
  public var lockedSources: LockedSources = .excluded
  /// `--mixed-toggles-to on|off`.
  ///
  /// ```swift
  /// invocation.mixedTogglesTo   // .on
  /// ```
  ///
  /// - Complexity: O(1).
  public var mixedTogglesTo: MixedToggleTarget = .on
  /// `--filter TEXT` (apply).
  ///
  /// ```swift
  /// invocation.filter   // "app"
  /// ```
  ///
  /// - Complexity: O(1).
  public var filter: String?
  /// `--scope visible|all` (apply).
  ///
  /// ```swift
  /// invocation.scope   // .visible
  /// ```
  ///
  /// - Complexity: O(1).
  public var scope: FilterScope = .visible
  /// The `apply` operations in order.
  ///
  /// ```swift
  /// invocation.operations   // [.on("Fruit"), .off("Fruit/Pear")]
  /// ```
  ///
  /// - Complexity: O(1).
  public var operations: [Operation] = []
  /// `--print` (apply) or `--output` (explore).
  ///
  /// ```swift
  /// invocation.output   // .states
  /// ```
  ///
  /// - Complexity: O(1).
  public var output: OutputForm?
  /// `--style NAME` (explore).
  ///
  /// ```swift
  /// invocation.style   // "checkbox"
  /// ```
  ///
  /// - Complexity: O(1).
  public var style = "checkbox"
  /// `--rules FILE`: rules deriving enabled, locked, expanded, display labels and styles.
  ///
  /// ```swift
  /// invocation.rulesFile   // "rules.txt"
  /// ```
  ///
  /// - Complexity: O(1).
  public var rulesFile: String?
  /// `--explain PATH` (apply, repeatable): explain the rule-derived attributes of these nodes.
  ///
  /// ```swift
  /// invocation.explainPaths   // ["Catalog/Legacy"]
  /// ```
  ///
  /// - Complexity: O(1).
  public var explainPaths: [String] = []
  /// `--no-color`.
  ///
  /// ```swift
  /// invocation.noColor
  /// ```
  ///
  /// - Complexity: O(1).
  public var noColor = false
  /// `-0`/`--null`: raw label paths ended by NUL instead of escaped ones ended by newline, for
  /// `xargs -0` (the one output that carries raw bytes).
  ///
  /// ```swift
  /// try Invocation.parse(["apply", "-0", "f.txt"]).nullSeparated   // true
  /// ```
  ///
  /// - Complexity: O(1).
  public var nullSeparated = false

  /// The tree options the invocation asks for.
  ///
  /// ```swift
  /// invocation.treeOptions.lockedSources
  /// ```
  ///
  /// - Complexity: O(1).
  public var treeOptions: SelectionTree<String>.Options {
    .init(lockedSources: lockedSources, mixedTogglesTo: mixedTogglesTo, filterScope: scope)
  }

  /// Parses the arguments after the program name.
  ///
  /// ```swift
  /// try Invocation.parse(["explore", "--output=topmost", "cats.txt"])
  /// ```
  ///
  /// - Parameter arguments: The arguments, without the program name.
  /// - Returns: The invocation.
  /// - Throws: ``UsageError`` naming the argument at fault, with a hint.
  /// - Complexity: O(arguments).
  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var invocation = Invocation(command: .help)
    var rest = arguments[...]
    guard let first = rest.popFirst() else { return invocation }
    switch first {
    case "--help", "-h", "help":
      if first == "help", let topic = rest.popFirst() {
        guard let command = Command(rawValue: topic), command == .explore || command == .apply
        else { throw UsageError("unknown help topic '\(topic)'; try 'togglekit help explore'") }
        invocation.helpTopic = command
      }
      guard rest.isEmpty else { throw UsageError("unexpected argument '\(rest.first!)'") }
      return invocation
    case "--version":
      invocation.command = .version
      return invocation
    case "explore": invocation.command = .explore
    case "apply": invocation.command = .apply
    default:
      throw UsageError(
        first.hasPrefix("-")
          ? "unknown option '\(first)' before a command" : "unknown command '\(first)'")
    }
    var optionsEnded = false
    while let argument = rest.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
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
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = rest.popFirst() else { throw UsageError("option '\(name)' needs a value") }
        return next
      }
      func choice<T: RawRepresentable<String> & CaseIterable>(_: T.Type) throws(UsageError) -> T {
        let text = try value()
        guard let parsed = T(rawValue: text) else {
          let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
          throw UsageError("option '\(name)' takes one of \(allowed), not '\(text)'")
        }
        return parsed
      }
      let isApply = invocation.command == .apply
      switch name {
      case "--help", "-h":
        return Invocation(command: .help, helpTopic: invocation.command)
      case "--format": invocation.format = try choice(TreeFormat.self)
      case "--separator":
        let text = try value()
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else {
          throw UsageError("option '--separator' takes a single character, not '\(text)'")
        }
        invocation.separator = scalar
      case "--dir": invocation.directory = try value()
      case "--max-depth":
        let text = try value()
        guard let depth = Int(text), depth >= 0 else {
          throw UsageError("option '--max-depth' takes a whole number, not '\(text)'")
        }
        invocation.maxDepth = depth
      case "--hidden": invocation.includeHidden = true
      case "--locked": invocation.lockedSources = try choice(LockedSources.self)
      case "--mixed-toggles-to": invocation.mixedTogglesTo = try choice(MixedToggleTarget.self)
      case "--toggle" where isApply: invocation.operations.append(.toggle(try value()))
      case "--on" where isApply: invocation.operations.append(.on(try value()))
      case "--off" where isApply: invocation.operations.append(.off(try value()))
      case "--expand" where isApply: invocation.operations.append(.expand(try value()))
      case "--filter" where isApply: invocation.filter = try value()
      case "--scope" where isApply: invocation.scope = try choice(FilterScope.self)
      case "--print" where isApply: invocation.output = try choice(OutputForm.self)
      case "--output" where !isApply:
        let form = try choice(OutputForm.self)
        guard form != .states else {
          throw UsageError("option '--output' takes leaves, topmost, all, json, indent or paths")
        }
        invocation.output = form
      case "--style" where !isApply:
        let text = try value()
        guard RowStyle.named[text] != nil else {
          let allowed = RowStyle.named.keys.sorted().joined(separator: ", ")
          throw UsageError("option '--style' takes one of \(allowed), not '\(text)'")
        }
        invocation.style = text
      case "--no-color": invocation.noColor = true
      case "-0", "--null": invocation.nullSeparated = true
      case "--rules":
        guard invocation.rulesFile == nil else {
          throw UsageError("option '--rules' given twice; put all rules in one file")
        }
        invocation.rulesFile = try value()
      case "--explain" where isApply: invocation.explainPaths.append(try value())
      default:
        throw UsageError("unknown option '\(name)' for '\(invocation.command.rawValue)'")
      }
      if inlineValue != nil && ["--hidden", "--no-color", "--null"].contains(name) {
        throw UsageError("option '\(name)' takes no value")
      }
    }
    if invocation.directory != nil && invocation.file != nil {
      throw UsageError("give either a FILE or --dir, not both")
    }
    if invocation.nullSeparated, let form = invocation.output,
      [.json, .indent, .paths].contains(form)
    {
      throw UsageError("option '--null' works with the path lists (leaves, topmost, all, states)")
    }
    for path in invocation.operations.map(\.path) + invocation.explainPaths {
      do {
        _ = try LabelPath.labels(of: path)
      } catch {
        throw UsageError("\(error)")
      }
    }
    return invocation
  }
}

/// A command-line mistake: exit code 2, with the usual hint.
///
/// ```swift
/// UsageError("unknown option '--frob'").description
/// // "togglekit: unknown option '--frob'\nTry 'togglekit --help' for more information."
/// ```
///
/// - Complexity: O(1) for every member.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  ///
  /// ```swift
  /// error.message   // "option '--print' needs a value"
  /// ```
  ///
  /// - Complexity: O(1).
  public var message: String

  /// Creates a usage error.
  ///
  /// ```swift
  /// UsageError("option '--on' needs a value")
  /// ```
  ///
  /// - Parameter message: What is wrong.
  /// - Complexity: O(1).
  public init(_ message: String) {
    self.message = message
  }

  /// The message in the style of POSIX tools, with a pointer to `--help`.
  ///
  /// ```swift
  /// print(error)
  /// ```
  ///
  /// - Complexity: O(1).
  public var description: String {
    "togglekit: \(LabelPath.displayable(message))\nTry 'togglekit --help' for more information."
  }
}
