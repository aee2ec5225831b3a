/// The text formats a tree can be loaded from and saved to.
///
/// ```swift
/// let format = TreeFormat.detect(fileName: "cats.json", bytes: Array(text.utf8))   // .json
/// let tree = try SelectionTree(parsing: text, format: format)
/// print(tree.exported(as: .indented))
/// ```
///
/// | format | looks like | ids |
/// |---|---|---|
/// | ``indented`` | `[x] Apple` nested by indentation, `{key=value}` attributes | label paths |
/// | ``json`` | `{"label": "Apple", "selected": true, "children": [...]}` | `id`, or label paths |
/// | ``paths`` | `[x] Fruit/Apple`, one per line | label paths |
public enum TreeFormat: String, Hashable, Sendable, CaseIterable {
  /// One node per line, nesting by indentation (spaces or tabs, not both).
  case indented
  /// Nested node objects: a single root or an array of roots.
  case json
  /// One path per line.
  case paths

  /// The format a file most likely uses, by its name's extension or else by its content.
  ///
  /// By extension: `.json`, `.tree`/`.outline`/`.indented`, `.paths`/`.lst`/`.list` (`.txt` says
  /// nothing: a list `find` wrote and an outline are both text). By content: JSON if it starts
  /// with `{`, `[{` or is an empty `[]`; indented if a line is indented, or if no line has an
  /// unescaped `/` and some line has a marker (`[x] Apple`); paths otherwise — so a plain list of
  /// names, one per line, is a path list, whose lines without a marker are read literally. Every
  /// export of every format is detected as its own format.
  ///
  /// ```swift
  /// TreeFormat.detect(fileName: nil, bytes: Array("a/b\na/c\n".utf8))   // .paths
  /// ```
  /// - Complexity: O(min(n, 65,536)).
  public static func detect(fileName: String?, bytes: [UInt8]) -> TreeFormat {
    if let named = TreeFormat(fileName: fileName) { return named }
    let head = bytes.prefix(65_536)
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    var index = head.startIndex
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
    while index < head.endIndex && isSpace(head[index]) { index += 1 }
    if index < head.endIndex {
      if head[index] == UInt8(ascii: "{") { return .json }
      if head[index] == UInt8(ascii: "[") {
        var next = index + 1
        while next < head.endIndex && isSpace(head[next]) { next += 1 }
        // `[{` starts an array of roots; `[]` with nothing after it is an empty one.
        // `[x] label`, `[ ] label` (even `[ ]` alone: an empty label), `[-] label` are markers.
        if next < head.endIndex && head[next] == UInt8(ascii: "{") { return .json }
        if index + 1 < head.endIndex && head[index + 1] == UInt8(ascii: "]")
          && head[(index + 2)...].allSatisfy(isSpace) && head.count == bytes.count
        {
          return .json
        }
      }
    }
    // Indented when a line is indented, or when the lines are flat (no unescaped `/`) and marked:
    // indented text escapes `/` in labels, so its export never reads as paths. A flat list with no
    // marker is names, one per line: a path list.
    var sawSlash = false
    var sawMarker = false
    var sawContent = false
    var lineStart = true
    var escaped = false
    for index in head.indices {
      let byte = head[index]
      if lineStart {
        if byte == 0x20 || byte == 0x09 { return .indented }
        if byte == UInt8(ascii: "["), !sawMarker {
          let end = head[index...].firstIndex(of: 0x0A) ?? head.endIndex
          sawMarker = _parseMarker(head, in: index..<end) != nil
        }
      }
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "/") {
        sawSlash = true
      }
      if !isSpace(byte) { sawContent = true }
      lineStart = byte == 0x0A
    }
    // Empty text is indented text (of no nodes), as every format's empty export reads.
    return sawSlash || (sawContent && !sawMarker) ? .paths : .indented
  }
}

extension TreeFormat {
  /// The format a file's name gives by its extension, if it gives one: `.json`;
  /// `.tree`, `.outline`, `.indented`; `.paths`, `.lst`, `.list` (`.txt` gives none).
  ///
  /// ```swift
  /// TreeFormat(fileName: "cats.json")   // .json
  /// TreeFormat(fileName: "files.txt")   // nil: the content decides
  /// ```
  /// - Complexity: O(name length).
  public init?(fileName: String?) {
    guard let fileName, let dot = fileName.lastIndex(of: ".") else { return nil }
    switch fileName[fileName.index(after: dot)...].lowercased() {
    case "json": self = .json
    case "tree", "outline", "indented": self = .indented
    case "paths", "lst", "list": self = .paths
    default: return nil
    }
  }
}

