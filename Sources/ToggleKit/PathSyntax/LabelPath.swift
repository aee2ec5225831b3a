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
/// A path that starts with the separator names a root labelled with the separator alone, as
/// `find /` prints: `/usr/bin` is `["/", "usr", "bin"]` and `/` is `["/"]`. The writer spells such
/// a root that way, so absolute paths read back as they were printed.
///
/// No escaped text holds a raw control character, so printed paths are safe on a terminal.
/// - Complexity: O(n) in the length of the text for every member.
public enum LabelPath {
  /// One label as a path component: backslash, separator and controls escaped; `\e` when empty.
  ///
  /// ```swift
  /// LabelPath.escaped("1/2 inch")   // #"1\/2 inch"#
  /// ```
  /// - Complexity: O(label length).
  public static func escaped(_ label: String, separator: Unicode.Scalar = "/") -> String {
    LabelEscaping.escape(label, special: separator, emptyMarker: true)
  }

  /// Labels as one path: each escaped, joined by the separator; a first label that is the
  /// separator alone is written bare, so that `["/", "usr"]` is `/usr`.
  ///
  /// ```swift
  /// LabelPath.joined(["Fruit", ""])          // #"Fruit/\e"#
  /// LabelPath.joined(["/", "usr", "bin"])    // "/usr/bin"
  /// ```
  /// - Complexity: O(total length).
  public static func joined(_ labels: [String], separator: Unicode.Scalar = "/") -> String {
    guard let first = labels.first else { return "" }
    // Components joined as raw labels are: only a bare root's component is the separator alone.
    return rawJoined(
      [LabelEscaping.rootComponent(first, separator: separator)]
        + labels.dropFirst().map { escaped($0, separator: separator) },
      separator: separator)
  }

  /// Labels as one path without escaping, for programs that take file paths (`-0`, a preview's
  /// `{}`): joined by the separator, a first label that is the separator alone written bare.
  ///
  /// ```swift
  /// LabelPath.rawJoined(["/", "usr", "1/2"])   // "/usr/1/2"
  /// ```
  /// - Complexity: O(total length).
  public static func rawJoined(_ labels: [String], separator: Unicode.Scalar = "/") -> String {
    guard let first = labels.first else { return "" }
    guard labels.count > 1 else { return first }
    let rest = labels.dropFirst().joined(separator: String(separator))
    return LabelEscaping.isBareRoot(first, separator: separator)
      ? first + rest : first + String(separator) + rest
  }

  /// The labels a path names: the inverse of ``joined(_:separator:)``.
  ///
  /// A backslash before any other character stands for that character; a malformed `\u{…}` is a
  /// plain `u`. A leading separator is a root labelled with the separator alone.
  ///
  /// ```swift
  /// try LabelPath.labels(of: #"Sizes/1\/2 inch"#)   // ["Sizes", "1/2 inch"]
  /// try LabelPath.labels(of: "/usr/bin")            // ["/", "usr", "bin"]
  /// ```
  /// - Throws: ``LabelPathError`` for an empty path or an empty component (`a//b`, `a/`, `//a`).
  /// - Complexity: O(path length).
  public static func labels(
    of path: String, separator: Unicode.Scalar = "/"
  ) throws(LabelPathError) -> [String] {
    guard path.unicodeScalars.first == separator else {
      return try unrootedLabels(of: path, separator: separator)
    }
    let rest = path.unicodeScalars.dropFirst()
    guard !rest.isEmpty else { return [String(separator)] }
    do {
      return try [String(separator)] + unrootedLabels(of: String(rest), separator: separator)
    } catch {
      throw LabelPathError(path: path)
    }
  }

