extension SelectionSpec {
  /// Reads a spec's text: one decision a line, `+ PATH` to include a node's subtree and `- PATH` to
  /// exclude it, each PATH in the one path syntax; blank lines and lines starting with `#` are
  /// skipped, and a line may end in CR LF.
  ///
  /// A line `rules rsync` or `rules gitignore` (then, optionally, ` under PATH`: the folder the
  /// rules' paths are relative to) starts the spec's ``rules``: every line after it, to the end,
  /// is a line of that filter file as it was written.
  ///
  /// ```swift
  /// let spec = try SelectionSpec(text: """
  ///   # what the backup keeps
  ///   + home/ada
  ///   - home/ada/.cache
  ///   rules gitignore under home
  ///   *.tmp
  ///   """)
  /// ```
  /// - Parameters:
  ///   - text: The spec's lines.
  ///   - file: The file's name for errors.
  /// - Throws: ``TreeFormatError`` with the line and column of the first line that is not a
  ///   decision (or, below `rules rsync`, not a rule).
  /// - Complexity: O(text length + d log d).
  public init(text: String, file: String? = nil) throws(TreeFormatError) {
    try self.init(text: text, file: file, anchor: nil)
  }

  /// Reads a spec's text whose paths are relative to a folder, `base` (a tree's root): `.` names
  /// the folder itself, `docs` its child, as rsync's rules are relative to the transfer's root.
  ///
  /// `./` and `../` segments are followed (never above the folder), a leading `/` anchors at the
  /// folder as rsync's does, and a trailing `/` is allowed.
  ///
  /// ```swift
  /// let spec = try SelectionSpec(text: "+ .\n- .cache/\n", base: ["ada"])
  /// spec.decisions.map(\.path)   // [["ada"], ["ada", ".cache"]]
  /// ```
  /// - Throws: ``TreeFormatError`` as ``init(text:file:)``, and for a `..` that climbs above the
  ///   folder.
  /// - Complexity: O(text length + d log d).
  public init(text: String, file: String? = nil, base: [String]) throws(TreeFormatError) {
    try self.init(text: text, file: file, anchor: base)
  }

  /// Reads a spec's text, its paths below `anchor` when there is one (``init(text:file:base:)``).
  private init(text: String, file: String?, anchor: [String]?) throws(TreeFormatError) {
    var decisions: [Decision] = []
    var lineNumber = 0
    var rulesHeader: (dialect: FilterRules.Dialect, folder: [String], line: Int)?
    var ruleLines: [String] = []
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    for rawLine in lines.dropLast(lines.last?.isEmpty == true ? 1 : 0) {
      lineNumber += 1
      var line = rawLine
      if line.last == "\r" { line = line.dropLast() }
      func failure(_ column: Int, _ message: String) -> TreeFormatError {
        TreeFormatError(file: file, line: lineNumber, column: column, message: message)
      }
      if let rulesHeader {
        // rsync ends a line at a CR: the rule's line would not be the spec's.
        if rulesHeader.dialect == .rsync, let cr = line.firstIndex(of: "\r") {
          throw failure(
            line.distance(from: line.startIndex, to: cr) + 1,
            "a carriage return ends a line of rsync's rules: give each rule a line of its own")
        }
        ruleLines.append(String(String.UnicodeScalarView(line)))
        continue
      }
      if line.starts(with: "rules ".unicodeScalars) {
        rulesHeader = try Self.rulesHeader(line.dropFirst(6), anchor: anchor, failure)
        rulesHeader?.line = lineNumber
        continue
      }
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { continue }
      guard let sign = line.first, sign == "+" || sign == "-" else {
        throw failure(
          1,
          "expected a decision, '+ PATH' or '- PATH', 'rules rsync' or 'rules gitignore', or a "
            + "comment starting with '#'")
      }
      let rest = line.dropFirst()
      guard rest.first == " " else {
        throw failure(2, "expected one space between '\(sign)' and the path")
      }
      let path = try Self.path(rest.dropFirst(), column: 3, anchor: anchor, failure)
      decisions.append(Decision(path, isIncluded: sign == "+"))
    }
    var rules: FilterRules?
    if let rulesHeader {
      do {
        rules = try FilterRules(rulesHeader.dialect, lines: ruleLines, under: rulesHeader.folder)
      } catch {
        throw TreeFormatError(
          file: file, line: error.line + rulesHeader.line, column: error.column,
          message: error.message)
      }
    }
    self.init(decisions, rules: rules)
  }

  /// A PATH's labels (from `column`): no space at either end, a trailing `/` dropped, below
  /// `anchor` when there is one.
  private static func path(
    _ text: Substring.UnicodeScalarView, column: Int, anchor: [String]?,
    _ failure: (Int, String) -> TreeFormatError
  ) throws(TreeFormatError) -> [String] {
    guard let first = text.first else { throw failure(column, "expected a path") }
    if first == " " || first == "\t" {
      throw failure(
        column,
        "a path does not start with a space (one space follows the sign); write \\u{20} for a "
          + "name that starts with one")
    }
    if let last = text.last, last == " " || last == "\t" {
      let blanks = text.reversed().prefix { $0 == " " || $0 == "\t" }.count
      throw failure(
        column + text.count - blanks,
        "a path does not end in a space; write \\u{20} for a name that ends with one")
    }
    var trimmed = text
    while trimmed.count > 1, trimmed.last == "/", !Self.isEscaped(trimmed, at: trimmed.count - 1) {
      trimmed.removeLast()  // `docs/`, as a shell's completion writes a folder
    }
    if let anchor, trimmed.first == "/" {
      // Anchored at the folder, as rsync's rules are (`/` alone is the folder).
      trimmed = trimmed.drop { $0 == "/" }
      if trimmed.isEmpty { return anchor }
    }
    let labels: [String]
    do {
      labels = try LabelPath.labels(of: String(String.UnicodeScalarView(trimmed)))
    } catch {
      throw failure(column, error.description)
    }
    guard let anchor else { return labels }
    var below: [String] = []
    for label in labels {
      switch label {
      case ".": continue
      case "..":
        guard below.popLast() != nil else {
          throw failure(
            column,
            "'..' climbs above the folder the spec's paths are relative to ('.' is that folder)")
        }
      default: below.append(label)
      }
    }
    return anchor + below
  }

