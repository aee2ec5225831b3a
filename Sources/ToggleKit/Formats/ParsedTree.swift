/// A node as a text format describes it, before the tree is built.
struct ParsedNode {
  var label: String
  var explicitID: String?
  var parent: Int32
  // 32-bit places keep a node at 56 bytes: a million-line file holds a million of them at once.
  private var storedLine: Int32
  private var storedColumn: Int32
  /// The node's own marker: selected, not selected, or none (nil; a mixed marker is none too).
  var selected: Bool?
  var locked = false
  var disabled = false
  var attributes: [String: String] = [:]

  init(
    label: String, explicitID: String?, parent: Int32, line: Int, column: Int, selected: Bool?,
    attributes: [String: String] = [:]
  ) {
    self.label = label
    self.explicitID = explicitID
    self.parent = parent
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
    self.selected = selected
    self.attributes = attributes
  }

  var line: Int { Int(storedLine) }
  var column: Int { Int(storedColumn) }
}

/// The deepest nesting a text format may describe: 10,000 levels.
let _maximumParsedDepth: Int32 = 10_000

/// The error for nesting past ``_maximumParsedDepth``.
let _tooDeepMessage =
  "nesting deeper than \(_maximumParsedDepth) levels (the limit that keeps memory in bounds)"

/// Builds a tree of path ids from parsed nodes (parents before children), applying the formats'
/// shared rules: a leaf without a marker takes the nearest marked ancestor's; a lock on a leaf fixes
/// its own value, a lock on a parent fixes every node below at its value.
func buildParsedTree(
  _ nodes: consuming [ParsedNode], file: String?, separator: Unicode.Scalar,
  options: SelectionTree<String>.Options, uniqueSiblingLabels: Bool = false
) throws(TreeFormatError) -> SelectionTree<String> {
  // The parsed nodes are freed when the draft is made, before the tree is laid out: they would
  // add about 90 bytes per node to the peak. Errors keep only their places.
  var (draft, lines, columns, hasOwnID) = try _draft(
    nodes, file: file, separator: separator, uniqueSiblingLabels: uniqueSiblingLabels)
  _ = consume nodes
  // Labels that differ only in their Unicode normalisation (two names to a file system) are two
  // nodes, the later ones given ids of their own; a repeat byte for byte is an error.
  if let (first, second) = draft.indexAllApart(separator: separator, isPathID: { !hasOwnID[$0] }) {
    throw _duplicateIDError(
      draft, first: first, second: second, hasOwnID: hasOwnID, lines: lines, columns: columns,
      file: file)
  }
  do {
    var tree = try draft.finish(options: options)
    // A node's own id may leave another with its path: paths are then found by their labels.
    if hasOwnID.contains(true) { tree.idsAreTheirPaths = tree.allHaveTheirPaths() }
    return tree
  } catch {
    guard case .duplicateID(_, let first, let second) = error else {
      throw TreeFormatError(file: file, line: 1, column: 1, message: error.description)
    }
    throw _duplicateIDError(
      draft, first: first, second: second, hasOwnID: hasOwnID, lines: lines, columns: columns,
      file: file)
  }
}

/// The error for two nodes of a parsed draft with one id: a repeated label when both ids are
/// label paths, a repeated id otherwise; at the second node, naming both lines.
func _duplicateIDError(
  _ draft: borrowing TreeDraft<String>, first: Int, second: Int, hasOwnID: [Bool], lines: [Int32],
  columns: [Int32], file: String?
) -> TreeFormatError {
  let what =
    !hasOwnID[first] && !hasOwnID[second]
    ? _repeatedLabel(draft, second) : "duplicate id \"\(draft.ids[second])\""
  return TreeFormatError(
    file: file, line: Int(lines[second]), column: Int(columns[second]),
    message: "\(what) (lines \(lines[first]) and \(lines[second]))")
}

/// `duplicate label "L" under "P"` (or `at the top level`) for a draft node whose label path
/// repeats an earlier node's.
func _repeatedLabel(_ draft: borrowing TreeDraft<String>, _ node: Int) -> String {
  let parent = Int(draft.parents[node])
  return "duplicate label \"\(draft.labels[node])\""
    + (parent >= 0 ? " under \"\(draft.labels[parent])\"" : " at the top level")
}

/// The first node (in order) with the label of an earlier sibling, and that sibling: path
/// addressing needs unique labels among siblings, which ids alone do not guarantee.
/// - Complexity: O(n) expected.
func _repeatedSiblingLabel(
  count: Int, parent: (Int) -> Int32, label: (Int) -> String
) -> (first: Int, second: Int)? {
  var seen: [ChildKey: Int] = [:]
  for node in 0..<count {
    let key = ChildKey(parent: parent(node), label: label(node))
    if let first = seen[key] { return (first, node) }
    seen[key] = node
  }
  return nil
}

/// The error for a label repeated among siblings where labels must be unique.
func _repeatedSiblingLabelError(
  label: String, parentLabel: String?, firstLine: Int, line: Int, column: Int, file: String?
) -> TreeFormatError {
  let place =
    parentLabel.map { " under \"\(LabelEscaping.displayable($0))\"" } ?? " at the top level"
  return TreeFormatError(
    file: file, line: line, column: column,
    message:
      "duplicate label \"\(LabelEscaping.displayable(label))\"\(place) (lines \(firstLine) and \(line)); "
      + "sibling labels must be unique to address nodes by path")
}

