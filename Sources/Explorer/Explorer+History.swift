import ToggleKit

extension Explorer {
  /// The history's actions: undo and redo of the selection, through the library's
  /// ``ToggleKit/SelectionHistory`` (expansion and the filter stay as they are; a step from before a
  /// read is carried over by id).
  mutating func reduceHistory(_ action: ExplorerAction) -> Bool {
    switch action {
    case .undo:
      let step = history.undo(&tree)
      if step != nil { selectionChanges += 1 }
      message = step.map { "undid " + $0 } ?? "nothing to undo"
    case .redo:
      let step = history.redo(&tree)
      if step != nil { selectionChanges += 1 }
      message = step.map { "redid " + $0 } ?? "nothing to redo"
    default: return false
    }
    return true
  }
}
