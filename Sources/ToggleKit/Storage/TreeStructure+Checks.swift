extension TreeStructure {
  /// Whether `other` has the same ids, labels, nesting and attributes, whatever their forms.
  /// - Complexity: O(n).
  func hasSameShape(as other: TreeStructure) -> Bool {
    guard self !== other else { return true }
    guard count == other.count, nesting.parents == other.nesting.parents else { return false }
    // Labels by their bytes: two names that differ only in their normalisation are two labels.
    if isCounted || other.isCounted {
      return flatIDs == other.flatIDs
        && flatLabels.elementsEqual(other.flatLabels, by: LabelBytes.same)
        && allAttributes == other.allAttributes
    }
    return idChunks == other.idChunks
      && labelChunks.isEqual(to: other.labelChunks, by: LabelBytes.same)
      && attributes == other.attributes
  }

  /// Traps unless the form's own invariants hold: chunks sound, one label and id per node, the
  /// index holding every id and no other (the nesting is checked by the tree, through the methods).
  /// - Complexity: O(n log n).
  func checkInvariants() {
    if isCounted {
      precondition(shape.count == count, "the shape holds \(shape.count) nodes, not \(count)")
      shape.checkInvariants()
      return
    }
    precondition(idChunks.count == count, "id count ≠ node count")
    precondition(labelChunks.count == count, "label count ≠ node count")
    idChunks.checkInvariants()
    labelChunks.checkInvariants()
    attributes.checkInvariants(count: count)
    precondition(index.count == count, "the index holds \(index.count) ids, not \(count)")
  }

  /// The bytes the structure's arrays hold: ids and labels count their 16-byte values, not the
  /// text they point to.
  /// - Complexity: O(1) in the flat form, O(n / 64) in the counted one.
  var storageBytes: Int {
    if isCounted { return shape.nodes.storageBytes + shape.index.storageBytes }
    func bytes<Element>(_ array: [Element]) -> Int {
      array.capacity * MemoryLayout<Element>.stride
    }
    let chunks =
      builtIDs.isEmpty
      ? ids.storageBytes + labels.storageBytes : bytes(builtIDs) + bytes(builtLabels)
    return chunks + bytes(parents) + bytes(ends) + bytes(depths)
      + bytes(roots) + index.storageBytes + attributes.storageBytes
  }
}
