/// Which nodes a selection lists.
///
/// ```swift
/// tree.selection(.topmost)   // the compressed form: "Fruit" instead of all its fruits
/// ```
public enum SelectionForm: String, Hashable, Sendable, CaseIterable, Codable {
  /// The selected leaves.
  case leaves
  /// Every fully selected node (every leaf below it selected, locked and disabled ones included).
  case all
  /// The fully selected nodes whose parent is not: "all of this node", the shortest description.
  case topmost
}

extension SelectionTree {
  /// The selected nodes in preorder, in one of three forms.
  ///
  /// ```swift
  /// var tree = try SelectionTree(paths: ["Fruit/Apple", "Fruit/Pear", "Veg/Leek"])
  /// try tree.toggle("Fruit")
  /// tree.selection(.leaves)    // ["Fruit/Apple", "Fruit/Pear"]
  /// tree.selection(.all)       // ["Fruit", "Fruit/Apple", "Fruit/Pear"]
  /// tree.selection(.topmost)   // ["Fruit"]
  /// ```
  /// - Complexity: Output-sensitive. `.leaves`: O(k log n) for k selected leaves. `.all` and
  ///   `.topmost`: O((k + a) log n), where a counts the ancestors of the selected leaves that are
  ///   visited (for `.topmost`, none below a listed node whose leaves are all selected) — never
  ///   O(n) when k ≪ n in a shallow tree. When parents keep their own values: O(k log n) for k
  ///   selected nodes.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public func selection(_ form: SelectionForm) -> [ID] {
    _selectedPositions(form).map { structure.id(at: $0) }
  }

  /// The nodes whose state is mixed, in preorder.
  ///
  /// ```swift
  /// tree.mixedNodes()   // ["Fruit"] when only some fruit is selected
  /// ```
  /// - Returns: Their ids (always empty when parents keep their own values).
  /// - Complexity: O((k + a) log n) for k selected leaves with a ancestors.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  public func mixedNodes() -> [ID] {
    guard options.propagation.up else { return [] }
    var result: [ID] = []
    _walkSelectedLeaves { position, isNewAncestor in
      if isNewAncestor && state(at: position) == .mixed {
        result.append(structure.id(at: position))
      }
      return nil
    }
    return result
  }

  func _selectedPositions(_ form: SelectionForm) -> [Int] {
    let selectedLeaves = StateSet.selectedLeaves
    let selectedAny = StateSet.selected
    if !options.propagation.up {
      var result: [Int] = []
      let mask = form == .leaves ? selectedLeaves : selectedAny
      states.forEachIndex(in: 0..<count, matching: mask) { position in
        let parent = structure.parent(of: position)
        let parentIsOn = parent >= 0 && states.state(at: parent) & NodeBits.selected != 0
        if form != .topmost || !parentIsOn { result.append(position) }
        return nil
      }
      return result
    }
    var result: [Int] = []
    if form == .leaves {
      states.forEachIndex(in: 0..<count, matching: selectedLeaves) { position in
        result.append(position)
        return nil
      }
      return result
    }
    // A fully selected node's descendants are all fully selected: `.topmost` lists it and skips
    // them; a leaf reached here has no fully selected ancestor under `.topmost`.
    _walkSelectedLeaves { position, isNewAncestor in
      guard !isNewAncestor || _isFullySelected(at: position) else { return nil }
      result.append(position)
      return form == .topmost ? structure.end(of: position) : nil
    }
    return result
  }

  /// Whether every leaf below the node (or the leaf itself) is selected, locked, disabled and
  /// hidden leaves included: what `.all` and `.topmost` list when parents derive their state.
  func _isFullySelected(at position: Int) -> Bool {
    states.counts(in: structure.range(of: position)).sum(over: StateSet.unselectedLeaves) == 0
  }

  /// Visits, in preorder, every selected leaf and each of its ancestors once.
  func _walkSelectedLeaves(_ visit: (_ position: Int, _ isNewAncestor: Bool) -> Int?) {
    let selectedLeaves = StateSet.selectedLeaves
    var stack: [Int] = []
    states.forEachIndex(in: 0..<count, matching: selectedLeaves) { leaf in
      while let top = stack.last, !(top <= leaf && leaf < structure.end(of: top)) {
        stack.removeLast()
      }
      var fresh: [Int] = []
      var node = structure.parent(of: leaf)
      while node >= 0 && node != stack.last {
        fresh.append(node)
        node = structure.parent(of: node)
      }
      for ancestor in fresh.reversed() {
        stack.append(ancestor)
        if let skip = visit(ancestor, true) { return skip }
      }
      return visit(leaf, false)
    }
  }
}
