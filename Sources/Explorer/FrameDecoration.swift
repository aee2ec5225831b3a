import ToggleKit

/// The border `--border[=STYLE]` draws around the explorer, as fzf names its styles.
///
/// A side with a vertical line keeps a space between the line and the rows.
///
/// ```swift
/// BorderStyle(rawValue: "rounded")?.wrap([Row("a")], width: 5)
/// // ["╭───╮", "│ a │", "╰───╯"]
/// ```
package enum BorderStyle: String, Hashable, Sendable, CaseIterable {
  case rounded, sharp, bold, double, dashed, block, thinblock, horizontal, vertical, line, top
  case bottom, left, right, none

  /// fzf's other names for a style: `up` is `top`, `down` is `bottom`.
  package static let aliases: [String: BorderStyle] = ["up": .top, "down": .bottom]

  /// The style a name means (``aliases`` included).
  package init?(named name: String) {
    guard let style = Self(rawValue: name) ?? Self.aliases[name] else { return nil }
    self = style
  }

  /// Which sides have a line.
  var sides: (top: Bool, bottom: Bool, left: Bool, right: Bool) {
    switch self {
    case .rounded, .sharp, .bold, .double, .dashed, .block, .thinblock: (true, true, true, true)
    case .horizontal: (true, true, false, false)
    case .vertical: (false, false, true, true)
    case .line, .top: (true, false, false, false)
    case .bottom: (false, true, false, false)
    case .left: (false, false, true, false)
    case .right: (false, false, false, true)
    case .none: (false, false, false, false)
    }
  }

  /// The glyphs: top line, bottom line, left side, right side, and the corners top-left,
  /// top-right, bottom-left, bottom-right.
  private var glyphs: [Character] {
    switch self {
    case .sharp: Array("──││┌┐└┘")
    case .bold: Array("━━┃┃┏┓┗┛")
    case .double: Array("══║║╔╗╚╝")
    case .dashed: Array("╌╌╎╎╭╮╰╯")
    case .block: Array("▀▄▌▐▛▜▙▟")
    case .thinblock: Array("▔▁▏▕🭽🭾🭼🭿")
    default: Array("──││╭╮╰╯")
    }
  }

  /// The lines the border takes from the height.
  package var lines: Int { (sides.top ? 1 : 0) + (sides.bottom ? 1 : 0) }
  /// The columns the border takes from the width: a line and a space on each side with one.
  package var columns: Int { (sides.left ? 2 : 0) + (sides.right ? 2 : 0) }
  /// Where the rows start inside it: below a top line, right of a left side.
  package var origin: (line: Int, column: Int) { (sides.top ? 1 : 0, sides.left ? 2 : 0) }

  /// `rows` (each at most `width` columns) inside the border: `width` + ``columns`` wide,
  /// ``lines`` more of them.
  ///
  /// - Complexity: O(rows × width).
  package func wrap(_ rows: [Row], width: Int) -> [Row] {
    let glyph = glyphs
    let style = TextStyle(dim: true)
    let (top, bottom, left, right) = sides
    let across = width + columns
    func line(_ fill: Character, _ start: Character, _ end: Character) -> Row {
      let inner = String(repeating: fill, count: max(0, across - (left ? 1 : 0) - (right ? 1 : 0)))
      return Row((left ? String(start) : "") + inner + (right ? String(end) : ""), style: style)
    }
    var wrapped: [Row] = []
    if top { wrapped.append(line(glyph[0], glyph[4], glyph[5])) }
    for row in rows {
      var framed = left ? Row("\(glyph[2])", style: style) + Row(" ") : Row()
      framed = framed + row
      if right {
        let gap = max(0, width - row.displayWidth)
        framed =
          framed + Row(String(repeating: " ", count: gap + 1)) + Row("\(glyph[3])", style: style)
      }
      wrapped.append(framed)
    }
    if bottom { wrapped.append(line(glyph[1], glyph[6], glyph[7])) }
    return wrapped
  }
}

/// Where the status line goes (`--info`, fzf's styles): on a line of its own (`default`,
/// `right`), after the prompt (`inline`, `inline:PREFIX`), at the prompt line's right end
/// (`inline-right`), or nowhere (`hidden`).
package enum InfoStyle: Hashable, Sendable {
  /// Its own line, from the left (fzf's `default`).
  case standard
  /// Its own line, to the right.
  case right
  /// No status line: the tree has its row.
  case hidden
  /// After the prompt and the filter, behind the prefix (`" < "` by default).
  case inline(prefix: String)
  /// At the right end of the prompt line, behind the prefix (`""` by default).
  case inlineRight(prefix: String)

  /// The styles by name, as `--info` and `--help` list them.
  package static let names = ["default", "right", "hidden", "inline", "inline-right"]

  /// Reads fzf's `--info` value: a name, or `inline:PREFIX`, `inline-right:PREFIX`.
  ///
  /// - Complexity: O(text length).
  package init?(parsing text: String) {
    let (name, prefix) =
      text.firstIndex(of: ":").map {
        (String(text[..<$0]), String(text[text.index(after: $0)...]) as String?)
      } ?? (text, nil)
    switch name {
    case "default" where prefix == nil: self = .standard
    case "right" where prefix == nil: self = .right
    case "hidden" where prefix == nil: self = .hidden
    case "inline": self = .inline(prefix: prefix ?? " < ")
    case "inline-right": self = .inlineRight(prefix: prefix ?? "")
    default: return nil
    }
  }

  /// Whether the status has a line of its own.
  var hasOwnLine: Bool {
    switch self {
    case .standard, .right: true
    case .hidden, .inline, .inlineRight: false
    }
  }
}
