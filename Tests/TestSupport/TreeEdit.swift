import ToggleKit

/// A structural edit: made on a tree by its edit method, on the model as a reload of the edited
/// data (what an edit means).
enum TreeEdit: Hashable, CustomStringConvertible {
  /// A new leaf under the node (a root when nil), before its child at the index (nil: last).
  case insertLeaf(under: Int?, at: Int?, selected: Bool)
  /// A new folder holding a new leaf, the folder locked by its data as given.
  case insertFolder(under: Int?, at: Int?, lock: NodeLock)
  /// The node and its subtree taken out.
  case remove(Int)
  /// The node's subtree moved under the node (a root when nil), before the child at the index.
  case move(Int, under: Int?, at: Int?)
  /// The node labelled `n<number>`.
  case relabel(Int, as: Int)
  /// Three new nodes at the end of the preorder, appended at once (`appendInPreorder`): one under
  /// the last node (a root when there is none), one under it, and a last root.
  case appendTail

  var description: String {
    func place(_ parent: Int?, _ index: Int?) -> String {
      "under \(parent.map { "n\($0)" } ?? "the roots") at \(index.map(String.init) ?? "the end")"
    }
    return switch self {
    case .insertLeaf(let parent, let index, let selected):
      "insert a\(selected ? " selected" : "") leaf \(place(parent, index))"
    case .insertFolder(let parent, let index, let lock):
      "insert a folder locked \(lock) with a leaf \(place(parent, index))"
    case .remove(let node): "remove n\(node)"
    case .move(let node, let parent, let index): "move n\(node) \(place(parent, index))"
    case .relabel(let node, let number): "relabel n\(node) as n\(number)"
    case .appendTail: "append a tail of three nodes at the end"
    }
  }

  /// The model's data with the edit made, or nil when the tree must refuse it (an unknown node,
  /// a move into the node's own subtree, an index past the children).
  func data(for model: ContractModel) -> [ContractModel.Datum]? {
    var data = model.currentData
    let fresh = (data.map(\.id).max() ?? 0) + 1
    /// Puts `datum` among `parent`'s children before the one at `index`, `skipping` a node.
    func place(_ datum: ContractModel.Datum, at index: Int?, skipping: Int? = nil) -> Bool {
      if let parent = datum.parent, !model.contains(parent) { return false }
      let siblings = data.filter { $0.parent == datum.parent && $0.id != skipping }.map(\.id)
      guard let index, index != siblings.count else {
        data.append(datum)
        return true
      }
      guard index >= 0 && index < siblings.count else { return false }
      data.insert(datum, at: data.firstIndex { $0.id == siblings[index] }!)
      return true
    }
    switch self {
    case .insertLeaf(let parent, let index, let selected):
      guard place(.init(id: fresh, parent: parent, isSelected: selected), at: index) else {
        return nil
      }
    case .insertFolder(let parent, let index, let lock):
      guard place(.init(id: fresh, parent: parent, lock: lock), at: index) else { return nil }
      data.append(.init(id: fresh + 1, parent: fresh))
    case .remove(let node):
      guard model.contains(node) else { return nil }
      let gone = Set(model.subtree(node))
      data.removeAll { gone.contains($0.id) }
    case .move(let node, let parent, let index):
      guard model.contains(node), !(parent.map { model.subtree(node).contains($0) } ?? false),
        var datum = data.first(where: { $0.id == node })
      else { return nil }
      datum.parent = parent
      data.removeAll { $0.id == node }
      guard place(datum, at: index, skipping: node) else { return nil }
    case .relabel(let node, let number):
      guard let index = data.firstIndex(where: { $0.id == node }) else { return nil }
      data[index].label = number == node ? nil : number
    case .appendTail:
      let ids = Self.tailIDs(from: fresh)
      let last = model.order.last
      data.append(.init(id: ids[0], parent: last))
      data.append(.init(id: ids[1], parent: ids[0]))
      data.append(.init(id: ids[2], parent: nil))
    }
    return data
  }

