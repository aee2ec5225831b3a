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
        rulesHeader = try Self.rulesHeader(line.dropFirst(6), failure)
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
      let pathText = String(String.UnicodeScalarView(rest.dropFirst()))
      guard !pathText.isEmpty else { throw failure(3, "expected a path after '\(sign) '") }
      do {
        decisions.append(Decision(try LabelPath.labels(of: pathText), isIncluded: sign == "+"))
      } catch {
        throw failure(3, error.description)
      }
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

  /// Reads what follows `rules ` on a header line: the dialect, then ` under PATH` or nothing.
  private static func rulesHeader(
    _ rest: Substring.UnicodeScalarView, _ failure: (Int, String) -> TreeFormatError
  ) throws(TreeFormatError) -> (dialect: FilterRules.Dialect, folder: [String], line: Int) {
    let word = rest.prefix { $0 != " " }
    guard let dialect = FilterRules.Dialect(rawValue: String(String.UnicodeScalarView(word))) else {
      throw failure(7, "expected 'rsync' or 'gitignore' after 'rules '")
    }
    let after = rest.dropFirst(word.count)
    guard !after.isEmpty else { return (dialect, [], 0) }
    let column = 7 + word.count
    guard after.starts(with: " under ".unicodeScalars), after.count > 7 else {
      throw failure(column, "expected ' under PATH' or the line's end after '\(dialect.rawValue)'")
    }
    do {
      return (
        dialect, try LabelPath.labels(of: String(String.UnicodeScalarView(after.dropFirst(7)))), 0
      )
    } catch {
      throw failure(column + 7, error.description)
    }
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
    var text = ""
    for decision in decisions {
      text += decision.isIncluded ? "+ " : "- "
      text += LabelPath.joined(prefix + decision.path)
      text += "\n"
    }
    guard let rules else { return text }
    let folder = prefix + rules.folder
    text += "rules " + rules.dialect.rawValue
    if !folder.isEmpty { text += " under " + LabelPath.joined(folder) }
    text += "\n"
    for line in rules.lines {
      text += line
      text += "\n"
    }
    return text
  }
}

extension SelectionSpec: CustomStringConvertible {
  /// The spec's ``text``.
  /// - Complexity: O(total path length).
  public var description: String { text }
}
