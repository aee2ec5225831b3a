import ToggleKit

/// Finding's part of the explorer's state: the filter as typed, its text cursor, and how keys
/// reach it.
package struct FindingState: Hashable, Sendable {
  /// The filter text (empty: no filter).
  package internal(set) var text = ""
  /// The text cursor in ``text``, in characters.
  package internal(set) var cursor = 0
  /// Whether keys are being typed into the filter after `/`.
  package internal(set) var isEditing = false
  /// Whether plain terms match substrings (`--exact`) rather than fuzzy subsequences.
  package var exact = false
  /// Whether case must match (`+i`), must not (`-i`), or nil: when a term holds an uppercase
  /// letter (smart case, `--smart-case`).
  package var caseSensitive: Bool?
  /// fzf's model (`--keys fzf`): typing filters at once, commands on Ctrl and Alt.
  package var typesToFilter = false
  /// How many times the tree has been filtered: tests check that pastes coalesce.
  package internal(set) var runs = 0

  /// An empty filter, typed after `/`.
  package init() {}
}

/// The preview's part of the explorer's state.
package struct PreviewState: Hashable, Sendable {
  /// Whether a preview command runs (`--preview`).
  package var isOn = false
  /// Where the pane is and how big (`--preview-window`, then `change-preview-window`).
  package var window = PreviewWindow()
  /// The pane as `--preview-window` set it: what `change-preview-window`'s specs change.
  package var startingWindow = PreviewWindow()
  /// How many times each `change-preview-window` argument was taken: its next spec.
  var windowTurns: [String: Int] = [:]
  /// The first line of the output shown.
  package internal(set) var scroll = 0
  /// What the pane shows (nil: nothing yet); another path starts at its first line.
  package var pane: PreviewPane? {
    didSet { if pane?.title != oldValue?.title { scroll = 0 } }
  }

  /// No preview.
  package init() {}
}

/// What the command line sets on the explorer: read by the reducers, changed by none but
/// `change-prompt`.
package struct ExplorerSettings {
  /// The user's bindings (`--bind`), over the ``KeyTable``'s in every mode.
  package var bindings: [Key: [ExplorerAction]] = [:]
  /// Keys that accept and are reported (`--expect`).
  package var expectedKeys: Set<Key> = []
  /// At most this many leaves may be selected (`--limit`).
  package var selectionLimit: Int?
  /// Whether up from the first row goes to the last and down from the last to the first
  /// (`--cycle`).
  package var cycles = false
  /// What Enter does with nothing selected (`--empty-enter`).
  package var emptyEnter = Explorer.EmptyEnter.auto
  /// Lines shown above the tree (`--header`).
  package var header: [String] = []
  /// Whether folders show their counts (`--counts`): `Fruit (2/3)`.
  package var showsCounts = false
  /// The prompt before the filter (`--prompt`; nil: `/`, or `> ` with `--keys fzf`).
  package var prompt: String?
  /// Prompt and status above the tree (`--layout reverse`).
  package var reverseLayout = false
  /// Where the status line goes (`--info`).
  package var info = InfoStyle.standard
  /// The border around the explorer (`--border`; nil: none).
  package var border: BorderStyle?
  /// The labels `jump` puts on the rows shown (`--jump-labels`).
  package var jumpLabels = Explorer.defaultJumpLabels
  /// Whether a filter reads the folders not read yet between keys (a terminal session), rather
  /// than at once.
  package var readsInBackground = false
  /// How rows are drawn.
  package var style: RowStyle
  /// The styles rows use when the tree's rules name one.
  package var rowStyles: [String: RowStyle] = RowStyle.named.mapValues {
    Explorer.defaultStyle(base: $0)
  }

  /// Settings drawing rows with `style`, everything else as without options.
  package init(style: RowStyle) {
    self.style = style
  }
}