/// The draft of parsed nodes (path ids made, markers inherited), and each node's place.
private func _draft(
  _ nodes: [ParsedNode], file: String?, separator: Unicode.Scalar,
  uniqueSiblingLabels: Bool
) throws(TreeFormatError) -> (
  draft: TreeDraft<String>, lines: [Int32], columns: [Int32], hasOwnID: [Bool]
) {
  if uniqueSiblingLabels && nodes.contains(where: { $0.explicitID != nil }),
    let (first, second) = _repeatedSiblingLabel(
      count: nodes.count, parent: { nodes[$0].parent }, label: { nodes[$0].label })
  {
    let node = nodes[second]
    throw _repeatedSiblingLabelError(
      label: node.label, parentLabel: node.parent >= 0 ? nodes[Int(node.parent)].label : nil,
      firstLine: nodes[first].line, line: node.line, column: node.column, file: file)
  }
  var hasChildren = [Bool](repeating: false, count: nodes.count)
  for node in nodes where node.parent >= 0 { hasChildren[Int(node.parent)] = true }
  try _checkDepth(nodes, file: file)
  // A node without an id of its own has its label path as id, so its children extend its draft
  // id (parents come first). The paths of nodes with their own ids are made only when a
  // descendant without one needs them: a deep chain with ids never builds quadratic path text.
  var ownIDPaths: [Int: String] = [:]
  var inherited: [Bool?] = []
  inherited.reserveCapacity(nodes.count)
  var draft = TreeDraft<String>(capacity: nodes.count)
  for (index, node) in nodes.enumerated() {
    let parent = Int(node.parent)
    let marker = node.selected ?? (parent < 0 ? nil : inherited[parent])
    inherited.append(marker)
    let isLeaf = !hasChildren[index]
    let selected = isLeaf ? (marker ?? false) : false
    let id: String
    if let explicitID = node.explicitID {
      id = explicitID
    } else {
      var prefix: String? = nil
      if parent >= 0 && nodes[parent].explicitID == nil {
        prefix = draft.ids[parent]
      } else if parent >= 0 {
        // Walk up through ancestors with their own ids to a path that is known.
        var chain: [Int] = []
        var above = parent
        while above >= 0 && nodes[above].explicitID != nil && ownIDPaths[above] == nil {
          chain.append(above)
          above = Int(nodes[above].parent)
        }
        prefix =
          above < 0 ? nil : nodes[above].explicitID == nil ? draft.ids[above] : ownIDPaths[above]
        for member in chain.reversed() {
          prefix = LabelEscaping.extending(prefix, with: nodes[member].label, separator: separator)
          ownIDPaths[member] = prefix
        }
      }
      id = LabelEscaping.extending(prefix, with: node.label, separator: separator)
    }
    draft.append(
      id: id, label: node.label, parent: node.parent,
      isSelected: selected,
      lock: node.locked ? .current : .none, isDisabled: node.disabled, isExpanded: false,
      attributes: node.attributes)
  }
  return (
    draft, nodes.map { Int32(clamping: $0.line) }, nodes.map { Int32(clamping: $0.column) },
    nodes.map { $0.explicitID != nil }
  )
}

/// `[x]`, `[ ]` or `[-]` with `L` and `D` flags, for the exporters.
func _marker(state: ToggleState, locked: Bool, disabled: Bool) -> String {
  let glyph: String =
    switch state {
    case .on: "x"
    case .off: " "
    case .mixed: "-"
    }
  return "[" + glyph + (locked ? "L" : "") + (disabled ? "D" : "") + "]"
}

/// The marker at `range.lowerBound` of UTF-8 `bytes`, and the byte index where the label starts.
func _parseMarker<Bytes: RandomAccessCollection<UInt8>>(
  _ bytes: Bytes, in range: Range<Int>
) -> (selected: Bool?, locked: Bool, disabled: Bool, labelStart: Int)? where Bytes.Index == Int {
  let start = range.lowerBound
  guard start + 2 < range.upperBound, bytes[start] == UInt8(ascii: "[") else { return nil }
  let selected: Bool?
  switch bytes[start + 1] {
  case UInt8(ascii: "x"), UInt8(ascii: "X"): selected = true
  case UInt8(ascii: " "): selected = false
  case UInt8(ascii: "-"): selected = nil
  default: return nil
  }
  var locked = false
  var disabled = false
  var index = start + 2
  while index < range.upperBound && bytes[index] != UInt8(ascii: "]") {
    switch bytes[index] {
    case UInt8(ascii: "L") where !locked: locked = true
    case UInt8(ascii: "D") where !disabled: disabled = true
    default: return nil
    }
    index += 1
  }
  guard index < range.upperBound else { return nil }
  index += 1
  if index == range.upperBound { return (selected, locked, disabled, index) }
  guard bytes[index] == UInt8(ascii: " ") else { return nil }
  return (selected, locked, disabled, index + 1)
}

/// Path ids make memory grow with the square of the depth: stops a pathological nesting of nodes
/// without ids with a clear error before any id is built (parents come before their children).
private func _checkDepth(_ nodes: [ParsedNode], file: String?) throws(TreeFormatError) {
  var depths = [Int32](repeating: 0, count: nodes.count)
  for (index, node) in nodes.enumerated() where node.parent >= 0 {
    depths[index] = depths[Int(node.parent)] + 1
    // Nodes with their own ids need no path: any depth works for them.
    if depths[index] >= _maximumParsedDepth && node.explicitID == nil {
      throw TreeFormatError(
        file: file, line: node.line, column: node.column,
        message: _tooDeepMessage)
    }
  }
}
