extension TreeFilter {
  /// Shows the nodes a ``SearchQuery`` matches (fzf's extended syntax, path fragments).
  ///
  /// ```swift
  /// tree.setFilter(TreeFilter(query: SearchQuery("fruit ^app")))
  /// ```
  /// - Complexity: O(1); a single term costs what ``init(fuzzy:)`` costs per node, more terms
  ///   O(depth) more to gather the labels above.
  public init(query: SearchQuery) {
    let summary = "label matches \"\(query.text)\""
    guard query.groups.count == 1, query.groups[0].count == 1, !query.needsAncestors else {
      self.init(summary: summary) { _, labelPath in query.matches(labelPath()) }
      return
    }
    let term = query.groups[0][0]
    // The fast filters read case smartly: a case the query overrides takes the general path.
    guard term.caseSensitive == term.text.contains(where: \.isUppercase) else {
      self.init(summary: summary) { label, _ in query.matches([label]) }
      return
    }
    switch term.kind {
    case .fuzzy: self = TreeFilter(fuzzy: String(term.text))
    case .exact: self = TreeFilter(text: String(term.text))
    default: self.init(summary: summary) { label, _ in query.matches([label]) }
    }
  }
}
