/// The markers (`[x]`, `[ ]`, `[xL]`, `[ D]` …) of nodes read from text, kept per node while the
/// lines go straight into a tree draft, and applied when every line is read: a leaf without a
/// marker takes the nearest marked ancestor's, a lock fixes a leaf's own value or every node below
/// a parent at its value, and disabling is the node's own.
struct _ParsedMarkers {
  /// Per draft node: bit 0 a selection marker, bit 1 selected, bit 2 locked, bit 3 disabled, bit 4
  /// a marker was set (a mixed marker sets no other bit).
  private var bits: [UInt8] = []

  init(capacity: Int) {
    bits.reserveCapacity(capacity)
  }

  /// Sets a node's marker (a later marker of the same node replaces it); `selected` is nil for a
  /// mixed marker, which selects nothing.
  mutating func set(_ node: Int32, selected: Bool?, locked: Bool, disabled: Bool) {
    let index = Int(node)
    if bits.count <= index {
      bits.append(contentsOf: repeatElement(0, count: index + 1 - bits.count))
    }
    bits[index] =
      (selected == nil ? 0 : 1) | (selected == true ? 2 : 0) | (locked ? 4 : 0) | (disabled ? 8 : 0)
      | 16
  }

  /// Whether no node has a marker.
  var isEmpty: Bool { bits.isEmpty }

  /// Moves the markers to the nodes `moved` names, in a draft of `count` nodes.
  ///
  /// Node `i` goes to `moved[i]`, several nodes to one when their repeats were merged. Of the
  /// nodes moved to one, the last with a marker gives it: a later node of an id was made by a
  /// later line.
  /// - Complexity: O(n).
  mutating func move(to moved: [Int32], count: Int) {
    var result = [UInt8](repeating: 0, count: count)
    for (node, bits) in bits.enumerated() where bits & 16 != 0 {
      result[Int(moved[node])] = bits
    }
    bits = result
  }

  /// The tree of the draft (parents before children) with the markers applied.
  /// - Complexity: O(n).
  consuming func build(
    _ draft: consuming TreeDraft<String>, options: SelectionTree<String>.Options, file: String?
  ) throws(TreeFormatError) -> SelectionTree<String> {
    let n = draft.count
    if bits.count < n { bits.append(contentsOf: repeatElement(0, count: n - bits.count)) }
    do {  // the scratch arrays go before the tree is laid out
      var hasChildren = [Bool](repeating: false, count: n)
      for node in 0..<n where draft.parents[node] >= 0 {
        hasChildren[Int(draft.parents[node])] = true
      }
      for node in 0..<n {
        let parent = Int(draft.parents[node])
        // Bits 0–1 become the inherited selection marker (parents are already done).
        if bits[node] & 1 == 0 && parent >= 0 { bits[node] |= bits[parent] & 3 }
        draft.isSelected[node] = !hasChildren[node] && bits[node] & 3 == 3
        if bits[node] & 4 != 0 { draft.lock(node, .current) }
        if bits[node] & 8 != 0 { draft.disable(node) }
      }
    }
    bits = []
    do {
      return try draft.finish(options: options)
    } catch {
      // Text formats make unique path ids and parents first: nothing else can fail here.
      throw TreeFormatError(file: file, line: 1, column: 1, message: error.description)
    }
  }
}
