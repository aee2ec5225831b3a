/// A key the explorer understands, decoded from terminal input.
///
/// Every key fzf's `--bind` names has one (`ctrl-j`, `alt-enter`, `f5`, `ctrl-alt-x`,
/// `shift-left`, …; see ``init(name:)``): each is a byte sequence of its own in a terminal, so
/// each can be bound apart from the others.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(Array("\u{1B}[A j".utf8))   // [.up, .character(" "), .character("j")]
/// ```
package enum Key: Hashable, Sendable {
  /// ↑
  case up
  /// ↓
  case down
  /// ←
  case left
  /// →
  case right
  /// Page Up
  case pageUp
  /// Page Down
  case pageDown
  /// Home
  case home
  /// End
  case end
  /// Return or Enter (CR; Ctrl-M is the same byte)
  case enter
  /// A lone Escape
  case escape
  /// Backspace (DEL; Ctrl-H, the byte BS, is a key of its own)
  case backspace
  /// Delete (the key right of Backspace, `ESC [ 3 ~`)
  case delete
  /// Tab (Ctrl-I is the same byte)
  case tab
  /// Shift-Tab (`ESC [ Z`)
  case backTab
  /// Insert (`ESC [ 2 ~`)
  case insert
  /// A function key, F1 to F12.
  case function(Int)
  /// A navigation key with Shift, Alt or Ctrl held: `ESC [ 1 ; 5 D` is Ctrl-←.
  case modified(Navigation, Modifiers)
  /// A control key: `.control("a")` is Ctrl-A, `.control(" ")` Ctrl-Space; also `\`, `]`, `^`
  /// and `/` (the bytes 0x1C to 0x1F). Ctrl-J (LF) and Ctrl-H (BS) are keys of their own.
  case control(Character)
  /// Alt (or Meta) with a character: Escape followed by it (`alt-a`, `alt-A`, `alt-é`).
  case alt(Character)
  /// Ctrl and Alt with a letter: Escape followed by its control byte (Alt-Enter is
  /// `.controlAlt("m")`, Ctrl-Alt-Backspace `.controlAlt("h")`).
  case controlAlt(Character)
  /// Alt-Backspace: Escape followed by DEL.
  case altBackspace
  /// A printable character
  case character(Character)
  /// A mouse button or wheel (SGR or X10 reporting).
  case mouse(MouseEvent)
  /// A mouse event as `--bind` names it (`left-click`, `scroll-up`, …): what a mouse event is
  /// looked up by among the bindings.
  case pointer(PointerEvent)
  /// Something that happened in the session, as `--bind` names it (`start`, `change`, `focus`,
  /// …): what an event's actions are looked up by among the bindings. No terminal sends one.
  case event(ExplorerEvent)

  /// Ctrl-C.
  package static let interrupt = Key.control("c")
  /// Ctrl-Z: suspend to the shell (the terminal is restored, and re-entered on `fg`).
  package static let suspend = Key.control("z")
  /// Ctrl-R: redo.
  package static let redo = Key.control("r")
  /// Ctrl-N: the next node the filter matches.
  package static let nextMatch = Key.control("n")
  /// Ctrl-P: the previous node the filter matches.
  package static let previousMatch = Key.control("p")
  /// Shift-↑ (`ESC [ 1 ; 2 A`).
  package static let shiftUp = Key.modified(.up, .shift)
  /// Shift-↓ (`ESC [ 1 ; 2 B`).
  package static let shiftDown = Key.modified(.down, .shift)

  /// A key that moves, which terminals send with the modifiers held as a parameter.
  package enum Navigation: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right, home, end, delete
    case pageUp = "page-up"
    case pageDown = "page-down"

    /// The key without modifiers.
    var plain: Key {
      switch self {
      case .up: .up
      case .down: .down
      case .left: .left
      case .right: .right
      case .home: .home
      case .end: .end
      case .delete: .delete
      case .pageUp: .pageUp
      case .pageDown: .pageDown
      }
    }
  }

  /// The modifiers held with a navigation key, as terminals number them (xterm's `1 + bits`).
  package struct Modifiers: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    package static let shift = Modifiers(rawValue: 1)
    /// Alt (Meta).
    package static let alt = Modifiers(rawValue: 2)
    /// Ctrl.
    package static let control = Modifiers(rawValue: 4)
  }
}

