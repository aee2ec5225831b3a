import ToggleKit

extension Explorer {
  /// Takes a fresher read of the same input (more lines of a stream), keeping the selection,
  /// locks and expansion of every node that stays, the filter, the focused node and the first row
  /// shown; the history stays too.
  ///
  /// ```swift
  /// explorer.reload(from: try SelectionTree(paths: linesSoFar))
  /// ```
  /// When the tree holds nothing but the last read (no selection, lock or expansion made since the
  /// input began; no filter), `fresh` is taken as it is.
  ///
  /// - Complexity: O(n log n) for n nodes in `fresh`, plus filtering it again; O(m) for m nodes
  ///   in the tree before when it holds nothing but the last read.
  package mutating func reload(from fresh: SelectionTree<String>) {
    keepingPlace { explorer in
      let unchanged =
        explorer.finding.text.isEmpty
        && (explorer.tree.count == 0 || explorer.treeAsRead == explorer.tree)
      if unchanged {
        explorer.tree = fresh
      } else {
        explorer.tree.reload(from: fresh)
      }
      explorer.treeAsRead = fresh
      explorer.everSelected = explorer.everSelected || explorer.tree.statistics.selectedLeaves > 0
    }
  }

  /// Explores `lazy`: its unloaded folders are read with `loader` when needed.
  ///
  /// ```swift
  /// let (lazy, reader) = try LazyTree.directory(at: "big-repo")
  /// var explorer = Explorer(tree: lazy.tree, height: 24, width: 80)
  /// explorer.readLazily(lazy, using: reader.children)
  /// ```
  /// - Complexity: O(1).
  package mutating func readLazily(
    _ lazy: LazyTree<String>, using loader: @escaping (String) -> LazyTree<String>.Children
  ) {
    tree = lazy.tree
    unloaded = lazy.unloaded
    self.loader = loader
    scrollToCursor()
  }

  /// Reads unloaded folders: `ids` (those of them unloaded), every one when nil, or the selected
  /// ones with everything below them when `selectedOnly`.
  mutating func load(_ ids: [String]?, selectedOnly: Bool = false) {
    guard let loader, !unloaded.isEmpty else { return }
    keepingPlace { explorer in
      var lazy = LazyTree(explorer.tree, unloaded: explorer.unloaded)
      do {
        if selectedOnly {
          _ = try lazy.selection(.leaves, unloaded: .loaded, using: loader)
        } else if let ids {
          for id in ids { try lazy.load(id, using: loader) }
        } else {
          try lazy.loadAll(using: loader)
        }
      } catch {
        explorer.message = "\(error)"
      }
      explorer.tree = lazy.tree
      explorer.unloaded = lazy.unloaded
    }
  }

  /// Reads what an output in `form` needs: nothing for `.topmost`, the selected folders for the
  /// other selections, everything for the whole-tree forms.
  ///
  /// - Complexity: As the reads, O((n + m) log(n + m)) for m nodes read.
  package mutating func loadFor(output form: OutputForm) {
    switch form {
    case .topmost: break
    case .leaves, .all: load(nil, selectedOnly: true)
    case .states, .json, .indent, .paths: load(nil)
    }
  }
}
