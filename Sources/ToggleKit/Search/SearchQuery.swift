/// A search in fzf's extended syntax, over a tree's nodes: space-separated terms that must all
/// hold, `|` between alternatives, and per term `'exact`, `^prefix`, `suffix$` and `!not`.
///
/// A term without `/` is tested on labels, one with `/` on the path (labels joined by `/`), so
/// `Explorer/Prev` finds `Sources/Explorer/Previewer.swift`. A node matches when every term
/// holds on its label or an ancestor's (`src swift` finds the Swift files inside `src`) and at
/// least one term matches within its own label; `!term` holds when no label from the root
/// holds `term`. Case is smart per term.
///
/// ```swift
/// let query = SearchQuery("src 'swift !test")
/// query.matches(["src", "main.swift"])          // true
/// query.matches(["src", "test", "a.swift"])     // false
/// ```
/// - Complexity: O(q) to parse q characters; matching is O(path length) per term.
public struct SearchQuery: Sendable {
  /// How one term compares its text.
  enum Kind: Sendable { case fuzzy, exact, prefix, suffix, equal }
  /// One term: its text, how it matches, whether it is negated, whether it is a path term.
  struct Term: Sendable {
    var text: [Character]
    var kind: Kind
    var inverse: Bool
    var onPath: Bool
    var caseSensitive: Bool
    // The term's text as a fuzzy pattern, for score(_:).
    var pattern: FuzzyPattern
  }
  /// Groups that must all hold; the terms of a group are alternatives.
  let groups: [[Term]]
  /// The query as typed.
  public let text: String

