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
  func ruleEntries(_ rules: FilterRules) -> [_RuleEntry] {
    var walk = _RulesWalk(rules)
    return walk.entries(in: 0..<structure.count, of: self)
  }

  /// The rules' entries of one subtree (as ``ruleEntries(_:)`` gives them for its nodes), and
  /// the verdict its nodes take where no entry covers them: its parent's, false below a folder
  /// the rules exclude (the walk does not enter it).
  /// - Complexity: O(k × r × m) for the node's k ancestors, plus the walk of its subtree.
  func ruleEntries(
    _ rules: FilterRules, inSubtreeOf position: Int
  ) -> (entries: [_RuleEntry], outer: Bool) {
    var walk = _RulesWalk(rules)
    var ancestors: [Int] = []
    var node = structure.parent(of: position)
    while node >= 0 {
      ancestors.append(node)
      node = structure.parent(of: node)
    }
    for ancestor in ancestors.reversed() {
      guard walk.enter(ancestor, of: self) else { return ([], false) }
    }
    return (walk.entries(in: structure.range(of: position), of: self), !ancestors.isEmpty)
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
    _ decided: [_RuleEntry],
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

/// A node where the rules' verdict differs from its parent's.
typealias _RuleEntry = (position: Int, value: Bool, path: [String], isFolder: Bool)

/// The pruned walk that asks the rules about a tree's nodes in preorder: the open folders above
/// the node it is at, their labels and the joined bytes of the path the rules see.
struct _RulesWalk {
  /// An open folder above the position the walk is at.
  struct Frame {
    var end: Int
    var verdict: Bool
    /// Whether the folder is the rules' folder or below it (its children are asked).
    var asksChildren: Bool
    /// Whether the folder lies on the way down to the rules' folder.
    var onTheWay: Bool
    var joinedCount: Int
    var startsCount: Int
  }

  let rules: FilterRules
  let folder: [[UInt8]]
  var frames: [Frame] = []
  var labels: [String] = []
  var joined: [UInt8] = []
  var starts: [Int] = []

  init(_ rules: FilterRules) {
    self.rules = rules
    folder = rules.folderBytes
  }

  /// Asks the rules about the node at `position`, whose parent is the last open frame: its
  /// verdict, its parent's, and whether the walk goes into its children (it pushed a frame).
  private mutating func visit<ID>(_ position: Int, of tree: SelectionTree<ID>) -> (
    verdict: Bool, parentVerdict: Bool, isFolder: Bool, label: String, entered: Bool
  ) {
    while let last = frames.last, last.end <= position {
      frames.removeLast()
      labels.removeLast()
    }
    let parent = frames.last
    joined.removeSubrange((parent?.joinedCount ?? 0)...)
    starts.removeSubrange((parent?.startsCount ?? 0)...)
    let label = tree.structure.label(at: position)
    let name = LabelBytes.bytes(of: label)
    let range = tree.structure.range(of: position)
    let isFolder = tree.isFolderToRules(position)
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
    let parentVerdict = parent?.verdict ?? false
    guard verdict && range.count > 1 else {
      return (verdict, parentVerdict, isFolder, label, false)
    }
    labels.append(label)
    frames.append(
      Frame(
        end: range.upperBound, verdict: verdict,
        asksChildren: asked || (onTheWay && depth == folder.count - 1), onTheWay: onTheWay,
        joinedCount: joined.count, startsCount: starts.count))
    return (verdict, parentVerdict, isFolder, label, true)
  }

  /// Walks down to the folder at `position` (below the open frames): false when the rules
  /// exclude it, or it has no children, so that the walk would not enter it.
  mutating func enter<ID>(_ position: Int, of tree: SelectionTree<ID>) -> Bool {
    visit(position, of: tree).entered
  }

  /// The nodes of `scope` (a subtree, or the whole tree, below the open frames) where the rules'
  /// verdict differs from their parent's, in the tree's order.
  mutating func entries<ID>(in scope: Range<Int>, of tree: SelectionTree<ID>) -> [_RuleEntry] {
    var entries: [_RuleEntry] = []
    var position = scope.lowerBound
    while position < scope.upperBound {
      let (verdict, parentVerdict, isFolder, label, entered) = visit(position, of: tree)
      if verdict != parentVerdict {
        entries.append((position, verdict, labels + (entered ? [] : [label]), isFolder))
      }
      position = entered ? position + 1 : tree.structure.range(of: position).upperBound
    }
    return entries
  }
}
