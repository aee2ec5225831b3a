/// A parse error in a tree file: where it is and what was expected.
///
/// ```swift
/// do { _ = try SelectionTree(parsing: text, format: .indented, file: "tree.txt") } catch {
///   print(error)   // tree.txt:12:5: indentation of 3 spaces does not match any open level (0, 2, 4)
/// }
/// ```
///
/// Lines and columns count from 1; columns count bytes of UTF-8.
///
/// - Complexity: O(1) for every member.
public struct TreeFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file's name as given to the parser, or nil for unnamed input.
  ///
  /// ```swift
  /// error.file   // "tree.txt"
  /// ```
  ///
  /// - Complexity: O(1).
  public var file: String?
  /// The line, from 1.
  ///
  /// ```swift
  /// error.line   // 12
  /// ```
  ///
  /// - Complexity: O(1).
  public var line: Int
  /// The column in bytes, from 1.
  ///
  /// ```swift
  /// error.column   // 5
  /// ```
  ///
  /// - Complexity: O(1).
  public var column: Int
  /// What is wrong and what was expected.
  ///
  /// ```swift
  /// error.message   // "indentation of 3 spaces does not match any open level (0, 2, 4)"
  /// ```
  ///
  /// - Complexity: O(1).
  public var message: String

  /// Creates an error.
  ///
  /// ```swift
  /// TreeFormatError(file: "a.json", line: 1, column: 2, message: "expected a string")
  /// ```
  ///
  /// - Parameters:
  ///   - file: The file's name, if any.
  ///   - line: The line, from 1.
  ///   - column: The column in bytes, from 1.
  ///   - message: What is wrong.
  /// - Complexity: O(1).
  public init(file: String?, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `FILE:LINE:COLUMN: message`, with `<input>` for unnamed input.
  ///
  /// ```swift
  /// "\(error)"   // "tree.txt:3:1: duplicate label \"Apple\" under \"Fruit\" (lines 2 and 3)"
  /// ```
  ///
  /// - Complexity: O(1).
  public var description: String {
    // Labels are data: no control character of a name or a message reaches a terminal.
    "\(_Escaping.displayable(file ?? "<input>")):\(line):\(column): \(_Escaping.displayable(message))"
  }
}

/// The lines of a text file as byte ranges, after checking the text is UTF-8 without NUL bytes.
struct _TextLines {
  let bytes: [UInt8]
  /// Start and end (exclusive, before any CR) of each line.
  var lines: [Range<Int>] = []

  /// Splits `bytes` into lines, skipping a UTF-8 byte-order mark and dropping the CR of CRLF.
  init(_ bytes: [UInt8], file: String?) throws(TreeFormatError) {
    self.bytes = bytes
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var lineNumber = 1
    var index = start
    while index <= bytes.count {
      if index == bytes.count || bytes[index] == 0x0A {
        var end = index
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        if let bad = _firstInvalidUTF8(bytes, start..<end) {
          let message =
            bytes[bad] == 0
            ? "NUL byte in text (is this a binary file?)"
            : "invalid UTF-8 byte 0x"
              + String(bytes[bad], radix: 16, uppercase: true)
          throw TreeFormatError(
            file: file, line: lineNumber, column: bad - start + 1, message: message)
        }
        if !(index == bytes.count && start == index) {  // no empty line after the last newline
          lines.append(start..<end)
        }
        lineNumber += 1
        start = index + 1
      }
      index += 1
    }
  }

  func text(_ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
  }
}

/// The index of the first byte in `range` that is NUL or not part of valid UTF-8.
func _firstInvalidUTF8(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
  var index = range.lowerBound
  let end = range.upperBound
  while index < end {
    let byte = bytes[index]
    if byte == 0 { return index }
    if byte < 0x80 {
      index += 1
      continue
    }
    let length: Int
    let minimum: UInt32
    var scalar: UInt32
    switch byte {
    case 0xC2...0xDF:
      length = 2
      minimum = 0x80
      scalar = UInt32(byte & 0x1F)
    case 0xE0...0xEF:
      length = 3
      minimum = 0x800
      scalar = UInt32(byte & 0x0F)
    case 0xF0...0xF4:
      length = 4
      minimum = 0x10000
      scalar = UInt32(byte & 0x07)
    default: return index
    }
    guard index + length <= end else { return index }
    for offset in 1..<length {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { return index }
      scalar = scalar << 6 | UInt32(next & 0x3F)
    }
    if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
      return index
    }
    index += length
  }
  return nil
}
