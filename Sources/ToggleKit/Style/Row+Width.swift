extension Row {
  /// How many terminal columns the row takes: wide (East Asian) characters and emoji count two,
  /// combining marks and other zero-width characters none.
  /// - Complexity: O(n) in the length of the text.
  public var displayWidth: Int {
    spans.reduce(0) { $0 + Row.displayWidth(of: $1.text) }
  }

  /// The row cut to at most `width` columns, ending with `ellipsis` when anything was cut.
  ///
  /// Never
  /// splits a character, and never a wide character across the limit.
  ///
  /// ```swift
  /// Row("Strawberries").truncated(toWidth: 6)   // "Straw…"
  /// ```
  /// - Complexity: O(n) in the length of the text.
  public func truncated(toWidth width: Int, ellipsis: String = "…") -> Row {
    guard displayWidth > width else { return self }
    let ellipsisWidth = Row.displayWidth(of: ellipsis)
    var budget = max(0, width - ellipsisWidth)
    var kept: [Span] = []
    var lastStyle = spans.first?.style ?? .plain
    for span in spans {
      guard budget > 0 else { break }
      var text = ""
      for character in span.text {
        let characterWidth = Row.displayWidth(of: character)
        if characterWidth > budget {
          budget = 0
          break
        }
        budget -= characterWidth
        text.append(character)
      }
      if !text.isEmpty { kept.append(Span(text: text, style: span.style)) }
      lastStyle = span.style
    }
    guard width >= ellipsisWidth else { return Row(spans: kept) }
    return Row(spans: kept) + Row(ellipsis, style: lastStyle)
  }

  /// The columns a string takes.
  static func displayWidth(of text: String) -> Int {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    return text.reduce(0) { $0 + displayWidth(of: $1) }
  }

  /// The columns one character takes: 2 for emoji and East Asian wide characters, 0 for a lone
  /// combining mark or zero-width character, 1 otherwise.
  static func displayWidth(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.properties.isEmojiPresentation })
      || (scalars.contains("\u{FE0F}") && first.properties.isEmoji)
      || (0x1F1E6...0x1F1FF).contains(first.value)
    {
      return 2
    }
    return scalarWidth(first)
  }

  static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }
}
