import Observation
import Testing

@testable import TestSupport
@testable import ToggleKit

private func fruitModel() throws -> SelectionModel<String> {
  SelectionModel(
    try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Fruit/Citrus/Lime", "Veg/Leek"]))
}

/// Whether an operation makes an undo step: when it leaves the tree another value or any node
/// shows something else; setting a filter and reloading always do.
private func makesStep(
  _ operation: ContractOperation, before: SelectionTree<Int>, after: SelectionTree<Int>
) -> Bool {
  switch operation {
  case .filter: return true  // a new filter, even one that hides the same nodes
  default:
    // A step exactly when something changed: the content, or what some node shows.
    return !before.hasSameContent(as: after) || before != after
      || ContractView(before) != ContractView(after)
  }
}

@Suite("SelectionModel history: undo, redo, transactions, limits")
struct SelectionModelHistoryTests {
  @Test("undo restores the tree before the last change and redo the tree after it, by name")
  func undoAndRedo() throws {
    let model = try fruitModel()
    let original = model.tree
    #expect(!model.canUndo && !model.canRedo && model.undo() == nil && model.redo() == nil)
    try model.toggle("Fruit/Apple")
    try model.set("Veg", to: true)
    #expect(model.undoName == "set Veg on")
    #expect(model.undo() == "set Veg on")
    #expect(model.state(of: "Veg") == .off && model.state(of: "Fruit") == .mixed)
    #expect(model.redoName == "set Veg on" && model.undoName == "toggle Fruit/Apple")
    #expect(model.undo() == "toggle Fruit/Apple")
    #expect(model.tree == original && model.tree.isIdentical(to: original))
    #expect(!model.canUndo && model.canRedo)
    #expect(model.redo() == "toggle Fruit/Apple")
    #expect(model.redo() == "set Veg on")
    #expect(model.state(of: "Veg") == .on && model.state(of: "Fruit/Apple") == .on)
    #expect(model.canUndo && !model.canRedo)
  }

  @Test("a new change after an undo drops the changes that could be redone")
  func aChangeDropsRedo() throws {
    let model = try fruitModel()
    try model.toggle("Fruit/Apple")
    model.undo()
    try model.toggle("Veg/Leek")
    #expect(!model.canRedo && model.redo() == nil)
    #expect(model.undo() == "toggle Veg/Leek" && model.undo() == nil)
  }

  @Test("a change that leaves the tree as it was makes no step")
  func noOpsMakeNoStep() throws {
    let model = try fruitModel()
    try model.update { try $0.setLock("Fruit/Pear", to: .off) }
    #expect(model.undo() == "change")
    try model.update(named: "lock pear") { try $0.setLock("Fruit/Pear", to: .off) }
    try model.toggle("Fruit/Pear")  // locked: nothing to write
    try model.set("Fruit/Apple", to: false)  // already off
    try model.update { try $0.setExpanded("Fruit", to: false) }  // already collapsed
    model.update { _ = $0.deselectAll() }
    #expect(model.undoName == "lock pear")
    #expect(model.undo() == "lock pear" && model.undo() == nil)
  }

  @Test("a transaction is one step, named after the outermost; nested ones join it")
  func transactions() throws {
    let model = try fruitModel()
    let original = model.tree
    try model.transaction("pick fruit") {
      try model.toggle("Fruit/Apple")
      try model.transaction("inner") {
        try model.toggle("Fruit/Pear")
      }
      try model.update { try $0.expand("Fruit") }
    }
    #expect(model.undoName == "pick fruit")
    #expect(model.undo() == "pick fruit")
    #expect(model.tree == original && !model.canUndo)
    #expect(model.redo() == "pick fruit" && model.state(of: "Fruit") == .mixed)
    // A transaction that changes nothing makes no step; one that throws keeps its changes as one.
    model.transaction("nothing") {}
    #expect(model.undoName == "pick fruit")
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try model.transaction("half") {
        try model.toggle("Veg/Leek")
        throw Stop()
      }
    }
    #expect(model.undo() == "half" && model.state(of: "Veg") == .off)
  }

  @Test("the limit keeps the newest steps; lowering it drops the oldest; zero records nothing")
  func limits() throws {
    let model = try fruitModel()
    model.historyLimit = 2
    for leaf in ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"] { try model.toggle(leaf) }
    #expect(model.undo() == "toggle Veg/Leek" && model.undo() == "toggle Fruit/Pear")
    #expect(model.undo() == nil && model.state(of: "Fruit/Apple") == .on)
    try model.toggle("Veg/Leek")
    try model.toggle("Veg/Leek")
    model.historyLimit = 1
    #expect(model.undo() == "toggle Veg/Leek" && model.undo() == nil)
    model.historyLimit = 0
    #expect(!model.canRedo)
    try model.toggle("Fruit/Pear")
    #expect(!model.canUndo && model.historyLimit == 0)
    model.historyLimit = nil
    try model.toggle("Fruit/Pear")
    model.clearHistory()
    #expect(!model.canUndo && !model.canRedo)
  }

  @Test("undo of a reload restores ids, shape, selection, locks and expansion")
  func undoOfAReload() throws {
    let model = try fruitModel()
    try model.update {
      try $0.toggle("Fruit/Apple")
      try $0.setLock("Veg/Leek", to: .on)
      try $0.expand("Fruit")
    }
    let before = model.tree
    let fresh = try SelectionTree(paths: ["Fruit/Apple", "Nuts/Pecan"])
    model.update(named: "reload") { $0.reload(from: fresh) }
    #expect(model.tree.ids != before.ids)
    #expect(model.undo() == "reload")
    #expect(model.tree == before && model.tree.ids == before.ids)
    #expect(model.tree.isLocked("Veg/Leek") == true && model.tree.isExpanded("Fruit") == true)
    #expect(model.redo() == "reload" && model.tree.contains("Nuts/Pecan"))
  }

  @Test("an undo notifies exactly the nodes it changes, and the history's observers")
  func undoNotifiesExactly() throws {
    let model = try fruitModel()
    try model.toggle("Fruit/Apple")
    try model.toggle("Veg/Leek")
    #expect(
      notifies(reading: { _ = model.state(of: "Veg") }, when: { model.undo() }))
    #expect(
      !notifies(reading: { _ = model.state(of: "Fruit") }, when: { model.redo() }))
    #expect(
      !notifies(reading: { _ = model.state(of: "Fruit/Pear") }, when: { model.undo() }))
    #expect(notifies(reading: { _ = model.canUndo }, when: { model.undo() }))
    #expect(notifies(reading: { _ = model.canRedo }, when: { model.redo() }))
    #expect(
      try notifies(reading: { _ = model.undoName }, when: { try model.toggle("Fruit/Pear") }))
    #expect(notifies(reading: { _ = model.canUndo }, when: { model.clearHistory() }))
    // Nothing left to clear: nobody is told.
    #expect(!notifies(reading: { _ = model.canUndo }, when: { model.clearHistory() }))
  }

  /// (nodes, operations in the fast tier and in the long one, compare every k, history limit),
  /// by run.
  static let runs: [(size: Int, fast: Int, long: Int, compareEvery: Int, limit: Int?)] = [
    (10, 90, 1_200, 5, nil), (40, 180, 2_400, 5, 7), (150, 70, 1_000, 50, nil),
    (1_000, 15, 300, 500, 50), (10_000, 2, 100, 500, nil),
  ]

  @Test(
    "seeded operations interleaving every mutation with undo, redo, transactions and kept copies written later match a naive history of deep copies (5,000 in the long tier)",
    arguments: 0..<5)
  func seededHistoryRuns(run: Int) throws {
    let (size, fastRun, longRun, compareEvery, limit) = Self.runs[run]
    let operations = Tier.size(fast: fastRun, long: longRun)
    var generator = SeededGenerator(seed: UInt64(9_100 + run))
    let data = randomData(size: size, disabling: false, &generator)
    let blockShift: Int? = run % 2 == 0 ? 1 : nil
    let started = ContinuousClock.now
    defer {
      print(
        "history run \(run): \(size) nodes, \(operations) operations, \(ContinuousClock.now - started)"
      )
    }
    try NodeStates.$testingBlockShift.withValue(blockShift) {
      let model = SelectionModel(try SelectionTree(contract: data, options: .init()))
      model.historyLimit = limit
      var reference = ContractModel(data: data, options: .init())
      var undoSteps: [ContractModel] = []
      var redoSteps: [ContractModel] = []
      var kept: [(tree: SelectionTree<Int>, reference: ContractModel)] = []
      /// What the last steps did, for a failure's message.
      var trail: [String] = []
      func note(_ text: String) {
        trail.append(text)
        if trail.count > 6 { trail.removeFirst() }
      }
      func record(_ before: ContractModel) {
        undoSteps.append(before)
        redoSteps.removeAll()
        if let limit, undoSteps.count > limit { undoSteps.removeFirst() }
      }
      func operation() -> ContractOperation {
        let nodes = reference.order
        let node =
          Int.random(in: 0..<50, using: &generator) == 0
          ? 1_000_000 : nodes.randomElement(using: &generator) ?? 0
        let all = ContractOperation.alphabet(nodes: [node])
        return all.randomElement(using: &generator)!.keepingSize(
          count: reference.count, size: size, instead: .toggle(node))
      }
      /// One operation through the model; true when it made a step. A step must be made when the
      /// tree changed; one made when only what no reader sees was written must change nothing.
      func change(_ operation: ContractOperation) throws -> Bool {
        note("\(operation)")
        let recordedBefore = model.history.recordedCount
        var made = false
        var outcome: (ToggleOutcome?, ToggleOutcome?) = (nil, nil)
        try model.update(named: "\(operation)") { tree in
          let before = tree
          outcome = try operation.apply(to: &tree, &reference)
          made = makesStep(operation, before: before, after: tree)
        }
        #expect(outcome.0 == outcome.1, "run \(run): \(operation)")
        let history = model.history
        let modelMade =
          history.recordedCount > recordedBefore
          || (history.transactionDepth > 0 && history.transactionRecorded)
        #expect(!made || modelMade, "run \(run): \(operation) changed the tree and made no step")
        #expect(
          made || !modelMade || history.transactionDepth > 0,
          "run \(run): \(operation) changed nothing and made a step")
        return made || (model.history.transactionDepth == 0 && modelMade)
      }
      for step in 1...operations {
        func context() -> String {
          "run \(run) step \(step) after \(trail.joined(separator: "; "))"
        }
        let roll = Int.random(in: 0..<100, using: &generator)
        switch roll {
        case 0..<12:
          let name = model.undo()
          note("undo \(name ?? "nothing")")
          let expected = undoSteps.popLast()
          #expect((name == nil) == (expected == nil), "\(context()): undo")
          if let expected {
            redoSteps.append(reference)
            reference = expected
          }
        case 12..<18:
          let name = model.redo()
          note("redo \(name ?? "nothing")")
          let expected = redoSteps.popLast()
          #expect((name == nil) == (expected == nil), "\(context()): redo")
          if let expected {
            undoSteps.append(reference)
            reference = expected
          }
        case 18..<22:
          let before = reference
          let recordedBefore = model.history.recordedCount
          var made = false
          try model.transaction("transaction \(step)") {
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
              made = try change(operation()) || made
            }
          }
          if made || model.history.recordedCount > recordedBefore {
            record(before)
            #expect(model.undoName == "transaction \(step)", "\(context())")
          }
        case 22..<25 where kept.count < 8:
          kept.append((model.tree, reference))
        case 25..<29 where !kept.isEmpty:
          // A copy kept from long ago, written now: it follows its own reference, and the model's
          // tree does not move.
          let index = Int.random(in: 0..<kept.count, using: &generator)
          let treeBefore = ContractView(model.tree)
          var (tree, copyReference) = kept[index]
          let chosen = operation()
          let (outcome, expected) = try chosen.apply(to: &tree, &copyReference)
          #expect(outcome == expected, "\(context()): kept copy, \(chosen)")
          tree.checkInvariants()
          #expect(ContractView(tree) == ContractView(copyReference), "\(context()): kept copy")
          #expect(ContractView(model.tree) == treeBefore, "\(context()): a copy reached the model")
          kept[index] = (tree, copyReference)
          if Int.random(in: 0..<4, using: &generator) == 0 { kept.remove(at: index) }
        default:
          let before = reference
          let chosen = operation()
          if try change(chosen) {
            record(before)
            #expect(model.undoName == "\(chosen)", "\(context())")
          }
        }
        #expect(model.canUndo == !undoSteps.isEmpty, "\(context()): canUndo")
        #expect(model.canRedo == !redoSteps.isEmpty, "\(context()): canRedo")
        if step % compareEvery == 0 || step == operations {
          let tree = model.tree
          tree.checkInvariants()
          guard ContractView(tree) == ContractView(reference) else {
            Issue.record(
              "\(context()):\n  tree  \(ContractView(tree))\n  model \(ContractView(reference))")
            return
          }
        }
      }
      // Everything undone in one go lands on the first tree the history kept.
      while model.undo() != nil { reference = undoSteps.popLast()! }
      #expect(undoSteps.isEmpty)
      #expect(
        ContractView(model.tree) == ContractView(reference), "run \(run): undone to the start")
    }
  }
}
