/// The patterns of one `.gitignore` file (or of `--exclude`), for the paths below its folder.
///
/// The last pattern that matches a path decides: ignored, or re-included by `!`. Files deeper in
/// the tree are asked first (see ``IgnoreList/decision(for:isDirectory:in:)``), as git does.
///
/// ```swift
/// let list = IgnoreList(text: "*.log\n!keep.log\n", folder: "app")
/// list.decision(for: "app/x.log", isDirectory: false)      // true: ignored
/// list.decision(for: "app/keep.log", isDirectory: false)   // false: re-included
/// list.decision(for: "app/x.txt", isDirectory: false)      // nil: no pattern matched
/// ```
///
/// - Complexity: Parsing O(text); a decision O(patterns × match).
public struct IgnoreList: Hashable, Sendable {
  /// The patterns, in file order.
  public let patterns: [IgnorePattern]
  /// The folder the patterns are relative to, names joined by `/` ("" for the top).
  public let folder: String
  let folderBytes: [UInt8]

  /// Parses a `.gitignore` text for the paths below `folder` (LF or CR LF lines).
  ///
  /// - Complexity: O(text).
  public init(text: String, folder: String = "") {
    self.init(patterns: IgnorePattern.patterns(inFile: text.utf8), folder: folder)
  }

  /// A list of parsed patterns for the paths below `folder`.
  ///
  /// ```swift
  /// IgnoreList(patterns: [IgnorePattern(line: "*.o")!], folder: "src")
  /// ```
  public init(patterns: [IgnorePattern], folder: String = "") {
    self.init(patterns: patterns, folderBytes: Array(folder.utf8))
  }

  /// A list for the folder whose path is these bytes (names need not be UTF-8).
  init(patterns: [IgnorePattern], folderBytes: [UInt8]) {
    self.patterns = patterns
    self.folderBytes = folderBytes
    folder = String(decoding: folderBytes, as: UTF8.self)
  }

  /// True when the last pattern matching `path` ignores it, false when it re-includes it, nil
  /// when none matches or `path` is not below ``folder``.
  ///
  /// - Complexity: O(patterns × match).
  public func decision(for path: String, isDirectory: Bool) -> Bool? {
    decision(for: Array(path.utf8)[...], isDirectory: isDirectory)
  }

  /// ``decision(for:isDirectory:)`` on the path's bytes.
  func decision(for path: ArraySlice<UInt8>, isDirectory: Bool) -> Bool? {
    var relative = path
    if !folderBytes.isEmpty {
      guard path.count > folderBytes.count, path.starts(with: folderBytes),
        path[path.startIndex + folderBytes.count] == 0x2F
      else { return nil }
      relative = path.dropFirst(folderBytes.count + 1)
    }
    for pattern in patterns.reversed() where pattern.matches(relative, isDirectory: isDirectory) {
      return !pattern.isNegated
    }
    return nil
  }

  /// Whether lists, most important first, ignore `path`: the first that decides, decides.
  ///
  /// ```swift
  /// IgnoreList.decision(for: "a/b.log", isDirectory: false, in: [inner, outer])
  /// ```
  ///
  /// - Complexity: O(Σ patterns × match).
  public static func decision<Lists: Sequence<IgnoreList>>(
    for path: String, isDirectory: Bool, in lists: Lists
  ) -> Bool {
    let bytes = Array(path.utf8)[...]
    for list in lists {
      if let decided = list.decision(for: bytes, isDirectory: isDirectory) { return decided }
    }
    return false
  }
}
