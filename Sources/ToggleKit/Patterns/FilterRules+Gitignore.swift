extension FilterRules {
  /// Reads a `.gitignore` (or `.git/info/exclude`) for the paths below a folder, byte for byte: a
  /// path the patterns ignore is not selected, one they re-include with `!` is.
  ///
  /// The last pattern that matches a path decides, and a file inside an ignored folder is ignored
  /// whatever the patterns say about it, as git decides. Blank lines and `#` comments are skipped,
  /// and a line may end in CR LF; see ``IgnorePattern`` for the patterns.
  ///
  /// ```swift
  /// let rules = FilterRules(gitignore: Array("build/\n!keep.log\n".utf8), under: ["proj"])
  /// ```
  /// - Parameters:
  ///   - bytes: The file's bytes (names need not be UTF-8).
  ///   - folder: The labels of the folder that holds the file (the repository's top for
  ///     `.git/info/exclude`); its patterns are relative to it.
  /// - Complexity: O(bytes).
  public init<Bytes: Collection<UInt8>>(gitignore bytes: Bytes, under folder: [String] = []) {
    var rules: [Filter] = []
    var lines: [String] = []
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      .enumerated()
    {
      var written = Array(line)
      if written.last == 0x0D { written.removeLast() }
      lines.append(LabelBytes.label(decoding: written))
      // Without the CR: a CR LF file's rules are the LF file's.
      guard let pattern = IgnorePattern(lineBytes: written) else { continue }
      if pattern.isNegated { written.removeFirst() }
      rules.append(
        Filter(
          isIncluded: pattern.isNegated, pattern: LabelBytes.label(decoding: written),
          line: index + 1, matcher: .git(pattern)))
    }
    self.init(dialect: .gitignore, filters: rules, folder: folder, lines: lines)
  }

  /// Reads a `.gitignore`'s text; see ``init(gitignore:under:)-(Bytes,_)``.
  ///
  /// ```swift
  /// let rules = FilterRules(gitignore: "build/\n*.log\n!keep.log\n", under: ["proj"])
  /// rules.isSelected(["proj", "build", "keep.log"], isFolder: false)   // false: build is ignored
  /// rules.isSelected(["proj", "keep.log"], isFolder: false)            // true: re-included
  /// ```
  /// - Complexity: O(text).
  public init(gitignore text: String, under folder: [String] = []) {
    self.init(gitignore: text.utf8, under: folder)
  }
}
