extension Key {
  /// The key's name as `--bind` and `--expect` write it (fzf's names); nil for a mouse report.
  ///
  /// `up`, `pgdn`, `enter`, `esc`, `tab`, `btab`, `bspace`, `del`, `space`, `ctrl-a`, `alt-b`,
  /// `ctrl-alt-x`, `alt-enter`, `f5`, `shift-left`, `ctrl-alt-page-up`, `left-click`, or the
  /// character itself (`j`, `?`).
  ///
  /// ```swift
  /// Key.control("w").name   // "ctrl-w"
  /// ```
  package var name: String? {
    switch self {
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .pageUp: "pgup"
    case .pageDown: "pgdn"
    case .home: "home"
    case .end: "end"
    case .enter: "enter"
    case .escape: "esc"
    case .backspace: "bspace"
    case .delete: "del"
    case .tab: "tab"
    case .backTab: "btab"
    case .insert: "insert"
    case .function(let number): "f\(number)"
    case .modified(let key, let modifiers):
      (modifiers.contains(.control) ? "ctrl-" : "") + (modifiers.contains(.alt) ? "alt-" : "")
        + (modifiers.contains(.shift) ? "shift-" : "") + key.rawValue
    case .control(" "): "ctrl-space"
    case .control(let character): "ctrl-\(character)"
    case .controlAlt("m"): "alt-enter"
    case .controlAlt("h"): "ctrl-alt-backspace"
    case .controlAlt(let character): "ctrl-alt-\(character)"
    case .altBackspace: "alt-backspace"
    case .alt(" "): "alt-space"
    case .alt(let character): "alt-\(character)"
    case .character(" "): "space"
    case .character(let character): String(character)
    case .pointer(let event): event.rawValue
    case .event(let event): event.rawValue
    case .mouse: nil
    }
  }

  /// The names fzf takes for one key besides ``name``, lowercased (`return` and `ctrl-m` for
  /// `enter`, `bs`, `page-up`, `ctrl-bs` for `ctrl-h`, and more).
  private static let aliases: [String: Key] = [
    "up": .up, "down": .down, "left": .left, "right": .right, "pgup": .pageUp,
    "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown, "home": .home, "end": .end,
    "enter": .enter, "return": .enter, "ctrl-m": .enter, "esc": .escape, "bspace": .backspace,
    "bs": .backspace, "backspace": .backspace, "del": .delete, "delete": .delete, "tab": .tab,
    "ctrl-i": .tab, "btab": .backTab, "shift-tab": .backTab, "insert": .insert,
    "space": .character(" "), "ctrl-space": .control(" "), "alt-space": .alt(" "),
    "ctrl-\\": .control("\\"), "ctrl-]": .control("]"), "ctrl-^": .control("^"),
    "ctrl-6": .control("^"), "ctrl-/": .control("/"), "ctrl-_": .control("/"),
    // A terminal sends BS for Ctrl-Backspace, and ESC BS for Ctrl-Alt-Backspace (fzf's reading).
    "ctrl-bs": .control("h"), "ctrl-bspace": .control("h"), "ctrl-backspace": .control("h"),
    "alt-enter": .controlAlt("m"), "alt-return": .controlAlt("m"),
    "ctrl-alt-bs": .controlAlt("h"), "ctrl-alt-bspace": .controlAlt("h"),
    "ctrl-alt-backspace": .controlAlt("h"),
    "alt-bs": .altBackspace, "alt-bspace": .altBackspace, "alt-backspace": .altBackspace,
  ]

  /// Names no key has, with why: the terminal sends another key's bytes for them.
  private static let indistinguishable: [String: String] = [
    "ctrl-[": "a terminal sends Esc for Ctrl-[: bind 'esc'",
    "ctrl-@": "a terminal sends the same byte for Ctrl-@ and Ctrl-Space: bind 'ctrl-space'",
    "ctrl-2": "a terminal sends the same byte for Ctrl-2 and Ctrl-Space: bind 'ctrl-space'",
    "alt-esc": "a terminal sends Esc Esc for Alt-Esc, which reads as two Escs",
  ]

  /// The key a name means, fzf's names and aliases included (`return`, `shift-tab`, `bs`,
  /// `page-up`, `ctrl-_`, `alt-ctrl-up`); nil for a name no key has.
  ///
  /// Every name of fzf's AVAILABLE KEYS is one: `ctrl-a` to `ctrl-z` (Ctrl-M is Enter and Ctrl-I
  /// Tab, the same bytes; Ctrl-J and Ctrl-H are keys of their own), `ctrl-space`, `ctrl-\`,
  /// `ctrl-]`, `ctrl-^`, `ctrl-/`, `ctrl-alt-a` to `ctrl-alt-z`, `alt-` and any character,
  /// `f1` to `f12`, the named keys and their Shift, Alt and Ctrl forms, and the mouse events.
  ///
  /// ```swift
  /// Key(name: "ctrl-w")         // .control("w")
  /// Key(name: "btab")           // .backTab
  /// Key(name: "ctrl-alt-left")  // .modified(.left, [.control, .alt])
  /// ```
  /// - Complexity: O(name length).
  package init?(name: String) {
    guard let key = try? Self.named(name) else { return nil }
    self = key
  }

