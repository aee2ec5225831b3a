precedencegroup StyleCompositionPrecedence {
  associativity: left
  higherThan: AssignmentPrecedence
}

/// Composes two styles: `a >>> b` renders with `a`, then `b`.
infix operator >>> : StyleCompositionPrecedence

/// How a toggle looks: a function from its configuration and the row drawn so far to a new row.
///
/// Styles compose with `>>>`, take parameters, and always see the resolved configuration.
///
/// ```swift
/// let style = .checkboxOnLeft >>> .indent(perLevel: 2) >>> .dimWhenDisabled >>> .highlightWhenFocused
/// let row = style(tree.configuration(of: "Fruit/Apple")!)
/// print(row.rendered(.forTerminal()))   // "  [x] Apple"
/// ```
///
/// Each style receives the row the styles before it drew; a style that adds a prefix therefore puts
/// it *outside* the earlier ones (`.checkboxOnLeft >>> .indent` indents the checkbox).
///
/// Composition is associative and ``identity`` is its unit, so styles combine like functions —
/// SwiftUI's second `.toggleStyle` is silently ignored; here it composes.
/// - Complexity: A style costs what its function costs; composition is O(1).
public struct RowStyle: Sendable {
  /// The rendering function.
  let body: @Sendable (ToggleConfiguration, Row) -> Row

  /// A style from a rendering function.
  ///
  /// ```swift
  /// let stars = RowStyle { configuration, row in
  ///   configuration.isOn ? row + Row(" ★") : row
  /// }
  /// ```
  public init(_ body: @escaping @Sendable (ToggleConfiguration, Row) -> Row) {
    self.body = body
  }

  /// Renders a configuration onto a row.
  /// - Complexity: The style's cost.
  public func callAsFunction(_ configuration: ToggleConfiguration, _ row: Row) -> Row {
    body(configuration, row)
  }

  /// Renders a configuration, starting from its label.
  ///
  /// ```swift
  /// RowStyle.checkboxOnLeft(tree.configuration(of: "Fruit")!).plainText   // "[-] Fruit"
  /// ```
  /// - Complexity: The style's cost plus O(label length).
  public func callAsFunction(_ configuration: ToggleConfiguration) -> Row {
    body(configuration, Row(configuration.label))
  }

  /// The style that changes nothing: the unit of `>>>`.
  public static let identity = RowStyle { _, row in row }

  /// `first`, then `second`.
  public static func >>> (first: RowStyle, second: RowStyle) -> RowStyle {
    RowStyle { configuration, row in second(configuration, first(configuration, row)) }
  }
}
