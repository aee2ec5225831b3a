/// Something the explorer can do: what a key is bound to (``KeyTable``, `--bind`).
///
/// Names are fzf's wherever fzf has the action (`toggle`, `select-all`, `accept`, `abort`,
/// `cancel`, `unix-line-discard`, `execute(CMD)`…); the tree's own are `expand`, `collapse`,
/// `expand-all`, `collapse-all`, `undo`, `redo`, `find`, `next-match`, `previous-match`.
///
/// ```swift
/// try ExplorerAction.parse("toggle+down")   // [.toggle, .down]
/// ```
package enum ExplorerAction: Hashable, Sendable {
  /// Moves the cursor one row up.
  case up
  /// Moves the cursor one row down.
  case down
  /// A page up.
  case pageUp
  /// A page down.
  case pageDown
  /// Half a page up.
  case halfPageUp
  /// Half a page down.
  case halfPageDown
  /// The first row.
  case first
  /// The last row.
  case last
  /// Opens the focused folder, or moves into it when open (reading it when not read yet).
  case expand
  /// Closes the focused folder, or moves to its parent.
  case collapse
  /// Opens the focused folder and every folder below it, reading those not read yet.
  case expandAll
  /// Closes every open folder; the focus goes to the top folder it was in.
  case collapseAll
  /// Clicks the focused node.
  case toggle
  /// Selects every writable leaf shown.
  case selectAll
  /// Deselects every writable leaf shown.
  case deselectAll
  /// Flips every writable leaf shown, each on its own (fzf's `toggle-all`): one change.
  case toggleAll
  /// Selects the focused node and what is below it: a click that only ever selects.
  case select
  /// Deselects the focused node and what is below it.
  case deselect
  /// Takes back the last change of the selection.
  case undo
  /// Makes the last undone change again.
  case redo
  /// Starts typing the filter (`/`).
  case find
  /// Stops typing the filter and keeps it (Enter while typing after `/`).
  case keepFilter
  /// The next node the filter matches, opening the folders around it.
  case nextMatch
  /// The previous node the filter matches.
  case previousMatch
  /// Ends the session, printing the selection.
  case accept
  /// Ends the session as ``accept`` does, but only when that prints something.
  case acceptNonEmpty
  /// Ends the session, printing nothing.
  case abort
  /// Clears the filter when there is one, else ends the session printing nothing.
  case cancel
  /// Stops typing the filter and clears it.
  case clearFilter
  /// Shows or hides the key help.
  case help
  /// Suspends to the shell (Ctrl-Z).
  case suspend
  /// Shows or hides the preview pane.
  case togglePreview
  /// Scrolls the preview one line up.
  case previewUp
  /// Scrolls the preview one line down.
  case previewDown
  /// Scrolls the preview a page up.
  case previewPageUp
  /// Scrolls the preview a page down.
  case previewPageDown
  /// Runs the preview command again for the focused node.
  case refreshPreview
  /// Moves the pane as a `--preview-window` spec says; `a|b` takes each in turn.
  case changePreviewWindow(String)
  /// Replaces the prompt.
  case changePrompt(String)
  /// Replaces the filter text.
  case changeQuery(String)
  /// Clears the filter text.
  case clearQuery
  /// Moves the filter's text cursor one character left.
  case backwardChar
  /// Moves the filter's text cursor one character right.
  case forwardChar
  /// Moves the filter's text cursor to the start.
  case beginningOfLine
  /// Moves the filter's text cursor to the end.
  case endOfLine
  /// Moves the filter's text cursor to the start of the word before it.
  case backwardWord
  /// Moves the filter's text cursor past the end of the word after it.
  case forwardWord
  /// Deletes the character before the filter's text cursor.
  case backwardDeleteChar
  /// Deletes the character at the filter's text cursor.
  case deleteChar
  /// Deletes everything before the filter's text cursor.
  case unixLineDiscard
  /// Deletes the word before the filter's text cursor (up to a space).
  case backwardKillWord
  /// Deletes from the filter's text cursor to the end.
  case killLine
  /// Runs a command with /bin/sh for the focused node (`{}` its path), the terminal handed over
  /// until it ends.
  case execute(String)
  /// Runs a command with /bin/sh for the focused node, the screen kept and its output dropped.
  case executeSilent(String)
  /// Runs a command and takes its output's first line as the filter text.
  case transformQuery(String)
  /// Runs a command and reads its output as the tree, keeping the selection by path.
  case reload(String)
  /// Ends the session by running a command in togglekit's place (`{+}` the selected paths).
  case become(String)
  /// Starts marking a range of rows at the focused one, or stops (`v`): Space then toggles them.
  case visualMode
  /// Marks a range from the focused row (or the mark's start) up one row (Shift-↑).
  case extendUp
  /// Marks a range from the focused row (or the mark's start) down one row (Shift-↓).
  case extendDown
  /// Labels the rows shown with letters: the next key moves the focus to its row (fzf's
  /// EasyMotion-like `jump`).
  case jump
  /// Does nothing (unbinds a key).
  case ignore

  /// The actions without an argument, by name.
  package static let named: [String: ExplorerAction] = [
    "up": .up, "down": .down, "page-up": .pageUp, "page-down": .pageDown,
    "half-page-up": .halfPageUp, "half-page-down": .halfPageDown, "first": .first,
    "last": .last, "expand": .expand, "collapse": .collapse,
    "expand-all": .expandAll, "collapse-all": .collapseAll, "toggle": .toggle,
    "select-all": .selectAll, "deselect-all": .deselectAll, "toggle-all": .toggleAll,
    "select": .select, "deselect": .deselect, "undo": .undo, "redo": .redo,
    "find": .find, "keep-filter": .keepFilter, "next-match": .nextMatch,
    "previous-match": .previousMatch, "accept": .accept,
    "accept-non-empty": .acceptNonEmpty, "abort": .abort, "cancel": .cancel,
    "clear-filter": .clearFilter, "help": .help, "suspend": .suspend,
    "toggle-preview": .togglePreview, "preview-up": .previewUp, "preview-down": .previewDown,
    "preview-page-up": .previewPageUp, "preview-page-down": .previewPageDown,
    "refresh-preview": .refreshPreview,
    "clear-query": .clearQuery, "backward-char": .backwardChar, "forward-char": .forwardChar,
    "beginning-of-line": .beginningOfLine, "end-of-line": .endOfLine,
    "backward-word": .backwardWord, "forward-word": .forwardWord,
    "backward-delete-char": .backwardDeleteChar, "delete-char": .deleteChar,
    "unix-line-discard": .unixLineDiscard, "backward-kill-word": .backwardKillWord,
    "kill-line": .killLine, "visual-mode": .visualMode, "extend-up": .extendUp,
    "extend-down": .extendDown, "jump": .jump, "ignore": .ignore,
  ]

  /// The actions that take an argument: `change-query(TEXT)`, `execute(CMD)` and more.
  package static let withArgument: [String: @Sendable (String) -> ExplorerAction] = [
    "change-query": { .changeQuery($0) }, "change-prompt": { .changePrompt($0) },
    "change-preview-window": { .changePreviewWindow($0) }, "execute": { .execute($0) },
    "execute-silent": { .executeSilent($0) }, "transform-query": { .transformQuery($0) },
    "reload": { .reload($0) }, "become": { .become($0) },
  ]

  /// The action's name as `--bind` writes it: `toggle`, `execute(less {})`.
  package var name: String {
    switch self {
    case .changeQuery(let text): return "change-query(\(text))"
    case .changePrompt(let text): return "change-prompt(\(text))"
    case .changePreviewWindow(let spec): return "change-preview-window(\(spec))"
    case .executeSilent(let command): return "execute-silent(\(command))"
    case .transformQuery(let command): return "transform-query(\(command))"
    case .execute(let command): return "execute(\(command))"
    case .reload(let command): return "reload(\(command))"
    case .become(let command): return "become(\(command))"
    default: return Self.named.first { $0.value == self }!.key
    }
  }

  /// Whether the action edits the filter's text (so it needs the filter being typed).
  var editsQuery: Bool {
    switch self {
    case .backwardChar, .forwardChar, .beginningOfLine, .endOfLine, .backwardWord, .forwardWord,
      .backwardDeleteChar, .deleteChar, .unixLineDiscard, .backwardKillWord, .killLine:
      true
    default: false
    }
  }

  /// Parses actions joined by `+` (`toggle+down`); an argument is in `(…)`, `[…]`, `{…}` or
  /// `<…>`, or follows a `:` to the end (`execute:less {}`), as fzf writes them.
  ///
  /// - Throws: ``ActionParseError`` naming the action that is unknown, or the argument not closed.
  /// - Complexity: O(text length).
  package static func parse(_ text: String) throws(ActionParseError) -> [ExplorerAction] {
    var rest = Substring(text)
    var actions: [ExplorerAction] = []
    while true {
      let nameEnd =
        rest.firstIndex { $0 == "+" || $0 == ":" || "([{<".contains($0) } ?? rest.endIndex
      let name = String(rest[..<nameEnd]).lowercased()
      rest = rest[nameEnd...]
      if let make = withArgument[name] {
        guard let opener = rest.first else {
          throw ActionParseError(message: "action '\(name)' needs an argument: \(name)(…)")
        }
        rest = rest.dropFirst()
        if opener == ":" {
          actions.append(make(String(rest)))
          return actions
        }
        let closer: Character = ["(": ")", "[": "]", "{": "}", "<": ">"][opener] ?? ")"
        guard let end = rest.firstIndex(of: closer) else {
          throw ActionParseError(message: "action '\(name)': no '\(closer)' closes its argument")
        }
        actions.append(make(String(rest[..<end])))
        rest = rest[rest.index(after: end)...]
      } else if let action = named[name] {
        actions.append(action)
      } else if let entry = FzfVocabulary.entry(.action, name), case .ignored = entry.verdict {
        actions.append(.ignore)  // what it asks is what the explorer does anyway
      } else if let refusal = FzfVocabulary.refusal(ofAction: name) {
        throw ActionParseError(message: refusal)
      } else {
        let known = (named.keys.map { $0 } + withArgument.keys.map { "\($0)(…)" }).sorted()
        throw ActionParseError(
          message: name.isEmpty
            ? "an action is missing"
            : Suggestion.message(
              "unknown action '\(name)'", for: name,
              among: named.keys.sorted() + withArgument.keys.sorted())
              + " (actions: \(known.joined(separator: ", ")))")
      }
      if rest.isEmpty { return actions }
      guard rest.first == "+" else {
        throw ActionParseError(message: "expected '+' between actions, not '\(rest)'")
      }
      rest = rest.dropFirst()
    }
  }
}

/// An action `--bind` cannot read.
package struct ActionParseError: Error, Hashable, Sendable {
  /// What is wrong.
  package var message: String
}

/// What the explorer asks of its surroundings: the reducer stays pure, the session carries these
/// out.
package enum ExplorerEffect: Hashable, Sendable {
  /// Suspend to the shell.
  case suspend
  /// Run a command for the focused node's path, handing over the terminal.
  case execute(String)
  /// Run a command for the focused node's path, the screen kept, its output dropped.
  case executeSilent(String)
  /// Run a command and make its output's first line the filter.
  case transformQuery(String)
  /// Run the preview command again.
  case refreshPreview
  /// Run a command and reload the tree from its output.
  case reload(String)
  /// Run a command in togglekit's place with the selected paths.
  case become(String)
}
