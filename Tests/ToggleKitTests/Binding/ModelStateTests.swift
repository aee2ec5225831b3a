import Observation
import Synchronization
import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

/// A Sendable flag for `withObservationTracking`'s `@Sendable` change handler.
private final class Flag: Sendable {
  private let raised = Atomic(false)
  func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
  var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
}

private struct Catalogue: Equatable, Sendable {
  struct Entry: Identifiable, Equatable, Sendable {
    let id: Int
    var isOn = false
  }
  var entries = [Entry(id: 1), Entry(id: 2)]
  var tags: Set<String> = []
  var counter = 0
  var note: String? = "n"
  var mirror = 0
}

/// Whether `action` makes observers of `state.value` fire.
private func notifies<Value>(_ state: ModelState<Value>, _ action: () -> Void) -> Bool {
  let flag = Flag()
  withObservationTracking {
    _ = state.value
  } onChange: {
    flag.raise()
  }
  action()
  return flag.isRaised
}

@Suite("ModelState: owning a value, observation, threads")
struct ModelStateTests {
  @Test("@ModelState on a local variable: the name is the value, $name the binding")
  func localPropertyWrapper() {
    @ModelState var selection: Set<String> = []
    $selection.contains("a").wrappedValue = true
    #expect(selection == ["a"])
    selection.insert("b")
    #expect($selection.wrappedValue == ["a", "b"])
  }

  @Test("@ModelState on a member: the state is shared by copies of the owner, like a reference")
  func memberPropertyWrapper() {
    struct Screen {
      @ModelState var isOn = false
    }
    let screen = Screen()
    let copy = screen
    copy.$isOn.wrappedValue = true
    #expect(screen.isOn)
  }

  @Test("ModelState(_:) and .binding vend a writable, non-constant binding")
  func explicitForm() {
    let state = ModelState(1)
    let binding = state.binding
    #expect(binding.isWritable && !binding.isConstant)
    binding.wrappedValue = 4
    #expect(state.value == 4)
    #expect(
      state.update {
        $0 += 1
        return $0
      } == 5)
    BindingLaws.expectLawful(binding, samples: [0, 9])
  }

  @Test(
    "observers fire on a direct write, an update, and a write through every kind of derived binding"
  )
  func observationFiresOnEveryWrite() throws {
    let state = ModelState(Catalogue())
    let binding = state.binding
    #expect(notifies(state) { state.value.counter = 1 })
    #expect(notifies(state) { state.update { $0.counter += 1 } })
    #expect(notifies(state) { binding.wrappedValue = Catalogue() })
    #expect(notifies(state) { binding.counter.wrappedValue = 7 })
    #expect(notifies(state) { binding.tags.contains("x").wrappedValue = true })
    #expect(notifies(state) { binding.counter.equals(3).wrappedValue = true })
    #expect(notifies(state) { binding.entries[id: 2]?.isOn.wrappedValue = true })
    #expect(notifies(state) { binding.entries.each(\.isOn)[0].wrappedValue = true })
    #expect(notifies(state) { binding.note.isPresent().wrappedValue = false })
    #expect(
      notifies(state) { binding.counter.map(get: { $0 }, set: { $0 = $1 }).update { $0 += 1 } })
    let unwrapped = try #require(ModelBinding(ModelState<Int?>(1).binding))
    _ = unwrapped
  }

  @Test("observers do not fire on reads, nor on writes that change no membership")
  func observationIsQuietWhenNothingChanges() {
    let state = ModelState(Catalogue(tags: ["x"]))
    #expect(!notifies(state) { _ = state.value.counter })
    #expect(!notifies(state) { state.binding.tags.contains("x").wrappedValue = true })
    #expect(!notifies(state) { state.binding.counter.locked().wrappedValue = 9 })
  }

  @Test("an observer may read the state from its change handler without deadlock")
  func observerReadsState() {
    let state = ModelState(0)
    let flag = Flag()
    withObservationTracking {
      _ = state.value
    } onChange: {
      _ = state.value
      flag.raise()
    }
    state.update { $0 += 1 }
    #expect(flag.isRaised)
  }

  @Test("re-entering a state from inside its own update traps instead of deadlocking")
  func reentrantAccessTraps() async {
    await #expect(processExitsWith: .failure) {
      let state = ModelState(0)
      let mirrored = state.binding.map(
        get: { $0 }, set: { value, new in value = new + state.value })
      mirrored.wrappedValue = 2
    }
  }

  @Test("threads: concurrent writes through derived bindings never lose one another's changes")
  func concurrentDerivedWritesAreAtomic() async {
    let state = ModelState(Catalogue())
    let tasks = 8
    let perTask = 500
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          let binding = state.binding
          for step in 0..<perTask {
            binding.tags.contains("\(task)-\(step)").wrappedValue = true
            binding.counter.update { $0 += 1 }
            binding.entries.each(\.isOn)[step % 2].update { $0.toggle() }
          }
        }
      }
    }
    #expect(state.value.tags.count == tasks * perTask)
    #expect(state.value.counter == tasks * perTask)
    #expect(state.value.entries.map(\.isOn) == [false, false], "an even number of toggles each")
  }

  @Test("threads: a reader never sees a value torn by a concurrent writer")
  func readsAreNeverTorn() async {
    let state = ModelState([0, 0, 0, 0])
    let torn = await withTaskGroup(of: Int.self) { group in
      group.addTask {
        for step in 1...20_000 { state.value = Array(repeating: step, count: 4) }
        return 0
      }
      group.addTask {
        var torn = 0
        for _ in 0..<20_000 where Set(state.value).count != 1 { torn += 1 }
        return torn
      }
      return await group.reduce(0, +)
    }
    #expect(torn == 0)
  }
}
