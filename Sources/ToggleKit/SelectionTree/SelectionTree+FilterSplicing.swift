extension SelectionTree {
  /// Works out the filter's bits again for the nodes in `range` and above them, after an edit
  /// put them there: `range` holds whole subtrees side by side whose roots are children of
  /// `parent` (-1: roots), and the filter bits of every other node but `parent`'s ancestors hold.
  ///
  /// A node is shown when it matches, when it lies inside a match (unless the filter shows
  /// matches only), or when a match below it holds it open; the nodes above `range` are worked out
  /// from the counts of matches below them, not by reading their subtrees.
  /// - Complexity: O(k + (d + 1) log n) for k nodes in `range` and d ancestors above it, plus the
  ///   filter's cost per node in `range`.
  mutating func _refilter(_ range: Range<Int>, under parent: Int) {
    guard let filter else { return }
    let chain = parent >= 0 ? ancestry(of: parent) : []
    let chainMatched = chain.map { filterMatched[$0] }
    if !range.isEmpty {
      let insideAbove = !filter.matchesOnly && chainMatched.contains(true)
      let bits = _filterBits(filter, in: range, insideAbove: insideAbove)
      var bytes = states.allStates(in: range)
      for offset in bytes.indices {
        bytes[offset] =
          bits.shown[offset] ? bytes[offset] & ~NodeBits.hidden : bytes[offset] | NodeBits.hidden
      }
      states.tree.removeSubrange(range)
      states.tree.insert(contentsOf: bytes, at: range.lowerBound)
      filterMatched.removeSubrange(range)
      filterMatched.insert(contentsOf: bits.matched, at: range.lowerBound)
      filterOpen.removeSubrange(range)
      filterOpen.insert(contentsOf: bits.open, at: range.lowerBound)
    }
    _reopen(chain, matched: chainMatched, matchesOnly: filter.matchesOnly)
  }

  /// Works out again whether each node of `chain` (a node's ancestry, the root first; `matched`
  /// says which match) is held open and shown, from the matches below it.
  /// - Complexity: O((d + 1) log n) for d nodes in `chain`.
  private mutating func _reopen(_ chain: [Int], matched: [Bool], matchesOnly: Bool) {
    var insideAbove = false
    for (node, matches) in zip(chain, matched) {
      let end = structure.end(of: node)
      let open = filterMatched.setCount(in: (node + 1)..<end) > 0
      if filterOpen[node] != open { filterOpen[node] = open }
      let shown = matches || insideAbove || open
      let bits = states.state(at: node)
      if (bits & NodeBits.hidden == 0) != shown {
        states.tree.update(at: node) { $0 ^= NodeBits.hidden }
      }
      insideAbove = insideAbove || (!matchesOnly && matches)
    }
  }
}
