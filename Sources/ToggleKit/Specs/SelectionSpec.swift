/// A selection kept as include/exclude decisions on label paths, true for the nodes of today and
/// of tomorrow, loaded or not.
///
/// A node follows the nearest decision on itself or an ancestor; with none above it, it is not
/// selected. A decision covers the node's whole subtree: files that appear below an included
/// folder later are included too.
///
/// ```swift
/// let spec = try SelectionSpec(text: "+ usr\n- usr/share/doc\n")
/// spec.isSelected(["usr", "bin", "swift"])         // true
/// spec.isSelected(["usr", "share", "doc", "a.txt"])  // false: the nearer decision
/// spec.isSelected(["etc", "hosts"])                // false: no decision above it
/// ```
///
/// Decisions are kept in path order (a folder before what is inside it, siblings by the bytes of
/// their labels), one per path; labels compare by their bytes, so two names that differ only in
/// their Unicode normalisation are two paths.
///
/// A spec may also keep a filter file's rules as patterns (``rules``): then a node that no
/// decision covers is selected as the rules say (as rsync or git would take it), today and
/// tomorrow, and a decision overrides them in its subtree.
///
/// ```swift
/// let rules = try FilterRules(rsyncFilter: "- *.o\n")
/// var spec = SelectionSpec([.init(["src", "vendor"], isIncluded: false)], rules: rules)
/// spec.isSelected(["src", "main.o"], isFolder: false)           // false: the rules
/// spec.isSelected(["src", "main.c"], isFolder: false)           // true: the rules
/// spec.isSelected(["src", "vendor", "x.c"], isFolder: false)    // false: the decision
/// ```
public struct SelectionSpec: Hashable, Sendable {
  /// One decision: a label path and whether its subtree is selected.
  public struct Decision: Hashable, Sendable {
    /// The labels from a root to the node, as ``SelectionTree/labelPath(of:)`` gives them.
    public var path: [String]
    /// Whether the node and everything below it is selected.
    public var isIncluded: Bool

    /// Creates a decision.
    public init(_ path: [String], isIncluded: Bool) {
      self.path = path
      self.isIncluded = isIncluded
    }

    /// `+ PATH` or `- PATH`, in the one path syntax.
    public var line: String { (isIncluded ? "+ " : "- ") + LabelPath.joined(path) }

    /// Whether two decisions are one: the same value on the same path, its labels compared by
    /// their bytes (`String`'s `==` would call two names that differ only in their Unicode
    /// normalisation one).
    /// - Complexity: O(length of the paths).
    public static func == (first: Decision, second: Decision) -> Bool {
      first.isIncluded == second.isIncluded
        && first.path.elementsEqual(second.path, by: LabelBytes.same)
    }

    /// Hashes the value and the bytes of every label, as ``==(_:_:)`` compares them.
    /// - Complexity: O(length of the path).
    public func hash(into hasher: inout Hasher) {
      hasher.combine(isIncluded)
      hasher.combine(path.count)
      for var label in path {
        label.withUTF8 { bytes in
          hasher.combine(bytes.count)
          hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
      }
    }
  }

  /// The decisions in path order, one per path.
  public private(set) var decisions: [Decision]

  /// The rules that decide the nodes no decision covers; nil: such nodes are not selected.
  public var rules: FilterRules?

  /// A spec without decisions: nothing is selected.
  public init() { decisions = [] }

  /// A spec of these decisions over a filter file's rules: a node no decision covers is
  /// selected as the rules say.
  /// - Complexity: As ``init(_:)``.
  public init(_ decisions: [Decision] = [], rules: FilterRules?) {
    self.init(decisions)
    self.rules = rules
  }

  /// A spec with these decisions; of several on one path, the last counts.
  ///
  /// ```swift
  /// SelectionSpec([.init(["usr"], isIncluded: true), .init(["usr", "share"], isIncluded: false)])
  /// ```
  /// - Complexity: O(d log d) comparisons of paths for d decisions.
  public init(_ decisions: some Sequence<Decision>) {
    let ordered = decisions.enumerated().sorted {
      let order = Self.compare($0.element.path, $1.element.path)
      return order != 0 ? order < 0 : $0.offset < $1.offset
    }
    var kept: [Decision] = []
    kept.reserveCapacity(ordered.count)
    for (_, decision) in ordered where !decision.path.isEmpty {
      if let last = kept.last, last.path.count == decision.path.count,
        Self.compare(last.path, decision.path) == 0
      {
        kept[kept.count - 1] = decision
      } else {
        kept.append(decision)
      }
    }
    self.decisions = kept
  }

  /// Whether the spec has no decision and no rules: nothing is selected.
  public var isEmpty: Bool { decisions.isEmpty && rules == nil }

  /// The decision on exactly this path, or nil.
  /// - Complexity: O(log d) path comparisons.
  public func decision(at path: [String]) -> Bool? {
    let index = Self.insertionIndex(of: path, in: decisions)
    guard index < decisions.count, Self.compare(decisions[index].path, path) == 0 else {
      return nil
    }
    return decisions[index].isIncluded
  }