/// A mouse event by the name `--bind` gives it, as fzf names them.
package enum PointerEvent: String, Hashable, Sendable, CaseIterable {
  case leftClick = "left-click"
  case rightClick = "right-click"
  case doubleClick = "double-click"
  case scrollUp = "scroll-up"
  case scrollDown = "scroll-down"
  case shiftLeftClick = "shift-left-click"
  case shiftRightClick = "shift-right-click"
  case shiftScrollUp = "shift-scroll-up"
  case shiftScrollDown = "shift-scroll-down"
  case previewScrollUp = "preview-scroll-up"
  case previewScrollDown = "preview-scroll-down"
}

/// Something that happens in a session that `--bind` can bind actions to, as fzf names it.
///
/// An event's actions run after the key that caused it, once per key however many times it
/// happened, and fire no events themselves (`focus:up` cannot loop).
///
/// ```swift
/// try OptionTable.parseBindings("change:first,load:change-prompt(done> )")
/// ```
package enum ExplorerEvent: String, Hashable, Sendable, CaseIterable {
  /// Once, when the screen starts (before its first frame).
  case start
  /// When the input is whole: at the start, or when a stream ends.
  case load
  /// When the terminal's size changes.
  case resize
  /// When the filter's result is ready: after the filter changed, and at the start.
  case result
  /// As ``result``, but not while the input is still arriving.
  case resultFinal = "result-final"
  /// When the filter text changed.
  case change
  /// When the focus moved to another node (a key, a filter, a reload).
  case focus
  /// When the selection changed.
  case multi
  /// When the filter shows exactly one leaf.
  case one
  /// When the filter matches nothing.
  case zero
  /// When Backspace is pressed on an empty filter.
  case backwardEOF = "backward-eof"
  /// When ``ExplorerAction/jump`` moved the focus.
  case jump
  /// When ``ExplorerAction/jump`` was cancelled by a key that labels no row.
  case jumpCancel = "jump-cancel"
}

/// A mouse report: which button did what, where (0-based screen row and column).
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(Array("\u{1B}[<0;5;3M".utf8))   // [.mouse(MouseEvent(.press(0), row: 2, column: 4))]
/// ```
package struct MouseEvent: Hashable, Sendable {
  /// What happened.
  package enum Action: Hashable, Sendable {
    /// A button went down: 0 left, 1 middle, 2 right.
    case press(Int)
    /// A button came up.
    case release
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down.
    case wheelDown
  }

  /// What happened.
  package var action: Action
  /// The screen row, from 0 at the top.
  package var row: Int
  /// The screen column, from 0 at the left.
  package var column: Int
  /// Whether Shift, Alt or Ctrl was held (`shift-left-click`, `shift-scroll-up`).
  package var isModified = false

  /// Creates an event.
  package init(_ action: Action, row: Int, column: Int, isModified: Bool = false) {
    self.action = action
    self.row = row
    self.column = column
    self.isModified = isModified
  }

  /// The event a report's button code means, or nil for motion and buttons the explorer does not
  /// use.
  static func decode(button code: Int, released: Bool, row: Int, column: Int) -> MouseEvent? {
    guard code & 32 == 0, row >= 0, column >= 0 else { return nil }  // motion
    let button = code & ~(4 | 8 | 16)  // shift, meta, control
    let action: Action
    switch button {
    case 0, 1, 2: action = released ? .release : .press(button)
    case 3: action = .release  // X10 reports every release as button 3
    case 64: action = .wheelUp
    case 65: action = .wheelDown
    default: return nil
    }
    return MouseEvent(action, row: row, column: column, isModified: code & (4 | 8 | 16) != 0)
  }
}

