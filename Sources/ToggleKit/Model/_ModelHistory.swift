/// The undo and redo steps of a ``SelectionModel``: trees as they were, which share every chunk
/// no change wrote.
struct _ModelHistory<ID: Hashable> {
  /// A tree as it was before (undo) or after (redo) a change, and the change's name.
  struct Step {
    var tree: SelectionTree<ID>
    var name: String
    /// How many loads the model had made when the tree was current (``loads``).
    var loads = 0
  }

  /// Oldest first; the last is what ``SelectionModel/undo()`` restores.
  var undoSteps: [Step] = []
  /// Oldest first; the last is what ``SelectionModel/redo()`` restores.
  var redoSteps: [Step] = []
  /// The most undo steps kept; nil keeps every step.
  var limit: Int? {
    didSet { trim() }
  }
  /// How deep the running transactions are nested.
  var transactionDepth = 0
  /// The outermost running transaction's name, and whether a change inside it made its step.
  var transactionName = ""
  var transactionRecorded = false

  /// How many loads of unloaded nodes the model has made: a step from before one has another shape.
  var loads: Int { firstLoad + loadLog.count }
  /// The loads since ``firstLoad`` (node, children), replayed onto a step restored from before.
  var loadLog: [(id: ID, children: LazyTree<ID>.Children)] = []
  /// The number of the first load ``loadLog`` keeps; older ones no step needs.
  var firstLoad = 0

  /// Notes a load, and forgets the ones no step can need.
  mutating func noteLoad(of id: ID, _ children: LazyTree<ID>.Children) {
    loadLog.append((id, children))
    dropUnneededLoads()
  }

  /// Forgets the loads made before every kept step.
  ///
  /// Steps are appended as they are made, so each list's first step is its oldest.
  mutating func dropUnneededLoads() {
    guard !loadLog.isEmpty else { return }
    let oldest = [undoSteps.first?.loads, redoSteps.first?.loads].compactMap { $0 }.min() ?? loads
    if oldest > firstLoad {
      loadLog.removeFirst(oldest - firstLoad)
      firstLoad = oldest
    }
  }

  /// The loads made since `count` loads, oldest first.
  func loads(since count: Int) -> ArraySlice<(id: ID, children: LazyTree<ID>.Children)> {
    loadLog[(count - firstLoad)...]
  }

  /// How many steps were ever recorded (tests read it to see whether a change made one).
  var recordedCount = 0

  /// Whether changes are recorded at all.
  var isRecording: Bool { limit != 0 }

  /// Records `before`, the tree before a change named `name`.
  ///
  /// Inside a transaction only its first change makes a step, named after the transaction. True
  /// when the steps changed.
  mutating func record(_ before: SelectionTree<ID>, named name: String) -> Bool {
    if transactionDepth > 0 {
      guard !transactionRecorded else { return false }
      transactionRecorded = true
    }
    undoSteps.append(
      Step(tree: before, name: transactionDepth > 0 ? transactionName : name, loads: loads))
    recordedCount += 1
    redoSteps.removeAll()
    trim()
    return true
  }

  /// Drops the oldest undo steps beyond the limit.
  private mutating func trim() {
    if let limit, undoSteps.count > limit {
      undoSteps.removeFirst(undoSteps.count - max(0, limit))
      dropUnneededLoads()
    }
  }
}

extension _ModelHistory: Sendable where ID: Sendable {}
extension _ModelHistory.Step: Sendable where ID: Sendable {}