  /// The nearest decision on the path or one of its ancestors, or nil when none covers it.
  ///
  /// The last decision at or before the path (in path order) is the nearest when it is on the
  /// path or an ancestor; otherwise the nearest is at or above the labels the two share.
  /// - Complexity: O(k log d) label comparisons for a path of k labels, times how many times the
  ///   search climbs (once or twice, unless decisions branch at every level of the path).
  public func nearestDecision(for path: [String]) -> Bool? {
    var length = path.count
    while length > 0 {
      let prefix = path[..<length]
      // The first decision after the prefix; the one before it is the last at or before it.
      var low = 0
      var high = decisions.count
      while low < high {
        let middle = (low + high) / 2
        if Self.compare(decisions[middle].path[...], prefix) <= 0 {
          low = middle + 1
        } else {
          high = middle
        }
      }
      guard low > 0 else { return nil }
      let candidate = decisions[low - 1]
      var common = 0
      while common < candidate.path.count, common < length,
        LabelBytes.same(candidate.path[common], path[common])
      {
        common += 1
      }
      if common == candidate.path.count { return candidate.isIncluded }
      length = common
    }
    return nil
  }

  /// Whether the node at this path is selected, asked as of a file (``isSelected(_:isFolder:)``).
  ///
  /// ```swift
  /// spec.isSelected(["usr", "lib"])   // true under "+ usr"
  /// ```
  /// - Complexity: As ``isSelected(_:isFolder:)``.
  public func isSelected(_ path: [String]) -> Bool { isSelected(path, isFolder: false) }

  /// Whether the node at this path is selected: its nearest decision, or with none the rules'
  /// verdict, or false without rules.
  ///
  /// Rules whose patterns end in `/` match folders only, so they need to know what the node is.
  ///
  /// ```swift
  /// let spec = SelectionSpec(rules: FilterRules(gitignore: "build/\n"))
  /// spec.isSelected(["build"], isFolder: true)    // false
  /// spec.isSelected(["build"], isFolder: false)   // true: a file named build
  /// ```
  /// - Complexity: As ``nearestDecision(for:)``, plus the rules' ``FilterRules/isSelected(_:isFolder:)``
  ///   where no decision covers the path.
  public func isSelected(_ path: [String], isFolder: Bool) -> Bool {
    if let decided = nearestDecision(for: path) { return decided }
    return rules?.isSelected(path, isFolder: isFolder) ?? false
  }

  /// What a node at the top with no decision takes: false, or nil when rules decide it.
  var undecided: Bool? { rules == nil ? false : nil }

  /// Sets the decision on one path, keeping those below it.
  ///
  /// ```swift
  /// spec.setDecision(false, at: ["usr", "share", "doc"])
  /// ```
  /// - Complexity: O(log d) comparisons plus O(d) to insert.
  public mutating func setDecision(_ isIncluded: Bool, at path: [String]) {
    precondition(!path.isEmpty, "a decision needs a path")
    let index = Self.insertionIndex(of: path, in: decisions)
    if index < decisions.count, Self.compare(decisions[index].path, path) == 0 {
      decisions[index].isIncluded = isIncluded
    } else {
      decisions.insert(Decision(path, isIncluded: isIncluded), at: index)
    }
  }

  /// Removes the decision on one path, if there is one; the path then follows its ancestors.
  /// - Complexity: O(log d) comparisons plus O(d) to remove.
  public mutating func removeDecision(at path: [String]) {
    let index = Self.insertionIndex(of: path, in: decisions)
    if index < decisions.count, Self.compare(decisions[index].path, path) == 0 {
      decisions.remove(at: index)
    }
  }

  /// Decides a path as a click does: its whole subtree follows the new decision (the decisions
  /// below it go), and the decision itself goes when its ancestors already decide the same.
  ///
  /// With ``rules``, a decision goes only under an ancestor's decision of the same value: where
  /// the rules decide, they may decide tomorrow's nodes below it otherwise.
  ///
  /// ```swift
  /// spec.decide(true, at: ["usr"])   // "+ usr", whatever was decided inside usr
  /// ```
  /// - Complexity: O(k log d) comparisons plus O(d) to remove and insert.
  public mutating func decide(_ isIncluded: Bool, at path: [String]) {
    precondition(!path.isEmpty, "a decision needs a path")
    let within = indices(atOrBelow: path)
    decisions.removeSubrange(within)
    let start = within.lowerBound
    if (nearestDecision(for: Array(path.dropLast())) ?? undecided) != isIncluded {
      decisions.insert(Decision(path, isIncluded: isIncluded), at: start)
    }
  }

