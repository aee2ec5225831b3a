/// Which nodes a filtered tree shows: the nodes that match, their ancestors, and — unless
/// ``matchesOnly`` — everything inside a matching node.
///
/// A matching folder brings its contents (collapsed, as they were), so a click on it in
/// ``FilterScope/visible`` scope selects what is in it.
///
/// ```swift
/// tree.setFilter(TreeFilter(text: "app"))   // a substring of the label (smart case)
/// tree.isVisible("Fruit/Apple")                  // true
/// tree.isVisible("Veg/Leek")                     // false: hidden, its selection untouched
/// ```
/// - Complexity: Applying a filter to a tree is O(n).
public struct TreeFilter: Sendable {
  /// Whether a node matches, given its label and its labels from the root.
  let matches: @Sendable (_ label: String, _ labelPath: () -> [String]) -> Bool
  /// A short description, for status lines.
  public let summary: String
  /// Whether descendants of a match stay hidden unless they match too (default: a match shows them).
  public var matchesOnly = false
  /// Shared by the copies of one filter, so that a tree can tell in O(1) whether its filter was
  /// replaced (``SelectionTree/isIdentical(to:)``).
  let token = _FilterToken()

  /// Matches labels that contain `text` (the classic filter of a search box).
  ///
  /// Case is smart, as in ``init(fuzzy:)`` and fzf: ignored while `text` is all lowercase,
  /// respected once it holds an uppercase letter.
  ///
  /// ```swift
  /// TreeFilter(text: "app")   // matches "Apple", "Snapper", "APP"
  /// TreeFilter(text: "App")   // matches "Apple", not "snapper" or "APP"
  /// ```
  /// - Complexity: O(1); matching a label is O(label length × text length).
  public init(text: String) {
    summary = "label contains \"\(text)\""
    if text.contains(where: \.isUppercase) {
      matches = { label, _ in label.contains(text) }
      return
    }
    let needle = Array(text.lowercased().utf8)
    let folded = text.lowercased()
    // Prepared once, not per label: a long needle costs O(needle) here and nothing per node.
    let needleIsASCII = needle.allSatisfy { $0 < 0x80 }
    matches = { label, _ in
      _containsIgnoringCase(label, needle: needle, needleIsASCII: needleIsASCII, folded: folded)
    }
  }

  /// Matches labels that hold the characters of `pattern` in order, fzf-style.
  ///
  /// "aple" matches "Apple" and "A pale ale". Case is smart: ignored unless the pattern holds an
  /// uppercase letter. ``FuzzyPattern`` tells where the characters fit, for highlighting.
  ///
  /// ```swift
  /// TreeFilter(fuzzy: "grsm")   // matches "Granny Smith"
  /// TreeFilter(fuzzy: "GS")     // matches "Granny Smith", not "granny smith"
  /// ```
  /// - Complexity: O(p) for a pattern of p characters; matching a label is O(label length).
  public init(fuzzy pattern: String) {
    let prepared = FuzzyPattern(pattern)
    matches = { label, _ in prepared.matches(label) }
    summary = "label matches \"\(pattern)\" (fuzzy)"
  }

  /// A filter of `matches`, described by `summary`.
  init(
    summary: String, matches: @escaping @Sendable (String, () -> [String]) -> Bool
  ) {
    self.summary = summary
    self.matches = matches
  }

  /// Matches nodes whose label satisfies `predicate`.
  public init(label predicate: @escaping @Sendable (String) -> Bool) {
    matches = { label, _ in predicate(label) }
    summary = "label predicate"
  }

  /// Matches nodes whose labels from the root satisfy `predicate`.
  ///
  /// ```swift
  /// TreeFilter(path: { $0.contains("Archive") })   // everything inside an "Archive" folder
  /// ```
  /// - Complexity: O(1); matching costs O(depth) per node to gather the labels.
  public init(path predicate: @escaping @Sendable ([String]) -> Bool) {
    matches = { _, labelPath in predicate(labelPath()) }
    summary = "path predicate"
  }
}

/// Whether `label` contains the lowercased `needle`, ignoring case; ASCII compares bytes.
func _containsIgnoringCase(
  _ label: String, needle: [UInt8], needleIsASCII: Bool, folded: String
) -> Bool {
  if needle.isEmpty { return true }
  // A label has at least as many UTF-8 bytes as its lowercased match: shorter ones cannot match.
  if label.utf8.count < needle.count && needleIsASCII { return false }
  var label = label
  let ascii: Bool? = label.withUTF8 { bytes -> Bool? in
    guard needleIsASCII, !bytes.contains(where: { $0 >= 0x80 }) else {
      return nil
    }
    guard bytes.count >= needle.count else { return false }
    let first = needle[0]
    for start in 0...(bytes.count - needle.count) {
      var byte = bytes[start]
      if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
      guard byte == first else { continue }
      var matched = true
      for offset in 1..<needle.count {
        var candidate = bytes[start + offset]
        if candidate >= 0x41 && candidate <= 0x5A { candidate |= 0x20 }
        if candidate != needle[offset] {
          matched = false
          break
        }
      }
      if matched { return true }
    }
    return false
  }
  return ascii ?? label.lowercased().contains(folded)
}

