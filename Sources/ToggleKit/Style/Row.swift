/// A small piece of styled text: what a style renders a toggle into.
///
/// It never holds escape sequences: control characters in the text are kept as visible escapes (`\u{1B}`), so untrusted
/// labels can never drive the terminal.
///
/// ```swift
/// let row = Row("[x] ", style: TextStyle(foreground: .green)) + Row("Apple")
/// row.plainText       // "[x] Apple"
/// row.displayWidth    // 9
/// row.ansi()          // "\u{1B}[32m[x] \u{1B}[0mApple"
/// ```
public struct Row: Hashable, Sendable, CustomStringConvertible {
  /// A run of text with one style.
  public struct Span: Hashable, Sendable {
    /// The text, already free of control characters.
    public private(set) var text: String
    /// How the text looks.
    public var style: TextStyle

    /// Creates a span, escaping any control character in `text`.
    /// - Complexity: O(n) in the length of `text`.
    public init(text: String, style: TextStyle) {
      self.text = Row.escapingControlCharacters(text)
      self.style = style
    }
  }

  /// The spans, in order.
  public private(set) var spans: [Span]

  /// A row of one span.
  /// - Complexity: O(n) in the length of `text`.
  public init(_ text: String = "", style: TextStyle = .plain) {
    spans = text.isEmpty ? [] : [Span(text: text, style: style)]
  }

  /// A row of the given spans.
  /// - Complexity: O(s) for s spans.
  public init(spans: [Span]) {
    self.spans = spans.filter { !$0.text.isEmpty }
  }

  /// Both rows, one after the other.
  /// - Complexity: O(s) for s spans.
  public static func + (lhs: Row, rhs: Row) -> Row {
    Row(spans: lhs.spans + rhs.spans)
  }

  /// The row with `change` applied to the style of every span.
  /// - Complexity: O(s) for s spans.
  public func restyled(_ change: (inout TextStyle) -> Void) -> Row {
    var copy = self
    for index in copy.spans.indices { change(&copy.spans[index].style) }
    return copy
  }

  /// The text without styling.
  /// - Complexity: O(n) in the length of the text.
  public var plainText: String { spans.map(\.text).joined() }

  /// The plain text.
  /// - Complexity: O(n) in the length of the text.
  public var description: String { plainText }

  /// Every control character (C0, DEL, C1) as a visible escape such as `\u{1B}` (the package's one
  /// path syntax: `\n`, `\r`, `\t` for those three).
  static func escapingControlCharacters(_ text: String) -> String {
    LabelEscaping.displayable(text)
  }
}
