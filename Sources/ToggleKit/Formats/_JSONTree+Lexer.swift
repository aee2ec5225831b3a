/// The JSON format's tokens and its tokenizer.
extension _JSONTree {
  enum Token: Equatable {
    case beginObject, endObject, beginArray, endArray, colon, comma
    case string(String)
    /// A key spelled exactly, with no escapes, where one may come (no `String` is made for it).
    case key(Key)
    case bool(Bool)
    case null
    case number
    case end
  }

  /// A node object's keys.
  enum Key: String {
    case id, label, selected, locked, disabled, attributes, children

    /// The key these bytes spell exactly, if any: told apart by length and first letter, then
    /// checked byte by byte against a `StaticString` (comparing with `rawValue.utf8` goes through
    /// the `UTF8View` iterator and was slower than making the key a `String`).
    init?(spelledBy bytes: UnsafeBufferPointer<UInt8>) {
      let key: Key
      let spelling: StaticString
      switch (bytes.count, bytes.first) {
      case (2, UInt8(ascii: "i")): (key, spelling) = (.id, "id")
      case (5, UInt8(ascii: "l")): (key, spelling) = (.label, "label")
      case (6, UInt8(ascii: "l")): (key, spelling) = (.locked, "locked")
      case (8, UInt8(ascii: "s")): (key, spelling) = (.selected, "selected")
      case (8, UInt8(ascii: "d")): (key, spelling) = (.disabled, "disabled")
      case (8, UInt8(ascii: "c")): (key, spelling) = (.children, "children")
      case (10, UInt8(ascii: "a")): (key, spelling) = (.attributes, "attributes")
      default: return nil
      }
      for offset in 1..<bytes.count where bytes[offset] != spelling.utf8Start[offset] {
        return nil
      }
      self = key
    }
  }

  /// A JSON tokenizer over UTF-8 bytes that knows the line and column of each token; the bytes
  /// must outlive it.
  struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String?
    var index = 0
    var line = 1
    var lineStart = 0
    /// Where the last token began.
    var tokenLine = 1
    var tokenColumn = 1

