/// Why a selection spec could not be made or written.
///
/// ```swift
/// do { _ = try spec.rsyncFilter() } catch { print(error) }
/// // cannot write 'notes\nold' as an rsync filter rule: a name in it is empty, '.' or '..', or …
/// ```
public enum SelectionSpecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Siblings share a label but not their selection: a spec cannot tell them apart.
  case sharedLabelPath([String])
  /// A name a line format cannot hold: a control character, `/`, `.`, `..`, or no name at all.
  case unwritableName([String], format: String)
  /// A name that is not UTF-8 where a program reads it as UTF-8 (borg, restic's classes).
  case notUTF8([String], format: String)
  /// A relative folder where a format needs an absolute one (restic and borg match those).
  case relativeFolder([UInt8])
  /// A spec that keeps rules, which the format does not write: write a tree's selection instead.
  case keepsRules(FilterRules.Dialect, format: String)
  /// Rules relative to another folder than the output's anchor (`base`): they name other paths.
  case rulesElsewhere([String], base: [String], format: String)
  /// A kept rule (by its line) with a control character, which must not reach a terminal.
  case unwritableRule(line: Int, format: String)

  /// What is wrong, with the path's control characters escaped.
  /// - Complexity: O(path length).
  public var description: String {
    switch self {
    case .sharedLabelPath(let path):
      "siblings share the path '\(LabelPath.joined(path))' but not their selection: a spec names "
        + "nodes by their labels and cannot tell them apart"
    case .unwritableName(let path, let format):
      "cannot write '\(LabelPath.joined(path))' as \(format): a name in it is empty, '.' or "
        + "'..', or holds '/' or a control character (a line break, a tab, an escape …), which "
        + "the format cannot escape"
    case .notUTF8(let path, let format):
      "cannot write '\(LabelPath.joined(path))' as \(format): a name in it is not UTF-8, and the "
        + "program reads the text as UTF-8"
    case .relativeFolder(let folder):
      "the folder '\(LabelPath.displayable(LabelBytes.label(decoding: folder)))' is not an "
        + "absolute path: restic and borg match absolute paths"
    case .keepsRules(let dialect, let format):
      "cannot write a spec that keeps \(dialect.rawValue) rules as \(format): set a tree to it "
        + "and write the tree's selection, which decides today's files by their paths"
    case .unwritableRule(let line, let format):
      "cannot write the rule of line \(line) as \(format): it holds a control character (a tab, "
        + "an escape …), which the output may carry to a terminal"
    case .rulesElsewhere(let folder, let base, let format):
      "cannot write rules read for the paths below \(Self.place(folder)) as \(format) anchored "
        + "at \(Self.place(base)): their patterns are relative to their own folder; write them "
        + "anchored there, or write a tree's selection, which decides today's files by their paths"
    }
  }

  /// A folder as a message names it: quoted, or "the top".
  private static func place(_ folder: [String]) -> String {
    folder.isEmpty ? "the top" : "'\(LabelPath.joined(folder))'"
  }
}
