import ToggleKit

/// A `--preview` command line: a shell command with `{}` standing for the focused node's path.
///
/// ```swift
/// let preview = PreviewCommand("head -20 {}")
/// preview.shellText             // #"head -20 "${1}""#
/// // run: /bin/sh -c 'head -20 "${1}"' sh PATH
/// ```
///
/// The path never becomes shell text: it is the shell's first positional parameter, and each `{}`
/// becomes a reference to it that fits where the `{}` stands — `"${1}"` outside quotes, `'"${1}"'`
/// inside single quotes (the quotes are closed around it), `${1}` inside double quotes, with the
/// nesting of `$( … )` and backquotes followed. So no name — `$( )`, backquotes, `;`, quotes of
/// either kind, a newline — is ever read as shell syntax, however the template quotes `{}`
/// (`'{}'` and `"{}"` included, where fzf substitutes the name as text). A command without `{}`
/// runs as it is.
package struct PreviewCommand: Hashable, Sendable {
  /// The command as given, `{}` unreplaced.
  package var template: String
  /// The command the shell runs, each `{}` replaced by a reference to `$1`.
  package let shellText: String

  /// A preview command from its template.
  ///
  /// - Complexity: O(template length).
  package init(_ template: String) {
    self.template = template
    shellText = PreviewCommand.substituted(template)
  }

  /// The arguments of `/bin/sh` for a run on `path`: `-c`, the shell text, `sh` (`$0`), and the
  /// path's bytes as they are (a file name's own, ``ToggleKit/LabelBytes``).
  ///
  /// - Complexity: O(template length + path length).
  package func arguments(for path: String) -> [[UInt8]] {
    [Array("-c".utf8), Array(shellText.utf8), Array("sh".utf8), LabelBytes.bytes(of: path)]
  }

  /// The arguments of `/bin/sh` for a bound command (`execute`, `reload`, `become`): `{}` stands for
  /// `focused` and `{+}` for every path of `selected`, each a positional parameter (never shell
  /// text), quoted as ``substituted(_:)`` quotes `{}`.
  ///
  /// - Complexity: O(template length + paths' lengths).
  package static func arguments(
    _ template: String, focused: String?, selected: [String]
  ) -> [[UInt8]] {
    guard template.contains("{+}") else {
      return PreviewCommand(template).arguments(for: focused ?? "")
    }
    let marker = "\u{0}togglekit-selected\u{0}"
    var text = substituted(template.replacingOccurrences("{+}", with: marker))
    // `{+}` in its quoting: "$@" outside quotes and in double quotes, '"$@"' in single quotes.
    text = text.replacingOccurrences("'" + marker + "'", with: #"'"$@"'"#)
    text = text.replacingOccurrences(marker, with: #""$@""#)
    let script =
      "__togglekit_focused=\"$1\"; shift; "
      + text.replacingOccurrences(
        #"${1}"#, with: #"${__togglekit_focused}"#)
    return [Array("-c".utf8), Array(script.utf8), Array("sh".utf8)]
      + ([focused ?? ""] + selected).map(LabelBytes.bytes(of:))
  }

  /// Where the scanner of a template is: the kind of quoting or nesting open.
  private enum Context {
    /// Plain shell words (the top, or inside `$( … )`).
    case plain
    /// Inside `$( … )`: plain words, ended by `)`.
    case substitution
    /// Inside '…'.
    case single
    /// Inside "…".
    case double
    /// Inside `…`.
    case backquote
  }

  /// The template with each `{}` replaced by the reference to `$1` that its context needs.
  ///
  /// - Complexity: O(template length).
  static func substituted(_ template: String) -> String {
    let scalars = Array(template.unicodeScalars)
    var result = String.UnicodeScalarView()
    var stack: [Context] = [.plain]
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      let context = stack.last ?? .plain
      if scalar == "{" && next == "}" {
        let reference =
          switch context {
          case .plain, .substitution, .backquote: #""${1}""#
          case .single: #"'"${1}"'"#
          case .double: "${1}"
          }
        result.append(contentsOf: reference.unicodeScalars)
        index += 2
        continue
      }
      result.append(scalar)
      index += 1
      switch (context, scalar) {
      case (.single, "'"): stack.removeLast()
      case (.single, _): break
      case (_, "\\"):
        // The next character is taken as it is (a `\` in single quotes is not special).
        if let next {
          result.append(next)
          index += 1
        }
      case (.double, "\""), (.backquote, "`"): stack.removeLast()
      case (.substitution, ")"): stack.removeLast()
      case (_, "$") where next == "(":
        result.append("(")
        index += 1
        stack.append(.substitution)
      case (_, "`"): stack.append(.backquote)
      case (.double, _): break
      case (_, "'"): stack.append(.single)
      case (_, "\""): stack.append(.double)
      default: break
      }
    }
    return String(result)
  }

  /// The path `{}` stands for: with `--dir`, the file's path (the folder as given, then the
  /// labels below the root); otherwise the node's labels joined by `separator`, as the input line
  /// of a path list was written (`/usr/bin` for the node `bin` under the root `/`).
  ///
  /// ```swift
  /// PreviewCommand.path(of: "src/main.swift", in: tree, directory: "../src")   // "../src/main.swift"
  /// ```
  /// A byte of a file name that is not UTF-8 is a raw-byte scalar (``ToggleKit/LabelBytes``):
  /// ``arguments(for:)`` passes it as that byte.
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

extension String {
  /// Every occurrence of `target` replaced by `replacement`.
  fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
