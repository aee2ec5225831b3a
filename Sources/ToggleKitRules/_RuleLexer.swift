import ToggleKit

/// One token of a rules text line.
struct _RuleToken: Equatable {
  enum Kind: Equatable {
    /// A name, possibly dotted: `depth`, `attributes.kind`, `attributes."first name"`.
    case name(String, member: String?)
    case string(String)
    case integer(Int)
    /// An operator or punctuation: `==`, `<=`, `=>`, `&&`, `(`, `@`, …
    case symbol(String)
  }

  let kind: Kind
  /// Column in bytes, from 1.
  let column: Int
  /// The token as written, for messages.
  let text: String
}

/// Splits one line of rules text into tokens, stopping at `#`.
struct _RuleLexer {
  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_": true
    default: false
    }
  }

  static let symbols = ["==", "!=", "<=", ">=", "=>", "&&", "||", "<", ">", "!", "(", ")", "@"]

  let bytes: ArraySlice<UInt8>
  let line: Int
  let file: String?

  func error(_ column: Int, _ message: String) -> RuleError {
    RuleError.syntax(file: file, line: line, column: column, message: message)
  }

  /// The byte ranges of the lines of a rules text (a BOM skipped, `\r\n` or `\n` ending a line),
  /// checking that each line is UTF-8 without NUL bytes.
  static func lines(of bytes: [UInt8], file: String?) throws(RuleError) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count {
      let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      var end = newline
      if end > start && bytes[end - 1] == 0x0D { end -= 1 }
      var iterator = bytes[start..<end].makeIterator()
      var parser = Unicode.UTF8.ForwardParser()
      var index = start
      while true {
        var bad: Int?
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar):
          if scalar.count == 1 && scalar.first == 0 { bad = index }
          index += scalar.count
        case .error: bad = index
        case .emptyInput: break
        }
        if let bad {
          let message =
            bytes[bad] == 0
            ? "NUL byte in text (is this a binary file?)"
            : "invalid UTF-8 byte 0x" + String(bytes[bad], radix: 16, uppercase: true)
          throw .syntax(
            file: file, line: lines.count + 1, column: bad - start + 1, message: message)
        }
        if index >= end { break }
      }
      lines.append(start..<end)
      start = newline + 1
    }
    return lines
  }

  func tokens() throws(RuleError) -> [_RuleToken] {
    var result: [_RuleToken] = []
    let start = bytes.startIndex
    var index = start
    func column(_ at: Int) -> Int { at - start + 1 }
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "#") { break }
      let begin = index
      if Self.isNameByte(byte) && !(0x30...0x39).contains(byte) {
        while index < bytes.endIndex && Self.isNameByte(bytes[index]) { index += 1 }
        let name = text(begin..<index)
        var member: String?
        if index < bytes.endIndex && bytes[index] == UInt8(ascii: ".") {
          index += 1
          if index < bytes.endIndex && bytes[index] == UInt8(ascii: "\"") {
            let (value, end) = try string(at: index)
            member = value
            index = end
          } else {
            let memberStart = index
            while index < bytes.endIndex
              && (Self.isNameByte(bytes[index]) || bytes[index] == UInt8(ascii: "-"))
            {
              index += 1
            }
            guard index > memberStart else {
              throw error(column(index), "expected a name after '\(name).'")
            }
            member = text(memberStart..<index)
          }
        }
        result.append(
          .init(kind: .name(name, member: member), column: column(begin), text: text(begin..<index))
        )
        continue
      }
      if (0x30...0x39).contains(byte)
        || (byte == UInt8(ascii: "-") && index + 1 < bytes.endIndex
          && (0x30...0x39).contains(bytes[index + 1]))
      {
        index += 1
        while index < bytes.endIndex && (0x30...0x39).contains(bytes[index]) { index += 1 }
        if index < bytes.endIndex && Self.isNameByte(bytes[index]) {
          throw error(column(begin), "'\(text(begin..<index + 1))' is not a number")
        }
        guard let value = Int(text(begin..<index)) else {
          throw error(column(begin), "integer \(text(begin..<index)) is out of range")
        }
        result.append(
          .init(kind: .integer(value), column: column(begin), text: text(begin..<index)))
        continue
      }
      if byte == UInt8(ascii: "\"") {
        let (value, end) = try string(at: index)
        index = end
        result.append(.init(kind: .string(value), column: column(begin), text: text(begin..<index)))
        continue
      }
      if let symbol = Self.symbols.first(where: { symbol in
        bytes[index...].starts(with: symbol.utf8)
      }) {
        index += symbol.utf8.count
        result.append(.init(kind: .symbol(symbol), column: column(begin), text: symbol))
        continue
      }
      var end = index + 1
      while end < bytes.endIndex && bytes[end] & 0xC0 == 0x80 { end += 1 }
      let character = text(index..<end)
      let hint = byte == UInt8(ascii: "=") ? " (did you mean '==' or '<='?)" : ""
      throw error(column(begin), "unexpected character '\(character)'\(hint)")
    }
    return result
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isNameScalar(Unicode.Scalar(byte))
  }

  /// Reads a quoted string starting at the quote; returns its value and the index after it.
  private func string(at quote: Int) throws(RuleError) -> (String, Int) {
    let start = bytes.startIndex
    var value: [UInt8] = []
    var index = quote + 1
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { return (String(decoding: value, as: UTF8.self), index + 1) }
      if byte != UInt8(ascii: "\\") {
        value.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.endIndex else { break }
      let escape = bytes[index + 1]
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): value.append(escape)
      case UInt8(ascii: "n"): value.append(0x0A)
      case UInt8(ascii: "t"): value.append(0x09)
      case UInt8(ascii: "r"): value.append(0x0D)
      case UInt8(ascii: "u"):
        let open = index + 2
        guard open < bytes.endIndex, bytes[open] == UInt8(ascii: "{"),
          let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")),
          let code = UInt32(String(decoding: bytes[(open + 1)..<close], as: UTF8.self), radix: 16),
          close - open <= 9, let scalar = Unicode.Scalar(code)
        else {
          throw error(index - start + 1, "expected \\u{HEX} with a Unicode scalar value")
        }
        value.append(contentsOf: Array(String(Character(scalar)).utf8))
        index = close + 1
        continue
      default:
        throw error(
          index - start + 1,
          "unknown escape '\\\(String(decoding: [escape], as: UTF8.self))' (use \\\", \\\\, \\n, \\t, \\r or \\u{…})"
        )
      }
      index += 2
    }
    throw error(quote - start + 1, "unterminated string")
  }
}
