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
///
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
  ///
  /// - Parameter body: Turns the configuration and the row so far into the new row.
  /// - Complexity: O(1).
  public init(_ body: @escaping @Sendable (ToggleConfiguration, Row) -> Row) {
    self.body = body
  }

  /// Renders a configuration onto a row.
  ///
  /// ```swift
  /// let row = RowStyle.checkboxOnLeft(configuration, Row("custom label"))
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: The toggle to draw.
  ///   - row: The row drawn so far.
  /// - Returns: The new row.
  /// - Complexity: The style's cost.
  public func callAsFunction(_ configuration: ToggleConfiguration, _ row: Row) -> Row {
    body(configuration, row)
  }

  /// Renders a configuration, starting from its label.
  ///
  /// ```swift
  /// RowStyle.checkboxOnLeft(tree.configuration(of: "Fruit")!).plainText   // "[-] Fruit"
  /// ```
  ///
  /// - Parameter configuration: The toggle to draw.
  /// - Returns: The row.
  /// - Complexity: The style's cost plus O(label length).
  public func callAsFunction(_ configuration: ToggleConfiguration) -> Row {
    body(configuration, Row(configuration.label))
  }

  /// The style that changes nothing: the unit of `>>>`.
  ///
  /// ```swift
  /// RowStyle.identity >>> .checkboxOnLeft   // renders like .checkboxOnLeft
  /// ```
  ///
  /// - Complexity: O(1).
  public static let identity = RowStyle { _, row in row }

  /// `first`, then `second`.
  ///
  /// ```swift
  /// let style = RowStyle.checkboxOnLeft >>> .colors(on: .green)
  /// ```
  ///
  /// - Parameters:
  ///   - first: The style applied first.
  ///   - second: The style applied to its result.
  /// - Returns: The composition.
  /// - Complexity: O(1).
  public static func >>> (first: RowStyle, second: RowStyle) -> RowStyle {
    RowStyle { configuration, row in second(configuration, first(configuration, row)) }
  }
}
