/// A parse error in a tree file: where it is and what was expected.
///
/// ```swift
/// do { _ = try SelectionTree(parsing: text, format: .indented, file: "tree.txt") } catch {
///   print(error)   // tree.txt:12:5: indentation of 3 spaces does not match any open level (0, 2, 4)
/// }
/// ```
///
/// Lines and columns count from 1; columns count bytes of UTF-8.
public struct TreeFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file's name as given to the parser, or nil for unnamed input.
  public var file: String?
  /// The line, from 1.
  public var line: Int
  /// The column in bytes, from 1.
  public var column: Int
  /// What is wrong and what was expected.
  public var message: String

  /// Creates an error.
  public init(file: String?, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `FILE:LINE:COLUMN: message`, with `<input>` for unnamed input.
  public var description: String {
    // Labels are data: no control character of a name or a message reaches a terminal.
    "\(LabelEscaping.displayable(file ?? "<input>")):\(line):\(column): \(LabelEscaping.displayable(message))"
  }
}
