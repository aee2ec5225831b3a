import Testing
import ToggleKit

@testable import Explorer

/// Every name fzf's manual lists under AVAILABLE KEYS (fzf 0.74), its ranges spelled out and its
/// synonyms with it; `alt-[*]` ("any case-sensitive single character") by a few characters.
let fzfKeyNames: [String] = {
  let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
  var names = letters.map { "ctrl-" + $0 }
  names += [
    "ctrl-space", "ctrl-delete", "ctrl-\\", "ctrl-]", "ctrl-^", "ctrl-6", "ctrl-/", "ctrl-_",
  ]
  names += letters.map { "ctrl-alt-" + $0 }
  names += ["alt-a", "alt-Z", "alt-1", "alt-/", "alt-é", "alt-:", "alt-,"]
  names += (1...12).map { "f\($0)" }
  names += [
    "enter", "return", "ctrl-m", "space", "backspace", "bspace", "bs", "alt-up", "alt-down",
    "alt-left", "alt-right", "alt-home", "alt-end", "alt-backspace", "alt-bspace", "alt-bs",
    "alt-delete", "alt-page-up", "alt-page-down", "alt-enter", "alt-space", "tab", "shift-tab",
    "btab", "esc", "delete", "del", "up", "down", "left", "right", "home", "end", "insert",
    "page-up", "pgup", "page-down", "pgdn", "ctrl-backspace", "ctrl-bspace", "ctrl-bs",
    "ctrl-alt-backspace", "ctrl-alt-bspace", "ctrl-alt-bs",
  ]
  let moves = ["up", "down", "left", "right", "home", "end", "delete", "page-up", "page-down"]
  for prefix in ["ctrl-", "shift-", "alt-shift-", "ctrl-alt-", "ctrl-shift-", "ctrl-alt-shift-"] {
    names += moves.map { prefix + $0 }
  }
  names += [
    "left-click", "right-click", "double-click", "scroll-up", "scroll-down",
    "preview-scroll-up", "preview-scroll-down", "shift-left-click", "shift-right-click",
    "shift-scroll-up", "shift-scroll-down",
  ]
  return names
}()

/// The names fzf reads as one key (its manual's synonyms, and bytes a terminal sends for both).
let fzfSynonyms: [[String]] = [
  ["enter", "return", "ctrl-m"], ["backspace", "bspace", "bs"], ["tab", "ctrl-i"],
  ["shift-tab", "btab"], ["delete", "del"], ["page-up", "pgup"], ["page-down", "pgdn"],
  ["ctrl-^", "ctrl-6"], ["ctrl-/", "ctrl-_"], ["alt-enter", "ctrl-alt-m"],
  ["alt-backspace", "alt-bspace", "alt-bs"],
  ["ctrl-h", "ctrl-backspace", "ctrl-bspace", "ctrl-bs"],
  ["ctrl-alt-h", "ctrl-alt-backspace", "ctrl-alt-bspace", "ctrl-alt-bs"],
]

@Suite("Key names: every one fzf's manual lists, and the bytes a terminal sends for it")
struct KeyNamesTests {
  @Test(
    "every name of fzf's AVAILABLE KEYS is a key, --bind and --expect take it, and its canonical name reads back to it"
  )
  func everyFzfName() throws {
    for name in fzfKeyNames {
      let key = try #require(Key(name: name), "\(name)")
      let canonical = try #require(key.name, "\(name)")
      #expect(Key(name: canonical) == key, "\(name) → \(canonical)")
      let invocation = try Invocation.parse(["explore", "--bind", "\(name):abort"])
      #expect(invocation.bindings[key] == [.abort], "\(name)")
      if !name.contains(",") {
        #expect(try Invocation.parse(["explore", "--expect", name]).expectedKeys == [key])
      }
    }
    #expect(fzfKeyNames.count > 170)
  }

  @Test("two names are one key exactly when fzf reads them as one")
  func synonymsAndDistinctKeys() throws {
    let names = Set(fzfKeyNames + fzfSynonyms.flatMap { $0 })
    var group: [String: Int] = [:]
    for (index, synonyms) in fzfSynonyms.enumerated() {
      for name in synonyms { group[name] = index }
    }
    let keys = Array(names).map { ($0, Key(name: $0)!) }
    for (first, firstKey) in keys {
      for (second, secondKey) in keys where first < second {
        let same = group[first] != nil && group[first] == group[second]
        #expect((firstKey == secondKey) == same, "\(first) and \(second)")
      }
    }
    #expect(Key(name: "Alt-a") != Key(name: "alt-A"), "alt- is case-sensitive")
    #expect(Key(name: "CTRL-A") == Key(name: "ctrl-a"))
  }

