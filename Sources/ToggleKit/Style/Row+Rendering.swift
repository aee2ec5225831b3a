#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How rows are turned into text for an output: plain, or ANSI with or without colour.
///
/// ```swift
/// let mode = RenderMode.forTerminal()   // honours NO_COLOR
/// print(row.rendered(mode))
/// ```
public enum RenderMode: Hashable, Sendable {
  /// No escape sequences at all.
  case plain
  /// ANSI attributes (bold, dim, italic, underline, inverse), with colours when `colors` is true.
  case ansi(colors: Bool)

  /// The mode for a terminal, given its environment: ANSI, without colours when `NO_COLOR` is set
  /// to anything non-empty (https://no-color.org) or `TERM` is `dumb`.
  ///
  /// ```swift
  /// RenderMode.forTerminal(environment: ["NO_COLOR": "1"])   // .ansi(colors: false)
  /// ```
  public static func forTerminal(environment: [String: String]? = nil) -> RenderMode {
    func variable(_ name: String) -> String? {
      if let environment { return environment[name] }
      return getenv(name).map { String(cString: $0) }
    }
    if variable("TERM") == "dumb" { return .plain }
    let noColor = variable("NO_COLOR").map { !$0.isEmpty } ?? false
    return .ansi(colors: !noColor)
  }
}

extension Row {
  /// The row as text for `mode`.
  ///
  /// ```swift
  /// Row("x", style: TextStyle(bold: true)).rendered(.ansi(colors: true))   // "\u{1B}[1mx\u{1B}[0m"
  /// ```
  /// - Complexity: O(n) in the length of the text.
  public func rendered(_ mode: RenderMode) -> String {
    switch mode {
    case .plain: plainText
    case .ansi(let colors): ansi(colors: colors)
    }
  }

  /// The row with ANSI SGR sequences; each styled span is reset after itself.
  ///
  /// ```swift
  /// Row("ok", style: TextStyle(foreground: .green)).ansi()   // "\u{1B}[32mok\u{1B}[0m"
  /// ```
  /// - Complexity: O(n) in the length of the text.
  public func ansi(colors: Bool = true) -> String {
    var output = ""
    for span in spans {
      let codes = Row.sgrCodes(span.style, colors: colors)
      if codes.isEmpty {
        output += span.text
      } else {
        output += "\u{1B}[" + codes.joined(separator: ";") + "m" + span.text + "\u{1B}[0m"
      }
    }
    return output
  }

  static func sgrCodes(_ style: TextStyle, colors: Bool) -> [String] {
    var codes: [String] = []
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.italic { codes.append("3") }
    if style.underline { codes.append("4") }
    if style.inverse { codes.append("7") }
    if colors, let foreground = style.foreground { codes.append(colorCode(foreground, base: 30)) }
    if colors, let background = style.background { codes.append(colorCode(background, base: 40)) }
    return codes
  }

  static func colorCode(_ color: TerminalColor, base: Int) -> String {
    let index = Int(color.index)
    switch color {
    case .indexed: return "\(base + 8);5;\(index)"
    default: return index < 8 ? "\(base + index)" : "\(base + 60 + index - 8)"
    }
  }
}
