extension SelectionTree {
  /// The spec that selects, among the tree's nodes today, what a filter file selects: the
  /// decisions where the rules' verdict on a node differs from its parent's.
  ///
  /// Turn a user's rsync filter file or `.gitignore` into a checkbox tree: read the rules, set the
  /// tree to their spec, and let the user click from there.
  ///
  /// ```swift
  /// let rules = try FilterRules(rsyncFilter: "- *.o\n- /src/vendor/\n")
  /// let spec = try tree.selectionSpec(following: rules)
  /// tree.setSelection(to: spec)
  /// ```
  ///
  /// A node is a folder to the rules when it has children or its `kind` attribute is
  /// `directory` (as ``SelectionTree/directory(at:maxDepth:includeHidden:exclude:gitignore:options:)`` marks empty folders). Below a
  /// folder the rules exclude nothing is asked, as the tools do not enter it. The spec decides
  /// today's nodes by their paths; the rules' patterns are not kept in it.
  /// - Throws: ``SelectionSpecError/sharedLabelPath(_:)`` when nodes that share a label path get
  ///   different verdicts (a folder and a file of one name, which no file system holds).
  /// - Complexity: O(v × r × m) for the v nodes visited (none below an excluded folder) and r
  ///   rules, plus a path look-up per decision. m is what a pattern reads of a node's path: a
  ///   pattern of a fixed number of names (no `**`) reads at most that many last names, and none
  ///   when the node's depth rules it out, so deep trees cost no more per node than shallow ones;
  ///   a leading `**/` and then such names read as those names do; a pattern with another `**`,
  ///   or an unanchored one ending in `/***`, reads the whole path.
  public func selectionSpec(
    following rules: FilterRules
  ) throws(SelectionSpecError) -> SelectionSpec {
    let entries = ruleEntries(rules)
    try checkSharedPaths(entries, rules)
    return SelectionSpec(entries.map { SelectionSpec.Decision($0.path, isIncluded: $0.value) })
  }

  /// The nodes where the rules' verdict differs from their parent's (the roots' parent selects
  /// nothing), in the tree's order: the pruned walk of ``selectionSpec(following:)``, each node
  /// decided by its own path and kind (nodes that share a path may differ).
  /// - Complexity: As ``selectionSpec(following:)``, without its look-ups.
  func ruleEntries(
    _ rules: FilterRules
  ) -> [(position: Int, value: Bool, path: [String], isFolder: Bool)] {
    let folder = rules.folderBytes
    var frames: [_RulesWalkFrame] = []
    var labels: [String] = []
    var joined: [UInt8] = []
    var starts: [Int] = []
    var entries: [(position: Int, value: Bool, path: [String], isFolder: Bool)] = []
    var position = 0
    while position < structure.count {
      while let last = frames.last, last.end <= position {
        frames.removeLast()
        labels.removeLast()
      }
      let parent = frames.last
      joined.removeSubrange((parent?.joinedCount ?? 0)...)
      starts.removeSubrange((parent?.startsCount ?? 0)...)
      let label = structure.label(at: position)
      let name = LabelBytes.bytes(of: label)
      let range = structure.range(of: position)
      let isFolder = isFolderToRules(position)
      let depth = frames.count
      let asked = parent?.asksChildren ?? folder.isEmpty
      let onTheWay = (parent?.onTheWay ?? true) && depth < folder.count && folder[depth] == name
      var verdict = true
      if asked {
        if !joined.isEmpty { joined.append(0x2F) }
        starts.append(joined.count)
        joined += name
        verdict = rules.decision(joined, starts, isFolder) ?? true
      }
      labels.append(label)
      if verdict != (parent?.verdict ?? false) {
        entries.append((position, verdict, labels, isFolder))
      }
      if verdict && range.count > 1 {
        frames.append(
          _RulesWalkFrame(
            end: range.upperBound, verdict: verdict,
            asksChildren: asked || (onTheWay && depth == folder.count - 1), onTheWay: onTheWay,
            joinedCount: joined.count, startsCount: starts.count))
        position += 1
      } else {
        labels.removeLast()
        position = range.upperBound
      }
    }
    return entries
  }

  /// Whether the rules see the node as a folder: it has children, or its `kind` attribute is
  /// `directory` (an empty folder of a directory tree).
  func isFolderToRules(_ position: Int) -> Bool {
    structure.range(of: position).count > 1
      || structure.attributes(at: position)?["kind"] == "directory"
  }

  /// Throws when a node that shares a decided node's label path gets another verdict: only a
  /// folder and a file can, as the rules see nothing else of a node.
  private func checkSharedPaths(
    _ decided: [(position: Int, value: Bool, path: [String], isFolder: Bool)],
    _ rules: FilterRules
  ) throws(SelectionSpecError) {
    var finder = labelIndex()
    for entry in decided {
      for other in finder.positions(of: entry.path) where other != entry.position {
        let otherIsFolder = isFolderToRules(other)
        guard otherIsFolder != entry.isFolder else { continue }
        let bytes = entry.path.map(LabelBytes.bytes(of:))
        if rules.isSelected(bytes: bytes, isFolder: otherIsFolder)
          != rules.isSelected(bytes: bytes, isFolder: entry.isFolder)
        {
          throw .sharedLabelPath(entry.path)
        }
      }
    }
  }
}

/// An open folder above the position the walk is at.
struct _RulesWalkFrame {
  var end: Int
  var verdict: Bool
  /// Whether the folder is the rules' folder or below it (its children are asked).
  var asksChildren: Bool
  /// Whether the folder lies on the way down to the rules' folder.
  var onTheWay: Bool
  var joinedCount: Int
  var startsCount: Int
}
