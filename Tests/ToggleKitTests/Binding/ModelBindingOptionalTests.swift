import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

@Suite("Optionals: unwrapping that never traps, and presence as a Bool")
struct ModelBindingOptionalTests {
  @Test("unwrapping a nil optional gives nil")
  func unwrappingNilFails() {
    @ModelState var name: String? = nil
    #expect(ModelBinding($name) == nil)
  }

  @Test("an unwrapped binding reads and writes the base while it is non-nil")
  func unwrappedReadsAndWrites() throws {
    @ModelState var name: String? = "draft"
    let unwrapped = try #require(ModelBinding($name))
    #expect(unwrapped.wrappedValue == "draft")
    unwrapped.wrappedValue = "final"
    #expect(name == "final")
    BindingLaws.expectLawful(unwrapped, samples: ["", "x", "final"])
  }

  @Test("after the base becomes nil, reads return the last non-nil value and never trap")
  func keepsLastValueAfterNil() throws {
    @ModelState var name: String? = "draft"
    let unwrapped = try #require(ModelBinding($name))
    name = "second"
    #expect(unwrapped.wrappedValue == "second")
    name = nil
    #expect(unwrapped.wrappedValue == "second")
    #expect(unwrapped.wrappedValue.count == 6)
  }

  @Test("after the base becomes nil, writes still go through and make it non-nil")
  func writesAfterNilGoThrough() throws {
    @ModelState var count: Int? = 1
    let unwrapped = try #require(ModelBinding($count))
    count = nil
    unwrapped.wrappedValue = 5
    #expect(count == 5)
    count = nil
    unwrapped.update { $0 += 1 }
    #expect(count == 6, "an in-place update over nil starts from the last value (5)")
  }

  @Test("the unwrapped binding of a constant is constant")
  func unwrappedConstant() throws {
    let unwrapped = try #require(ModelBinding(ModelBinding<Int?>.constant(3)))
    #expect(unwrapped.isConstant && unwrapped.wrappedValue == 3)
  }

  @Test("isPresent: false stores nil; true without a default is ignored, as declared")
  func presenceWithoutDefault() {
    @ModelState var note: String? = "hi"
    let present = $note.isPresent()
    #expect(present.wrappedValue)
    present.wrappedValue = false
    #expect(note == nil)
    present.wrappedValue = true
    #expect(note == nil)
    #expect(present.isDocumentedToIgnore(true))
    note = "back"
    BindingLaws.expectLawful(present)
    #expect(note == nil, "the check wrote false, and true cannot bring a value back")
  }

  @Test("isPresent(default:): true over nil stores the default; true over a value keeps it")
  func presenceWithDefault() {
    @ModelState var note: String? = nil
    let present = $note.isPresent(default: { "new" })
    present.wrappedValue = true
    #expect(note == "new")
    note = "kept"
    present.wrappedValue = true
    #expect(note == "kept")
    BindingLaws.expectLawful(present)
    note = nil
    BindingLaws.expectLawful(present)
    #expect(note == nil)
  }
}
