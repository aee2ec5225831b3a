extension SelectionTree {
  /// Whether the two trees are one value: copies that neither has written since.
  ///
  /// True means equal; false says nothing (trees built apart can be equal). A copy costs O(1) and
  /// shares its storage in chunks, so an app can keep old values to diff or undo, and ask this
  /// first.
  ///
  /// ```swift
  /// var tree = try SelectionTree(paths: ["Fruit/Apple"])
  /// let before = tree
  /// tree.isIdentical(to: before)   // true
  /// try tree.toggle("Fruit/Apple")
  /// tree.isIdentical(to: before)   // false
  /// ```
  public func isIdentical(to other: SelectionTree) -> Bool {
    structure === other.structure && states.isIdentical(to: other.states)
      && expanded.isIdentical(to: other.expanded)
      && disabledPositions.sharesBuffer(as: other.disabledPositions)
      && filter?.token === other.filter?.token && filter?.matchesOnly == other.filter?.matchesOnly
      && filterOpen.isIdentical(to: other.filterOpen) && derived === other.derived
      && (derivationFailure == nil) == (other.derivationFailure == nil) && options == other.options
      && keptSpec == other.keptSpec
  }
}

extension SelectionTree {
  /// Takes back the selection, locks and disabling of `earlier`, an earlier value of this tree,
  /// and keeps this tree's expansion and filter.
  ///
  /// An undo of selection that leaves open what was opened since (the explorer's `u`). Nothing
  /// changes, and the result is false, when `earlier` has another shape (a reload came between)
  /// or other options.
  ///
  /// ```swift
  /// let before = tree
  /// try tree.toggle("Fruit")
  /// try tree.expand("Fruit")
  /// tree.restoreStates(from: before)   // Fruit is off again, and still expanded
  /// ```
  /// - Complexity: O(1) when the filter is the one `earlier` had; else O(n) to filter again.
  @discardableResult
  public mutating func restoreStates(from earlier: SelectionTree) -> Bool {
    guard structure === earlier.structure, options == earlier.options else { return false }
    let currentFilter = filter
    let sameFilter =
      currentFilter?.token === earlier.filter?.token
      && currentFilter?.matchesOnly == earlier.filter?.matchesOnly
    states = earlier.states
    disabledPositions = earlier.disabledPositions
    derived = earlier.derived
    derivationFailure = earlier.derivationFailure
    keptSpec = earlier.keptSpec
    if !sameFilter {
      // The hidden bits taken are the earlier filter's: hide again by the current one.
      filter = earlier.filter
      filterOpen = earlier.filterOpen
      filterMatched = earlier.filterMatched
      setFilter(currentFilter)
    }
    checkInvariantsIfEnabled()
    return true
  }
}
