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

  /// Appends the next nodes of a stream to the tree shown, as a reload of the longer read would
  /// add them (``ToggleKit/SelectionTree/appendInPreorder(ids:labels:parents:newChildren:)``),
  /// keeping the focused node and the first row shown: a stream of n lines costs O(n) in all,
  /// not a layout of everything read per snapshot.
  ///
  /// - Returns: False, the tree unchanged, when the tree cannot take them (they do not extend
  ///   its preorder, or repeat an id): the stream lays out a snapshot instead.
  /// - Complexity: O(m + d) amortized for m nodes under d ancestors while nothing else holds the
  ///   tree; as the tree's inserts otherwise.
  package mutating func appendStreamed(
    ids: ArraySlice<String>, labels: ArraySlice<String>, parents: ArraySlice<Int32>,
    idHashes: [Int] = []
  ) -> Bool {
    var appended = false
    keepingPlace { explorer in
      let untouched = explorer.treeAsRead.map { explorer.tree.isIdentical(to: $0) } ?? false
      // The tree alone holds its storage while the nodes go in: written in place.
      explorer.treeAsRead = nil
      appended = explorer.tree.appendInPreorder(
        ids: ids, labels: labels, parents: parents, idHashes: idHashes)
      if untouched { explorer.treeAsRead = explorer.tree }
    }
    return appended
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
    // A selection a spec restored in folders not read yet is a selection: Enter prints it.
    everSelected = everSelected || holdsSelection
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

  /// Reads what an output in `form` needs.
  ///
  /// Nothing for the specs and the filter languages; for `.topmost` only the folders that kept
  /// decisions (or rules) below make mixed (what they leave out, only their contents say); the
  /// selected folders for the other selections; everything for the whole-tree forms. A filter
  /// language that cannot write the rules the tree keeps writes today's paths, so it reads the
  /// folders they make mixed, as `.topmost` does.
  ///
  /// - Complexity: As the reads, O((n + m) log(n + m)) for m nodes read.
  package mutating func loadFor(output form: OutputForm) {
    switch form {
    case .spec: break
    case .rsyncFilter, .gitignore, .resticFiles, .resticExcludes, .borgPatterns:
      if form.writesPathsForKeptRules(of: tree) { loadMixed() }
    case .topmost: loadMixed()
    case .leaves, .all: load(nil, selectedOnly: true)
    case .states, .json, .indent, .paths: load(nil)
    }
  }

  /// Reads the folders that kept decisions or rules make mixed, level by level, down to the
  /// decisions, until none is left unread (a read that fails leaves its folder unread: the reads
  /// stop when a level leaves the same folders mixed and unread).
  private mutating func loadMixed() {
    var mixed = mixedByDecisions.intersection(unloaded)
    while !mixed.isEmpty {
      load(Array(mixed))
      // The set, not its size: a folder holding one subfolder leaves as many unread as before.
      let next = mixedByDecisions.intersection(unloaded)
      guard next != mixed else { break }
      mixed = next
    }
  }
}
