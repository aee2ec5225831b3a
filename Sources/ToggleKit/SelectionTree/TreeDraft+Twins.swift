extension TreeDraft where ID == String {
  /// Gives an id of its own to each node whose label path Swift calls equal to an earlier one's
  /// though its bytes differ (a label that differs only in its Unicode normalisation).
  ///
  /// The id is its parent's extended by the label with every scalar beyond ASCII escaped
  /// (``LabelEscaping/extendingApart(_:with:separator:)``). Names that a file system holds apart
  /// stay apart; a node below a twin whose path meets its cousin's is a twin itself.
  ///
  /// Paths repeated byte for byte are left for the caller's check of repeats. The nodes come
  /// parents first; a node counts when `isPathID` says its id is its label path and its parent's
  /// is too (or it is a root).
  /// - Returns: Whether an id changed.
  /// - Complexity: O(n) expected.
  mutating func spellTwinsApart(separator: Unicode.Scalar, isPathID: (Int) -> Bool) -> Bool {
    var first: [String: Int] = [:]
    first.reserveCapacity(ids.count)
    var changed = false
    for node in ids.indices where isPathID(node) {
      let parent = Int(parents[node])
      guard parent < 0 || isPathID(parent) else { continue }
      guard let earlier = first[ids[node]] else {
        first[ids[node]] = node
        continue
      }
      guard !LabelBytes.same(ids[earlier], ids[node]) else { continue }  // a real repeat
      ids[node] = LabelEscaping.extendingApart(
        parent < 0 ? nil : ids[parent], with: labels[node], separator: separator)
      changed = true
      if first[ids[node]] == nil { first[ids[node]] = node }
    }
    if changed { dropHashes() }
    return changed
  }

  /// Indexes every id (``indexAll()``), first giving ids apart to normalisation twins.
  ///
  /// Twins are ``spellTwinsApart(separator:isPathID:)``'s. Returns the positions of the first
  /// repeat that remains (byte for byte, or of ids that are not label paths) and of its first
  /// occurrence, if any.
  /// - Complexity: O(n) expected.
  mutating func indexAllApart(
    separator: Unicode.Scalar, isPathID: (Int) -> Bool
  ) -> (first: Int, second: Int)? {
    guard let (first, second) = indexAll() else { return nil }
    guard isPathID(first) && isPathID(second), !LabelBytes.same(ids[first], ids[second]),
      spellTwinsApart(separator: separator, isPathID: isPathID)
    else { return (first, second) }
    // One pass gives every twin an id apart: a repeat left is one byte for byte.
    return indexAll()
  }
}