    init(bytes: UnsafeBufferPointer<UInt8>, file: String?) {
      self.bytes = bytes
      self.file = file
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        index = 3
        lineStart = 3
      }
    }

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> TreeFormatError {
      TreeFormatError(
        file: file, line: line ?? tokenLine, column: column ?? tokenColumn, message: message)
    }

    var here: (line: Int, column: Int) { (line, index - lineStart + 1) }

    /// The next token; where a key may come (`keys`), a string that spells a ``Key`` exactly is
    /// `.key`: the bytes are matched, and no `String` is made or compared.
    mutating func next(keys: Bool = false) throws(TreeFormatError) -> Token {
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x0A {
          index += 1
          line += 1
          lineStart = index
        } else if byte == 0x20 || byte == 0x09 || byte == 0x0D {
          index += 1
        } else {
          break
        }
      }
      tokenLine = line
      tokenColumn = index - lineStart + 1
      guard index < bytes.count else { return .end }
      let byte = bytes[index]
      if let punctuation = Self.punctuation(byte) {
        index += 1
        return punctuation
      }
      switch byte {
      case UInt8(ascii: "\""):
        if keys, let key = keyAhead() { return .key(key) }
        return .string(try string())
      case UInt8(ascii: "t"):
        try literal("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try literal("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try literal("null")
        return .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        while index < bytes.count,
          "+-.eE0123456789".utf8.contains(bytes[index])
        {
          index += 1
        }
        return .number
      case 0:
        throw error("NUL byte in text (is this a binary file?)")
      default:
        if firstInvalidUTF8(bytes, index..<min(bytes.count, index + 4)) == index {
          throw error("invalid UTF-8 byte 0x" + String(byte, radix: 16, uppercase: true))
        }
        throw error("unexpected character; expected a JSON value")
      }
    }

    /// The token of a one-byte punctuation mark, or nil.
    static func punctuation(_ byte: UInt8) -> Token? {
      switch byte {
      case UInt8(ascii: "{"): .beginObject
      case UInt8(ascii: "}"): .endObject
      case UInt8(ascii: "["): .beginArray
      case UInt8(ascii: "]"): .endArray
      case UInt8(ascii: ":"): .colon
      case UInt8(ascii: ","): .comma
      default: nil
      }
    }

    /// The key the string at `index` spells with no escapes, if any: then read past it.
    mutating func keyAhead() -> Key? {
      let start = index + 1
      var end = start
      // No key is longer than "attributes".
      while end < bytes.count && end - start <= 10 {
        let byte = bytes[end]
        if byte == UInt8(ascii: "\"") {
          guard let key = Key(spelledBy: UnsafeBufferPointer(rebasing: bytes[start..<end])) else {
            return nil
          }
          index = end + 1
          return key
        }
        if byte == UInt8(ascii: "\\") { return nil }
        end += 1
      }
      return nil
    }

    mutating func literal(_ word: StaticString) throws(TreeFormatError) {
      let count = word.utf8CodeUnitCount
      guard index + count <= bytes.count else {
        throw error("unexpected character; expected a JSON value")
      }
      for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
        throw error("unexpected character; expected a JSON value")
      }
      index += count
    }

    mutating func string() throws(TreeFormatError) -> String {
      index += 1  // opening quote
      let start = index
      // The common case: printable ASCII without escapes, taken as it is.
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
        index += 1
      }
      var result = Array(bytes[start..<index])
      while true {
        guard index < bytes.count else {
          throw error("unterminated string", line: line, column: index - lineStart + 1)
        }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          return String(decoding: result, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard index + 1 < bytes.count else {
            throw error("unterminated string", line: line, column: index - lineStart + 1)
          }
          let escape = bytes[index + 1]
          index += 2
          switch escape {
          case UInt8(ascii: "\""): result.append(0x22)
          case UInt8(ascii: "\\"): result.append(0x5C)
          case UInt8(ascii: "/"): result.append(0x2F)
          case UInt8(ascii: "b"): result.append(0x08)
          case UInt8(ascii: "f"): result.append(0x0C)
          case UInt8(ascii: "n"): result.append(0x0A)
          case UInt8(ascii: "r"): result.append(0x0D)
          case UInt8(ascii: "t"): result.append(0x09)
          case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
              guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
              else {
                throw error(
                  "unpaired surrogate in \\u escape", line: line, column: index - lineStart + 1)
              }
              index += 2
              let low = try hex4()
              guard (0xDC00...0xDFFF).contains(low) else {
                throw error(
                  "unpaired surrogate in \\u escape", line: line, column: index - lineStart + 1)
              }
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
              throw error(
                "unpaired surrogate in \\u escape", line: line, column: index - lineStart + 1)
            }
            result.append(contentsOf: String(Unicode.Scalar(scalar)!).utf8)
          default:
            throw error(
              "unknown escape '\\\(Unicode.Scalar(escape))' in string", line: line,
              column: index - lineStart - 1)
          }
        case 0..<0x20:
          throw error(
            byte == 0 ? "NUL byte in string" : "control character in string (escape it)",
            line: line, column: index - lineStart + 1)
        default:
          if byte >= 0x80 {
            if let bad = firstInvalidUTF8(bytes, index..<min(bytes.count, index + 4)), bad == index
            {
              throw error(
                "invalid UTF-8 byte 0x" + String(byte, radix: 16, uppercase: true), line: line,
                column: index - lineStart + 1)
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            result.append(contentsOf: bytes[index..<index + length])
            index += length
          } else {
            result.append(byte)
            index += 1
          }
        }
      }
    }

    mutating func hex4() throws(TreeFormatError) -> UInt32 {
      guard index + 4 <= bytes.count else {
        throw error("expected four hex digits after \\u", line: line, column: index - lineStart + 1)
      }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt32
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
        default:
          throw error(
            "expected four hex digits after \\u", line: line, column: index - lineStart + 1)
        }
        value = value << 4 | digit
        index += 1
      }
      return value
    }
  }

  static func describe(_ token: Token) -> String {
    switch token {
    case .beginObject: "'{'"
    case .endObject: "'}'"
    case .beginArray: "'['"
    case .endArray: "']'"
    case .colon: "':'"
    case .comma: "','"
    case .string, .key: "a string"
    case .bool: "a boolean"
    case .null: "null"
    case .number: "a number"
    case .end: "the end of the input"
    }
  }
}