extension SelectionTree {
  /// Shows only the nodes that match `filter`, their ancestors and (unless
  /// ``TreeFilter/matchesOnly``) their descendants, or everything with nil.
  ///
  /// Never
  /// changes selection or expansion; writes then reach hidden nodes only under
  /// ``FilterScope/all``.
  ///
  /// ```swift
  /// tree.setFilter(TreeFilter(text: "apple"))
  /// try tree.toggle("Fruit")   // under .visible: selects the apples only
  /// tree.setFilter(nil)        // everything shown again, the selection as it was
  /// ```
  /// - Complexity: O(n) plus the cost of matching every label.
  public mutating func setFilter(_ filter: TreeFilter?) {
    // No filter before or after: nothing to write (a copy stays identical).
    if filter == nil && self.filter == nil { return }
    // The same filter again (a copy of the one set): nothing to write either.
    if let filter, let current = self.filter, filter.token === current.token,
      filter.matchesOnly == current.matchesOnly
    {
      return
    }
    self.filter = filter
    _applyFilter()
    checkInvariantsIfEnabled()
  }

  /// Whether a filter is set.
  public var isFiltered: Bool { filter != nil }

  /// Whether a node is shown by the current filter (always true without one).
  ///
  /// Expansion is not
  /// taken into account.
  ///
  /// ```swift
  /// tree.isVisible("Veg/Leek")   // false when the filter is "apple"
  /// ```
  /// - Complexity: O(log n).
  public func isVisible(_ id: ID) -> Bool? {
    structure.position(of: id).map { states.state(at: $0) & NodeBits.hidden == 0 }
  }

  /// How many nodes the current filter hides, and how many selected leaves are among them.
  public var hiddenCounts: (nodes: Int, selectedLeaves: Int) {
    guard count > 0 else { return (0, 0) }
    let counts = states.counts(in: 0..<count)
    return (
      counts.sum(over: StateSet.hidden),
      counts.sum(over: StateSet.hiddenSelectedLeaves)
    )
  }

  /// Recomputes every node's hidden bit, and which nodes a match below holds open, from `filter`.
  mutating func _applyFilter() {
    var all = states.allStates()
    guard let filter else {
      for position in 0..<count { all[position] &= ~NodeBits.hidden }
      states = NodeStates(states: all)
      filterOpen = NodeFlags([])
      filterMatched = NodeFlags([])
      return
    }
    let bits = _filterBits(filter, in: 0..<count, insideAbove: false)
    for position in 0..<count {
      all[position] =
        bits.shown[position] ? all[position] & ~NodeBits.hidden : all[position] | NodeBits.hidden
    }
    states = NodeStates(states: all)
    filterOpen = NodeFlags(bits.open)
    filterMatched = NodeFlags(bits.matched)
  }

  /// The filter's bits of the nodes in `range`, by offset in it: which match, which a match below
  /// them inside `range` holds open, and which are shown — matched, held open, or inside a match
  /// (unless the filter shows matches only).
  ///
  /// `range` holds whole subtrees side by side whose roots are inside a match when
  /// `insideAbove`: the whole tree (the nodes a filter is set on) or the nodes an edit placed.
  /// - Complexity: O(k + log n) for k nodes (O(k) as built), plus the filter's cost per node.
  func _filterBits(_ filter: TreeFilter, in range: Range<Int>, insideAbove: Bool) -> (
    matched: [Bool], open: [Bool], shown: [Bool]
  ) {
    let reach = !filter.matchesOnly
    let labels = structure.labels(in: range)
    let parents = structure.nesting(in: range).parents
    let length = range.count
    var matched = [Bool](repeating: false, count: length)
    var inside = [Bool](repeating: false, count: length)
    var open = [Bool](repeating: false, count: length)
    for offset in 0..<length {
      let position = range.lowerBound + offset
      let up = Int(parents[position])
      // Parents come first: a parent's own bits are known. A parent before the stretch (-1 in
      // the counted form's nesting, its position in the flat form's) is a root's.
      if up < range.lowerBound {
        inside[offset] = insideAbove
      } else {
        let above = up - range.lowerBound
        inside[offset] = reach && (matched[above] || inside[above])
      }
      guard filter.matches(labels[position], { self.labelPath(at: position) }) else { continue }
      matched[offset] = true
      var node = up
      while node >= range.lowerBound && !open[node - range.lowerBound] {
        open[node - range.lowerBound] = true
        node = Int(parents[node])
      }
    }
    // Shown: matched, held open or inside (written over `inside`, which is not needed after).
    for offset in 0..<length where matched[offset] || open[offset] { inside[offset] = true }
    return (matched, open, inside)
  }

  func labelPath(at position: Int) -> [String] {
    ancestry(of: position).map { structure.label(at: $0) }
  }
}

/// The identity of a filter made once and copied.
final class _FilterToken: Sendable {}
