extension RowStyle {
  /// Puts a glyph for the state before the row.
  ///
  /// A nil glyph leaves rows in that state unchanged.
  /// - Complexity: O(1); rendering is O(1) plus the row's spans.
  public static func glyphs(
    on: String? = nil, off: String? = nil, mixed: String? = nil, style: TextStyle = .plain
  ) -> RowStyle {
    RowStyle { configuration, row in
      let glyph: String? =
        switch configuration.state {
        case .on: on
        case .off: off
        case .mixed: mixed
        }
      guard let glyph else { return row }
      return Row(glyph, style: style) + row
    }
  }

  /// Colours the whole row by state, or grey when disabled.
  ///
  /// A nil colour leaves those rows as
  /// they are.
  /// - Complexity: O(1); rendering is O(spans).
  public static func colors(
    on: TerminalColor? = nil, off: TerminalColor? = nil, mixed: TerminalColor? = nil,
    disabled: TerminalColor? = nil
  ) -> RowStyle {
    RowStyle { configuration, row in
      let byState: TerminalColor? =
        switch configuration.state {
        case .on: on
        case .off: off
        case .mixed: mixed
        }
      let color = !configuration.isEnabled && disabled != nil ? disabled : byState
      guard let color else { return row }
      return row.restyled { $0.foreground = color }
    }
  }

  /// Indents the row by its depth.
  /// - Complexity: O(1); rendering is O(depth × perLevel).
  public static func indent(perLevel: Int = 2) -> RowStyle {
    RowStyle { configuration, row in
      Row(String(repeating: " ", count: max(0, configuration.depth * perLevel))) + row
    }
  }

  /// Puts a disclosure mark before rows with children (and blank space of the same width before
  /// leaves, so that labels line up).
  /// - Complexity: O(1); rendering is O(mark width).
  public static func disclosure(
    expanded: String = "▾ ", collapsed: String = "▸ ", style: TextStyle = .plain
  ) -> RowStyle {
    RowStyle { configuration, row in
      guard configuration.hasChildren else {
        let width = max(
          Row.displayWidth(of: expanded), Row.displayWidth(of: collapsed))
        return Row(String(repeating: " ", count: width)) + row
      }
      return Row(configuration.isExpanded ? expanded : collapsed, style: style) + row
    }
  }

  /// Dims the whole row when the toggle is disabled — itself or through an ancestor, since the
  /// configuration is always resolved.
  public static let dimWhenDisabled = RowStyle { configuration, row in
    configuration.isEnabled ? row : row.restyled { $0.dim = true }
  }

  /// Draws the focused row inverted.
  public static let highlightWhenFocused = RowStyle { configuration, row in
    configuration.isFocused ? row.restyled { $0.inverse = true } : row
  }

  /// Marks locked rows with a suffix (a padlock by default).
  /// - Complexity: O(1); rendering is O(1) plus the row's spans.
  public static func lockMark(_ mark: String = " 🔒", style: TextStyle = TextStyle(dim: true))
    -> RowStyle
  {
    RowStyle { configuration, row in
      configuration.isLocked ? row + Row(mark, style: style) : row
    }
  }
}
