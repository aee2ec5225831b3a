extension Invocation {
  /// The options `togglekit shell SHELL` takes.
  static let shellOptions = ["--files-key", "--cd-key", "--help"]

  /// Parses what follows `togglekit shell`: a shell, then `--files-key KEY` and `--cd-key KEY`
  /// (fzf's key names, or `none` to leave that widget unbound).
  ///
  /// - Throws: ``UsageError`` naming the argument at fault, the valid names listed.
  /// - Complexity: O(arguments).
  static func parseShell(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    var rest = arguments
    var invocation = Invocation(command: .shell)
    guard let name = rest.popFirst() else {
      throw UsageError("shell needs a shell: bash, zsh or fish")
    }
    if name == "--help" || name == "-h" { return Invocation(command: .help, helpTopic: .shell) }
    guard let shell = Shell(rawValue: name) else {
      throw UsageError(
        Suggestion.message(
          "shell takes bash, zsh or fish, not '\(name)'", for: name,
          among: Shell.allCases.map(\.rawValue)))
    }
    invocation.shell = shell
    while let argument = rest.popFirst() {
      var option = argument
      var value: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        option = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      switch option {
      case "--help", "-h":
        return Invocation(command: .help, helpTopic: .shell)
      case "--files-key", "--cd-key":
        guard let given = value ?? rest.popFirst() else {
          throw UsageError("option '\(option)' needs a value")
        }
        let key = try shellKey(given, for: option)
        if option == "--files-key" {
          invocation.shellKeys.files = key
        } else {
          invocation.shellKeys.changeDirectory = key
        }
      default:
        throw UsageError(
          Suggestion.message(
            "unknown option '\(option)' for 'shell'", for: option,
            among: shellOptions) + " (options: \(shellOptions.joined(separator: ", ")))")
      }
    }
    if let files = invocation.shellKeys.files, files == invocation.shellKeys.changeDirectory {
      throw UsageError("options '--files-key' and '--cd-key' name the same key: give two keys")
    }
    return invocation
  }

  /// The key `--files-key` or `--cd-key` names; nil for `none`.
  private static func shellKey(_ name: String, for option: String) throws(UsageError) -> ShellKey? {
    if name == "none" { return nil }
    guard let key = ShellKey(name) else {
      throw UsageError(
        "option '\(option)' takes ctrl-a … ctrl-z, alt-a … alt-z, alt-0 … alt-9 or none, "
          + "not '\(name)'")
    }
    return key
  }
}
