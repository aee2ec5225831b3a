import Testing
import ToggleKit

@testable import TestSupport

/// Styles to check the laws over: built-ins, factories with and without optional parameters, and
/// a custom one that looks at the row it is given.
private let styles: [(String, RowStyle)] = [
  ("identity", .identity), ("checkboxOnLeft", .checkboxOnLeft), ("checkbox", .checkbox),
  ("switch", .switch), ("button", .button), ("alwaysOn", .alwaysOn), ("alwaysOff", .alwaysOff),
  ("glyphs", .glyphs(on: "+", mixed: "~")), ("colors", .colors(on: .green, disabled: .brightBlack)),
  ("indent", .indent(perLevel: 3)), ("disclosure", .disclosure()), ("dim", .dimWhenDisabled),
  ("focus", .highlightWhenFocused), ("lock", .lockMark()),
  ("width", RowStyle { _, row in row + Row(" (\(row.displayWidth))") }),
]

/// Configurations covering every state, enabled, locked, expanded, children, depth and focus.
private let configurations: [ToggleConfiguration] = ToggleState.allCases.flatMap { state in
  [false, true].flatMap { flag in
    [
      ToggleConfiguration(
        label: "Apple", state: state, isEnabled: flag, isLocked: !flag, isExpanded: flag,
        depth: flag ? 2 : 0, hasChildren: !flag, isFocused: flag),
      ToggleConfiguration(label: "日本 e\u{301}", state: state, depth: 1, hasChildren: flag),
    ]
  }
}

@Suite("Toggle styles: composition laws, resolved configurations, safe rendering")
struct RowStyleTests {
  @Test("composition is associative over every triple of styles and every configuration")
  func associativity() {
    var checked = 0
    for (_, a) in styles {
      for (_, b) in styles {
        for (_, c) in styles {
          for configuration in configurations {
            #expect(((a >>> b) >>> c)(configuration) == (a >>> (b >>> c))(configuration))
            checked += 1
          }
        }
      }
    }
    #expect(checked == styles.count * styles.count * styles.count * configurations.count)
  }

  @Test("identity is the unit of composition")
  func identity() {
    for (name, style) in styles {
      for configuration in configurations {
        #expect((RowStyle.identity >>> style)(configuration) == style(configuration), "\(name)")
        #expect((style >>> .identity)(configuration) == style(configuration), "\(name)")
      }
    }
  }

  @Test("a >>> b applies a first, then b")
  func order() {
    let configuration = ToggleConfiguration(label: "Apple", state: .on, depth: 1)
    #expect(
      (RowStyle.checkboxOnLeft >>> .indent(perLevel: 2))(configuration).plainText
        == "  [x] Apple")
    #expect(
      (RowStyle.indent(perLevel: 2) >>> .checkboxOnLeft)(configuration).plainText
        == "[x]   Apple")
  }

  @Test("built-in styles draw each state as documented")
  func builtIns() {
    func draw(_ style: RowStyle, _ state: ToggleState) -> String {
      style(ToggleConfiguration(label: "Apple", state: state)).plainText
    }
    #expect(
      ToggleState.allCases.map { draw(.checkboxOnLeft, $0) } == [
        "[ ] Apple", "[x] Apple", "[-] Apple",
      ])
    #expect(
      ToggleState.allCases.map { draw(.checkbox, $0) } == ["Apple [ ]", "Apple [x]", "Apple [-]"])
    #expect(
      ToggleState.allCases.map { draw(.switch, $0) } == [
        "(off) Apple", "(on ) Apple", "(-  ) Apple",
      ])
    #expect(draw(.button, .on) == "[ Apple ]")
    #expect(
      RowStyle.button(ToggleConfiguration(label: "B", state: .on)).spans.allSatisfy {
        $0.style.inverse
      })
    #expect(draw(.alwaysOn, .off) == "[■] Apple (always on)")
    #expect(draw(.alwaysOff, .on) == "[□] Apple (always off)")
    #expect(RowStyle.named.keys.sorted() == ["button", "checkbox", "checkbox-right", "switch"])
  }

  @Test("optional parameters mean no change for that case")
  func optionalParametersMeanNoChange() {
    let off = ToggleConfiguration(label: "Pear", state: .off)
    #expect(RowStyle.glyphs(on: "+ ")(off) == Row("Pear"))
    #expect(RowStyle.colors(on: .green)(off) == Row("Pear"))
    #expect(RowStyle.colors(off: .red)(off) == Row("Pear", style: TextStyle(foreground: .red)))
  }

  @Test(
    "every node of every small tree with one or two disabled nodes: isEnabled is resolved, and the dimming style dims exactly the disabled rows"
  )
  func dimmingFollowsResolvedDisabling() throws {
    let style = RowStyle.checkboxOnLeft >>> .dimWhenDisabled
    var rowsChecked = 0
    for size in 1...6 {
      for shape in orderedTrees(size) {
        for disabled in everyDisabledPlacement(size: size) {
          var oracle = ContractModel(parent: shape)
          for node in disabled { oracle.disabledItself[node] = true }
          var tree = try SelectionTree(oracle: oracle)
          func check(_ context: String) {
            for node in 0..<size {
              let configuration = tree.configuration(of: node)!
              let expected = !oracle.isDisabled(node)
              #expect(
                configuration.isEnabled == expected, "\(shape) \(disabled) n\(node) \(context)")
              let dimmed = style(configuration).spans.allSatisfy(\.style.dim)
              #expect(dimmed == !expected, "\(shape) \(disabled) n\(node) \(context)")
              rowsChecked += 1
            }
          }
          check("as built")
          // Disable, then re-enable, the root: no stale value either way.
          try tree.setDisabled(0, to: true)
          oracle.disabledItself[0] = true
          check("after disabling the root")
          try tree.setDisabled(0, to: disabled.contains(0))
          oracle.disabledItself[0] = disabled.contains(0)
          check("after re-enabling the root")
        }
      }
    }
    #expect(rowsChecked > 10_000)
  }

  @Test("a parent toggle gives styles a resolved configuration too")
  func parentToggleConfiguration() {
    @ModelState var a = true
    let parent = ParentToggle([$a, .constant(false)])
    let row = (RowStyle.checkboxOnLeft >>> .lockMark())(parent.configuration(label: "All"))
    #expect(row.plainText == "[x] All")
    let locked = ParentToggle([.constant(true)]).configuration(label: "Fixed")
    #expect(
      (RowStyle.checkboxOnLeft >>> .lockMark(" [locked]"))(locked).plainText
        == "[x] Fixed [locked]")
  }
}
