import ToggleKit

/// A preview command's output as rows to draw beside the tree, with its control sequences
/// neutralised.
///
/// ```swift
/// let rows = PreviewText.rows(Array("\u{1B}[1mtitle\u{1B}[0m\n\tx\u{1B}]0;pwned\u{07}\n".utf8), limit: 10)
/// rows[0]   // "title" in bold
/// rows[1]   // "        x\u{1B}]0;pwned\u{07}" with ESC and BEL shown as escapes
/// ```
///
/// Colours and attributes (SGR: `ESC [ … m`, 16, 256 and 24-bit colours) become the rows' styles,
/// as fzf shows `bat --color=always`; every other CSI sequence (`ESC [ … K`, cursor movement,
/// clearing) is dropped; every other control character — a lone ESC, OSC, BEL, C1, a CR inside
/// a line, backspace — is kept as a visible escape by ``ToggleKit/Row``, so nothing the command
/// prints can move the cursor, retitle the window or clear the screen. Tabs stop every 8 columns;
/// a CR before LF ends the line; bytes that are not UTF-8 become U+FFFD.
package enum PreviewText {
  /// The first `limit` lines of `bytes` as rows.
  ///
  /// - Complexity: O(bytes of those lines).
  package static func rows(_ bytes: [UInt8], limit: Int) -> [Row] {
    var rows: [Row] = []
    var start = 0
    while start < bytes.count && rows.count < limit {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      var stop = end
      if stop > start && bytes[stop - 1] == 0x0D && stop < bytes.count { stop -= 1 }
      rows.append(row(String(decoding: bytes[start..<stop], as: UTF8.self)))
      start = end + 1
    }
    return rows
  }

  /// One line (no LF) as a row.
  ///
  /// - Complexity: O(line length).
  package static func row(_ line: String) -> Row {
    var spans: [Row.Span] = []
    var style = TextStyle.plain
    var run = ""
    var column = 0
    let scalars = Array(line.unicodeScalars)
    func flush() {
      if !run.isEmpty { spans.append(Row.Span(text: run, style: style)) }
      run = ""
    }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[",
        let (final, parameters, next) = csi(scalars, from: index + 2)
      {
        if final == "m" {
          flush()
          apply(parameters, to: &style)
        }
        index = next
        continue
      }
      if scalar == "\t" {
        let spaces = 8 - column % 8
        run += String(repeating: " ", count: spaces)
        column += spaces
      } else {
        run.unicodeScalars.append(scalar)
        column += (0x20..<0x7F).contains(scalar.value) ? 1 : Row(String(scalar)).displayWidth
      }
      index += 1
    }
    flush()
    return Row(spans: spans)
  }

  /// A CSI sequence's parameters and final byte, starting after `ESC [`; nil when the line ends
  /// before the final byte or holds something else (then the ESC is shown escaped).
  private static func csi(_ scalars: [Unicode.Scalar], from start: Int) -> (
    final: Unicode.Scalar, parameters: String, next: Int
  )? {
    var index = start
    var parameters = ""
    // Parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, then a final byte 0x40–0x7E.
    while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) {
      parameters.unicodeScalars.append(scalars[index])
      index += 1
    }
    guard index < scalars.count, (0x40...0x7E).contains(scalars[index].value) else { return nil }
    return (scalars[index], parameters, index + 1)
  }

  /// Applies an SGR sequence's parameters (`1;31`, `38;5;208`, `38;2;r;g;b`) to a style.
  private static func apply(_ parameters: String, to style: inout TextStyle) {
    let codes =
      parameters.isEmpty
      ? [0]
      : parameters.split(
        separator: ";", omittingEmptySubsequences: false
      ).map { Int($0.split(separator: ":").first ?? "") ?? 0 }
    var index = 0
    func color(after position: Int) -> (TerminalColor?, Int) {
      guard position + 1 < codes.count else { return (nil, codes.count) }
      switch codes[position + 1] {
      case 5 where position + 2 < codes.count:
        return (.indexed(UInt8(clamping: codes[position + 2])), position + 3)
      case 2 where position + 4 < codes.count:
        return (
          nearest(codes[position + 2], codes[position + 3], codes[position + 4]), position + 5
        )
      default: return (nil, codes.count)
      }
    }
    while index < codes.count {
      let code = codes[index]
      index += 1
      switch code {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 3: style.italic = true
      case 4: style.underline = true
      case 7: style.inverse = true
      case 22: (style.bold, style.dim) = (false, false)
      case 23: style.italic = false
      case 24: style.underline = false
      case 27: style.inverse = false
      case 30...37: style.foreground = named[code - 30]
      case 90...97: style.foreground = named[code - 90 + 8]
      case 40...47: style.background = named[code - 40]
      case 100...107: style.background = named[code - 100 + 8]
      case 39: style.foreground = nil
      case 49: style.background = nil
      case 38: (style.foreground, index) = color(after: index - 1)
      case 48: (style.background, index) = color(after: index - 1)
      default: break
      }
    }
  }

  private static let named: [TerminalColor] = [
    .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white, .brightBlack, .brightRed,
    .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
  ]

  /// The nearest colour of the 256-colour cube to a 24-bit one.
  private static func nearest(_ red: Int, _ green: Int, _ blue: Int) -> TerminalColor {
    func level(_ value: Int) -> Int {
      let value = min(255, max(0, value))
      return value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
    }
    return .indexed(UInt8(16 + 36 * level(red) + 6 * level(green) + level(blue)))
  }
}
