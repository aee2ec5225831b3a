/// The one path syntax: how every text the package reads or writes spells a label and a path.
///
/// A path is labels joined by a separator (`/` unless told otherwise). In a label, `\\` is a
/// backslash, `\/` the separator, `\n`, `\r` and `\t` those characters, `\u{1B}` any control
/// character (C0, DEL, C1, NUL), and a whole component `\e` an empty label. Every output form of
/// the package writes paths this way, ids of path-built trees are such paths, and the reader takes
/// back every path any output prints:
///
/// ```swift
/// let path = LabelPath.joined(["Sizes", "1/2 inch", "\u{1B}]0;x\u{07}"])
/// // #"Sizes/1\/2 inch/\u{1B}]0;x\u{07}"#
/// try LabelPath.labels(of: path)   // ["Sizes", "1/2 inch", "\u{1B}]0;x\u{07}"]
/// ```
///
/// No escaped text holds a raw control character, so printed paths are safe on a terminal.
///
/// - Complexity: O(n) in the length of the text for every member.
public enum LabelPath {
  /// One label as a path component: backslash, separator and controls escaped; `\e` when empty.
  ///
  /// ```swift
  /// LabelPath.escaped("1/2 inch")   // #"1\/2 inch"#
  /// ```
  ///
  /// - Parameters:
  ///   - label: The label.
  ///   - separator: The separator to escape.
  /// - Returns: The component.
  /// - Complexity: O(label length).
  public static func escaped(_ label: String, separator: Unicode.Scalar = "/") -> String {
    _Escaping.escape(label, special: separator, emptyMarker: true)
  }

  /// Labels as one path: each escaped, joined by the separator.
  ///
  /// ```swift
  /// LabelPath.joined(["Fruit", ""])   // #"Fruit/\e"#
  /// ```
  ///
  /// - Parameters:
  ///   - labels: Labels from a root down.
  ///   - separator: The separator.
  /// - Returns: The path.
  /// - Complexity: O(total length).
  public static func joined(_ labels: [String], separator: Unicode.Scalar = "/") -> String {
    labels.map { escaped($0, separator: separator) }.joined(separator: String(separator))
  }

  /// The labels a path names: the inverse of ``joined(_:separator:)``.
  ///
  /// A backslash before any other character stands for that character; a malformed `\u{…}` is a
  /// plain `u`.
  ///
  /// ```swift
  /// try LabelPath.labels(of: #"Sizes/1\/2 inch"#)   // ["Sizes", "1/2 inch"]
  /// ```
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - separator: The separator.
  /// - Returns: The labels, at least one.
  /// - Throws: ``LabelPathError`` for an empty path or an empty component (`a//b`, `a/`).
  /// - Complexity: O(path length).
  public static func labels(
    of path: String, separator: Unicode.Scalar = "/"
  ) throws(LabelPathError) -> [String] {
    do {
      return try _pathLabels(path, separator: separator, entry: 0)
    } catch {
      throw LabelPathError(path: path)
    }
  }

  /// Text with every control character shown as an escape (`\n`, `\t`, `\u{1B}` …) and nothing
  /// else changed: for messages and terminals, where data must never act as a control sequence.
  ///
  /// ```swift
  /// LabelPath.displayable("a\u{1B}[2Jb")   // #"a\u{1B}[2Jb"#
  /// ```
  ///
  /// - Parameter text: Any text.
  /// - Returns: The text without raw control characters.
  /// - Complexity: O(text length).
  public static func displayable(_ text: String) -> String {
    _Escaping.displayable(text)
  }
}

/// A path with an empty component: `a//b`, `a/`, or nothing at all (write `\e` for an empty label).
///
/// ```swift
/// do { _ = try LabelPath.labels(of: "a//b") } catch { print(error) }
/// // empty label in path 'a//b' (write \e for a label that is empty)
/// ```
///
/// - Complexity: O(1) for every member but ``description``.
public struct LabelPathError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path as given.
  ///
  /// ```swift
  /// error.path   // "a//b"
  /// ```
  ///
  /// - Complexity: O(1).
  public var path: String

  /// Creates the error for a path.
  ///
  /// ```swift
  /// LabelPathError(path: "a//b")
  /// ```
  ///
  /// - Parameter path: The path as given.
  /// - Complexity: O(1).
  public init(path: String) {
    self.path = path
  }

  /// What is wrong, with the path's control characters escaped.
  ///
  /// ```swift
  /// print(error)
  /// ```
  ///
  /// - Complexity: O(path length).
  public var description: String {
    "empty label in path '\(_Escaping.displayable(path))' (write \\e for a label that is empty)"
  }
}
