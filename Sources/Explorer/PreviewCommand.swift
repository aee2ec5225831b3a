import ToggleKit

/// A `--preview` command line: a shell command with `{}` standing for the focused node's path.
///
/// ```swift
/// let preview = PreviewCommand("head -20 {}")
/// preview.command(for: "it's here.txt")   // "head -20 'it'\''s here.txt'"
/// ```
///
/// Every `{}` is replaced by the path quoted for `/bin/sh` (single quotes, `'` written `'\''`), so
/// no path — spaces, quotes, `$`, backticks, newlines — is ever read as shell syntax. A command
/// without `{}` runs as it is.
package struct PreviewCommand: Hashable, Sendable {
  /// The command as given, `{}` unreplaced.
  package var template: String

  /// A preview command from its template.
  ///
  /// - Complexity: O(1).
  package init(_ template: String) {
    self.template = template
  }

  /// The command to run for `path`: the template with each `{}` replaced by the quoted path.
  ///
  /// - Complexity: O(template length × occurrences + path length).
  package func command(for path: String) -> String {
    template.replacing("{}", with: PreviewCommand.shellQuoted(path))
  }

  /// `text` as one word for a POSIX shell: in single quotes, each `'` written `'\''`.
  ///
  /// ```swift
  /// PreviewCommand.shellQuoted("a b")   // "'a b'"
  /// ```
  /// - Complexity: O(text length).
  package static func shellQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: #"'\''"#) + "'"
  }

  /// The path `{}` stands for: with `--dir`, the file's path (the folder as given, then the
  /// labels below the root); otherwise the node's labels joined by `separator`, as the input line
  /// of a path list was written (`/usr/bin` for the node `bin` under the root `/`).
  ///
  /// ```swift
  /// PreviewCommand.path(of: "src/main.swift", in: tree, directory: "../src")   // "../src/main.swift"
  /// ```
  /// A file name that is not UTF-8 is a label with `\xHH` escapes: its path names no file.
  /// - Complexity: O(depth × log n).
  package static func path(
    of id: String, in tree: SelectionTree<String>, directory: String?,
    separator: Unicode.Scalar = "/"
  ) -> String {
    let labels = tree.labelPath(of: id)
    guard let directory else { return LabelPath.rawJoined(labels, separator: separator) }
    var folder = directory
    while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
    let below = labels.dropFirst()
    guard !below.isEmpty else { return folder }
    return (folder == "/" ? "" : folder) + "/" + below.joined(separator: "/")
  }
}
