/// Undo and redo of a tree's selection, as a value: the explorer's `u` and Ctrl-R.
///
/// Unlike ``SelectionModel/undo()``, which puts back the whole tree, a step here takes back the
/// selection, locks and disabling only; expansion and the filter stay as they are now. A step from
/// before a reload or a load (another shape) is carried over by id: nodes that came since take
/// what the folder they came into had in the step, not what the undone change gave them.
///
/// ```swift
/// var history = SelectionHistory<String>()
/// let before = tree
/// try tree.toggle("Fruit")
/// history.record(before, named: "toggle Fruit")
/// history.undo(&tree)   // "toggle Fruit": Fruit is off again
/// ```
public struct SelectionHistory<ID: Hashable> {
  /// The trees `undo` and `redo` go back to, oldest first, with the change that left each.
  private var undoSteps: [(tree: SelectionTree<ID>, name: String)] = []
  private var redoSteps: [(tree: SelectionTree<ID>, name: String)] = []

  /// An empty history.
  public init() {}

  /// How many changes ``undo(_:)`` can take back.
  public var undoCount: Int { undoSteps.count }
  /// How many undone changes ``redo(_:)`` can make again.
  public var redoCount: Int { redoSteps.count }
  /// The name of the change ``undo(_:)`` would take back.
  public var undoName: String? { undoSteps.last?.name }
  /// The tree ``undo(_:)`` would take the selection of.
  public var undoTree: SelectionTree<ID>? { undoSteps.last?.tree }
  /// The name of the change ``redo(_:)`` would make again.
  public var redoName: String? { redoSteps.last?.name }

  /// Records a change, `before` being the tree before it; undone changes are forgotten.
  ///
  /// - Complexity: O(1): the step shares its storage with the tree.
  public mutating func record(_ before: SelectionTree<ID>, named name: String) {
    undoSteps.append((before, name))
    redoSteps.removeAll()
  }

  /// Takes back the last change recorded in `tree`'s selection, keeping its expansion and filter.
  ///
  /// - Returns: The change's name, or nil when there is nothing to undo.
  /// - Complexity: O(1) on the same shape (O(n) to filter again when the filter differs); a
  ///   step of another shape O(n log n).
  @discardableResult
  public mutating func undo(_ tree: inout SelectionTree<ID>) -> String? {
    travel(from: \.undoSteps, to: \.redoSteps, &tree)
  }

  /// Makes the last undone change again.
  ///
  /// - Returns: The change's name, or nil when there is nothing to redo.
  /// - Complexity: As ``undo(_:)``.
  @discardableResult
  public mutating func redo(_ tree: inout SelectionTree<ID>) -> String? {
    travel(from: \.redoSteps, to: \.undoSteps, &tree)
  }

  /// Moves the last step of `source` to `destination`, swapping it with `tree`'s selection.
  private mutating func travel(
    from source: WritableKeyPath<Self, [(tree: SelectionTree<ID>, name: String)]>,
    to destination: WritableKeyPath<Self, [(tree: SelectionTree<ID>, name: String)]>,
    _ tree: inout SelectionTree<ID>
  ) -> String? {
    guard let step = self[keyPath: source].popLast() else { return nil }
    self[keyPath: destination].append((tree, step.name))
    Self.restore(step.tree, into: &tree)
    return step.name
  }

  /// `step`'s selection on `tree`'s shape, expansion and filter.
  private static func restore(_ step: SelectionTree<ID>, into tree: inout SelectionTree<ID>) {
    guard !tree.restoreStates(from: step) else { return }
    // Nodes that came since inherit from the folder they came into as the step had it.
    var shape = tree
    shape.options.filterScope = .all
    shape.deselectAll()
    var carried = step
    carried.reload(from: shape)
    if !tree.restoreStates(from: carried) {
      // The reload changed nothing, so it kept the step as it was: the step has the tree's shape
      // in another structure (the tree was read again since, as the same data). Its states are
      // the tree's positions', taken onto the tree's structure.
      carried.structure = tree.structure
      tree.restoreStates(from: carried)
    }
  }
}

extension SelectionHistory: Sendable where ID: Sendable {}
