import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

@Suite("ModelBinding: get, set, constancy and writability")
struct ModelBindingTests {
  @Test("a get/set binding reads and writes through its closures")
  func readsAndWritesThrough() {
    let spy = Spy(3)
    let binding = spy.binding
    #expect(binding.wrappedValue == 3)
    binding.wrappedValue = 7
    #expect(spy.value == 7)
    #expect(spy.writes == 1)
    #expect(binding.isWritable)
    #expect(!binding.isConstant)
  }

  @Test("a constant binding is constant, not writable, and ignores writes")
  func constantIgnoresWrites() {
    let binding = ModelBinding.constant(5)
    binding.wrappedValue = 9
    #expect(binding.wrappedValue == 5)
    #expect(binding.isConstant)
    #expect(!binding.isWritable)
  }

  @Test("a read-only binding reads live values, is not constant, and ignores writes")
  func readOnlyIgnoresWrites() {
    let spy = Spy(1)
    let binding = ModelBinding(get: { spy.value })
    spy.value = 2
    #expect(binding.wrappedValue == 2)
    binding.wrappedValue = 10
    #expect(spy.value == 2)
    #expect(!binding.isWritable)
    #expect(!binding.isConstant)
  }

  @Test("locked() reads through but never writes, not even the same value")
  func lockedNeverWrites() {
    let spy = Spy(true)
    let locked = spy.binding.locked()
    #expect(!locked.isWritable)
    locked.wrappedValue = false
    locked.wrappedValue = true
    locked.update { $0.toggle() }
    #expect(spy.writes == 0)
    spy.value = false
    #expect(locked.wrappedValue == false)
  }

  @Test("update(_:) is one read-modify-write through the base")
  func updateIsOneWrite() {
    let spy = Spy([1, 2])
    spy.binding.update { $0.append(3) }
    #expect(spy.value == [1, 2, 3])
    #expect(spy.writes == 1)
  }

  @Test("init(get:update:) writes in place through the update closure")
  func updateInitializer() {
    let spy = Spy(10)
    let binding = ModelBinding(get: { spy.value }, update: { body in body(&spy.value) })
    binding.wrappedValue = 4
    #expect(spy.value == 4)
    binding.update { $0 *= 3 }
    #expect(spy.value == 12)
    BindingLaws.expectLawful(binding, samples: [0, -1, 99])
  }

  @Test("a @ModelBinding property wraps the binding it was given and projects it back")
  func propertyWrapperForm() {
    struct Row {
      @ModelBinding var isOn: Bool
    }
    let spy = Spy(false)
    var row = Row(isOn: spy.binding)
    row.isOn = true
    #expect(spy.value == true)
    #expect(row.$isOn.wrappedValue == true)
    let again = Row(isOn: row.$isOn)
    again.$isOn.wrappedValue = false
    #expect(spy.value == false)
    row = again
  }
}
