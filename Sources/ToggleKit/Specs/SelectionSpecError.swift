/// Why a selection spec could not be made or written.
///
/// ```swift
/// do { _ = try spec.rsyncFilter() } catch { print(error) }
/// // cannot write 'notes\nold' as an rsync filter rule: a name in it is empty or holds '/' or …
/// ```
public enum SelectionSpecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Siblings share a label but not their selection: a spec cannot tell them apart.
  case sharedLabelPath([String])
  /// A name a line-based format cannot hold: a control character, a `/`, or no name at all.
  case unwritableName([String], format: String)

  /// What is wrong, with the path's control characters escaped.
  /// - Complexity: O(path length).
  public var description: String {
    switch self {
    case .sharedLabelPath(let path):
      "siblings share the path '\(LabelPath.joined(path))' but not their selection: a spec names "
        + "nodes by their labels and cannot tell them apart"
    case .unwritableName(let path, let format):
      "cannot write '\(LabelPath.joined(path))' as \(format): a name in it is empty or holds "
        + "'/' or a control character (a line break, a tab, an escape …), which the format "
        + "cannot escape"
    }
  }
}
