extension SelectionModel {
  /// Inserts nodes, as ``SelectionTree/insert(_:under:at:newChildren:)``: one undo step, and the
  /// observers of the nodes that show something else (the parent and its ancestors) are told.
  ///
  /// ```swift
  /// try model.insert([.init(id: "Fruit/Fig", parent: "Fruit", label: "Fig")], under: "Fruit")
  /// model.undoName   // "insert under Fruit"
  /// ```
  /// - Throws: As the tree's insert; the tree is then unchanged and no step is made.
  /// - Complexity: The tree's insert, plus comparing the remembered nodes.
  public func insert(
    _ entries: [SelectionTree<ID>.Entry], under parent: ID?, at index: Int? = nil,
    newChildren: NewChildren = .inheritFullySelectedParent
  ) throws(SelectionTreeError) {
    try update(named: "insert under \(parent.map { "\($0)" } ?? "the roots")") {
      (tree) throws(SelectionTreeError) in
      try tree.insert(entries, under: parent, at: index, newChildren: newChildren)
    }
  }

  /// Removes a node and its subtree, as ``SelectionTree/remove(_:)``: one undo step.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)``; no step is then made.
  /// - Complexity: The tree's remove, plus comparing the remembered nodes.
  public func remove(_ id: ID) throws(SelectionTreeError) {
    try update(named: "remove \(id)") { (tree) throws(SelectionTreeError) in try tree.remove(id) }
  }

  /// Moves a node and its subtree, as ``SelectionTree/move(_:under:at:)``: one undo step.
  /// - Throws: As the tree's move; no step is then made.
  /// - Complexity: The tree's move, plus comparing the remembered nodes.
  public func move(_ id: ID, under parent: ID?, at index: Int? = nil) throws(SelectionTreeError) {
    try update(named: "move \(id)") { (tree) throws(SelectionTreeError) in
      try tree.move(id, under: parent, at: index)
    }
  }

  /// Relabels a node, as ``SelectionTree/relabel(_:to:)``: one undo step.
  /// - Throws: ``SelectionTreeError/unknownNode(id:)``; no step is then made.
  /// - Complexity: The tree's relabel, plus comparing the remembered nodes.
  public func relabel(_ id: ID, to label: String) throws(SelectionTreeError) {
    try update(named: "relabel \(id)") { (tree) throws(SelectionTreeError) in
      try tree.relabel(id, to: label)
    }
  }
}