  /// The key a name means, or why no key has it (a name a terminal cannot tell apart from
  /// another's is refused with the one to bind instead).
  ///
  /// - Throws: ``KeyNameError``.
  /// - Complexity: O(name length).
  package static func named(_ name: String) throws(KeyNameError) -> Key {
    let lowered = name.lowercased()
    if let key = aliases[lowered] { return key }
    if let reason = indistinguishable[lowered] { throw KeyNameError(name: name, reason: reason) }
    if let reason = FzfVocabulary.refusal(ofEvent: lowered) {
      throw KeyNameError(name: name, reason: reason)
    }
    if let event = PointerEvent(rawValue: lowered) { return .pointer(event) }
    if let event = ExplorerEvent(rawValue: lowered) { return .event(event) }
    let characters = Array(name)
    if characters.count == 1, let character = characters.first, !character.isWhitespace,
      !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    {
      return .character(character)
    }
    if lowered.hasPrefix("ctrl-alt-") || lowered.hasPrefix("alt-ctrl-"),
      lowered.count == 10, let letter = lowered.last, ("a"..."z").contains(letter)
    {
      return .controlAlt(letter)
    }
    if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last,
      ("a"..."z").contains(letter)
    {
      // Ctrl-M and Ctrl-I are Enter and Tab (the aliases); the rest are keys of their own.
      return .control(letter)
    }
    if lowered.hasPrefix("alt-"), characters.count == 5, let character = characters.last,
      !character.isWhitespace,
      !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    {
      return .alt(character)  // case-sensitive: alt-a and alt-A are two keys
    }
    if lowered.count >= 2, lowered.first == "f", let number = Int(lowered.dropFirst()),
      (1...12).contains(number), lowered.dropFirst().first != "0"
    {
      return .function(number)
    }
    if let key = modified(lowered) { return key }
    throw KeyNameError(name: name)
  }

  /// A navigation key's name with modifiers (`ctrl-alt-shift-page-up`, `shift-ctrl-left`), or nil.
  private static func modified(_ name: String) -> Key? {
    var rest = Substring(name)
    var modifiers = Modifiers()
    while true {
      if rest.hasPrefix("ctrl-"), !modifiers.contains(.control) {
        modifiers.insert(.control)
        rest = rest.dropFirst(5)
      } else if rest.hasPrefix("alt-"), !modifiers.contains(.alt) {
        modifiers.insert(.alt)
        rest = rest.dropFirst(4)
      } else if rest.hasPrefix("shift-"), !modifiers.contains(.shift) {
        modifiers.insert(.shift)
        rest = rest.dropFirst(6)
      } else {
        break
      }
    }
    guard !modifiers.isEmpty, let key = Navigation(rawValue: String(rest)) else { return nil }
    return .modified(key, modifiers)
  }

  /// Keys named in a comma-separated list (`--expect ctrl-o,alt-s`); a comma itself is named
  /// `,` only as the last or first item, as fzf reads it.
  ///
  /// - Throws: The name no key has.
  /// - Complexity: O(list length).
  package static func list(_ text: String) throws(KeyNameError) -> [Key] {
    var names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    var keys: [Key] = []
    // "a,," and ",,a": an empty item beside another empty one is the comma key.
    if text == "," {
      return [.character(",")]
    }
    if text.hasSuffix(",,") {
      keys.append(.character(","))
      names.removeLast(2)
    } else if text.hasPrefix(",,") {
      keys.append(.character(","))
      names.removeFirst(2)
    }
    for name in names { keys.append(try named(name)) }
    return keys
  }
}

/// A key name no key has (`--bind`, `--expect`).
package struct KeyNameError: Error, Hashable, Sendable {
  /// The name as given.
  package var name: String
  /// Why, when the name is one a terminal cannot tell apart from another key's.
  package var reason: String?

  /// The error for `name`, with the reason a terminal cannot send it, if any.
  package init(name: String, reason: String? = nil) {
    self.name = name
    self.reason = reason
  }

  /// What the messages say: "unknown key 'x'", or the key and the reason.
  package var message: String {
    reason.map { "key '\(name)' cannot be bound: \($0)" }
      ?? "unknown key '\(name)' (names as fzf's: ctrl-a, alt-enter, f1, shift-left, "
      + "ctrl-alt-x, left-click, …; 'togglekit help explore' lists the keys)"
  }
}