  /// The ids of ``appendTail``'s nodes: the first three from `fresh` on that the model gives no
  /// attributes (an append brings none).
  static func tailIDs(from fresh: Int) -> [Int] {
    Array((fresh...).lazy.filter { ContractModel.attributes(of: $0).isEmpty }.prefix(3))
  }

  /// Makes the edit on `tree` with its edit method (the fresh ids those of ``data(for:)``).
  func apply(
    to tree: inout SelectionTree<Int>, fresh: Int, newChildren: NewChildren
  ) throws(SelectionTreeError) {
    switch self {
    case .insertLeaf(let parent, let index, let selected):
      try tree.insert(
        [
          .init(
            id: fresh, parent: parent, label: ContractLabel.text(fresh), isSelected: selected,
            attributes: ContractModel.attributes(of: fresh))
        ],
        under: parent, at: index, newChildren: newChildren)
    case .insertFolder(let parent, let index, let lock):
      try tree.insert(
        [
          .init(
            id: fresh, parent: parent, label: ContractLabel.text(fresh), lock: lock,
            attributes: ContractModel.attributes(of: fresh)),
          .init(
            id: fresh + 1, parent: fresh, label: ContractLabel.text(fresh + 1),
            attributes: ContractModel.attributes(of: fresh + 1)),
        ], under: parent, at: index, newChildren: newChildren)
    case .remove(let node): try tree.remove(node)
    case .move(let node, let parent, let index): try tree.move(node, under: parent, at: index)
    case .relabel(let node, let number): try tree.relabel(node, to: ContractLabel.text(number))
    case .appendTail:
      let ids = Self.tailIDs(from: fresh)
      let count = Int32(tree.count)
      let appended = tree.appendInPreorder(
        ids: ids[...], labels: ids.map(ContractLabel.text)[...], parents: [count - 1, count, -1],
        newChildren: newChildren)
      precondition(appended, "a tail at the end is never refused")
    }
  }
}

/// An edit whose tree differs from the reload of the edited data, or that the tree took or
/// refused against the data.
struct EditMismatch: Error, CustomStringConvertible {
  var description: String
}

extension TreeEdit {
  /// Makes the edit on `tree` and returns the edited data (nil when refused), checking that the
  /// tree equals `reload(from:)` of that data and, when refused, that it threw and did not change.
  func applyChecked(
    to tree: inout SelectionTree<Int>, model: ContractModel, newChildren: NewChildren
  ) throws -> [ContractModel.Datum]? {
    let before = tree
    let fresh = (model.currentData.map(\.id).max() ?? 0) + 1
    guard let data = data(for: model) else {
      do {
        try apply(to: &tree, fresh: fresh, newChildren: newChildren)
      } catch {
        guard tree == before else {
          throw EditMismatch(description: "\(self) threw and changed the tree")
        }
        return nil
      }
      throw EditMismatch(description: "\(self) was taken, the data cannot take it")
    }
    // An inserted tree holds its structure alone, as where no copy is kept: an insert at the end
    // of a tree as built appends to its flat form in place. (Other edits keep the storage: an
    // edit that changes nothing leaves the tree identical, and a model makes no step.)
    switch self {
    case .insertLeaf, .insertFolder, .appendTail: tree = tree._unshared()
    default: break
    }
    try apply(to: &tree, fresh: fresh, newChildren: newChildren)
    var reloaded = before
    reloaded.reload(
      from: try SelectionTree(contract: data, options: before.options), newChildren: newChildren)
    guard tree == reloaded, tree.labels == reloaded.labels,
      tree.ids.allSatisfy({ tree.isVisible($0) == reloaded.isVisible($0) })
    else {
      func facts(_ tree: SelectionTree<Int>) -> String {
        "ids \(tree.ids) labels \(tree.labels) configurations \(tree.ids.map { tree.configuration(of: $0)! }) own locks \(tree.ids.map { tree.nodeFacts(of: $0)!.lockByData as Any }) derived \(tree.attributeSource as Any)"
      }
      throw EditMismatch(
        description:
          "\(self): the tree differs from reload(from:) of the edited data\n  before \(facts(before))\n  edited \(facts(tree))\n  reload \(facts(reloaded))"
      )
    }
    return data
  }
}
