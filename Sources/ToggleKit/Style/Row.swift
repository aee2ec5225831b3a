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
///
/// - Complexity: O(1) for every member but those that say otherwise.
public struct Row: Hashable, Sendable, CustomStringConvertible {
  /// A run of text with one style.
  ///
  /// ```swift
  /// Row.Span(text: "Apple", style: .plain)
  /// ```
  ///
  /// - Complexity: O(1) for every member.
  public struct Span: Hashable, Sendable {
    /// The text, already free of control characters.
    ///
    /// ```swift
    /// Row("a\u{1B}b").spans[0].text   // "a\\u{1B}b"
    /// ```
    ///
    /// - Complexity: O(1).
    public private(set) var text: String
    /// How the text looks.
    ///
    /// ```swift
    /// row.spans[0].style.bold
    /// ```
    ///
    /// - Complexity: O(1).
    public var style: TextStyle

    /// Creates a span, escaping any control character in `text`.
    ///
    /// ```swift
    /// let span = Row.Span(text: "Pear", style: TextStyle(dim: true))
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - style: How it looks.
    /// - Complexity: O(n) in the length of `text`.
    public init(text: String, style: TextStyle) {
      self.text = Row.escapingControlCharacters(text)
      self.style = style
    }
  }

  /// The spans, in order.
  ///
  /// ```swift
  /// (Row("a") + Row("b", style: TextStyle(bold: true))).spans.count   // 2
  /// ```
  ///
  /// - Complexity: O(1).
  public private(set) var spans: [Span]

  /// A row of one span.
  ///
  /// ```swift
  /// let row = Row("Apple", style: TextStyle(bold: true))
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text; control characters are kept as visible escapes.
  ///   - style: How it looks.
  /// - Complexity: O(n) in the length of `text`.
  public init(_ text: String = "", style: TextStyle = .plain) {
    spans = text.isEmpty ? [] : [Span(text: text, style: style)]
  }

  /// A row of the given spans.
  ///
  /// ```swift
  /// let row = Row(spans: [.init(text: "a", style: .plain)])
  /// ```
  ///
  /// - Parameter spans: The spans, in order.
  /// - Complexity: O(s) for s spans.
  public init(spans: [Span]) {
    self.spans = spans.filter { !$0.text.isEmpty }
  }

  /// Both rows, one after the other.
  ///
  /// ```swift
  /// Row("[x] ") + Row("Apple")
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: The first row.
  ///   - rhs: The second row.
  /// - Returns: The concatenation.
  /// - Complexity: O(s) for s spans.
  public static func + (lhs: Row, rhs: Row) -> Row {
    Row(spans: lhs.spans + rhs.spans)
  }

  /// The row with `change` applied to the style of every span.
  ///
  /// ```swift
  /// row.restyled { $0.dim = true }
  /// ```
  ///
  /// - Parameter change: Edits a style.
  /// - Returns: The restyled row.
  /// - Complexity: O(s) for s spans.
  public func restyled(_ change: (inout TextStyle) -> Void) -> Row {
    var copy = self
    for index in copy.spans.indices { change(&copy.spans[index].style) }
    return copy
  }

  /// The text without styling.
  ///
  /// ```swift
  /// (Row("[x] ") + Row("Apple")).plainText   // "[x] Apple"
  /// ```
  ///
  /// - Complexity: O(n) in the length of the text.
  public var plainText: String { spans.map(\.text).joined() }

  /// The plain text.
  ///
  /// ```swift
  /// "\(Row("Apple"))"   // "Apple"
  /// ```
  ///
  /// - Complexity: O(n) in the length of the text.
  public var description: String { plainText }

  /// Every control character (C0, DEL, C1) as a visible escape such as `\u{1B}` (the package's one
  /// path syntax: `\n`, `\r`, `\t` for those three).
  static func escapingControlCharacters(_ text: String) -> String {
    _Escaping.displayable(text)
  }
}
