/// A key the explorer understands, decoded from terminal input.
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
  /// Return or Enter
  case enter
  /// A lone Escape
  case escape
  /// Backspace
  case backspace
  /// Delete (the key right of Backspace, `ESC [ 3 ~`)
  case delete
  /// Tab
  case tab
  /// Shift-Tab (`ESC [ Z`)
  case backTab
  /// Shift-↑ (`ESC [ 1 ; 2 A`)
  case shiftUp
  /// Shift-↓ (`ESC [ 1 ; 2 B`)
  case shiftDown
  /// A control key: `.control("a")` is Ctrl-A, `.control(" ")` Ctrl-Space.
  case control(Character)
  /// Alt (or Meta) with a printable key: Escape followed by the key.
  case alt(Character)
  /// A printable character
  case character(Character)
  /// A mouse button or wheel (SGR or X10 reporting).
  case mouse(MouseEvent)

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

  /// Creates an event.
  package init(_ action: Action, row: Int, column: Int) {
    self.action = action
    self.row = row
    self.column = column
  }

  /// The event a report's button code means (modifier bits ignored), or nil for motion and
  /// buttons the explorer does not use.
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
    return MouseEvent(action, row: row, column: column)
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
      // Escape followed by a printable ASCII key: Alt with the key (as fzf reads it).
      if (0x20..<0x7F).contains(next) { return (.alt(Character(Unicode.Scalar(next))), 2) }
      return (.escape, 1)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x09: return (.tab, 1)
    case 0x00: return (.control(" "), 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x1C..<0x20: return (nil, 1)
    case 0x20..<0x7F: return (.character(Character(Unicode.Scalar(byte))), 1)
    default:
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
      return (.character(character), length)
    }
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
    let key: Key? =
      switch (final, parameters) {
      case (UInt8(ascii: "A"), "1;2"): .shiftUp
      case (UInt8(ascii: "B"), "1;2"): .shiftDown
      case (UInt8(ascii: "A"), _): .up
      case (UInt8(ascii: "B"), _): .down
      case (UInt8(ascii: "C"), _): .right
      case (UInt8(ascii: "D"), _): .left
      case (UInt8(ascii: "H"), _): .home
      case (UInt8(ascii: "F"), _): .end
      case (UInt8(ascii: "Z"), ""): .backTab
      case (UInt8(ascii: "~"), "3"): .delete
      case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
      case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
      case (UInt8(ascii: "~"), "5"): .pageUp
      case (UInt8(ascii: "~"), "6"): .pageDown
      default: nil
      }
    return (key, length)
  }
}
