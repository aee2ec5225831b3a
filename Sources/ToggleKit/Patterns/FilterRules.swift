/// The include/exclude rules of a filter file a user already has — an rsync filter file or a
/// `.gitignore` — read as the tool reads them, so that any path can be asked what the tool would
/// do with it.
///
/// The rules are kept as patterns: they decide files that appear tomorrow as they decide today's.
/// A path is decided as the tools walk a folder: from the top down, a folder the rules exclude is
/// never entered, so nothing below it is selected whatever the rules say about it (rsync does not
/// read an excluded folder; git cannot re-include a file inside an ignored one). Otherwise the
/// path's own rule decides — the first that matches for rsync, the last for git — and a path no
/// rule matches is selected (rsync copies it, git tracks it).
///
/// ```swift
/// let rules = try FilterRules(rsyncFilter: """
///   + /home/
///   + /home/ada/***
///   - *
///   """)
/// rules.isSelected(["home", "ada", "notes.txt"], isFolder: false)   // true
/// rules.isSelected(["home", "bob", "notes.txt"], isFolder: false)   // false: bob is excluded
///
/// let ignore = FilterRules(gitignore: "*.log\n!keep.log\n", under: ["proj"])
/// ignore.isSelected(["proj", "app", "x.log"], isFolder: false)      // false: ignored
/// ```
public struct FilterRules: Hashable, Sendable {
  /// The filter language the rules were read in, which says which rule decides.
  public enum Dialect: String, Hashable, Sendable, Codable, CaseIterable {
    /// rsync's filter rules: the first rule that matches decides.
    case rsync
    /// A `.gitignore`: the last pattern that matches decides.
    case gitignore
  }

  /// One rule: a pattern, and whether a path it matches is selected.
  public struct Filter: Hashable, Sendable {
    /// True when a path the rule matches is selected (`+`, or `!` in a `.gitignore`).
    public let isIncluded: Bool
    /// The pattern as written in the file (without the rule's `+ `/`- ` or `!`).
    public let pattern: String
    /// The rule's line in its file, from 1.
    public let line: Int
    let matcher: Matcher
  }

  /// How a rule's pattern matches, in its language: one of the two is set.
  ///
  /// Two optionals, not an enum of two payloads: such an enum keeps its case in spare bits of a
  /// payload's pointer, which leak checkers (LeakSanitizer) then cannot follow, so rules held for
  /// the life of a program (a `static let`) would be reported as leaked.
  struct Matcher: Hashable, Sendable {
    var rsync: RsyncPattern?
    var git: IgnorePattern?

    static func rsync(_ pattern: RsyncPattern) -> Matcher { Matcher(rsync: pattern, git: nil) }
    static func git(_ pattern: IgnorePattern) -> Matcher { Matcher(rsync: nil, git: pattern) }
  }

  /// The language the rules were read in.
  public let dialect: Dialect
  /// The rules, in file order.
  public let filters: [Filter]
  /// The labels of the folder the rules' paths are relative to; empty for the top.
  public let folder: [String]
  /// The file's lines as read, without line ends, as labels (``LabelBytes``): a spec writes them.
  public let lines: [String]
  let folderBytes: [[UInt8]]

  init(dialect: Dialect, filters: [Filter], folder: [String], lines: [String]) {
    self.dialect = dialect
    self.filters = filters
    self.folder = folder
    self.lines = lines
    folderBytes = folder.map(LabelBytes.bytes(of:))
  }

  /// Reads the rules of a file in `dialect` for the paths below `folder`.
  ///
  /// - Parameters:
  ///   - dialect: The file's language.
  ///   - lines: The file's lines, without line ends; each label's bytes are the line's.
  ///   - folder: The labels of the folder the rules' paths are relative to.
  ///   - file: The file's name for errors.
  /// - Throws: ``TreeFormatError`` for the first rsync line that is not a rule this reader knows.
  /// - Complexity: O(total length of the lines).
  public init(
    _ dialect: Dialect, lines: [String], under folder: [String] = [], file: String? = nil
  ) throws(TreeFormatError) {
    var bytes: [UInt8] = []
    for (index, line) in lines.enumerated() {
      if index > 0 { bytes.append(0x0A) }
      bytes += LabelBytes.bytes(of: line)
    }
    switch dialect {
    case .rsync: self = try FilterRules(rsyncFilter: bytes, file: file).under(folder)
    case .gitignore: self = FilterRules(gitignore: bytes, under: folder)
    }
  }

  /// The same rules for the paths below another folder: a path not below it is selected.
  ///
  /// `rsync -a DIR/ DEST` (a trailing `/`) reads its rules from inside DIR, so a tree whose root
  /// is DIR asks them with `under([DIR's label])`; a `.gitignore` is relative to the folder that
  /// holds it.
  ///
  /// ```swift
  /// let rules = try FilterRules(rsyncFilter: "- /cache/\n").under(["ada"])
  /// rules.isSelected(["ada", "cache"], isFolder: true)   // false
  /// ```
  /// - Complexity: O(folder labels).
  public func under(_ folder: [String]) -> FilterRules {
    FilterRules(dialect: dialect, filters: filters, folder: folder, lines: lines)
  }