  @Test("names a terminal cannot send apart from another key are refused with the one to bind")
  func indistinguishable() {
    for (name, hint) in [
      ("ctrl-[", "'esc'"), ("ctrl-@", "'ctrl-space'"), ("ctrl-2", "'ctrl-space'"),
    ] {
      do {
        _ = try Invocation.parse(["explore", "--bind", "\(name):abort"])
        Issue.record("\(name) is refused")
      } catch {
        #expect(error.message.contains("cannot be bound") && error.message.contains(hint))
      }
    }
    do {
      _ = try Invocation.parse(["explore", "--bind", "hyper-x:abort"])
      Issue.record("an unknown name is refused")
    } catch {
      #expect(error.message.contains("unknown key 'hyper-x'") && error.message.contains("f1"))
    }
  }

  /// What xterm sends for keys: each decodes to the key of its name.
  static let sequences: [(name: String, bytes: String)] = [
    ("ctrl-j", "\n"), ("enter", "\r"), ("ctrl-h", "\u{08}"), ("bspace", "\u{7F}"),
    ("tab", "\t"), ("ctrl-\\", "\u{1C}"), ("ctrl-]", "\u{1D}"), ("ctrl-^", "\u{1E}"),
    ("ctrl-/", "\u{1F}"), ("ctrl-space", "\u{00}"), ("ctrl-a", "\u{01}"), ("ctrl-z", "\u{1A}"),
    ("ctrl-alt-a", "\u{1B}\u{01}"), ("ctrl-alt-z", "\u{1B}\u{1A}"), ("alt-enter", "\u{1B}\r"),
    ("ctrl-alt-backspace", "\u{1B}\u{08}"), ("alt-backspace", "\u{1B}\u{7F}"),
    ("alt-space", "\u{1B} "), ("alt-a", "\u{1B}a"), ("alt-Z", "\u{1B}Z"), ("alt-é", "\u{1B}é"),
    ("f1", "\u{1B}OP"), ("f2", "\u{1B}OQ"), ("f3", "\u{1B}OR"), ("f4", "\u{1B}OS"),
    ("f1", "\u{1B}[11~"), ("f5", "\u{1B}[15~"), ("f6", "\u{1B}[17~"), ("f7", "\u{1B}[18~"),
    ("f8", "\u{1B}[19~"), ("f9", "\u{1B}[20~"), ("f10", "\u{1B}[21~"), ("f11", "\u{1B}[23~"),
    ("f12", "\u{1B}[24~"), ("insert", "\u{1B}[2~"), ("delete", "\u{1B}[3~"),
    ("page-up", "\u{1B}[5~"), ("page-down", "\u{1B}[6~"), ("shift-tab", "\u{1B}[Z"),
    ("shift-up", "\u{1B}[1;2A"), ("alt-down", "\u{1B}[1;3B"), ("alt-shift-right", "\u{1B}[1;4C"),
    ("ctrl-left", "\u{1B}[1;5D"), ("ctrl-shift-home", "\u{1B}[1;6H"),
    ("ctrl-alt-end", "\u{1B}[1;7F"), ("ctrl-alt-shift-up", "\u{1B}[1;8A"),
    ("ctrl-delete", "\u{1B}[3;5~"), ("shift-delete", "\u{1B}[3;2~"),
    ("alt-page-up", "\u{1B}[5;3~"), ("ctrl-alt-shift-page-down", "\u{1B}[6;8~"),
    ("shift-home", "\u{1B}[1;2H"), ("alt-end", "\u{1B}[1;3F"),
  ]

  @Test("the bytes a terminal sends for each key decode to the key its name means")
  func decodedAsNamed() throws {
    for (name, bytes) in Self.sequences {
      var decoder = KeyDecoder()
      let keys = decoder.feed(Array(bytes.utf8)) + decoder.flush()
      #expect(keys == [try #require(Key(name: name))], "\(name): \(bytes.debugDescription)")
    }
  }

  @Test(
    "a key bound by its fzf name does what it is bound to; a navigation key with modifiers no binding names moves as the key does"
  )
  func boundKeysAct() throws {
    let tree = try SelectionTree(paths: ["a/b", "a/c", "d"])
    for (name, bytes) in Self.sequences where name != "ctrl-c" {
      var explorer = Explorer(tree: tree, height: 10, width: 40)
      let invocation = try Invocation.parse(["explore", "--bind", "\(name):select-all"])
      explorer.configure(for: invocation)
      var decoder = KeyDecoder()
      explorer.handle(decoder.feed(Array(bytes.utf8)) + decoder.flush())
      #expect(explorer.tree.statistics.selectedLeaves == 3, "\(name) selects all")
    }
    var explorer = Explorer(tree: tree, height: 10, width: 40)
    var plain = explorer
    explorer.handle(.modified(.down, .control))
    plain.handle(.down)
    #expect(explorer.cursor == plain.cursor && plain.cursor != 0, "Ctrl-↓ moves as ↓ does")
    explorer.handle(.control("j"))
    #expect(explorer.outcome == .accepted, "Ctrl-J (LF) accepts, as Enter does, unless bound")
  }
}
