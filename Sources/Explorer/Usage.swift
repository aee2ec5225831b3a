/// The usage texts of `togglekit`, in the style of POSIX tools.
///
/// ```swift
/// print(Usage.text(for: nil))   // the overview
/// ```
package enum Usage {
  /// The version `--version` prints.
  package static let version = "0.1.0"

  /// The help for a command, or the overview.
  package static func text(for command: Invocation.Command?) -> String {
    switch command {
    case .explore: explore
    case .apply: apply
    case .completion: completion
    case .shell: shell
    case .man: man
    default: overview
    }
  }

  /// The option sections of a command's help, rendered from ``OptionTable``; `Input` starts with
  /// the positional arguments.
  static func options(
    for command: Invocation.Command, _ sections: [CommandLineOption.Section]
  ) -> String {
    sections.map { section in
      var lines = OptionTable.helpLines(section, for: command)
      if section == .input {
        lines.insert(
          contentsOf: [
            "  FILE               indented text, JSON or a path list (detected; see --format)",
            "  -                  standard input (also read when it is a pipe and no FILE is given)",
          ], at: 0)
      }
      return section.rawValue + ":\n" + lines.joined(separator: "\n") + "\n"
    }
    .joined(separator: "\n")
  }

  static let overview = """
    usage: togglekit <command> [options] [FILE | -]

    Tri-state tree checklists for the terminal and for scripts.

    Commands:
      explore            pick items interactively; the selection is printed on Enter
      apply              toggle nodes non-interactively and print the result
      shell SHELL        print key bindings for bash, zsh or fish (Ctrl-T, Alt-C)
      completion SHELL   print a completion script for bash, zsh or fish
      man                print the manual page (roff)
      help [COMMAND]     show help for a command

    Options:
      -h, --help         show help
      --version          show the version

    Run without a FILE on a terminal, 'togglekit explore' opens a demo catalogue.
    Exit status: 0 success, 1 bad input or a failed write, 2 usage error, 130 cancelled.

    """

  static let explore =
    """
    usage: togglekit explore [options] [FILE | -]

    An interactive tree checklist drawn on the terminal; the selection goes to standard output,
    so that `picked=$(togglekit explore cats.txt)` works.

    """ + "\n"
    + options(
      for: .explore, [.input, .tree, .selection, .rules, .finding, .output, .preview])
    + "\n" + keys

  /// The key sections of explore's help, from ``KeyTable``.
  static var keys: String {
    KeyTable.usageSections.map { title, lines in
      title + ":\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n"
    }.joined(separator: "\n")
      + """

      Mouse: a click on a box toggles, on ▸ ▾ opens or closes, on a row focuses; the wheel
      scrolls (--no-mouse leaves the mouse to the terminal).

      """ + "\n" + bindingNames
  }

  /// The names `--bind` and `--expect` take, from ``Key`` and ``ExplorerAction``.
  static var bindingNames: String {
    let keys =
      "up down left right pgup pgdn home end enter esc tab btab shift-up shift-down\n"
      + "           bspace del space ctrl-a…ctrl-z (not ctrl-h i j m) ctrl-space alt-KEY, or a\n"
      + "           character"
    let actions =
      (ExplorerAction.named.keys.sorted()
        + ExplorerAction.withArgument.keys.sorted().map { $0 + "(…)" })
    var lines = [
      "Names for --bind KEY:ACTION[+ACTION…] and --expect KEY[,KEY…]:", "  keys:    " + keys,
    ]
    var line = "  actions:"
    for action in actions {
      if line.count + action.count + 1 > 96 {
        lines.append(line)
        line = "          "
      }
      line += " " + action
    }
    lines.append(line)
    return lines.joined(separator: "\n") + "\n"
  }

  static let apply =
    """
    usage: togglekit apply [options] [FILE | -]

    Runs operations in command-line order and prints the tree. A PATH is the labels from the root
    joined by '/', written as togglekit prints them: '\\/' and '\\\\' for '/' and '\\' in a label,
    '\\t' '\\n' '\\r', '\\u{1B}' for any other control character, '\\e' for an empty label.
    A leading '/' is a root labelled '/', as find / prints: '/usr/bin' is bin in usr under '/'.

    """ + "\n" + options(for: .apply, [.input, .tree, .selection, .rules, .operations, .output])
    + "\n"
      + """
      Examples:
        togglekit apply --on Fruit --off Fruit/Pear --print topmost cats.txt
        find src -type f | togglekit apply --format paths --on src --print leaves -
        togglekit apply --rules rules.txt --explain Toolkit/Legacy catalog.txt
        togglekit apply --select-from picked.txt --print topmost cats.txt
        togglekit apply --dir ~/ada --select-spec backup.spec --print rsync-filter > backup.rsync
        togglekit apply --dir ~/ada --select-spec backup.spec --print borg-patterns > patterns

      """

  static let completion = """
    usage: togglekit completion bash|zsh|fish

    Prints a script that completes togglekit's commands, options and their values.

      bash   eval "$(togglekit completion bash)"                       (in ~/.bashrc)
      zsh    togglekit completion zsh > "${fpath[1]}/_togglekit"        (then compinit)
      fish   togglekit completion fish > ~/.config/fish/completions/togglekit.fish

    """

  static let shell = """
    usage: togglekit shell bash|zsh|fish [--files-key KEY] [--cd-key KEY]

    Prints key bindings for a shell's start-up file:

      bash   eval "$(togglekit shell bash)"                            (in ~/.bashrc)
      zsh    eval "$(togglekit shell zsh)"                             (in ~/.zshrc)
      fish   togglekit shell fish | source                           (in config.fish)

      Ctrl-T   pick files and folders from a tree and paste them at the cursor, each quoted
               for the shell; on the word before the cursor when it names a folder (the
               picks replace it), else on '.'
      Alt-C    change to the folder on the row Enter is pressed on (a file: its folder)

    Both open 'togglekit explore --dir' inline (--height 40% --layout reverse --gitignore),
    then TOGGLEKIT_DEFAULT_OPTS, then TOGGLEKIT_CTRL_T_OPTS or TOGGLEKIT_ALT_C_OPTS (the later
    wins: TOGGLEKIT_CTRL_T_OPTS='--output leaves' pastes a folder's files). Cancel (Esc, Ctrl-C)
    leaves the line as it was.

    Options:
      --files-key KEY    the key for Ctrl-T's picker (default ctrl-t)
      --cd-key KEY       the key for Alt-C's (default alt-c)
                         KEY: ctrl-a … ctrl-z, alt-a … alt-z, alt-0 … alt-9, or none

    """

  static let man = """
    usage: togglekit man

    Prints the manual page, in roff, made from the same option table as --help:

      togglekit man > ~/.local/share/man/man1/togglekit.1 && man togglekit
      togglekit man | man -l -

    """
}

package let demoCatalogue = """
  [ ] Groceries
    [ ] Fruit
      [ ] Apples
      [ ] Pears
      [ ] Bananas
      [xL] Paper bags (always included)
    [ ] Dairy
      [ ] Milk
      [ ] Cheese
      [ ] Yoghurt
    [ ] Bakery
      [ ] Bread
      [ ] Croissants
  [ ] Household
    [ ] Cleaning
      [ ] Soap
      [ ] Sponges
    [ ] Kitchen
      [ ] Foil
      [ ] Baking paper
  [ D] Garden (out of season)
    [ ] Seeds
    [ ] Hose
  """