  /// Whether the tool would select the node at a label path: copy it (rsync) or track it (git).
  ///
  /// A path not below ``folder`` is selected: no rule of the file applies to it.
  /// - Parameters:
  ///   - path: The node's labels from the top, each one name.
  ///   - isFolder: Whether the node is a folder (patterns ending in `/` match folders only).
  /// - Returns: True when the tool would copy or track the node: no folder above it excluded, and
  ///   its own deciding rule, if any, an include.
  /// - Complexity: O(depth × rules × match): every folder on the way down is asked, as the tools
  ///   do. A pattern of a fixed number of names (no `**`) reads at most that many last names of
  ///   a path, and none of a path whose depth rules it out.
  public func isSelected(_ path: [String], isFolder: Bool) -> Bool {
    isSelected(bytes: path.map(LabelBytes.bytes(of:)), isFolder: isFolder)
  }

  /// ``isSelected(_:isFolder:)`` on the names' bytes.
  func isSelected(bytes path: [[UInt8]], isFolder: Bool) -> Bool {
    guard path.count > folderBytes.count,
      zip(folderBytes, path).allSatisfy({ $0.0 == $0.1 })
    else { return true }
    var joined: [UInt8] = []
    var starts: [Int] = []
    for (depth, name) in path.enumerated() {
      if depth >= folderBytes.count {
        if !joined.isEmpty { joined.append(0x2F) }
        starts.append(joined.count)
        joined += name
      }
      let last = depth == path.count - 1
      guard depth >= folderBytes.count,
        let decided = decision(joined, starts, last ? isFolder : true)
      else { continue }
      if !decided { return false }
    }
    return true
  }

  /// The decision of the rule that decides a path (names joined by `/`, `starts` the offset of
  /// each name), or nil when none matches.
  func decision(_ path: [UInt8], _ starts: [Int], _ isFolder: Bool) -> Bool? {
    switch dialect {
    case .rsync:
      for rule in filters where rule.matches(path, starts, isFolder) { return rule.isIncluded }
    case .gitignore:
      for rule in filters.reversed() where rule.matches(path, starts, isFolder) {
        return rule.isIncluded
      }
    }
    return nil
  }
}

extension FilterRules {
  /// Whether a rule whose value is not `verdict` could match a path strictly below `path`.
  ///
  /// True when the rules cannot tell without the names below. A rule anchored at the rules' folder with a fixed number of names (no `**`) matches paths
  /// of that depth only, whose first names it reads: it reaches below the folder when it has more
  /// names and its first ones match the folder's (a trailing `/***` reaches inside the folder it
  /// names). Every other rule may match at any depth.
  /// - Complexity: O(rules × (depth + pattern)).
  func mayDecide(otherThan verdict: Bool, below path: [String]) -> Bool {
    let names = path.map(LabelBytes.bytes(of:))
    // A folder beside the rules' folder (not on the way down to it, not in it): no rule applies.
    guard zip(folderBytes, names).allSatisfy({ $0.0 == $0.1 }) else { return false }
    let below = names.dropFirst(folderBytes.count)
    return filters.contains { $0.isIncluded != verdict && $0.mayMatch(below: below) }
  }
}

extension FilterRules.Filter {
  /// Whether the pattern may match a path strictly below the folder whose names (below the rules'
  /// folder) are `folder`.
  func mayMatch(below folder: ArraySlice<[UInt8]>) -> Bool {
    let tokens: [IgnorePattern.Token]
    var inside = false
    if let pattern = matcher.rsync {
      guard pattern.isAnchored else { return true }
      tokens = pattern.tokens
      inside = pattern.includesInside
    } else if let pattern = matcher.git, !pattern.matchesName {
      tokens = pattern.tokens
    } else {
      return true
    }
    guard let count = IgnorePattern.nameCount(of: tokens) else { return true }
    guard inside || count > folder.count else { return false }
    // Nothing but a `/` token matches a `/`: the pattern's names are its tokens between them.
    let names = tokens.split(separator: .byte(0x2F), omittingEmptySubsequences: false)
    return zip(names, folder).allSatisfy { IgnorePattern.match(Array($0.0), $0.1[...]) }
  }

  /// Whether the rule's pattern matches a path (names joined by `/`, `starts` the offset of each).
  /// - Complexity: As the pattern matches: O(1) when the path's depth rules out a pattern of a
  ///   fixed number of names, O(pattern × the last names it can match) otherwise.
  func matches(_ path: [UInt8], _ starts: [Int], _ isFolder: Bool) -> Bool {
    if let pattern = matcher.rsync { return pattern.matches(path, starts, isFolder: isFolder) }
    return matcher.git?.matches(path[...], starts: starts[...], isDirectory: isFolder) ?? false
  }
}
