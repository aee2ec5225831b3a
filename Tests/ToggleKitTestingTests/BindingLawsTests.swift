import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

@Suite("Binding-law checks catch broken bindings in plain words")
struct BindingLawsTests {
  @Test("a toggle that does too many things is reported as unresponsive, in the issue's words")
  func tooManyThingsIsUnresponsive() {
    var showChildren = false
    let selection: Set<String> = ["a"]
    let binding = ModelBinding(
      get: { showChildren || !selection.isEmpty },
      set: { showChildren = $0 })
    let report = BindingLaws.check(binding, while: "the selection is non-empty")
    #expect(report.kind == .writable)
    #expect(
      report.violations == [
        BindingLawViolation(
          law: .responsiveness,
          message: "setting false leaves true: a toggle bound to this is unresponsive"
            + " while the selection is non-empty")
      ])
    #expect(!report.isLawful)
  }

  @Test(
    "the same binding is lawful while the selection is empty: the check reports the world it sees")
  func tooManyThingsWithEmptySelection() {
    var showChildren = false
    let selection: Set<String> = []
    let binding = ModelBinding(
      get: { showChildren || !selection.isEmpty },
      set: { showChildren = $0 })
    #expect(BindingLaws.check(binding).isLawful)
    #expect(showChildren == false, "the check restores what it found")
  }

  @Test("a binding that drops every write without declaring it is unresponsive")
  func silentlyIgnoringBindingIsUnresponsive() {
    let binding = ModelBinding(get: { true }, set: { _ in })
    #expect(BindingLaws.check(binding).violations.map(\.law) == [.responsiveness])
  }

  @Test("a clamping setter breaks set-then-get, with the values in the message")
  func clampBreaksSetThenGet() {
    var stored = 0
    let binding = ModelBinding(get: { stored }, set: { stored = min($0, 10) })
    let report = BindingLaws.check(binding, samples: [3, 11])
    #expect(
      report.violations == [
        BindingLawViolation(law: .setThenGet, message: "setting 11 reads back 10")
      ])
    #expect(stored == 0)
  }

  @Test("a setter that adjusts what it is given breaks write-what-was-read")
  func adjustingSetterBreaksWriteWhatWasRead() {
    var stored = 1
    let binding = ModelBinding(get: { stored }, set: { stored = $0 + 1 })
    let laws = Set(BindingLaws.check(binding, samples: [5]).violations.map(\.law))
    #expect(laws.contains(.writeWhatWasRead))
    #expect(laws.contains(.setThenGet))
  }

  @Test("a setter that reacts to repetition breaks set-twice-is-set-once")
  func repetitionSensitiveSetterBreaksIdempotence() {
    var stored = 0
    let binding = ModelBinding(get: { stored }, set: { stored = stored == $0 ? $0 * 2 : $0 })
    let report = BindingLaws.check(binding, samples: [4])
    #expect(
      report.violations.contains(
        BindingLawViolation(
          law: .setTwiceIsSetOnce,
          message: "setting 4 once reads back 4, setting it twice reads back 8")))
  }

  @Test("a declared ignored write that still changes what is read is reported")
  func lyingDeclarationIsReported() {
    var reads = 0
    let binding = ModelBinding(
      get: {
        reads += 1
        return reads
      }, set: { _ in }
    ).ignoringWrites(where: { _ in true })
    let laws = BindingLaws.check(binding, samples: [7]).violations.map(\.law)
    #expect(laws == [.declaredIgnoredWrite])
  }

  @Test("constant, read-only and locked bindings are reported as such, not written, not violations")
  func nonWritableBindingsAreReportedAsSuch() {
    let spy = Spy(true)
    let constant = BindingLaws.check(ModelBinding.constant(true))
    let readOnly = BindingLaws.check(ModelBinding(get: { spy.value }))
    let locked = BindingLaws.check(spy.binding.locked())
    #expect(constant.kind == .constant && constant.isLawful)
    #expect(readOnly.kind == .readOnly && readOnly.isLawful)
    #expect(locked.kind == .readOnly && locked.isLawful)
    #expect(spy.writes == 0)
    #expect(
      constant.notes == [
        "constant binding: writes are ignored by definition, so no write law applies"
      ])
  }

  @Test("the report reads as plain text")
  func reportDescription() {
    let report = BindingLaws.check(ModelBinding(get: { true }, set: { _ in }))
    #expect(
      report.description == """
        writable binding: 1 violation
          responsiveness: setting false leaves true: a toggle bound to this is unresponsive
        """)
  }

  @Test("expectLawful records one Swift Testing issue per violation")
  func expectLawfulRecordsIssues() {
    withKnownIssue {
      BindingLaws.expectLawful(ModelBinding(get: { true }, set: { _ in }))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("responsiveness: setting false leaves true") }
    }
  }

  @Test("every kind of binding the library vends passes the laws")
  func libraryBindingsAreLawful() throws {
    struct Item: Identifiable, Equatable {
      let id: Int
      var isOn = false
    }
    @ModelState var count = 0
    @ModelState var selection: Set<String> = ["b"]
    @ModelState var items = [Item(id: 1), Item(id: 2)]
    @ModelState var choice = "a"
    @ModelState var optional: Int? = 4
    let lawful: [BindingLawReport] = [
      BindingLaws.check($count, samples: [-1, 0, 1, .max]),
      BindingLaws.check($count.map(get: { $0 + 1 }, set: { $0 = $1 - 1 }), samples: [0, 5]),
      BindingLaws.check($selection.contains("a")),
      BindingLaws.check($selection.contains("b")),
      BindingLaws.check($selection.isEmpty),
      BindingLaws.check($items.each(\.isOn)[1]),
      BindingLaws.check(try #require($items[id: 2]), samples: [Item(id: 2, isOn: true)]),
      BindingLaws.check($choice.equals("a")),
      BindingLaws.check($optional.isPresent(default: { 0 })),
      BindingLaws.check(try #require(ModelBinding($optional)), samples: [1, 2]),
      BindingLaws.check($count.locked(), samples: [3]),
      BindingLaws.check(ModelBinding.constant(false)),
    ]
    for report in lawful {
      #expect(report.isLawful, "\(report)")
    }
  }
}