  /// Whether the scalar at `offset` follows an odd number of backslashes: written as itself.
  private static func isEscaped(_ text: Substring.UnicodeScalarView, at offset: Int) -> Bool {
    var backslashes = 0
    var index = text.index(text.startIndex, offsetBy: offset)
    while index > text.startIndex {
      index = text.index(before: index)
      guard text[index] == "\\" else { break }
      backslashes += 1
    }
    return backslashes % 2 == 1
  }

  /// Reads what follows `rules `: the dialect, then ` under PATH` or nothing (`anchor` or the top).
  private static func rulesHeader(
    _ rest: Substring.UnicodeScalarView, anchor: [String]?,
    _ failure: (Int, String) -> TreeFormatError
  ) throws(TreeFormatError) -> (dialect: FilterRules.Dialect, folder: [String], line: Int) {
    let word = rest.prefix { $0 != " " }
    guard let dialect = FilterRules.Dialect(rawValue: String(String.UnicodeScalarView(word))) else {
      throw failure(7, "expected 'rsync' or 'gitignore' after 'rules '")
    }
    let after = rest.dropFirst(word.count)
    guard !after.isEmpty else { return (dialect, anchor ?? [], 0) }
    let column = 7 + word.count
    guard after.starts(with: " under ".unicodeScalars), after.count > 7 else {
      throw failure(column, "expected ' under PATH' or the line's end after '\(dialect.rawValue)'")
    }
    return (dialect, try path(after.dropFirst(7), column: column + 7, anchor: anchor, failure), 0)
  }

  /// The spec as text: one `+ PATH` or `- PATH` line a decision, in path order, each ending in a
  /// newline, then the ``rules`` if there are any (a `rules` header line and the file's lines as
  /// they were); ``init(text:file:)`` reads it back to the same spec.
  ///
  /// No raw control character is written in a path: the path syntax escapes them. The rules'
  /// lines are written as the file had them (a pattern may name a file with any byte).
  /// - Complexity: O(total path length + rules' length).
  public var text: String { text(prefix: []) }

  /// The spec's ``text`` with `prefix` before every path, the rules' folder too (paths named
  /// from a command's working directory: `["/", "home"]` writes `+ /home/ada`).
  /// - Complexity: O(total path length + rules' length).
  public func text(prefix: [String]) -> String {
    write { prefix + $0 }
  }

  /// The spec's text with every path relative to a folder, `base` (`.` for the folder itself):
  /// what ``init(text:file:base:)`` reads back below any folder it is given.
  ///
  /// ```swift
  /// let spec = SelectionSpec([.init(["ada"], isIncluded: true), .init(["ada", ".cache"], isIncluded: false)])
  /// spec.text(relativeTo: ["ada"])   // "+ .\n- .cache\n"
  /// ```
  /// - Returns: The text, or nil when a decision or the rules' folder is not at or below `base`.
  /// - Complexity: O(total path length + rules' length).
  public func text(relativeTo base: [String]) -> String? {
    func below(_ path: [String]) -> Bool {
      path.count >= base.count && zip(base, path).allSatisfy { LabelBytes.same($0.0, $0.1) }
    }
    guard decisions.allSatisfy({ below($0.path) }), rules.map({ below($0.folder) }) ?? true else {
      return nil
    }
    return write(relative: true) { Array($0.dropFirst(base.count)) }
  }

  /// The lines, each path (and the rules' folder) as `place` gives it.
  private func write(relative: Bool = false, _ place: ([String]) -> [String]) -> String {
    var text = ""
    for decision in decisions {
      text += decision.isIncluded ? "+ " : "- "
      text += Self.written(place(decision.path), relative: relative)
      text += "\n"
    }
    guard let rules else { return text }
    let folder = place(rules.folder)
    text += "rules " + rules.dialect.rawValue
    if !folder.isEmpty { text += " under " + Self.written(folder, relative: relative) }
    text += "\n"
    for line in rules.lines {
      text += line
      text += "\n"
    }
    return text
  }

  /// A path as a spec writes it: `.` when empty, a space at either end written `\u{20}`.
  private static func written(_ path: [String], relative: Bool) -> String {
    // Relative, a first label `/` is escaped: a bare one anchors.
    var text =
      path.isEmpty
      ? "."
      : relative && path[0] == "/"
        ? path.map { LabelPath.escaped($0) }.joined(separator: "/") : LabelPath.joined(path)
    if text.hasPrefix(" ") { text = "\\u{20}" + text.dropFirst() }
    if text.hasSuffix(" ") { text = text.dropLast() + "\\u{20}" }
    return text
  }
}

extension SelectionSpec: CustomStringConvertible {
  /// The spec's ``text``.
  /// - Complexity: O(total path length).
  public var description: String { text }
}
