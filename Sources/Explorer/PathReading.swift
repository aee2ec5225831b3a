import ToggleKit

/// How the PATHs an invocation is given find their nodes: as the other forms print them, and as a
/// shell writes them.
///
/// A PATH on the command line (`--select`, `--on`, `--explain`) or in a `--select-from` list names
/// its node as `--print` wrote it — from the working directory (`ada/docs`, `/home/x/ada/docs`),
/// or from the `--dir` folder's own name — and as a shell writes it: a trailing `/` (a shell's
/// completion adds one to a folder), and `./` and `../` segments read against the `--dir`
/// argument (`--dir . --on docs`, `--dir ada --on ./ada/docs/`). A real empty label still needs
/// `\e`: `a//b` is refused.
///
/// ```swift
/// let reading = PathReading(invocation)            // --dir ada, from /home/x
/// reading.candidates(["/", "home", "x", "ada", "docs"])   // …, ["ada", "docs"]
/// ```
package struct PathReading: Sendable {
  /// The `--dir` folder as absolute, cleaned labels (`..` and `.` followed by their text), nil
  /// without `--dir`.
  package let folder: [String]?
  /// The label of a `--dir` tree's root: the folder's name as given (`ada`, `.`, `/`).
  package let rootLabel: String?
  /// The working directory as absolute labels.
  package let workingDirectory: [String]

  /// The reading of `invocation`'s PATHs, from `workingDirectory` (this process's when nil).
  /// - Complexity: O(path lengths).
  package init(_ invocation: Invocation, workingDirectory: [UInt8]? = nil) {
    let cwd = Self.labels(ofAbsolute: workingDirectory ?? AbsolutePath.workingDirectory())
    self.workingDirectory = cwd
    guard let directory = invocation.directory else {
      folder = nil
      rootLabel = nil
      return
    }
    var trimmed = directory
    while trimmed.unicodeScalars.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    rootLabel = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    folder = Self.labels(
      ofAbsolute: AbsolutePath.of(
        LabelBytes.bytes(of: directory), in: workingDirectory ?? AbsolutePath.workingDirectory()))
  }

  /// The labels of a PATH as the command line gives it: the one path syntax, with the trailing
  /// `/`s a shell writes after a folder dropped (an escaped `\/` stays: it is part of a label).
  ///
  /// ```swift
  /// try PathReading.labels(ofPATH: "ada/docs/")   // ["ada", "docs"]
  /// ```
  /// - Throws: ``ToggleKit/LabelPathError`` for an empty label (`a//b`).
  /// - Complexity: O(path length).
  package static func labels(ofPATH text: String) throws(LabelPathError) -> [String] {
    var scalars = Substring(text).unicodeScalars
    while scalars.count > 1, scalars.last == "/" {
      let backslashes = scalars.dropLast().reversed().prefix { $0 == "\\" }.count
      guard backslashes % 2 == 0 else { break }
      scalars.removeLast()
    }
    return try LabelPath.labels(of: String(String.UnicodeScalarView(scalars)))
  }

  /// The label paths `labels` may mean, in the order they are tried: as it is, then as a shell
  /// means it — made absolute from the working directory and cleaned of `.` and `..`, below the
  /// `--dir` folder (its root and the rest), or, without `--dir`, cleaned by its text alone.
  /// - Complexity: O(path length + working directory length).
  package func candidates(_ labels: [String]) -> [[String]] {
    // As it is: a tree read from a file, or the folder's own name first (`home/docs` with
    // `--dir /abs/home`); then as printed from the working directory, which a path that starts
    // with the `--dir` folder's parents is too.
    var result = [labels]
    if let folder, let rootLabel {
      let absolute = Self.cleaned(
        labels.first == "/" ? Array(labels.dropFirst()) : workingDirectory + labels)
      if let absolute, absolute.count >= folder.count, Self.starts(absolute, with: folder) {
        result.append([rootLabel] + absolute.dropFirst(folder.count))
      }
    } else if let cleaned = Self.cleaned(labels), !cleaned.isEmpty, cleaned != labels {
      result.append(cleaned)
    }
    return result
  }

  /// The node at the first of ``candidates(_:)`` that names one, or nil.
  /// - Complexity: O(depth) hashed steps per candidate.
  package func node(
    at labels: [String], in index: inout SelectionTree<String>.LabelIndex
  ) -> String? {
    for candidate in candidates(labels) {
      if let id = index.node(atLabelPath: candidate) { return id }
    }
    return nil
  }

  /// Labels with `.` dropped and each `..` taking back the label before it; nil when a `..` has
  /// none to take back.
  /// - Complexity: O(labels).
  package static func cleaned(_ labels: [String]) -> [String]? {
    var result: [String] = []
    for label in labels {
      switch label {
      case ".": continue
      case "..": guard result.popLast() != nil else { return nil }
      default: result.append(label)
      }
    }
    return result
  }

  /// Whether `labels` starts with `prefix`, comparing the labels' bytes.
  static func starts(_ labels: [String], with prefix: [String]) -> Bool {
    labels.count >= prefix.count
      && zip(prefix, labels).allSatisfy { $0.0.utf8.elementsEqual($0.1.utf8) }
  }

  /// An absolute path's bytes as labels below `/` (none for `/` itself).
  private static func labels(ofAbsolute path: [UInt8]) -> [String] {
    path.split(separator: UInt8(ascii: "/")).map { LabelBytes.label(decoding: $0) }
  }
}
