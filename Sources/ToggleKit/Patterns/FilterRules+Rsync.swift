extension FilterRules {
  /// Reads an rsync filter file (what `--filter='merge FILE'` or `--exclude-from` with `+ `/`- `
  /// rules reads), byte for byte.
  ///
  /// A line is a rule: `+ PATTERN` or `include PATTERN` selects, `- PATTERN` or `exclude PATTERN`
  /// excludes (`show`/`S` and `hide`/`H`, the sender's own, likewise); `!` or `clear` empties the
  /// list. A single space or `_` follows the rule's name, and everything after it, trailing spaces
  /// included, is the pattern. Blank lines and lines starting with `#` or `;` are skipped; a CR
  /// ends a line as a LF does. `protect`/`P` and `risk`/`R` are skipped: they guard files from
  /// deletion and select nothing.
  ///
  /// ```swift
  /// let rules = try FilterRules(rsyncFilter: Array("- *.o\n+ /src/***\n- *\n".utf8), file: "rules")
  /// ```
  ///
  /// Paths are asked as rsync sends them, from the top of the transfer: `rsync -r src/proj dest/`
  /// sends `proj/…`, so `/proj/a` is anchored there.
  ///
  /// Rules that read other files (`merge`, `dir-merge`, `.`, `:`) and modifiers after a rule's
  /// name (`-/`, `+!`, `-C`, `-s`, …) are refused: the selection they make depends on more than
  /// this file.
  /// - Parameters:
  ///   - bytes: The file's bytes (names need not be UTF-8).
  ///   - file: The file's name for errors.
  /// - Throws: ``TreeFormatError`` with the line and column of the first line that is not a rule
  ///   this reader knows.
  /// - Complexity: O(bytes).
  public init<Bytes: Collection<UInt8>>(
    rsyncFilter bytes: Bytes, file: String? = nil
  ) throws(TreeFormatError) {
    var rules: [Filter] = []
    var lines: [String] = []
    var lineNumber = 0
    var start = bytes.startIndex
    func failure(_ column: Int, _ message: String) -> TreeFormatError {
      TreeFormatError(file: file, line: lineNumber, column: column, message: message)
    }
    while start != bytes.endIndex {
      lineNumber += 1
      let lineEnd = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.endIndex
      let line = Array(bytes[start..<lineEnd])
      lines.append(LabelBytes.label(decoding: line))
      start = lineEnd == bytes.endIndex ? lineEnd : bytes.index(after: lineEnd)
      if lineEnd != bytes.endIndex, bytes[lineEnd] == 0x0D, start != bytes.endIndex,
        bytes[start] == 0x0A
      {
        start = bytes.index(after: start)  // CR LF: one line's end
      }
      guard let first = line.first, first != 0x23, first != 0x3B else { continue }
      let name = line.prefix { $0 != 0x20 && $0 != 0x5F && $0 != 0x2C }
      let word = String(decoding: name, as: UTF8.self)
      let kind: Bool?  // true: include, false: exclude, nil: no selection
      switch word {
      case "+", "include", "S", "show": kind = true
      case "-", "exclude", "H", "hide": kind = false
      case "P", "protect", "R", "risk": kind = nil
      case "!", "clear":
        guard name.count == line.count else {
          throw failure(name.count + 1, "expected nothing after '\(word)', which clears the list")
        }
        rules.removeAll()
        continue
      case ".", ":", "merge", "dir-merge":
        throw failure(
          1,
          "'\(word)' reads rules from other files; give togglekit one file with the rules "
            + "merged in")
      default:
        if let sign = line.first, sign == 0x2B || sign == 0x2D, line.count > 1 {
          throw failure(
            2,
            "modifiers after '\(sign == 0x2B ? "+" : "-")' are not supported (the selection "
              + "they make depends on more than this file); expected one space, then the pattern")
        }
        throw failure(
          1,
          "expected a rule: '+ PATTERN', '- PATTERN', 'include PATTERN', 'exclude PATTERN', "
            + "'!', or a comment starting with '#' or ';'")
      }
      guard name.count < line.count, line[name.count] != 0x2C else {
        throw failure(
          name.count + 1,
          name.count < line.count
            ? "modifiers after '\(word)' are not supported (the selection they make depends on "
              + "more than this file); expected one space, then the pattern"
            : "expected a pattern after '\(word) '")
      }
      let patternBytes = Array(line[(name.count + 1)...])
      guard let kind else { continue }
      guard let pattern = RsyncPattern(patternBytes) else {
        throw failure(name.count + 2, "expected a pattern after '\(word) '")
      }
      rules.append(
        Filter(
          isIncluded: kind, pattern: LabelBytes.label(decoding: patternBytes), line: lineNumber,
          matcher: .rsync(pattern)))
    }
    self.init(dialect: .rsync, filters: rules, folder: [], lines: lines)
  }

  /// Reads an rsync filter file's text; see ``init(rsyncFilter:file:)-(Bytes,_)``.
  ///
  /// ```swift
  /// let rules = try FilterRules(rsyncFilter: "+ /src/***\n- *\n")
  /// ```
  /// - Throws: ``TreeFormatError`` for the first line that is not a rule this reader knows.
  /// - Complexity: O(text).
  public init(rsyncFilter text: String, file: String? = nil) throws(TreeFormatError) {
    try self.init(rsyncFilter: text.utf8, file: file)
  }
}
