extension Key {
  /// The key's name as `--bind` and `--expect` write it (fzf's names); nil for a mouse event.
  ///
  /// `up`, `pgdn`, `enter`, `esc`, `tab`, `btab`, `bspace`, `del`, `space`, `ctrl-a`, `alt-b`,
  /// or the character itself (`j`, `?`).
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
    case .shiftUp: "shift-up"
    case .shiftDown: "shift-down"
    case .control(" "): "ctrl-space"
    case .control(let character): "ctrl-\(character)"
    case .alt(" "): "alt-space"
    case .alt(let character): "alt-\(character)"
    case .character(" "): "space"
    case .character(let character): String(character)
    case .mouse: nil
    }
  }

  /// The key a name means, fzf's names and aliases included (`return`, `shift-tab`, `bs`,
  /// `page-up`); nil for a name no key has.
  ///
  /// ```swift
  /// Key(name: "ctrl-w")   // .control("w")
  /// Key(name: "btab")     // .backTab
  /// ```
  /// - Complexity: O(name length).
  package init?(name: String) {
    let aliases: [String: Key] = [
      "up": .up, "down": .down, "left": .left, "right": .right, "pgup": .pageUp,
      "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown, "home": .home, "end": .end,
      "enter": .enter, "return": .enter, "esc": .escape, "bspace": .backspace, "bs": .backspace,
      "del": .delete, "tab": .tab, "btab": .backTab, "shift-tab": .backTab, "shift-up": .shiftUp,
      "shift-down": .shiftDown,
      "space": .character(" "), "ctrl-space": .control(" "), "alt-space": .alt(" "),
    ]
    if let key = aliases[name.lowercased()] {
      self = key
      return
    }
    if name.count == 1, let character = name.first, !character.isWhitespace,
      !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    {
      self = .character(character)
      return
    }
    let lowered = name.lowercased()
    if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last,
      ("a"..."z").contains(letter), !["i", "j", "m", "h", "["].contains(letter)
    {
      self = .control(letter)
      return
    }
    if lowered.hasPrefix("alt-"), name.count == 5, let character = name.last,
      character.isASCII, !character.isWhitespace,
      character.unicodeScalars.first.map({ (0x21..<0x7F).contains($0.value) }) == true
    {
      self = .alt(character)
      return
    }
    return nil
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
    for name in names {
      guard let key = Key(name: name) else { throw KeyNameError(name: name) }
      keys.append(key)
    }
    return keys
  }
}

/// A key name no key has (`--bind`, `--expect`).
package struct KeyNameError: Error, Hashable, Sendable {
  /// The name as given.
  package var name: String
}
