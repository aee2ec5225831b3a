extension SelectionSpec {
  /// Reads a spec's text: one decision a line, `+ PATH` to include a node's subtree and `- PATH` to
  /// exclude it, each PATH in the one path syntax; blank lines and lines starting with `#` are
  /// skipped, and a line may end in CR LF.
  ///
  /// ```swift
  /// let spec = try SelectionSpec(text: """
  ///   # what the backup keeps
  ///   + home/ada
  ///   - home/ada/.cache
  ///   """)
  /// ```
  /// - Parameters:
  ///   - text: The spec's lines.
  ///   - file: The file's name for errors.
  /// - Throws: ``TreeFormatError`` with the line and column of the first line that is not a decision.
  /// - Complexity: O(text length + d log d).
  public init(text: String, file: String? = nil) throws(TreeFormatError) {
    var decisions: [Decision] = []
    var lineNumber = 0
    for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      var line = rawLine
      if line.last == "\r" { line = line.dropLast() }
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { continue }
      func failure(_ column: Int, _ message: String) -> TreeFormatError {
        TreeFormatError(file: file, line: lineNumber, column: column, message: message)
      }
      guard let sign = line.first, sign == "+" || sign == "-" else {
        throw failure(
          1, "expected a decision, '+ PATH' or '- PATH', or a comment starting with '#'")
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
    self.init(decisions)
  }

  /// The spec as text: one `+ PATH` or `- PATH` line a decision, in path order, each ending in a
  /// newline; ``init(text:file:)`` reads it back to the same spec.
  ///
  /// No raw control character is written: the path syntax escapes them.
  /// - Complexity: O(total path length).
  public var text: String {
    var text = ""
    for decision in decisions {
      text += decision.line
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
