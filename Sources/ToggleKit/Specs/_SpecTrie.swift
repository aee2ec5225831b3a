/// A spec's decisions below a base path as a tree of the paths they name, in preorder.
///
/// What the exports walk: each node is a decision or a folder on the way to one.
struct _SpecTrie {
  struct Node {
    /// The label, empty for the base itself.
    var label: String
    /// -1 for the base.
    var parent: Int
    /// The decision on this path, nil for a folder on the way to decisions.
    var decision: Bool?
    /// Whether the node is selected: its decision, or its parent's value.
    var value: Bool
    /// Whether an include decision lies strictly below it.
    var includesBelow = false
    /// The children, in the spec's order.
    var children: [Int] = []
    /// Whether no decision covers the node: the spec's rules decide it (``rules``).
    var ruled = false
  }

  /// The nodes in preorder; node 0 is the base.
  private(set) var nodes: [Node]
  /// The spec's rules when they decide the base (no decision covers it), else nil.
  private(set) var rules: FilterRules?

  /// The trie of a spec to be written as `format`, which writes rules of `dialect` as read (nil:
  /// none): rules that decide below the base must be of that language and relative to `base`.
  init(
    _ spec: SelectionSpec, under base: [String], format: String,
    writing dialect: FilterRules.Dialect? = nil
  ) throws(SelectionSpecError) {
    self.init(spec, under: base)
    guard let rules else { return }
    guard rules.dialect == dialect else { throw .keepsRules(rules.dialect, format: format) }
    guard rules.folder.elementsEqual(base, by: LabelBytes.same) else {
      throw .rulesElsewhere(rules.folder, base: base, format: format)
    }
  }

  /// The trie of `spec`'s decisions strictly below `base`, minimized: the base takes the decision
  /// nearest to it (not selected with none, or ruled when the spec has rules).
  /// - Complexity: O(d × depth) label comparisons.
  init(_ spec: SelectionSpec, under base: [String]) {
    let nearest = base.isEmpty ? nil : spec.nearestDecision(for: base)
    let ruled = spec.rules != nil && nearest == nil
    rules = ruled ? spec.rules : nil
    nodes = [Node(label: "", parent: -1, decision: nil, value: nearest ?? false, ruled: ruled)]
    // The nodes along the path of the last decision placed, the base first.
    var stack = [0]
    let start = SelectionSpec.insertionIndex(of: base, in: spec.decisions)
    for decision in spec.decisions[start...] {
      guard decision.path.count > base.count,
        decision.path.starts(with: base, by: LabelBytes.same)
      else {
        if decision.path.starts(with: base, by: LabelBytes.same) { continue }
        break
      }
      let relative = decision.path[base.count...]
      // Keep the part of the stack that is a prefix of this path.
      var common = 0
      while common + 1 < stack.count, common < relative.count - 1,
        LabelBytes.same(
          nodes[stack[common + 1]].label, relative[relative.startIndex + common])
      {
        common += 1
      }
      stack.removeSubrange((common + 1)...)
      let above = nodes[stack[common]]
      // Minimized: a decision the path inherits changes nothing (where rules decide, any does).
      guard above.ruled || decision.isIncluded != above.value else { continue }
      for offset in common..<relative.count {
        let parent = stack[offset]
        let isLast = offset == relative.count - 1
        let node = nodes.count
        nodes.append(
          Node(
            label: relative[relative.startIndex + offset], parent: parent,
            decision: isLast ? decision.isIncluded : nil,
            value: isLast ? decision.isIncluded : nodes[parent].value,
            ruled: !isLast && nodes[parent].ruled))
        nodes[parent].children.append(node)
        stack.append(node)
      }
    }
    for index in nodes.indices.reversed().dropLast()
    where nodes[index].decision == true
      || nodes[index].includesBelow
    {
      nodes[nodes[index].parent].includesBelow = true
    }
  }

  /// For each node, whether it lies below or on an include that nothing above includes: the part
  /// a backup program reads from its starting folders (the topmost includes, or the base when it
  /// is selected).
  /// - Complexity: O(nodes).
  func belowTopmostIncludes() -> [Bool] {
    var below = [Bool](repeating: false, count: nodes.count)
    below[0] = nodes[0].value
    for index in nodes.indices.dropFirst() {
      below[index] = below[nodes[index].parent] || nodes[index].value
    }
    return below
  }

  /// The labels from below the base to the node.
  func path(of index: Int) -> [String] {
    var labels: [String] = []
    var node = index
    while node > 0 {
      labels.append(nodes[node].label)
      node = nodes[node].parent
    }
    return labels.reversed()
  }

  /// The bytes of each label on the path to the node, refusing names a line cannot hold: none,
  /// `.` or `..` (a path's syntax, not a file's name), a `/`, or a control character (C0, DEL, C1,
  /// or a raw byte 0x80 … 0x9F) — the formats have no escape for them, and the lines may reach a
  /// terminal.
  func lineComponents(of index: Int, base: [String], format: String) throws(SelectionSpecError)
    -> [[UInt8]]
  {
    let labels = path(of: index)
    var components: [[UInt8]] = []
    components.reserveCapacity(labels.count)
    for label in labels {
      guard !label.isEmpty, label != ".", label != "..", !label.contains("/"),
        !Self.hasControl(label)
      else {
        throw .unwritableName(base + labels, format: format)
      }
      components.append(LabelBytes.bytes(of: label))
    }
    return components
  }

  /// Whether a label holds a control character: C0, DEL, C1, or a raw byte 0x80 … 0x9F.
  static func hasControl(_ label: String) -> Bool {
    label.unicodeScalars.contains { scalar in
      let value = scalar.value
      return value < 0x20 || (0x7F...0x9F).contains(value)
        || LabelBytes.rawByte(scalar).map { (0x80...0x9F).contains($0) } == true
    }
  }

  /// The kept rules (``rules``) in file order, after the last that clears the list: `include` or
  /// `exclude`, then the pattern's bytes as read; refuses a control character.
  /// - Complexity: O(total length of the patterns).
  func ruleLines(
    include: String, exclude: String, format: String
  ) throws(SelectionSpecError) -> [UInt8] {
    var output: [UInt8] = []
    for filter in rules?.filters ?? [] {
      guard !Self.hasControl(filter.pattern) else {
        throw .unwritableRule(line: filter.line, format: format)
      }
      output += Array((filter.isIncluded ? include : exclude).utf8)
      output += LabelBytes.bytes(of: filter.pattern)
      output.append(0x0A)
    }
    return output
  }

  /// An absolute folder's bytes without their trailing `/` (none for `/` itself), refusing a
  /// relative path and a control character (the line would break, or reach a terminal).
  static func absoluteFolder(_ folder: [UInt8], format: String) throws(SelectionSpecError)
    -> [UInt8]
  {
    guard folder.first == UInt8(ascii: "/") else { throw .relativeFolder(folder) }
    guard !folder.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
      throw .unwritableName([LabelBytes.label(decoding: folder)], format: format)
    }
    var end = folder.count
    while end > 0 && folder[end - 1] == UInt8(ascii: "/") { end -= 1 }
    return Array(folder[..<end])
  }
}