  /// The same selection with no decision that changes nothing.
  ///
  /// Each kept decision differs from the one it would inherit. Two specs without rules select
  /// the same nodes, today's and tomorrow's, exactly when their minimized forms are equal. With
  /// ``rules``, a decision that no other decision covers stays: it overrides the rules.
  ///
  /// ```swift
  /// try SelectionSpec(text: "+ a\n+ a/b\n- c\n").minimized()   // "+ a"
  /// ```
  /// - Complexity: O(d × depth) path comparisons.
  public func minimized() -> SelectionSpec {
    var kept: [Decision] = []
    kept.reserveCapacity(decisions.count)
    // The kept decisions on the ancestors of the current path, outermost first.
    var open: [Decision] = []
    for decision in decisions {
      while let last = open.last,
        !(decision.path.count > last.path.count
          && decision.path.starts(with: last.path, by: LabelBytes.same))
      {
        open.removeLast()
      }
      guard (open.last?.isIncluded ?? undecided) != decision.isIncluded else { continue }
      kept.append(decision)
      open.append(decision)
    }
    var spec = SelectionSpec()
    spec.decisions = kept
    spec.rules = rules
    return spec
  }

  /// Whether no decision changes nothing.
  /// - Complexity: O(d × depth) path comparisons.
  public var isMinimal: Bool { minimized().decisions.count == decisions.count }
}

extension SelectionSpec {
  /// -1, 0 or 1: label by label, each by its bytes; a path before the paths below it.
  static func compare(_ first: [String], _ second: [String]) -> Int {
    compare(first[...], second[...])
  }

  /// ``compare(_:_:)`` of two slices of paths.
  static func compare(_ first: ArraySlice<String>, _ second: ArraySlice<String>) -> Int {
    for (a, b) in zip(first, second) where !LabelBytes.same(a, b) {
      return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }
    return first.count == second.count ? 0 : (first.count < second.count ? -1 : 1)
  }

  /// The indices of the decisions on `path` and below it: a run, in path order.
  /// - Complexity: O(log d + r) path comparisons for r decisions in the run.
  func indices(atOrBelow path: [String]) -> Range<Int> {
    let start = Self.insertionIndex(of: path, in: decisions)
    var end = start
    while end < decisions.count, decisions[end].path.starts(with: path, by: LabelBytes.same) {
      end += 1
    }
    return start..<end
  }

  /// The index of the first decision whose path is not before `path`.
  static func insertionIndex(of path: [String], in decisions: [Decision]) -> Int {
    var low = 0
    var high = decisions.count
    while low < high {
      let middle = (low + high) / 2
      if compare(decisions[middle].path, path) < 0 { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension SelectionSpec: Codable {
  private enum CodingKeys: String, CodingKey { case decisions, rules }
  private enum DecisionKeys: String, CodingKey { case path, include }
  private enum RulesKeys: String, CodingKey { case dialect, folder, lines }

  /// Reads `{"decisions": [{"path": "usr/share", "include": false}, …]}`, each path in the one
  /// path syntax, and the rules if there are any:
  /// `"rules": {"dialect": "rsync", "folder": "proj", "lines": ["- *.o"]}` (the folder in the
  /// path syntax, empty for the top; the file's lines as they were).
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a path the syntax does not accept or a line that
  ///   is not an rsync rule.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var rules: FilterRules?
    if container.contains(.rules) {
      let entry = try container.nestedContainer(keyedBy: RulesKeys.self, forKey: .rules)
      let dialect = try entry.decode(FilterRules.Dialect.self, forKey: .dialect)
      let folderText = try entry.decodeIfPresent(String.self, forKey: .folder) ?? ""
      let lines = try entry.decode([String].self, forKey: .lines)
      var folder: [String] = []
      if !folderText.isEmpty {
        do {
          folder = try LabelPath.labels(of: folderText)
        } catch {
          throw DecodingError.dataCorruptedError(
            forKey: .folder, in: entry, debugDescription: error.description)
        }
      }
      do {
        rules = try FilterRules(dialect, lines: lines, under: folder)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .lines, in: entry, debugDescription: error.description)
      }
    }
    var list = try container.nestedUnkeyedContainer(forKey: .decisions)
    var decisions: [Decision] = []
    while !list.isAtEnd {
      let entry = try list.nestedContainer(keyedBy: DecisionKeys.self)
      let text = try entry.decode(String.self, forKey: .path)
      let path: [String]
      do {
        path = try LabelPath.labels(of: text)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .path, in: entry, debugDescription: error.description)
      }
      decisions.append(Decision(path, isIncluded: try entry.decode(Bool.self, forKey: .include)))
    }
    self.init(decisions, rules: rules)
  }

  /// Writes the decisions in path order, each path in the one path syntax, then the rules if
  /// there are any.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if let rules {
      var entry = container.nestedContainer(keyedBy: RulesKeys.self, forKey: .rules)
      try entry.encode(rules.dialect, forKey: .dialect)
      try entry.encode(LabelPath.joined(rules.folder), forKey: .folder)
      try entry.encode(rules.lines, forKey: .lines)
    }
    var list = container.nestedUnkeyedContainer(forKey: .decisions)
    for decision in decisions {
      var entry = list.nestedContainer(keyedBy: DecisionKeys.self)
      try entry.encode(LabelPath.joined(decision.path), forKey: .path)
      try entry.encode(decision.isIncluded, forKey: .include)
    }
  }
}
