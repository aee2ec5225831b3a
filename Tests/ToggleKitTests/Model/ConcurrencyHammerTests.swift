import Observation
import Testing
import ToggleKit

@testable import TestSupport

/// Many tasks at once on one `ModelState` and one `SelectionModel`.
///
/// Writers, readers and observers together. Run under ThreadSanitizer by `.ci/run` (`swift test --sanitize=thread`), which reports
/// any data race these workloads reach; the expectations check what the types' docs promise.
@Suite("Concurrency hammer: what ModelState and SelectionModel promise holds under load")
struct ConcurrencyHammerTests {
  struct Pair: Sendable {
    var left = 0
    var right = 0
    var members: Set<Int> = []
  }

  @Test("ModelState: derived writes, updates, whole-value reads and observers from 8 tasks")
  func modelStateHammer() async {
    let state = ModelState(Pair())
    let notifications = Counter()
    let torn = Counter()
    let writers = 6
    let perWriter = 400
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<writers {
        group.addTask {
          let binding = state.binding  // each task derives its own bindings
          for step in 0..<perWriter {
            binding.members.contains(writer * perWriter + step).wrappedValue = true
            state.update { pair in
              pair.left += 1
              pair.right += 1
            }
          }
        }
      }
      group.addTask {  // a reader: left and right are only ever written together
        for _ in 0..<2_000 {
          let pair = state.value
          if pair.left != pair.right { torn.increment() }
        }
      }
      group.addTask {  // an observer that reads the state from its change handler
        for _ in 0..<200 {
          withObservationTracking {
            _ = state.value.left
          } onChange: { [weak state] in
            // Weak: a handler that never fires stays registered, and a strong capture of the
            // state would keep the state alive through its own registrar.
            _ = state?.value.members.count
            notifications.increment()
          }
        }
      }
    }
    #expect(state.value.members.count == writers * perWriter, "no insertion lost")
    #expect(state.value.left == writers * perWriter && state.value.right == writers * perWriter)
    #expect(torn.count == 0, "no read saw half an update")
    #expect(notifications.count <= 200, "each observation fires at most once")
  }

  @Test("SelectionModel: clicks, sets, per-node reads and observers from 8 tasks")
  func selectionModelHammer() async throws {
    let groups = 6
    let leavesPerGroup = 16
    let paths = (0..<groups).flatMap { group in
      (0..<leavesPerGroup).map { "all/g\(group)/leaf\($0)" }
    }
    let model = SelectionModel(try SelectionTree(paths: paths))
    let inconsistent = Counter()
    let notifications = Counter()
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<groups {
        group.addTask {
          // Each worker owns one group: it selects every leaf, then clicks the group twice
          // (off, on) and the first leaf twice, ending with the whole group on.
          for leaf in 0..<leavesPerGroup {
            _ = try? model.set("all/g\(worker)/leaf\(leaf)", to: true)
          }
          for _ in 0..<20 {
            _ = try? model.toggle("all/g\(worker)")
            _ = try? model.toggle("all/g\(worker)")
            _ = try? model.toggle("all/g\(worker)/leaf0")
            _ = try? model.toggle("all/g\(worker)/leaf0")
          }
        }
      }
      group.addTask {  // a reader: a parent's summary always adds up to its leaves
        for step in 0..<2_000 {
          guard let summary = model.summary(of: "all/g\(step % groups)") else { continue }
          if summary.total != leavesPerGroup || summary.writableMixed != 0 {
            inconsistent.increment()
          }
        }
      }
      group.addTask {  // an observer of the root, reading the model from its handler
        for _ in 0..<200 {
          withObservationTracking {
            _ = model.state(of: "all")
          } onChange: {
            notifications.increment()
          }
        }
      }
    }
    model.tree.checkInvariants()
    #expect(model.state(of: "all") == .on, "every group ends fully selected")
    #expect(model.tree.selection(.leaves).count == groups * leavesPerGroup)
    #expect(inconsistent.count == 0, "no read saw a half-applied click")
    #expect(notifications.count <= 200)
  }
}
