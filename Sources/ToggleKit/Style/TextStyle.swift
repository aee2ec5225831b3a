/// A terminal colour: one of the 16 named ANSI colours or one of the 256 indexed ones.
///
/// ```swift
/// let warning: TerminalColor = .yellow
/// let orange: TerminalColor = .indexed(208)
/// ```
public enum TerminalColor: Hashable, Sendable {
  /// Black (ANSI 0).
  case black
  /// Red (ANSI 1).
  case red
  /// Green (ANSI 2).
  case green
  /// Yellow (ANSI 3).
  case yellow
  /// Blue (ANSI 4).
  case blue
  /// Magenta (ANSI 5).
  case magenta
  /// Cyan (ANSI 6).
  case cyan
  /// White (ANSI 7).
  case white
  /// Bright black, grey (ANSI 8).
  case brightBlack
  /// Bright red (ANSI 9).
  case brightRed
  /// Bright green (ANSI 10).
  case brightGreen
  /// Bright yellow (ANSI 11).
  case brightYellow
  /// Bright blue (ANSI 12).
  case brightBlue
  /// Bright magenta (ANSI 13).
  case brightMagenta
  /// Bright cyan (ANSI 14).
  case brightCyan
  /// Bright white (ANSI 15).
  case brightWhite
  /// One of the 256 indexed colours.
  case indexed(UInt8)

  /// The colour's index in the 256-colour table.
  public var index: UInt8 {
    switch self {
    case .black: 0
    case .red: 1
    case .green: 2
    case .yellow: 3
    case .blue: 4
    case .magenta: 5
    case .cyan: 6
    case .white: 7
    case .brightBlack: 8
    case .brightRed: 9
    case .brightGreen: 10
    case .brightYellow: 11
    case .brightBlue: 12
    case .brightMagenta: 13
    case .brightCyan: 14
    case .brightWhite: 15
    case .indexed(let index): index
    }
  }
}

/// How a span of text looks: attributes and colours.
///
/// The default draws plain text.
public struct TextStyle: Hashable, Sendable {
  /// Bold text.
  public var bold: Bool
  /// Dim (faint) text.
  public var dim: Bool
  /// Italic text.
  public var italic: Bool
  /// Underlined text.
  public var underline: Bool
  /// Foreground and background swapped.
  public var inverse: Bool
  /// The text colour, or nil for the terminal's default.
  public var foreground: TerminalColor?
  /// The background colour, or nil for the terminal's default.
  public var background: TerminalColor?

  /// Creates a style; every attribute defaults to off and every colour to the terminal's.
  public init(
    bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false,
    inverse: Bool = false, foreground: TerminalColor? = nil, background: TerminalColor? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.underline = underline
    self.inverse = inverse
    self.foreground = foreground
    self.background = background
  }

  /// The default: plain text in the terminal's colours.
  public static let plain = TextStyle()
}
