extension RowStyle {
  /// `[x]`, `[ ]` or `[-]` before the label: the terminal checklist.
  public static let checkboxOnLeft = glyphs(on: "[x] ", off: "[ ] ", mixed: "[-] ")

  /// The label, then `[x]`, `[ ]` or `[-]`: the checkmark column of a form.
  public static let checkbox = RowStyle { configuration, row in
    let box =
      switch configuration.state {
      case .on: " [x]"
      case .off: " [ ]"
      case .mixed: " [-]"
      }
    return row + Row(box)
  }

  /// A switch before the label: `(on )`, `(off)` or `(- )`, green when on.
  public static let `switch` = RowStyle { configuration, row in
    let knob: Row =
      switch configuration.state {
      case .on: Row("(on )", style: TextStyle(bold: true, foreground: .green))
      case .off: Row("(off)")
      case .mixed: Row("(-  )", style: TextStyle(foreground: .yellow))
      }
    return knob + Row(" ") + row
  }

  /// The label as a button: `[ label ]`, bold and inverted when on.
  public static let button = RowStyle { configuration, row in
    let framed = Row("[ ") + row + Row(" ]")
    switch configuration.state {
    case .on:
      return framed.restyled {
        $0.bold = true
        $0.inverse = true
      }
    case .mixed: return framed.restyled { $0.underline = true }
    case .off: return framed
    }
  }

  /// For a row whose value is fixed on: `[■]` and a dim "(always on)", whatever the state says.
  public static let alwaysOn = RowStyle { _, row in
    Row("[■] ") + row + Row(" (always on)", style: TextStyle(dim: true))
  }

  /// For a row whose value is fixed off: `[□]` and a dim "(always off)".
  public static let alwaysOff = RowStyle { _, row in
    Row("[□] ") + row + Row(" (always off)", style: TextStyle(dim: true))
  }

  /// The built-in styles by name, for command-line options (`--style checkbox`).
  public static let named: [String: RowStyle] = [
    "checkbox": checkboxOnLeft, "checkbox-right": checkbox, "switch": `switch`, "button": button,
  ]
}
