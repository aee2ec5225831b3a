/// The usage texts of `togglekit`, in the style of POSIX tools.
///
/// ```swift
/// print(Usage.text(for: nil))   // the overview
/// ```
///
/// - Complexity: O(1) for every member.
public enum Usage {
  /// The version `--version` prints.
  ///
  /// ```swift
  /// Usage.version   // "0.1.0"
  /// ```
  ///
  /// - Complexity: O(1).
  public static let version = "0.1.0"

  /// The help for a command, or the overview.
  ///
  /// ```swift
  /// Usage.text(for: .apply)
  /// ```
  ///
  /// - Parameter command: The command, or nil for the overview.
  /// - Returns: The text, ending with a newline.
  /// - Complexity: O(1).
  public static func text(for command: Invocation.Command?) -> String {
    switch command {
    case .explore: explore
    case .apply: apply
    default: overview
    }
  }

  static let inputs = """
    Input:
      FILE               indented text, JSON or a path list (detected; see --format)
      -                  standard input (also read when it is a pipe and no FILE is given)
      --dir PATH         a directory tree instead of a file
      --max-depth N      with --dir: levels to read
      --hidden           with --dir: include names starting with '.'
      --format FORMAT    indented, json or paths
      --separator C      the separator of a path list (default /)

    Tree options:
      --locked POLICY    excluded (default: locked items do not count) or counted (SwiftUI's)
      --mixed-toggles-to on|off
                         what a click on a mixed parent writes (default on)

    Rules:
      --rules FILE       rules deriving each node's enabled, locked, expanded, displayLabel and
                         style, one per line: depth >= 2 => expanded <= false

    """

  static let overview = """
    usage: togglekit <command> [options] [FILE | -]

    Tri-state tree checklists for the terminal and for scripts.

    Commands:
      explore            pick items interactively; the selection is printed on Enter
      apply              toggle nodes non-interactively and print the result
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

    """ + "\n" + inputs + "\n"
      + """
      Output:
        --output FORM      leaves (default), topmost, all, json, indent or paths
        -0, --null         raw paths ended by NUL (for xargs -0) instead of escaped lines
        --style NAME       checkbox (default), checkbox-right, switch or button
        --no-color         no colours (NO_COLOR is honoured too)

      Keys:
        ↑ ↓ j k  move       PgUp PgDn  page        Home End  first / last
        Space    toggle     → l  expand / into     ← h  collapse / to parent
        a  select all       n  select none         /  filter (Enter keeps, Esc clears)
        Enter  accept       q Esc  cancel (exit 130)                ?  key help
        Ctrl-Z suspend (fg resumes)

      """

  static let apply =
    """
    usage: togglekit apply [options] [FILE | -]

    Runs operations in command-line order and prints the tree. A PATH is the labels from the root
    joined by '/', written as togglekit prints them: '\\/' and '\\\\' for '/' and '\\' in a label,
    '\\t' '\\n' '\\r', '\\u{1B}' for any other control character, '\\e' for an empty label.

    """ + "\n" + inputs + "\n"
      + """
      Operations:
        --toggle PATH      click the node
        --on PATH          select the node (every writable leaf below it)
        --off PATH         deselect the node
        --expand PATH      expand the node's ancestors
        --filter TEXT      apply operations under a filter (case-insensitive label match)
        --scope visible|all
                           under --filter, what writes reach (default visible)
        --explain PATH     print why the node is enabled, locked, … (which rule fired, which
                           did not); repeatable; the tree is printed too only with --print

      Output:
        --print FORM       states (default: STATE<TAB>PATH for every node), leaves, topmost, all,
                           json, indent or paths
        -0, --null         raw paths ended by NUL (for xargs -0) instead of escaped lines

      Examples:
        togglekit apply --on Fruit --off Fruit/Pear --print topmost cats.txt
        find src -type f | togglekit apply --format paths --on src --print leaves -
        togglekit apply --rules rules.txt --explain Toolkit/Legacy catalog.txt

      """
}

/// The catalogue `togglekit explore` opens with no input: what a newcomer sees first.
///
/// ```swift
/// let tree = try SelectionTree(parsing: demoCatalogue, format: .indented)
/// ```
///
/// - Complexity: O(1).
public let demoCatalogue = """
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
