/// fzf 0.74's vocabulary — its options, actions, events and keys — and what `togglekit explore`
/// does with each name: the table of docs/togglekit.md, and what parsing answers for a name that
/// is fzf's but not togglekit's.
///
/// ```swift
/// FzfVocabulary.entry(.option, "--tac")?.verdict
/// // .refused("rows are in the tree's order, …")
/// ```
package enum FzfVocabulary {
  /// What a name is.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    case option, action, event, key
  }

  /// What togglekit does with a name.
  package enum Verdict: Hashable, Sendable {
    /// Accepted with fzf's meaning as a tree has it; the note says how.
    case same(String)
    /// Accepted with a meaning of togglekit's own; the note says which (fzf's is not read).
    case differs(String)
    /// Accepted and changes nothing, as togglekit already behaves so or draws its own; the note
    /// says which (fzf's options in `TOGGLEKIT_DEFAULT_OPTS` keep working).
    case ignored(String)
    /// Refused (exit 2), the note saying why and what to use.
    case refused(String)

    /// The note.
    package var note: String {
      switch self {
      case .same(let note), .differs(let note), .ignored(let note), .refused(let note): note
      }
    }

    /// The verdict's word in the table: same, differs, ignored, refused.
    package var word: String {
      switch self {
      case .same: "same"
      case .differs: "differs"
      case .ignored: "ignored"
      case .refused: "refused"
      }
    }
  }

  /// How an option takes a value.
  package enum Value: Hashable, Sendable {
    /// A flag.
    case none
    /// A value, as the next argument or after `=`.
    case required
    /// A value only after `=` (`--border-label=TEXT`).
    case optional
  }

  /// One name of fzf's and its verdict.
  package struct Entry: Hashable, Sendable {
    /// What the name is.
    package let kind: Kind
    /// The names, as fzf writes them (`-i`, `--ignore-case`; `ctrl-a`…).
    package let names: [String]
    /// What togglekit does with them.
    package let verdict: Verdict
    /// How an option takes its value.
    package let value: Value
    /// A value to try the option with in tests (and the table's example).
    package let sample: String?
  }

  private static func option(
    _ names: String, _ verdict: Verdict, _ value: Value = .none, sample: String? = nil
  ) -> Entry {
    Entry(
      kind: .option, names: names.split(separator: " ").map(String.init), verdict: verdict,
      value: value, sample: sample ?? (value == .none ? nil : "x"))
  }

  private static func action(_ names: String, _ verdict: Verdict, sample: String? = nil) -> Entry {
    Entry(
      kind: .action, names: names.split(separator: " ").map(String.init), verdict: verdict,
      value: .none, sample: sample)
  }

  private static func event(_ names: String, _ verdict: Verdict) -> Entry {
    Entry(
      kind: .event, names: names.split(separator: " ").map(String.init), verdict: verdict,
      value: .none, sample: nil)
  }

  private static func keys(_ names: String, _ note: String) -> Entry {
    Entry(
      kind: .key, names: names.split(separator: " ").map(String.init), verdict: .same(note),
      value: .none, sample: nil)
  }

  // Reasons several names share.
  private static let drawn = "togglekit draws its own rows, prompt and status line"
  private static let noFields =
    "a row is a node's name, not a line of fields: there are no fields to pick"
  private static let noLabels = "togglekit draws no labels on its borders"
  private static let noHistory = "togglekit keeps no query history"

  /// Every option of fzf 0.74 (`man fzf`, OPTIONS), in its order.
  package static let options: [Entry] = [
    option("-x --extended", .ignored("the filter always reads fzf's extended syntax")),
    option("+x --no-extended", .refused("the filter always reads fzf's extended syntax")),
    option("-e --exact", .same("plain terms match substrings")),
    option("-i --ignore-case", .same("case never matters")),
    option("+i --no-ignore-case", .same("case always matters")),
    option("--smart-case", .same("case matters for a term with an uppercase letter: the default")),
    option("--literal", .ignored("names are compared as written: no letters are normalized")),
    option(
      "--scheme",
      .ignored(
        "one scoring: a whole name, then a part of one, then scattered letters; ties to the shorter name"
      ), .required, sample: "path"),
    option("--algo", .ignored("one matching algorithm"), .required, sample: "v2"),
    option("-n --nth", .refused(noFields), .required, sample: "1"),
    option("--with-nth", .refused(noFields), .required, sample: "1"),
    option("--accept-nth", .refused(noFields), .required, sample: "1"),
    option(
      "+s --no-sort",
      .ignored("rows stay in the tree's order always; the focus goes to the best match")),
    option("-d --delimiter", .refused(noFields), .required, sample: ":"),
    option("--tail", .refused("a tree is kept whole: no line is dropped"), .required, sample: "10"),
    option(
      "--disabled", .refused("typing filters the tree: use --keys tree to type commands instead")),
    option(
      "--tiebreak", .ignored("ties go to the shorter name, then the tree's order"), .required,
      sample: "length"),
    option("--read0", .same("NUL-ended names in")),
    option("--print0", .same("NUL-ended names out (togglekit's -0, --null)")),
    option(
      "--ansi",
      .ignored("names are data: an escape sequence in one is drawn escaped, never read as colours")),
    option(
      "--sync",
      .ignored(
        "the first frame comes at once and a filter covers what has arrived; explore --select-1 and --exit-0 wait for the whole input"
      )),
    option("--no-tty-default", .ignored("the screen is always /dev/tty")),
    option(
      "--style",
      .differs(
        "togglekit's row style: checkbox, checkbox-right, switch or button; fzf's presets default, minimal and full are taken and change nothing"
      ), .required, sample: "full"),
    option(
      "--color", .ignored("togglekit's own colours (--no-color: none)"), .required, sample: "dark"),
    option("--no-color", .same("no colours")),
    option("--no-bold", .ignored(drawn)),
    option("--black", .ignored(drawn)),
    option(
      "--height", .same("the rows at the cursor: N lines or N% of the screen"), .required,
      sample: "40%"),
    option(
      "--min-height", .ignored("a --height region is at least 3 lines"), .required, sample: "10"),
    option(
      "--popup --tmux", .refused("no popup: run togglekit in tmux's display-popup"), .optional),
    option("--layout", .same("default, reverse or reverse-list"), .required, sample: "reverse"),
    option("--reverse", .same("--layout reverse")),
    option("--margin", .ignored(drawn), .required, sample: "1"),
    option("--padding", .ignored(drawn), .required, sample: "1"),
    option(
      "--border", .same("a border of any of fzf's styles; --border=none, none"), .optional,
      sample: "sharp"),
    option("--border-label", .ignored(noLabels), .required),
    option("--border-label-pos", .ignored(noLabels), .required, sample: "0"),
    option(
      "-m --multi", .same("explore always selects many; --multi=N is --limit N"), .optional,
      sample: "2"),
    option("+m --no-multi", .same("one pick: --limit 1")),
    option("--highlight-line", .ignored("the focused row is highlighted whole")),
    option("--cycle", .same("up from the first row goes to the last, and back")),
    option("--wrap", .ignored("a row is cut at the screen's edge")),
    option("--wrap-sign", .ignored("a row is cut at the screen's edge"), .required),
    option("--no-multi-line", .ignored("a name's line break is drawn escaped: one row each")),
    option(
      "--raw", .refused("a filter shows the matches and the folders around them, never the rest")),
    option(
      "--track",
      .ignored("the focus stays on its node through every filter and reload: nodes have ids")),
    option("--id-nth", .refused(noFields), .required, sample: "1"),
    option("--tac", .refused("rows are in the tree's order: sort the input instead")),
    option("--gap", .ignored(drawn), .optional),
    option("--gap-line", .ignored(drawn), .optional),
    option("--freeze-left", .refused(noFields), .required, sample: "1"),
    option("--freeze-right", .refused(noFields), .required, sample: "1"),
    option("--keep-right", .ignored("a row is cut at the screen's right edge")),
    option(
      "--scroll-off", .ignored("the focused row is kept on the screen"), .required, sample: "3"),
    option("--no-hscroll", .ignored("rows do not scroll sideways")),
    option("--hscroll-off", .ignored("rows do not scroll sideways"), .required, sample: "10"),
    option(
      "--jump-labels", .same("the labels the jump action puts on the rows"), .required,
      sample: "abc"),
    option("--gutter", .ignored(drawn), .required),
    option("--gutter-raw", .ignored(drawn), .required),
    option("--pointer", .ignored("the focused row is drawn in reverse"), .required, sample: ">"),
    option("--marker", .ignored("a node's box shows its state"), .required, sample: "*"),
    option("--marker-multi-line", .ignored("a node's box shows its state"), .required),
    option("--ellipsis", .ignored("a cut row ends in …"), .required, sample: "."),
    option("--tabstop", .ignored("a tab in a name is drawn escaped"), .required, sample: "4"),
    option("--scrollbar", .ignored(drawn), .optional),
    option("--no-scrollbar", .ignored(drawn)),
    option("--list-border", .ignored(drawn), .optional),
    option("--list-label", .ignored(noLabels), .required),
    option("--list-label-pos", .ignored(noLabels), .required, sample: "0"),
    option(
      "--no-input", .refused("the prompt line is where the filter is typed and the keys are shown")),
    option("--prompt", .same("the prompt before the filter"), .required, sample: "> "),
    option(
      "--info",
      .same(
        "default, right, hidden, inline[:PREFIX] or inline-right[:PREFIX]: where the status line goes"
      ), .required, sample: "inline"),
    option(
      "--info-command",
      .refused("the status line says what a click would do: no command writes it"), .required),
    option("--no-info", .same("--info hidden")),
    option(
      "--separator",
      .differs("togglekit's --separator C is the path separator of the input (default /)"),
      .required, sample: ":"),
    option("--no-separator", .ignored("no separator line is drawn")),
    option("--ghost", .ignored(drawn), .required),
    option("--filepath-word", .ignored("word movement stops at letters and digits, '/' included")),
    option("--input-border", .ignored(drawn), .optional),
    option("--input-label", .ignored(noLabels), .required),
    option("--input-label-pos", .ignored(noLabels), .required, sample: "0"),
    option(
      "--preview", .same("a command for the focused node ({} its path)"), .required,
      sample: "cat {}"),
    option("--preview-border", .ignored("the pane has a line on its tree side"), .optional),
    option("--preview-label", .ignored(noLabels), .required),
    option("--preview-wrap-sign", .ignored(drawn), .required),
    option("--preview-label-pos", .ignored(noLabels), .required, sample: "0"),
    option(
      "--preview-window", .same("a side, a size, hidden, wrap"), .required, sample: "down,40%"),
    option("--header", .same("lines above the tree"), .required),
    option(
      "--header-lines", .refused("every input line is a node: none is a header (--header TEXT)"),
      .required, sample: "1"),
    option("--header-first", .ignored("the header is above the tree, the prompt at its end")),
    option("--header-border", .ignored(drawn), .optional),
    option("--header-label", .ignored(noLabels), .required),
    option("--header-label-pos", .ignored(noLabels), .required, sample: "0"),
    option("--header-lines-border", .ignored(drawn), .optional),
    option("--footer", .refused("no footer: --header TEXT draws lines above the tree"), .required),
    option("--footer-border", .ignored(drawn), .optional),
    option("--footer-label", .ignored(noLabels), .required),
    option("--footer-label-pos", .ignored(noLabels), .required, sample: "0"),
    option("-q --query", .same("the starting filter"), .required),
    option("-1 --select-1", .same("one leaf shown at the start: printed, no screen")),
    option("-0", .differs("togglekit's -0 is --null, NUL-ended output; fzf's -0 is --exit-0")),
    option("--exit-0", .same("no leaf shown at the start: nothing printed, no screen")),
    option(
      "-f --filter",
      .refused("filtering without a screen is 'togglekit apply --filter TEXT --print leaves'"),
      .required),
    option("--print-query", .same("the filter text on the first line")),
    option(
      "--expect", .same("keys that accept, printed on the first line"), .required, sample: "ctrl-o"),
    option("--no-clear", .ignored("the screen (or --height region) is given back as it was")),
    option(
      "--bind", .same("KEY:ACTION, the actions and events of this table"), .required,
      sample: "ctrl-a:select-all"),
    option(
      "--with-shell", .refused("bound commands run with /bin/sh -c, the paths as its parameters"),
      .required),
    option("--listen", .refused("togglekit listens on no socket: drive it with keys"), .optional),
    option("--threads", .ignored("one thread"), .required, sample: "2"),
    option(
      "--bench", .refused("the benchmarks are Benchmarks/'s togglekit-bench"), .required,
      sample: "1s"),
    option(
      "--walker", .refused("--dir reads folders (--hidden for dot files, --gitignore)"), .required,
      sample: "file,dir"),
    option("--walker-root", .refused("--dir PATH is the folder to read"), .required, sample: "."),
    option("--walker-skip", .refused("--exclude GLOB leaves names out"), .required, sample: ".git"),
    option("--history", .refused(noHistory), .required),
    option("--history-size", .refused(noHistory), .required, sample: "10"),
    option("--bash", .refused("the key bindings are 'togglekit shell bash'")),
    option("--zsh", .refused("the key bindings are 'togglekit shell zsh'")),
    option("--fish", .refused("the key bindings are 'togglekit shell fish'")),
    option("--nushell", .refused("key bindings for bash, zsh and fish: 'togglekit shell SHELL'")),
    option("--no-mouse", .same("no mouse")),
    option("--no-unicode", .ignored(drawn)),
    option("--ambidouble", .ignored(drawn)),
    option("--version", .refused("'togglekit --version' prints the version")),
    option("--help", .same("the explore command's help")),
    option("--man", .refused("'togglekit man' prints the manual page")),
  ]

  /// Every action of fzf 0.74 (`man fzf`, AVAILABLE ACTIONS), in its order.
  package static let actions: [Entry] = [
    action("abort", .same("ends, printing nothing")),
    action("accept", .same("ends, printing the selection (the focused node when none)")),
    action("accept-non-empty", .same("accept, unless that would print nothing")),
    action("accept-or-print-query", .refused("with --print-query, accept prints the filter")),
    action("backward-char", .same("the filter's cursor one left")),
    action("backward-delete-char", .same("deletes before the filter's cursor")),
    action(
      "backward-delete-char/eof", .refused("bind backward-eof:abort and backward-delete-char")),
    action(
      "backward-kill-subword backward-subword forward-subword kill-subword",
      .refused("word movement stops at letters and digits: backward-word, forward-word")),
    action("backward-kill-word", .same("deletes the word before the filter's cursor")),
    action("backward-word", .same("the filter's cursor to the word before")),
    action(
      "become", .same("runs a command in togglekit's place ({+} the selection)"), sample: "echo {}"),
    action("beginning-of-line", .same("the filter's cursor to the start")),
    action("bell", .refused("togglekit rings no bell")),
    action(
      "best",
      .refused(
        "the focus goes to the best match as the filter changes: first goes to the first row")),
    action("bg-cancel", .refused("no commands run in the background")),
    action("cancel", .same("clears the filter, or ends printing nothing")),
    action(
      "change-border-label change-header-label change-input-label change-list-label change-preview-label",
      .refused(noLabels), sample: "x"),
    action("change-ghost", .refused(drawn), sample: "x"),
    action("change-header change-header-lines", .refused("the header is --header's"), sample: "1"),
    action("change-multi", .refused("--limit is fixed for the session"), sample: "2"),
    action("change-nth change-with-nth", .refused(noFields), sample: "1"),
    action("change-pointer", .refused("the focused row is drawn in reverse"), sample: ">"),
    action("change-preview", .refused("the preview command is --preview's"), sample: "cat {}"),
    action(
      "change-preview-window",
      .same("moves the pane: a|b takes each in turn, each over --preview-window's"),
      sample: "down|right"),
    action("change-prompt", .same("a new prompt"), sample: "> "),
    action("change-query", .same("a new filter"), sample: "txt"),
    action("clear-screen", .ignored("every frame is drawn whole")),
    action(
      "clear-multi",
      .refused(
        "deselect-all clears what is shown; select-all then deselect-all with no filter clears all")
    ),
    action("close", .refused("toggle-preview hides the pane; abort ends")),
    action("clear-query", .same("clears the filter")),
    action("delete-char", .same("deletes at the filter's cursor")),
    action("delete-char/eof", .refused("bind delete-char, and backward-eof:abort")),
    action("deselect", .same("deselects the focused node and what is below it")),
    action("deselect-all", .same("deselects every writable leaf shown")),
    action(
      "disable-raw enable-raw toggle-raw",
      .refused("a filter shows the matches and the folders around them, never the rest")),
    action(
      "disable-search enable-search toggle-search",
      .refused("typing filters: --keys tree types commands instead")),
    action("down", .same("one row down")),
    action("down-match", .refused("next-match goes to the next node the filter matches")),
    action(
      "down-selected next-selected prev-selected up-selected",
      .refused("no move between selected rows")),
    action("end-of-line", .same("the filter's cursor to the end")),
    action("exclude exclude-multi", .refused("a node stays in the tree: lock it with rules")),
    action(
      "execute", .same("runs a command on the terminal for the focused node ({} its path)"),
      sample: "less {}"),
    action(
      "execute-silent",
      .same("runs a command for the focused node, the screen kept, its output dropped"),
      sample: "true {}"),
    action("first", .same("the first row")),
    action("forward-char", .same("the filter's cursor one right")),
    action("forward-word", .same("the filter's cursor past the next word")),
    action("ignore", .same("does nothing")),
    action("jump", .same("labels the rows shown: the next key's label focuses its row")),
    action("kill-line", .same("deletes to the end of the filter")),
    action(
      "kill-word", .refused("kill-line deletes to the end; backward-kill-word the word before")),
    action("last", .same("the last row")),
    action("next-history prev-history", .refused(noHistory)),
    action("page-down", .same("a page down")),
    action("page-up", .same("a page up")),
    action("half-page-down", .same("half a page down")),
    action("half-page-up", .same("half a page up")),
    action(
      "hide-header show-header toggle-header", .refused("the header is --header's, always shown")),
    action("hide-input show-input toggle-input", .refused("the prompt line is always shown")),
    action("hide-preview show-preview", .refused("toggle-preview shows and hides the pane")),
    action("offset-down offset-up offset-middle", .refused("the list scrolls with the focus")),
    action("pos", .refused("first and last go to the ends"), sample: "1"),
    action("preview", .refused("the pane follows the focus: --preview"), sample: "cat {}"),
    action("preview-down", .same("the pane a line down")),
    action("preview-up", .same("the pane a line up")),
    action("preview-page-down", .same("the pane a page down")),
    action("preview-page-up", .same("the pane a page up")),
    action(
      "preview-half-page-down preview-half-page-up preview-bottom preview-top",
      .refused("preview-page-up and preview-page-down scroll the pane")),
    action(
      "print", .refused("the output is the selection: --output, --print-query, --expect"),
      sample: "x"),
    action("put", .refused("a key that is not bound types its character"), sample: "x"),
    action("refresh-preview", .same("runs the preview command again")),
    action(
      "rebind toggle-bind unbind", .refused("bindings are --bind's, fixed for the session"),
      sample: "ctrl-a"),
    action(
      "reload", .same("a new tree from a command's output, the selection kept by path"),
      sample: "find ."),
    action(
      "reload-sync", .refused("reload reads the whole output before the tree changes"),
      sample: "find ."),
    action("replace-query", .refused("change-query sets the filter"), sample: "x"),
    action("search", .refused("change-query sets the filter"), sample: "x"),
    action("select", .same("selects the focused node and what is below it")),
    action("select-all", .same("selects every writable leaf shown")),
    action("toggle", .same("a click on the focused node")),
    action("toggle-all", .same("flips every writable leaf shown, each on its own, as one change")),
    action("toggle-in toggle-out", .refused("toggle+down and toggle+up say which way")),
    action(
      "toggle-hscroll toggle-multi-line toggle-wrap toggle-wrap-word",
      .refused("a row is cut at the screen's edge")),
    action("toggle-preview", .same("shows or hides the pane")),
    action(
      "toggle-preview-wrap toggle-preview-wrap-word",
      .refused("the pane wraps as --preview-window's wrap says")),
    action("toggle-sort", .ignored("rows stay in the tree's order always")),
    action(
      "toggle-track toggle-track-current track-current untrack-current",
      .ignored("the focus stays on its node through every filter and reload")),
    action(
      "transform bg-transform",
      .refused(
        "a command's output is read as the tree (reload) or the filter (transform-query), not as actions"
      ), sample: "echo up"),
    action(
      "transform-border-label transform-ghost transform-header transform-header-lines transform-header-label transform-input-label transform-list-label transform-nth transform-with-nth transform-pointer transform-preview-label transform-prompt transform-search",
      .refused("transform-query is the one a command's output sets"), sample: "echo x"),
    action(
      "transform-query", .same("a command's first line of output is the new filter"),
      sample: "echo x"),
    action(
      "trigger", .refused("a key's actions are --bind's; bind the same actions to both"),
      sample: "ctrl-a"),
    action("unix-line-discard", .same("deletes the filter before its cursor")),
    action(
      "unix-word-rubout",
      .refused("backward-kill-word deletes back to a space, as unix-word-rubout does")),
    action("wait", .refused("a filter is done before the next key is read")),
    action("up", .same("one row up")),
    action("up-match", .refused("previous-match goes to the previous node the filter matches")),
    action("yank", .refused("nothing deleted is kept to yank")),
  ]

  /// Every event of fzf 0.74 (`man fzf`, AVAILABLE EVENTS).
  package static let events: [Entry] = [
    event("start", .same("once, before the first frame")),
    event("load", .same("when the input is whole: at the start, or when a stream ends")),
    event("resize", .same("when the terminal's size changes")),
    event("result", .same("when the filter changed (and at the start)")),
    event("result-final", .same("as result, but not while the input is still arriving")),
    event("change", .same("when the filter text changed")),
    event("focus", .same("when the focus moved to another node")),
    event("multi", .same("when the selection changed (undo and redo too)")),
    event("one", .same("when the filter shows a single leaf")),
    event("zero", .same("when the filter matches nothing")),
    event("backward-eof", .same("Backspace on an empty filter")),
    event("jump", .same("when jump focused a row")),
    event("jump-cancel", .same("when a key that labels no row ended jump")),
    event("click-header", .refused("a click on the header does nothing")),
    event("click-footer", .refused("there is no footer")),
    event("every", .refused("no timer: a key or an event runs actions")),
  ]

  /// fzf 0.74's keys (`man fzf`, AVAILABLE KEYS), by family: every one is a key.
  package static let keyFamilies: [Entry] = [
    keys(
      "ctrl-a ctrl-b ctrl-c ctrl-d ctrl-e ctrl-f ctrl-g ctrl-h ctrl-i ctrl-j ctrl-k ctrl-l ctrl-m ctrl-n ctrl-o ctrl-p ctrl-q ctrl-r ctrl-s ctrl-t ctrl-u ctrl-v ctrl-w ctrl-x ctrl-y ctrl-z",
      "Ctrl and a letter (ctrl-m is Enter, ctrl-i Tab: the same bytes)"),
    keys(
      "ctrl-space ctrl-delete ctrl-\\ ctrl-] ctrl-^ ctrl-6 ctrl-/ ctrl-_",
      "Ctrl with Space, Delete and the punctuation a terminal sends"),
    keys("ctrl-alt-a ctrl-alt-z ctrl-alt-h", "Ctrl-Alt and a letter"),
    keys("alt-a alt-A alt-/ alt-é", "Alt and any character, case-sensitive"),
    keys("f1 f2 f3 f4 f5 f6 f7 f8 f9 f10 f11 f12", "the function keys"),
    keys(
      "enter return ctrl-m space backspace bspace bs tab shift-tab btab esc delete del up down left right home end insert page-up pgup page-down pgdn",
      "the named keys and their other names"),
    keys(
      "alt-up alt-down alt-left alt-right alt-home alt-end alt-backspace alt-bspace alt-bs alt-delete alt-page-up alt-page-down alt-enter alt-space",
      "Alt with a named key"),
    keys(
      "ctrl-up ctrl-down ctrl-left ctrl-right ctrl-home ctrl-end ctrl-backspace ctrl-bspace ctrl-bs ctrl-page-up ctrl-page-down",
      "Ctrl with a named key"),
    keys(
      "shift-up shift-down shift-left shift-right shift-home shift-end shift-delete shift-page-up shift-page-down",
      "Shift with a named key"),
    keys(
      "alt-shift-up alt-shift-down alt-shift-left alt-shift-right alt-shift-home alt-shift-end alt-shift-delete alt-shift-page-up alt-shift-page-down",
      "Alt-Shift with a named key"),
    keys(
      "ctrl-alt-up ctrl-alt-down ctrl-alt-left ctrl-alt-right ctrl-alt-home ctrl-alt-end ctrl-alt-backspace ctrl-alt-bspace ctrl-alt-bs ctrl-alt-delete ctrl-alt-page-up ctrl-alt-page-down",
      "Ctrl-Alt with a named key"),
    keys(
      "ctrl-shift-up ctrl-shift-down ctrl-shift-left ctrl-shift-right ctrl-shift-home ctrl-shift-end ctrl-shift-delete ctrl-shift-page-up ctrl-shift-page-down",
      "Ctrl-Shift with a named key"),
    keys(
      "ctrl-alt-shift-up ctrl-alt-shift-down ctrl-alt-shift-left ctrl-alt-shift-right ctrl-alt-shift-home ctrl-alt-shift-end ctrl-alt-shift-delete ctrl-alt-shift-page-up ctrl-alt-shift-page-down",
      "Ctrl-Alt-Shift with a named key"),
    keys(
      "left-click right-click double-click scroll-up scroll-down preview-scroll-up preview-scroll-down shift-left-click shift-right-click shift-scroll-up shift-scroll-down",
      "the mouse"),
    keys("a ? ; 1", "any single character"),
  ]

  /// Every entry, options first.
  package static var entries: [Entry] { options + actions + events + keyFamilies }

  /// The entry that names `name` among `kind`'s.
  ///
  /// - Complexity: O(entries).
  package static func entry(_ kind: Kind, _ name: String) -> Entry? {
    let list: [Entry] =
      switch kind {
      case .option: options
      case .action: actions
      case .event: events
      case .key: keyFamilies
      }
    return list.first { $0.names.contains(name) }
  }

  /// Takes an option of fzf's that is not togglekit's: an ignored one with its value (after `=`,
  /// or the next argument when it needs one), a refused one as a usage error saying why.
  ///
  /// - Throws: ``UsageError`` for a refused option, or an ignored one missing its value.
  package static func take(
    _ entry: Entry, named name: String, inline: String?, rest: inout ArraySlice<String>
  ) throws(UsageError) {
    guard case .ignored = entry.verdict else {
      throw UsageError("option '\(name)' is fzf's, not togglekit's: \(entry.verdict.note)")
    }
    switch entry.value {
    case .none:
      if inline != nil { throw UsageError("option '\(name)' takes no value") }
    case .required:
      if inline == nil {
        guard rest.popFirst() != nil else { throw UsageError("option '\(name)' needs a value") }
      }
    case .optional: break
    }
  }

  /// Why an action of fzf's is not togglekit's, or nil (not fzf's, or accepted).
  package static func refusal(ofAction name: String) -> String? {
    guard let entry = entry(.action, name), case .refused(let why) = entry.verdict else {
      return nil
    }
    return "action '\(name)' is fzf's, not togglekit's: \(why)"
  }

  /// Why an event of fzf's is not togglekit's (`click-header`, `every(N)`), or nil.
  package static func refusal(ofEvent name: String) -> String? {
    let base = name.hasPrefix("every(") ? "every" : name
    guard let entry = entry(.event, base), case .refused(let why) = entry.verdict else {
      return nil
    }
    return "it is fzf's event, not togglekit's: \(why)"
  }

  /// The table of docs/togglekit.md: one Markdown row per entry.
  ///
  /// - Complexity: O(entries).
  package static var markdown: String {
    var rows = ["| fzf's | names | togglekit | what it does there |", "|---|---|---|---|"]
    for entry in entries {
      let names = entry.names.map { "`\($0.replacing("|", with: "\\|"))`" }
        .joined(separator: " ")
      let note = entry.verdict.note.replacing("|", with: "\\|").replacing("<", with: "&lt;")
      rows.append("| \(entry.kind.rawValue) | \(names) | \(entry.verdict.word) | \(note) |")
    }
    return rows.joined(separator: "\n") + "\n"
  }
}
