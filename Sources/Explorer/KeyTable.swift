/// Where keys are read: on the tree, in the filter after `/`, or in fzf's model (`--keys fzf`),
/// where typing filters at once and commands are on Ctrl and Alt.
package enum InputMode: String, Hashable, Sendable, CaseIterable {
  /// The tree's keys: letters are commands (`j`, `a`, `/`).
  case tree
  /// Typing the filter after `/`: characters are text, Enter keeps the filter.
  case search
  /// fzf's model (`--keys fzf`): characters are text, commands on Ctrl and Alt.
  case typing
}

/// One line of the key table: keys, the modes they work in, what they do, and the help.
package struct KeyBinding: Sendable {
  /// The keys, in the order help lists them.
  package let keys: [Key]
  /// The modes the keys work in.
  package let modes: Set<InputMode>
  /// What the keys do, in order.
  package let actions: [ExplorerAction]
  /// What help says they do.
  package let help: String
}

/// Every key of the explorer, declared once: handling, the `?` overlay, `--help`, the man page,
/// README and completion read it, as ``OptionTable`` is read for options.
///
/// ```swift
/// KeyTable.actions(for: .tab, in: .tree)   // [.toggle, .down]
/// ```
package enum KeyTable {
  private static let all = Set(InputMode.allCases)
  private static let typed: Set<InputMode> = [.search, .typing]

  /// The default bindings, in the order help lists them.
  package static let bindings: [KeyBinding] = [
    .init(keys: [.up], modes: all, actions: [.up], help: "move up"),
    .init(keys: [.character("k")], modes: [.tree], actions: [.up], help: "move up"),
    .init(keys: [.down], modes: all, actions: [.down], help: "move down"),
    .init(keys: [.character("j")], modes: [.tree], actions: [.down], help: "move down"),
    .init(keys: [.pageUp], modes: all, actions: [.pageUp], help: "page up"),
    .init(keys: [.pageDown], modes: all, actions: [.pageDown], help: "page down"),
    .init(keys: [.home], modes: all, actions: [.first], help: "first row"),
    .init(keys: [.end], modes: all, actions: [.last], help: "last row"),
    .init(keys: [.character(" ")], modes: [.tree], actions: [.toggle], help: "toggle"),
    .init(keys: [.tab], modes: all, actions: [.toggle, .down], help: "toggle, then down"),
    .init(keys: [.backTab], modes: all, actions: [.toggle, .up], help: "toggle, then up"),
    .init(keys: [.right], modes: all, actions: [.expand], help: "expand / move into"),
    .init(keys: [.character("l")], modes: [.tree], actions: [.expand], help: "expand / move into"),
    .init(keys: [.left], modes: all, actions: [.collapse], help: "collapse / to parent"),
    .init(
      keys: [.character("h")], modes: [.tree], actions: [.collapse], help: "collapse / to parent"),
    .init(
      keys: [.character("*")], modes: [.tree], actions: [.expandAll],
      help: "expand everything below"),
    .init(
      keys: [.character("-")], modes: [.tree], actions: [.collapseAll], help: "collapse all"),
    .init(keys: [.character("a")], modes: [.tree], actions: [.selectAll], help: "select all"),
    .init(keys: [.alt("a")], modes: [.typing], actions: [.selectAll], help: "select all"),
    .init(keys: [.character("n")], modes: [.tree], actions: [.deselectAll], help: "select none"),
    .init(keys: [.alt("d")], modes: [.typing], actions: [.deselectAll], help: "select none"),
    .init(keys: [.character("u")], modes: [.tree], actions: [.undo], help: "undo (the selection)"),
    .init(keys: [.alt("u")], modes: [.typing], actions: [.undo], help: "undo (the selection)"),
    .init(keys: [.control("r")], modes: [.tree, .typing], actions: [.redo], help: "redo"),
    .init(keys: [.character("/")], modes: [.tree], actions: [.find], help: "type a filter"),
    .init(
      keys: [.enter, .control("j")], modes: [.search], actions: [.keepFilter],
      help: "keep the filter"),
    .init(keys: [.escape], modes: [.search], actions: [.clearFilter], help: "clear the filter"),
    .init(keys: [.control("n")], modes: all, actions: [.nextMatch], help: "next match"),
    .init(keys: [.control("p")], modes: all, actions: [.previousMatch], help: "previous match"),
    .init(
      keys: [.enter, .control("j")], modes: [.tree, .typing], actions: [.accept], help: "accept"),
    .init(
      keys: [.escape], modes: [.tree, .typing], actions: [.cancel],
      help: "clear the filter, else cancel"),
    .init(keys: [.character("q")], modes: [.tree], actions: [.abort], help: "cancel"),
    .init(keys: [.control("c")], modes: all, actions: [.abort], help: "cancel"),
    .init(keys: [.character("?")], modes: [.tree], actions: [.help], help: "this help"),
    .init(keys: [.alt("?")], modes: [.typing], actions: [.help], help: "this help"),
    .init(keys: [.alt("p")], modes: all, actions: [.togglePreview], help: "show / hide preview"),
    .init(
      keys: [.character("v"), .character("V")], modes: [.tree], actions: [.visualMode],
      help: "mark rows from here (Space toggles them)"),
    .init(
      keys: [.shiftUp], modes: all, actions: [.extendUp],
      help: "mark rows upwards (a preview shown: scroll it)"),
    .init(
      keys: [.shiftDown], modes: all, actions: [.extendDown],
      help: "mark rows downwards (a preview shown: scroll it)"),
    .init(
      keys: [.modified(.up, .alt)], modes: all, actions: [.previewUp], help: "scroll preview up"),
    .init(
      keys: [.modified(.down, .alt)], modes: all, actions: [.previewDown],
      help: "scroll preview down"),
    .init(
      keys: [.backspace, .control("h")], modes: typed, actions: [.backwardDeleteChar],
      help: "delete back"),
    .init(keys: [.delete], modes: typed, actions: [.deleteChar], help: "delete"),
    .init(
      keys: [.control("u")], modes: typed, actions: [.unixLineDiscard], help: "delete to start"),
    .init(keys: [.control("w")], modes: typed, actions: [.backwardKillWord], help: "delete word"),
    .init(keys: [.control("k")], modes: typed, actions: [.killLine], help: "delete to end"),
    .init(keys: [.control("a")], modes: typed, actions: [.beginningOfLine], help: "to start"),
    .init(keys: [.control("e")], modes: typed, actions: [.endOfLine], help: "to end"),
    .init(keys: [.control("b")], modes: typed, actions: [.backwardChar], help: "char back"),
    .init(keys: [.control("f")], modes: typed, actions: [.forwardChar], help: "char forward"),
    .init(keys: [.alt("b")], modes: typed, actions: [.backwardWord], help: "word back"),
    .init(keys: [.alt("f")], modes: typed, actions: [.forwardWord], help: "word forward"),
    .init(keys: [.control("z")], modes: all, actions: [.suspend], help: "suspend (fg resumes)"),
  ]

  /// The key that clicks the focused node in each mode, as help writes it: Space on the tree,
  /// Tab where Space is text (made once: frames read it).
  package static let clickKey: [InputMode: String] = Dictionary(
    uniqueKeysWithValues: InputMode.allCases.map { mode in
      let binding =
        bindings.first { $0.modes.contains(mode) && $0.actions == [.toggle] }
        ?? bindings.first { $0.modes.contains(mode) && $0.actions.first == .toggle }
      return (mode, binding.map { displayName(of: $0.keys[0]) } ?? "Space")
    })

  /// The prompt line's reminder of the tree's main keys: "space toggle · enter accept · …".
  package static let reminder: String = [
    (ExplorerAction.toggle, "toggle"), (.accept, "accept"), (.abort, "cancel"), (.find, "filter"),
    (.help, "help"),
  ].compactMap { action, word -> String? in
    bindings.first { $0.modes.contains(.tree) && $0.actions == [action] }
      .map { displayName(of: $0.keys[0]).lowercased() + " " + word }
  }.joined(separator: " · ")

  /// The names of the table's keys, for completion (`--expect`).
  package static var keyNames: [String] {
    var names: [String] = []
    for binding in bindings {
      for name in binding.keys.compactMap(\.name) where !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// A compact key list for README: one row per help text, the keys of each mode.
  ///
  /// - Complexity: O(bindings²).
  package static var summaryMarkdown: String {
    var order: [String] = []
    var keys: [String: [InputMode: [String]]] = [:]
    for binding in bindings {
      if keys[binding.help] == nil { order.append(binding.help) }
      for mode in binding.modes {
        keys[binding.help, default: [:]][mode, default: []] += binding.keys.map(displayName)
      }
    }
    var rows = ["| does | tree | after `/` | `--keys fzf` |", "|---|---|---|---|"]
    for help in order {
      let cells = [InputMode.tree, .search, .typing].map { mode in
        (keys[help]![mode] ?? []).map { $0 == "|" ? "\\|" : $0 }.joined(separator: " ")
      }
      rows.append("| \(help) | " + cells.joined(separator: " | ") + " |")
    }
    return rows.joined(separator: "\n") + "\n"
  }

  /// Every key's actions in each mode, from ``bindings`` once (no key is bound twice in one
  /// mode: `KeyTableTests` holds the table to that).
  private static let byMode: [InputMode: [Key: [ExplorerAction]]] = {
    var table: [InputMode: [Key: [ExplorerAction]]] = [:]
    for binding in bindings {
      for mode in binding.modes {
        for key in binding.keys { table[mode, default: [:]][key] = binding.actions }
      }
    }
    return table
  }()

  /// What `key` does in `mode` by default (nil: a character is typed into the filter in the
  /// modes that type, and any other key does nothing).
  package static func actions(for key: Key, in mode: InputMode) -> [ExplorerAction]? {
    if let actions = byMode[mode]?[key] { return actions }
    // A navigation key with modifiers no binding names does what the key does (Ctrl-← moves
    // as ← does).
    if case .modified(let navigation, _) = key { return actions(for: navigation.plain, in: mode) }
    return nil
  }

  /// How help writes a key: `↑`, `PgUp`, `Space`, `Ctrl-W`, `Alt-B`, `Shift-Tab`, `j`.
  package static func displayName(of key: Key) -> String {
    switch key {
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .enter: "Enter"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Del"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .insert: "Insert"
    case .function(let number): "F\(number)"
    case .modified(let key, let modifiers):
      (modifiers.contains(.control) ? "Ctrl-" : "") + (modifiers.contains(.alt) ? "Alt-" : "")
        + (modifiers.contains(.shift) ? "Shift-" : "") + displayName(of: key.plain)
    case .control(" "): "Ctrl-Space"
    case .control(let character): "Ctrl-" + character.uppercased()
    case .controlAlt(let character): "Ctrl-Alt-" + character.uppercased()
    case .altBackspace: "Alt-Backspace"
    case .alt(let character):
      "Alt-" + (character.isLetter ? character.uppercased() : "\(character)")
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .pointer(let event): event.rawValue
    case .event(let event): event.rawValue
    case .mouse: "mouse"
    }
  }

  /// The help of `mode`: one line per action, its keys in a column of `width`; the mouse last.
  ///
  /// - Complexity: O(bindings²).
  package static func helpLines(for mode: InputMode, width: Int = 14) -> [String] {
    lines(of: bindings.filter { $0.modes.contains(mode) }, width: width)
      + ["mouse" + String(repeating: " ", count: width - 5) + "click a box, ▸ ▾ or a row; wheel"]
  }

  /// The usage's key sections (`--help`, the man page): the tree's keys, the keys of typing a
  /// filter, and those `--keys fzf` changes; each a title and its lines.
  package static var usageSections: [(title: String, lines: [String])] {
    [
      ("Keys", helpLines(for: .tree)),
      (
        "Typing a filter (after /, or always with --keys fzf): characters are text, and",
        lines(of: bindings.filter { $0.modes.contains(.search) && !$0.modes.contains(.tree) })
      ),
      (
        "With --keys fzf: typing filters at once; the letter keys move to",
        lines(of: bindings.filter { $0.modes.contains(.typing) && !$0.modes.contains(.search) })
      ),
    ]
  }

  /// One line per help text, the keys of `bindings` that have it in a column of `width`.
  private static func lines(of bindings: [KeyBinding], width: Int = 14) -> [String] {
    var order: [String] = []
    var keys: [String: [String]] = [:]
    for binding in bindings {
      if keys[binding.help] == nil { order.append(binding.help) }
      keys[binding.help, default: []] += binding.keys.map(displayName)
    }
    return order.map { help -> String in
      let names = keys[help]!.joined(separator: " ")
      return names.count < width
        ? names + String(repeating: " ", count: width - names.count) + help : names + " " + help
    }
  }

  /// The key table as README and docs/togglekit.md show it: one Markdown row per key.
  ///
  /// - Complexity: O(bindings).
  package static var markdown: String {
    var rows = [
      "| key | `--bind` name | tree | after `/` | `--keys fzf` | does |",
      "|---|---|---|---|---|---|",
    ]
    for binding in bindings {
      for key in binding.keys {
        let marks = [InputMode.tree, .search, .typing].map { binding.modes.contains($0) ? "✓" : "" }
        let shown = displayName(of: key) == "|" ? "\\|" : displayName(of: key)
        rows.append(
          "| \(shown) | `\(key.name ?? "")` | \(marks.joined(separator: " | ")) | "
            + "\(binding.help) (`\(binding.actions.map(\.name).joined(separator: "+"))`) |")
      }
    }
    return rows.joined(separator: "\n") + "\n"
  }
}
