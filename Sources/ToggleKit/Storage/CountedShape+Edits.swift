extension CountedShape {
  /// Inserts nodes before `position`: ids the shape does not have, with labels, attributes and
  /// depths (the caller keeps the whole a forest; their keys are given here).
  /// - Complexity: O(log n + m), amortized over the keys spread again.
  mutating func insert(_ added: consuming [Node], at position: Int) {
    place(added, at: position, isNew: true)
  }

  /// Takes the nodes in `range` out (the caller takes whole subtrees).
  /// - Complexity: O(log n + m).
  mutating func remove(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    nodes.forEach(in: range) { index.remove($0.id, key: $0.key) }
    nodes.removeSubrange(range)
    if !index.hasRoom(adding: 0) { rebuildIndex() }
  }

  /// Moves the nodes in `range` so that they start at `position` of the shape without them, their
  /// depths changed by `depthChange`; they keep their ids and take new keys.
  /// - Complexity: O(log n + m).
  mutating func move(_ range: Range<Int>, to position: Int, depthChange: Int32) {
    guard !range.isEmpty else { return }
    var moved = nodes.elements(in: range)
    for index in moved.indices { moved[index].depth += depthChange }
    nodes.removeSubrange(range)
    place(moved, at: position, isNew: false)
  }

  /// Gives the node at `position` a new label.
  /// - Complexity: O(log n).
  mutating func relabel(at position: Int, to label: String) {
    nodes.update(at: position) { $0.label = label }
  }

  /// Puts `elements` before `position` with keys between their neighbours', spreading the keys of
  /// a range around them again when there is no room; new ids go into the index, moved ones
  /// change their keys there.
  private mutating func place(_ elements: consuming [Node], at position: Int, isNew: Bool) {
    guard !elements.isEmpty else { return }
    let limit = UInt64(1) << UInt64(Self.keyBits)
    let low = position > 0 ? UInt64(key(at: position - 1)) : 0
    let high = position < count ? UInt64(key(at: position)) : limit
    let added = UInt64(elements.count)
    // A move's old keys, to find its entries in the index; new nodes have none.
    let oldKeys = isNew ? [] : elements.map(\.key)
    var placed = elements  // the last use of `elements`: moved, not copied
    if high - low - 1 >= added {
      var step = (high - low) / (added + 1)
      if position == count { step = Swift.min(step, UInt64(spacing)) }
      for offset in placed.indices { placed[offset].key = UInt32(low + step * UInt64(offset + 1)) }
      nodes.insert(contentsOf: placed, at: position)
    } else {
      placed = spread(placed, at: position, after: low)
    }
    if isNew && !index.hasRoom(adding: placed.count) {
      rebuildIndex()
      return
    }
    for offset in placed.indices {
      if isNew {
        index.insert(placed[offset].id, key: placed[offset].key)
      } else {
        index.change(placed[offset].id, from: oldKeys[offset], to: placed[offset].key)
      }
    }
  }

  /// Puts `elements` before `position` with keys spread again around them; returns them keyed.
  ///
  /// The nodes of the smallest aligned range of keys around `low` (the key before them) that is
  /// sparse enough, and the new ones, take evenly spread keys; the old nodes' index entries
  /// change.
  ///
  /// A range of 2^i keys is sparse enough when it would hold at most (2 / 1.1)^i nodes: each
  /// range twice as wide may be a little denser, so the whole key space is, and spreading a range
  /// again leaves its halves sparse for as many nodes as it took (amortized O(log n) keys changed
  /// per node added).
  private mutating func spread(_ elements: [Node], at position: Int, after low: UInt64)
    -> [Node]
  {
    let bits = Self.keyBits
    var width = 1
    while (1 << width) <= elements.count + 1 { width += 1 }
    var allowed = 1.0
    for _ in 0..<width { allowed *= 2 / 1.1 }
    while true {
      let size = UInt64(1) << UInt64(width)
      let base = low & ~(size - 1)
      let first = firstPosition(withKeyAtLeast: base)
      let last = firstPosition(withKeyAtLeast: base + size)
      let total = last - first + elements.count
      if (width >= bits && UInt64(total) < size) || Double(total) <= allowed {
        var window = nodes.extracting(first..<last).elements
        let old = window.map(\.key)
        window.insert(contentsOf: elements, at: position - first)
        let step = size / UInt64(total + 1)
        for offset in window.indices {
          window[offset].key = UInt32(base + step * UInt64(offset + 1))
        }
        for offset in window.indices where offset < position - first {
          index.change(window[offset].id, from: old[offset], to: window[offset].key)
        }
        let afterAdded = position - first + elements.count
        for offset in afterAdded..<window.count {
          index.change(
            window[offset].id, from: old[offset - elements.count], to: window[offset].key)
        }
        nodes.replaceSubrange(first..<last, with: CountedTree(window, limits: nodes.limits))
        return Array(window[(position - first)..<afterAdded])
      }
      precondition(width < bits, "more nodes than keys")
      width += 1
      allowed *= 2 / 1.1
    }
  }

  /// The first position whose key is at least `key` (the count if none is).
  private func firstPosition(withKeyAtLeast key: UInt64) -> Int {
    guard key <= UInt64(UInt32.max) else { return count }
    let key = UInt32(key)
    return nodes.firstIndex(from: 0, mayHold: { $0.greatestKey >= key }, matches: { $0.key >= key })
      ?? count
  }

  /// Builds the index again with room for as many nodes again.
  private mutating func rebuildIndex() {
    var fresh = KeyIndex(capacity: 2 * count + 16)
    nodes.forEach(in: 0..<count) { fresh.insert($0.id, key: $0.key) }
    index = fresh
  }

  /// Traps unless the chunks are sound, the keys ascend within the key space, the depths are a
  /// forest's, and the index finds every node and holds no other.
  /// - Complexity: O(n log n).
  func checkInvariants() {
    nodes.checkInvariants(summariesEqual: ==)
    var previous: Node?
    var position = 0
    nodes.forEach(in: 0..<count) { node in
      precondition(node.key >= 1 && UInt64(node.key) < 1 << UInt64(Self.keyBits), "a key in range")
      precondition(
        node.depth >= 0 && node.depth <= (previous.map { $0.depth + 1 } ?? 0), "a forest")
      if let previous { precondition(previous.key < node.key, "keys ascend") }
      precondition(self.position(of: node.id) == position, "the index finds the node")
      previous = node
      position += 1
    }
    precondition(index.count == count, "the index holds the nodes and no others")
  }
}