extension SelectionTree where ID == String {
  /// Parses a tree from the bytes of a file in one of the ``TreeFormat``s (detected when nil).
  ///
  /// ```swift
  /// let bytes = Array("[ ] Fruit\n  [x] Apple\n".utf8)
  /// let tree = try SelectionTree(parsing: bytes, file: "fruit.txt")
  /// tree.state(of: "Fruit")   // .on
  /// ```
  ///
  /// Node ids are label paths (`Fruit/Apple`, with `\` escapes), except for JSON nodes with an
  /// `id`. Invalid UTF-8, NUL bytes, mixed tab and space indentation, duplicate sibling labels and
  /// malformed JSON are errors naming the line and column; a UTF-8 byte-order mark and CRLF line
  /// ends are accepted. Parsing is iterative: any nesting depth works.
  /// - Throws: ``TreeFormatError`` with the line, the column and what was expected.
  /// - Complexity: O(n) in the size of the input.
  public init(
    parsing bytes: consuming [UInt8], format: TreeFormat? = nil, file: String? = nil,
    separator: Unicode.Scalar = "/", options: Options = Options(),
    uniqueSiblingLabels: Bool = false
  ) throws(TreeFormatError) {
    // The bytes are consumed: a caller that hands them over lets the text formats free them
    // before the tree is built.
    switch format ?? TreeFormat.detect(fileName: file, bytes: bytes) {
    case .indented: self = try _IndentedText.parse(consume bytes, file: file, options: options)
    case .json:
      self = try _JSONTree.parse(
        bytes, file: file, options: options, uniqueSiblingLabels: uniqueSiblingLabels)
    case .paths:
      self = try _PathList.parse(
        consume bytes, file: file, separator: separator, options: options)
    }
  }

  /// Parses a tree from text in one of the ``TreeFormat``s (detected when nil).
  /// - Throws: ``TreeFormatError`` with the line, the column and what was expected.
  /// - Complexity: O(n) in the size of the text.
  public init(
    parsing text: String, format: TreeFormat? = nil, file: String? = nil,
    separator: Unicode.Scalar = "/", options: Options = Options()
  ) throws(TreeFormatError) {
    try self.init(
      parsing: Array(text.utf8), format: format, file: file, separator: separator,
      options: options)
  }
}

extension SelectionTree {
  /// The tree as text in a ``TreeFormat``.
  ///
  /// It holds every node's state, its own lock (on leaves), disabling and attributes (indented and
  /// JSON), and parses back to an equal tree. JSON writes ids that are not strings as descriptions.
  ///
  /// ```swift
  /// print(tree.exported(as: .indented))
  /// // [-] Fruit
  /// //   [x] Apple
  /// //   [ ] Pear
  /// ```
  ///
  /// Parents are written with the state they show (`[-]` when mixed); on import, a parent's marker
  /// only selects the leaves below it that have no marker of their own.
  /// - Returns: The text, ending with a newline (empty for an empty tree, except JSON's `[]`).
  /// - Complexity: O(n log n).
  public func exported(as format: TreeFormat, separator: Unicode.Scalar = "/") -> String {
    var text = ""
    exported(as: format, separator: separator) { text += $0 }
    return text
  }

  /// The tree as text in a ``TreeFormat``, handed to `emit` in pieces as it is made (whole lines,
  /// at most about 64 KiB each), so that a writer can stream it without holding it all.
  /// - Complexity: O(n log n).
  public func exported(
    as format: TreeFormat, separator: Unicode.Scalar = "/", to emit: (String) -> Void
  ) {
    switch format {
    case .indented: _IndentedText.export(self, to: emit)
    case .json: _JSONTree.export(self, to: emit)
    case .paths: _PathList.export(self, separator: separator, to: emit)
    }
  }
}

extension SelectionTree {
  /// The tree as a path list (``TreeFormat/paths``) whose every path starts with `prefix`'s
  /// labels: a directory tree's folders above its root, so that each path names its file from
  /// the working directory.
  ///
  /// ```swift
  /// tree.exportedPathList(prefix: ["/", "abs"]) { print($0, terminator: "") }
  /// // [ ] /abs/home
  /// ```
  /// - Complexity: O(n log n).
  public func exportedPathList(
    separator: Unicode.Scalar = "/", prefix: [String], to emit: (String) -> Void
  ) {
    _PathList.export(self, separator: separator, prefix: prefix, to: emit)
  }
}
