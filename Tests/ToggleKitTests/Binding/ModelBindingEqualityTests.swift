import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

@Suite("Equality projection: $choice.equals(tag), radio semantics")
struct ModelBindingEqualityTests {
  static let flavours = ["vanilla", "chocolate", "mint"]

  @Test(
    "writing true selects the tag; writing false is ignored (every current value × tag × value)",
    arguments: [false, true])
  func radioSemantics(value: Bool) {
    for current in Self.flavours {
      for tag in Self.flavours {
        @ModelState var flavour = current
        let radio = $flavour.equals(tag)
        #expect(radio.wrappedValue == (current == tag))
        radio.wrappedValue = value
        #expect(flavour == (value ? tag : current))
      }
    }
  }

  @Test("the radio binding declares that it ignores false, and the law check accepts it")
  func declaresIgnoredFalse() {
    @ModelState var flavour = "mint"
    let radio = $flavour.equals("mint")
    #expect(radio.isDocumentedToIgnore(false))
    #expect(!radio.isDocumentedToIgnore(true))
    let report = BindingLaws.expectLawful(radio)
    #expect(report.notes.contains("writes of false are ignored, as the binding declares"))
    BindingLaws.expectLawful($flavour.equals("vanilla"))
    #expect(flavour == "vanilla", "checking an unselected radio selects it: false cannot undo that")
  }

  @Test("equality of a constant is constant")
  func constantEquality() {
    let radio = ModelBinding.constant(1).equals(2)
    #expect(radio.isConstant && !radio.isWritable)
  }
}
