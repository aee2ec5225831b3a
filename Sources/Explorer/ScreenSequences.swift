/// The control sequences `togglekit explore` writes to the terminal: entering and leaving the
/// full screen (the alternate screen) or an inline region below the prompt (`--height`), with or
/// without mouse reports, and each frame.
///
/// ```swift
/// ScreenSequences.enter(mouse: false, inlineRows: 5)   // room for 5 rows below the prompt
/// ScreenSequences.restore(inline: true)                 // clears them, shows the cursor
/// ```
///
/// - Complexity: O(output) for every member.
package enum ScreenSequences {
  static let escape = "\u{1B}["
  static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
  static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"

  /// Enters the explorer's screen: the alternate screen cleared, or (inline) `rows` lines made
  /// below the cursor — scrolling the terminal when the cursor is near its bottom — with the
  /// cursor saved; the cursor hidden; mouse reports when asked.
  ///
  /// Inline, the region starts on the cursor's line when `column` is 1 (a fresh line), else on
  /// the line below (Ctrl-T from a shell: the command line being edited stays), and the saved
  /// cursor is the one the shell left, where ``restore(inline:column:)`` puts it back.
  package static func enter(mouse: Bool, inlineRows: Int?, column: Int = 1) -> String {
    var text: String
    if let rows = inlineRows, column > 1 {
      // Raw mode: a line feed keeps the column.
      text = String(repeating: "\n", count: rows) + escape + "\(rows)A" + "\u{1B}7"
    } else if let rows = inlineRows {
      text = "\r" + String(repeating: "\n", count: max(0, rows - 1))
      if rows > 1 { text += escape + "\(rows - 1)A" }
      text += "\u{1B}7"
    } else {
      text = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
    }
    text += "\u{1B}[?25l"
    return mouse ? text + mouseOn : text
  }

  /// The cursor to the inline region's top-left corner.
  static func regionStart(column: Int) -> String {
    column > 1 ? "\u{1B}8" + escape + "B\r" : "\u{1B}8"
  }

  /// Leaves it: mouse reports off, the inline region cleared (the cursor back where the prompt
  /// left it) or the main screen back, the cursor shown.
  package static func restore(inline: Bool, column: Int = 1) -> String {
    guard inline else { return mouseOff + "\u{1B}[?25h\u{1B}[?1049l" }
    let back = column > 1 ? "\u{1B}8" : ""
    return mouseOff + regionStart(column: column) + "\u{1B}[J" + back + "\u{1B}[?25h"
  }

  /// The 1-based column of a cursor position report (`ESC [ row ; column R`, the answer to
  /// `ESC [ 6n`) found in `bytes`, and the bytes around it (keys typed ahead); nil without one.
  ///
  /// - Complexity: O(bytes).
  package static func cursorColumn(in bytes: [UInt8]) -> (column: Int, others: [UInt8])? {
    var start = 0
    while start + 1 < bytes.count {
      defer { start += 1 }
      guard bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "[") else { continue }
      var index = start + 2
      var numbers = [0]
      var digits = [0]
      while index < bytes.count {
        let byte = bytes[index]
        if (0x30...0x39).contains(byte), digits[digits.count - 1] < 6 {
          numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - 0x30)
          digits[digits.count - 1] += 1
        } else if byte == UInt8(ascii: ";"), numbers.count == 1 {
          numbers.append(0)
          digits.append(0)
        } else {
          break
        }
        index += 1
      }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "R"), numbers.count == 2,
        !digits.contains(0), numbers[1] >= 1
      else { continue }
      return (numbers[1], Array(bytes[..<start] + bytes[(index + 1)...]))
    }
    return nil
  }

  /// One frame: from the top-left of the screen or the region, each line cleared to its end, and
  /// whatever the last frame left below cleared too; never a newline after the last line, so
  /// the terminal does not scroll.
  package static func frame(_ lines: [String], inline: Bool, column: Int = 1) -> String {
    (inline ? regionStart(column: column) : "\u{1B}[H") + lines.joined(separator: "\u{1B}[K\r\n")
      + "\u{1B}[K\u{1B}[J"
  }
}

/// `--height N` or `--height N%`: how many rows an inline explorer takes.
///
/// ```swift
/// try TerminalHeight(parsing: "40%").rows(onScreenOf: 50)   // 20
/// ```
///
/// - Complexity: O(1) for every member.
package enum TerminalHeight: Hashable, Sendable {
  /// This many rows.
  case rows(Int)
  /// This share of the terminal's rows.
  case percent(Int)

  /// Parses `N` (at least 3) or `N%` (1 to 100).
  ///
  /// - Throws: ``UsageError`` naming the option.
  package init(parsing text: String) throws(UsageError) {
    let message =
      "option '--height' takes a number of rows (3 or more) or a percentage, not '\(text)'"
    if text.hasSuffix("%") {
      guard let value = Int(text.dropLast()), (1...100).contains(value) else {
        throw UsageError(message)
      }
      self = .percent(value)
    } else {
      guard let value = Int(text), value >= 3 else { throw UsageError(message) }
      self = .rows(value)
    }
  }

  /// The rows on a terminal of `screenRows`, at least 3; nil when that is the whole screen (the
  /// explorer then uses the alternate screen as without `--height`).
  package func rows(onScreenOf screenRows: Int) -> Int? {
    let wanted =
      switch self {
      case .rows(let rows): rows
      case .percent(let share): screenRows * share / 100
      }
    let rows = max(3, wanted)
    return rows >= screenRows ? nil : rows
  }
}
