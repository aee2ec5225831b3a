import Observation
import ToggleKit

/// `SelectionModel` clicks on random nodes of a 20,200-node tree (200 folders of 100 files).
///
/// With nothing read through the model, after every node was read once, and with every node
/// observed by `withObservationTracking`: a click's cost must not grow with what was read.
func benchmarkModel() -> [Row] {
  let paths = (0..<200).flatMap { folder in (0..<100).map { "f\(folder)/file\($0)" } }
  let base = try! SelectionTree(paths: paths)
  // Scattered nodes, the same on every run: a prime stride coprime with the node count.
  let clicks = (0..<2_000).map { base.ids[($0 &* 104_729 &+ 17) % base.count] }
  func clickCost(_ prepare: (SelectionModel<String>) -> Void) -> Summary {
    let model = SelectionModel(base)
    prepare(model)
    var next = 0
    return measure(Budget(seconds: 0.5, minRuns: 50, maxRuns: clicks.count, warmUp: 0)) {
      try! model.toggle(clicks[next % clicks.count])
      next += 1
    }
  }
  let nothingRead = clickCost { _ in }
  let everyNodeRead = clickCost { model in for id in base.ids { _ = model.state(of: id) } }
  let everyNodeObserved = clickCost { model in
    for id in base.ids {
      withObservationTracking {
        _ = model.state(of: id)
      } onChange: {
      }
    }
  }
  return [
    Row(
      section: "model", shape: "folders", nodes: base.count, operation: "click, nothing read",
      ours: nothingRead),
    Row(
      section: "model", shape: "folders", nodes: base.count,
      operation: "click after reading every node once", ours: everyNodeRead),
    Row(
      section: "model", shape: "folders", nodes: base.count,
      operation: "click with every node observed", ours: everyNodeObserved),
  ]
}