/// Turns terminal input bytes into ``Key``s.
///
/// Escape sequences become arrows and paging keys, UTF-8 becomes text. Unknown sequences and other control bytes are dropped, never shown.
///
/// ```swift
/// var decoder = KeyDecoder()
/// let keys = decoder.feed([0x1B, 0x5B, 0x42])   // [.down]
/// ```
///
/// A lone Escape is ambiguous until more input arrives: it is held back, and ``flush()`` (called
/// when no byte follows within a short time) delivers it.
///
/// - Complexity: O(n) in the bytes fed.
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Creates a decoder with nothing pending.
  package init() {}

  /// Whether bytes are held back (a lone Escape, or part of a sequence or character).
  package var hasPending: Bool { !pending.isEmpty }

  /// Decodes what it can of the bytes fed so far.
  ///
  /// - Complexity: O(n) in the bytes fed.
  package mutating func feed(_ bytes: [UInt8]) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = decode(at: index) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Delivers what is held back: a lone Escape becomes ``Key/escape``; an incomplete sequence
  /// (`ESC [`, `ESC O`, `ESC [ < 0;4;1`, `ESC [ M` …) or character is dropped, so that a sequence
  /// cut short never cancels the explorer.
  package mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    return pending == [0x1B] ? [.escape] : []
  }

  /// The key at `index` and its length; nil when more bytes are needed; a nil key for dropped
  /// input.
  private func decode(at index: Int) -> (Key?, Int)? {
    let byte = pending[index]
    switch byte {
    case 0x1B:
      guard index + 1 < pending.count else { return nil }
      let next = pending[index + 1]
      if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
        return decodeSequence(at: index)
      }
      // Escape before a key is Alt with it, as fzf reads it: a printable one, DEL (Backspace),
      // a control byte (Ctrl-Alt with its letter; CR is Alt-Enter), or a UTF-8 character.
      switch next {
      case 0x20..<0x7F: return (.alt(Character(Unicode.Scalar(next))), 2)
      case 0x7F: return (.altBackspace, 2)
      case 0x01...0x1A: return (.controlAlt(Character(Unicode.Scalar(next + 0x60))), 2)
      case 0xC2...0xF4:
        guard let (key, length) = character(at: index + 1) else { return nil }
        guard case .character(let character)? = key else { return (.escape, 1) }
        return (.alt(character), length + 1)
      default: return (.escape, 1)
      }
    case 0x0D: return (.enter, 1)
    case 0x0A: return (.control("j"), 1)
    case 0x7F: return (.backspace, 1)
    case 0x08: return (.control("h"), 1)
    case 0x09: return (.tab, 1)
    case 0x00: return (.control(" "), 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x1C: return (.control("\\"), 1)
    case 0x1D: return (.control("]"), 1)
    case 0x1E: return (.control("^"), 1)
    case 0x1F: return (.control("/"), 1)
    case 0x20..<0x7F: return (.character(Character(Unicode.Scalar(byte))), 1)
    default: return character(at: index)
    }
  }

  /// The UTF-8 character at `index` and its length; nil when more bytes are needed; a nil key for
  /// a byte that starts no character (dropped).
  private func character(at index: Int) -> (Key?, Int)? {
    let byte = pending[index]
    let length: Int
    switch byte {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)  // not the start of a character: dropped
    }
    // A lead byte not followed by continuation bytes (0x80…0xBF) is dropped at once, so the
    // byte after it — Ctrl-C, say — is read as itself rather than swallowed.
    for offset in 1..<length where index + offset < pending.count {
      if pending[index + offset] & 0xC0 != 0x80 { return (nil, 1) }
    }
    guard index + length <= pending.count else { return nil }
    let scalars = String(validating: pending[index..<index + length], as: UTF8.self)
    guard let text = scalars, let character = text.first else { return (nil, 1) }
    // A C1 control (U+0080 to U+009F) is a control byte's kin: dropped, never typed.
    guard !character.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else {
      return (nil, length)
    }
    return (.character(character), length)
  }

  /// `ESC [` or `ESC O` sequences: arrows, Home, End, Page Up and Down, mouse reports (SGR
  /// `ESC [ < b ; x ; y M/m` and X10 `ESC [ M b x y`); anything else dropped.
  ///
  /// An ESC before the sequence ends starts a new one: the unfinished one is dropped.
  private func decodeSequence(at index: Int) -> (Key?, Int)? {
    var end = index + 2
    while end < pending.count && !(0x40...0x7E).contains(pending[end]) {
      if pending[end] == 0x1B { return (nil, end - index) }
      end += 1
    }
    guard end < pending.count else { return nil }
    let final = pending[end]
    let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
    let length = end - index + 1
    if pending[index + 1] == UInt8(ascii: "[") && final == UInt8(ascii: "M") && parameters.isEmpty {
      // X10: three bytes follow, each a value plus 32 (so never an ESC, which starts anew).
      if let escape = pending[(end + 1)...].prefix(3).firstIndex(of: 0x1B) {
        return (nil, escape - index)
      }
      guard end + 3 < pending.count else { return nil }
      let values = pending[(end + 1)...(end + 3)].map { Int($0) - 32 }
      let event = MouseEvent.decode(
        button: values[0], released: false, row: values[2] - 1, column: values[1] - 1)
      return (event.map(Key.mouse), length + 3)
    }
    if parameters.hasPrefix("<") && (final == UInt8(ascii: "M") || final == UInt8(ascii: "m")) {
      let numbers = parameters.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
        .map { Int($0) }
      guard numbers.count == 3, let button = numbers[0], let x = numbers[1], let y = numbers[2]
      else { return (nil, length) }
      let event = MouseEvent.decode(
        button: button, released: final == UInt8(ascii: "m"), row: y - 1, column: x - 1)
      return (event.map(Key.mouse), length)
    }
    return (Self.key(final: final, parameters: parameters), length)
  }

  /// The key of a CSI or SS3 sequence's final byte and parameters, xterm's and the VT's: arrows,
  /// Home, End, Insert, Delete, the page keys and F1 to F12, a navigation key's modifiers as
  /// `1 ; 1 + bits` (`1 ; 5 D` is Ctrl-←); nil for anything else.
  static func key(final: UInt8, parameters: String) -> Key? {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0)
    }
    // The modifiers of `N ; M`: M − 1 is the bit set (1 Shift, 2 Alt, 4 Ctrl).
    var modifiers = Key.Modifiers()
    if numbers.count == 2, let value = numbers[1], (2...8).contains(value) {
      modifiers = Key.Modifiers(rawValue: UInt8(value - 1))
    } else if numbers.count > 2 || (numbers.count == 2 && numbers[1] != 1) {
      return nil
    }
    let first = parameters.isEmpty ? nil : numbers[0]
    let navigation: Key.Navigation?
    switch final {
    case UInt8(ascii: "A"): navigation = .up
    case UInt8(ascii: "B"): navigation = .down
    case UInt8(ascii: "C"): navigation = .right
    case UInt8(ascii: "D"): navigation = .left
    case UInt8(ascii: "H"): navigation = .home
    case UInt8(ascii: "F"): navigation = .end
    case UInt8(ascii: "P")...UInt8(ascii: "S"):
      // F1 to F4 (SS3 `O P`, or `[ 1 ; M P`); modified function keys are not told apart.
      guard modifiers.isEmpty, first == nil || first == 1 else { return nil }
      return .function(Int(final - UInt8(ascii: "P")) + 1)
    case UInt8(ascii: "Z"): return parameters.isEmpty ? .backTab : nil
    case UInt8(ascii: "~"):
      switch first {
      case 1, 7: navigation = .home
      case 4, 8: navigation = .end
      case 2: return modifiers.isEmpty ? .insert : nil
      case 3: navigation = .delete
      case 5: navigation = .pageUp
      case 6: navigation = .pageDown
      case let number?:
        // F1 to F12: 11–15, 17–21, 23, 24 (the VT's gaps).
        let functions: [Int: Int] = [
          11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 17: 6, 18: 7, 19: 8, 20: 9, 21: 10, 23: 11, 24: 12,
        ]
        guard modifiers.isEmpty, let function = functions[number] else { return nil }
        return .function(function)
      default: return nil
      }
    default: return nil
    }
    guard let navigation else { return nil }
    return modifiers.isEmpty ? navigation.plain : .modified(navigation, modifiers)
  }
}