  /// The labels of a path that does not start with the separator.
  private static func unrootedLabels(
    of path: String, separator: Unicode.Scalar
  ) throws(LabelPathError) -> [String] {
    // Fast path: an ASCII separator and no backslash, split on UTF-8 bytes.
    if separator.isASCII {
      let byte = UInt8(separator.value)
      let fast: [String]?? = path.utf8.withContiguousStorageIfAvailable { bytes -> [String]? in
        guard !bytes.contains(UInt8(ascii: "\\")) else { return nil }
        var labels: [String] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == byte {
          guard index > start else { return [] }
          labels.append(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
          start = index + 1
        }
        return labels
      }
      if let fast = fast ?? nil {
        guard !fast.isEmpty else { throw LabelPathError(path: path) }
        return fast
      }
    }
    let scalars = Array(path.unicodeScalars)
    var labels: [String] = []
    var index = 0
    while true {
      let (label, stop) = LabelEscaping.scan(scalars, from: index, stops: [separator])
      // An empty component is an error unless it is written `\e`.
      if stop == index { throw LabelPathError(path: path) }
      labels.append(label)
      if stop == scalars.count { break }
      index = stop + 1
    }
    return labels
  }

  /// The labels of a file's path as another program wrote it (`find`, `git ls-files -z`, a
  /// NUL-separated list): split at the separator and nothing else — no escape is read, and bytes
  /// that are not UTF-8 are kept (``LabelBytes``).
  ///
  /// A leading separator is the root labelled with the separator alone, as in
  /// ``labels(of:separator:)``; one trailing separator is dropped (`find src/` prints `src/`).
  ///
  /// ```swift
  /// try LabelPath.labels(ofName: Array(#"./imp\ortant"#.utf8))   // [".", #"imp\ortant"#]
  /// try LabelPath.labels(ofName: Array("/usr/".utf8))            // ["/", "usr"]
  /// ```
  /// - Throws: ``LabelPathError`` for an empty name or an empty component (`a//b`).
  /// - Complexity: O(name length).
  public static func labels<Bytes: Collection<UInt8>>(
    ofName bytes: Bytes, separator: Unicode.Scalar = "/"
  ) throws(LabelPathError) -> [String] {
    let text = LabelBytes.label(decoding: bytes)
    var scalars = Array(text.unicodeScalars)
    if scalars.count > 1 && scalars.last == separator { scalars.removeLast() }
    guard !scalars.isEmpty else { throw LabelPathError(path: text) }
    var labels: [String] = []
    var index = 0
    if scalars[0] == separator {
      labels.append(String(separator))
      index = 1
      if scalars.count == 1 { return labels }
    }
    var label = String.UnicodeScalarView()
    while index <= scalars.count {
      if index == scalars.count || scalars[index] == separator {
        guard !label.isEmpty else { throw LabelPathError(path: text) }
        labels.append(String(label))
        label = String.UnicodeScalarView()
      } else {
        label.append(scalars[index])
      }
      index += 1
    }
    return labels
  }

  /// Text with every control character shown as an escape (`\n`, `\t`, `\u{1B}` …), a raw byte of
  /// a file name as `\xHH`, and nothing else changed: for messages and terminals, where data must
  /// never act as a control sequence.
  ///
  /// ```swift
  /// LabelPath.displayable("a\u{1B}[2Jb")   // #"a\u{1B}[2Jb"#
  /// ```
  /// - Complexity: O(text length).
  public static func displayable(_ text: String) -> String {
    LabelEscaping.displayable(text)
  }
}

/// A path with an empty component: `a//b`, `a/`, `//a`, or nothing at all (write `\e` for an
/// empty label).
///
/// ```swift
/// do { _ = try LabelPath.labels(of: "a//b") } catch { print(error) }
/// // empty label in path 'a//b' (write \e for a label that is empty)
/// ```
public struct LabelPathError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path as given.
  public var path: String

  /// Creates the error for a path.
  public init(path: String) {
    self.path = path
  }

  /// What is wrong, with the path's control characters escaped.
  /// - Complexity: O(path length).
  public var description: String {
    "empty label in path '\(LabelEscaping.displayable(path))' (write \\e for a label that is empty)"
  }
}