  /// Parses `text`; with `exact`, a plain term matches a substring and `'term` is fuzzy;
  /// `caseSensitive` true or false overrides smart case (fzf's `+i` and `-i`).
  ///
  /// - Complexity: O(q) for q characters.
  public init(_ text: String, exact: Bool = false, caseSensitive: Bool? = nil) {
    self.text = text
    var words: [String] = []
    var word = ""
    var escaped = false
    for character in text {
      if escaped {
        word.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == " " {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else {
        word.append(character)
      }
    }
    if escaped { word.append("\\") }
    if !word.isEmpty { words.append(word) }
    var groups: [[Term]] = []
    var joinsPrevious = false
    for word in words {
      if word == "|" {
        joinsPrevious = !groups.isEmpty
        continue
      }
      guard let term = Self.term(word, exact: exact, caseSensitive: caseSensitive) else {
        continue
      }
      if joinsPrevious { groups[groups.count - 1].append(term) } else { groups.append([term]) }
      joinsPrevious = false
    }
    self.groups = groups
  }

  /// One word as a term, nil when nothing is left once its operators are taken off.
  private static func term(_ word: String, exact: Bool, caseSensitive: Bool?) -> Term? {
    var rest = Substring(word)
    let inverse = rest.hasPrefix("!")
    if inverse { rest = rest.dropFirst() }
    var kind: Kind = exact || inverse ? .exact : .fuzzy
    if rest.hasPrefix("'") {
      kind = exact ? .fuzzy : .exact
      rest = rest.dropFirst()
    } else if rest.hasPrefix("^") {
      kind = .prefix
      rest = rest.dropFirst()
    }
    if rest.hasSuffix("$"), rest.count > 0 {
      kind = kind == .prefix ? .equal : .suffix
      rest = rest.dropLast()
    }
    guard !rest.isEmpty else { return nil }
    return Term(
      text: Array(rest), kind: kind, inverse: inverse, onPath: rest.contains("/"),
      caseSensitive: caseSensitive ?? rest.contains(where: \.isUppercase),
      pattern: FuzzyPattern(String(rest), caseSensitive: caseSensitive))
  }

  /// Whether the query has no term: it matches every node.
  public var isEmpty: Bool { groups.isEmpty }

  /// Whether matching needs the labels above a node (more than one term, or a negated or path
  /// term); a single term is tested on the node's own label alone.
  public var needsAncestors: Bool {
    groups.count > 1 || groups.contains { $0.count > 1 || $0.contains { $0.inverse || $0.onPath } }
  }

  /// Whether the node whose labels from the root are `labelPath` matches.
  ///
  /// - Complexity: O(path length) per term.
  public func matches(_ labelPath: [String]) -> Bool {
    guard let label = labelPath.last else { return false }
    if groups.isEmpty { return true }
    var touchesLabel = false
    var hasPositive = false
    for group in groups {
      var holds = false
      for term in group {
        if !term.inverse { hasPositive = true }
        let result = Self.evaluate(term, labelPath, label)
        if result.touchesLabel { touchesLabel = true }
        if result.holds { holds = true }
      }
      if !holds { return false }
    }
    return touchesLabel || !hasPositive
  }

  /// How well a node matches, higher for better; nil when it does not (``matches(_:)``).
  ///
  /// Each group adds its best positive term's ``FuzzyMatch`` score on the node's own label,
  /// doubled when the term is the whole label.
  ///
  /// ```swift
  /// SearchQuery("txt").score(["docs", "a.md"])   // nil; ["docs", "txt"] beats ["docs", "a.txt"]
  /// ```
  /// - Complexity: O(label length × term length) per term.
  public func score(_ labelPath: [String]) -> Int? {
    guard matches(labelPath), let label = labelPath.last else { return nil }
    var total = 0
    for group in groups {
      var best = 0
      for term in group where !term.inverse {
        guard let score = term.pattern.score(in: label) else { continue }
        // The whole label, compared as the term compares case (smart case).
        best = max(best, score * (term.pattern.isWhole(label) ? 2 : 1))
      }
      total += best
    }
    return total
  }

  /// The offsets of the characters of the node's own label (the last of `labelPath`) that the
  /// query's terms match, for highlighting.
  ///
  /// - Complexity: O(path length) per term.
  public func matchedPositions(in labelPath: [String]) -> [Int] {
    guard let label = labelPath.last else { return [] }
    var positions = Set<Int>()
    for term in groups.joined() where !term.inverse {
      if term.onPath {
        let path = Array(labelPath.joined(separator: "/"))
        let start = path.count - label.count
        positions.formUnion(
          Self.positions(term, in: path, endingFrom: start).filter { $0 >= start }.map {
            $0 - start
          })
      } else {
        positions.formUnion(Self.positions(term, in: Array(label), endingFrom: 0))
      }
    }
    return positions.sorted()
  }

  /// Whether `term` holds for the node, and whether it matches within its own label.
  private static func evaluate(_ term: Term, _ labelPath: [String], _ label: String) -> (
    holds: Bool, touchesLabel: Bool
  ) {
    if term.onPath {
      let path = Array(labelPath.joined(separator: "/"))
      let start = path.count - label.count
      let own = !positions(term, in: path, endingFrom: start).isEmpty
      let anywhere = own || !positions(term, in: path, endingFrom: 0).isEmpty
      return term.inverse ? (!anywhere, false) : (anywhere, own)
    }
    // A fuzzy term holds where its pattern fits: tested on the bytes when both are ASCII.
    func holds(in text: String) -> Bool {
      term.kind == .fuzzy ? term.pattern.matches(text) : !positions(term, in: Array(text)).isEmpty
    }
    let own = holds(in: label)
    if term.inverse { return (!own && !labelPath.dropLast().contains(where: holds), false) }
    if own { return (true, true) }
    return (labelPath.dropLast().contains(where: holds), false)
  }

  /// Where `term` matches `text` with its last character at or after `end` (empty: no match).
  static func positions(_ term: Term, in text: [Character], endingFrom end: Int = 0) -> [Int] {
    let needle = term.text
    func same(_ a: Character, _ b: Character) -> Bool {
      term.caseSensitive ? a == b : a == b || a.lowercased() == b.lowercased()
    }
    func isAt(_ start: Int) -> Bool {
      start >= 0 && start + needle.count <= text.count
        && needle.indices.allSatisfy { same(text[start + $0], needle[$0]) }
    }
    let count = needle.count
    switch term.kind {
    case .prefix:
      return isAt(0) && count - 1 >= end ? Array(0..<count) : []
    case .suffix:
      return isAt(text.count - count) ? Array((text.count - count)..<text.count) : []
    case .equal:
      return text.count == count && isAt(0) ? Array(0..<count) : []
    case .exact:
      let first = max(0, end - count + 1)
      guard first <= text.count - count else { return [] }
      for start in first...(text.count - count) where isAt(start) {
        return Array(start..<(start + count))
      }
      return []
    case .fuzzy:
      // Leftmost for all but the last character, then the last at or after `end`.
      var found: [Int] = []
      var index = 0
      for character in needle.dropLast() {
        while index < text.count && !same(text[index], character) { index += 1 }
        guard index < text.count else { return [] }
        found.append(index)
        index += 1
      }
      index = max(index, end)
      while index < text.count && !same(text[index], needle[count - 1]) { index += 1 }
      guard index < text.count else { return [] }
      return found + [index]
    }
  }
}
