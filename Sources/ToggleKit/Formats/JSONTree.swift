/// The JSON format: nested node objects, a single root or an array of roots.
///
/// ```json
/// [{"label": "Fruit", "children": [
///   {"label": "Apple", "selected": true},
///   {"id": "bags", "label": "Paper bags", "selected": true, "locked": true}
/// ]}]
/// ```
///
/// Keys: `id` (defaults to the path of labels), `label` (defaults to `id`), `selected`, `locked`,
/// `disabled` (booleans, default false), `attributes` (an object of strings), `children` (an array
/// of nodes). The parser is iterative and streams straight into the tree: nesting depth is limited
/// only by memory.
enum _JSONTree {
  enum Token: Equatable {
    case beginObject, endObject, beginArray, endArray, colon, comma
    case string(String)
    case bool(Bool)
    case null
    case number
    case end
  }

  /// A JSON tokenizer over UTF-8 bytes that knows the line and column of each token.
  struct Lexer {
    let bytes: [UInt8]
    let file: String?
    var index = 0
    var line = 1
    var lineStart = 0
    /// Where the last token began.
    var tokenLine = 1
    var tokenColumn = 1

    init(bytes: [UInt8], file: String?) {
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

    mutating func next() throws(TreeFormatError) -> Token {
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
      switch byte {
      case UInt8(ascii: "{"):
        index += 1
        return .beginObject
      case UInt8(ascii: "}"):
        index += 1
        return .endObject
      case UInt8(ascii: "["):
        index += 1
        return .beginArray
      case UInt8(ascii: "]"):
        index += 1
        return .endArray
      case UInt8(ascii: ":"):
        index += 1
        return .colon
      case UInt8(ascii: ","):
        index += 1
        return .comma
      case UInt8(ascii: "\""): return .string(try string())
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

    mutating func literal(_ word: String) throws(TreeFormatError) {
      let expected = Array(word.utf8)
      guard index + expected.count <= bytes.count,
        Array(bytes[index..<index + expected.count]) == expected
      else { throw error("unexpected character; expected a JSON value") }
      index += expected.count
    }

    mutating func string() throws(TreeFormatError) -> String {
      index += 1  // opening quote
      var result: [UInt8] = []
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
    case .string: "a string"
    case .bool: "a boolean"
    case .null: "null"
    case .number: "a number"
    case .end: "the end of the input"
    }
  }

  static func parse(
    _ bytes: [UInt8], file: String?, options: SelectionTree<String>.Options,
    uniqueSiblingLabels: Bool = false
  ) throws(TreeFormatError) -> SelectionTree<String> {
    var lexer = Lexer(bytes: bytes, file: file)
    var nodes: [_ParsedNode] = []
    var hasLabel: [Bool] = []
    /// Open containers: a node object (its index), or a children array of a node (or the top).
    enum Frame {
      case node(Int)
      case children(parent: Int32)
    }
    var stack: [Frame] = []
    func unexpected(_ token: Token, _ expected: String) -> TreeFormatError {
      lexer.error("expected \(expected), found \(describe(token))")
    }

    func openNode(parent: Int32) {
      nodes.append(
        _ParsedNode(
          label: "", explicitID: nil, parent: parent, line: lexer.tokenLine,
          column: lexer.tokenColumn, selected: nil))
      hasLabel.append(false)
      stack.append(.node(nodes.count - 1))
    }

    // The top: one node object, or an array of them.
    switch try lexer.next() {
    case .beginObject: openNode(parent: -1)
    case .beginArray: stack.append(.children(parent: -1))
    case let token: throw unexpected(token, "'{' or '[' to start a tree")
    }
    /// Whether the next token in the current container must be an element (true) or may also
    /// be the container's end (false, right after it opened).
    var needElement = false
    var justOpened = true
    while let frame = stack.last {
      switch frame {
      case .children(let parent):
        let token = try lexer.next()
        if !justOpened && !needElement {
          // After an element: ',' or ']'.
          switch token {
          case .comma:
            needElement = true
            continue
          case .endArray:
            stack.removeLast()
            justOpened = false
            needElement = false
            continue
          default: throw unexpected(token, "',' or ']' in a children array")
          }
        }
        switch token {
        case .beginObject:
          openNode(parent: parent)
          justOpened = true
          needElement = false
        case .endArray where !needElement:
          stack.removeLast()
          justOpened = false
        default: throw unexpected(token, "'{' to start a node")
        }
      case .node(let index):
        var token = try lexer.next()
        if !justOpened {
          switch token {
          case .comma: token = try lexer.next()
          case .endObject:
            stack.removeLast()
            try closeNode(index)
            justOpened = false
            needElement = false
            continue
          default: throw unexpected(token, "',' or '}' in a node")
          }
        } else if token == .endObject {
          stack.removeLast()
          try closeNode(index)
          justOpened = false
          needElement = false
          continue
        }
        guard case .string(let key) = token else { throw unexpected(token, "a key string") }
        let keyLine = lexer.tokenLine
        let keyColumn = lexer.tokenColumn
        let colon = try lexer.next()
        guard colon == .colon else { throw unexpected(colon, "':' after \"\(key)\"") }
        justOpened = false
        switch key {
        case "id", "label":
          let value = try lexer.next()
          guard case .string(let text) = value else {
            throw unexpected(value, "a string for \"\(key)\"")
          }
          if key == "id" {
            nodes[index].explicitID = text
          } else {
            nodes[index].label = text
            hasLabel[index] = true
          }
        case "selected", "locked", "disabled":
          let value = try lexer.next()
          guard case .bool(let flag) = value else {
            throw unexpected(value, "true or false for \"\(key)\"")
          }
          switch key {
          case "selected": nodes[index].selected = flag
          case "locked": nodes[index].locked = flag
          default: nodes[index].disabled = flag
          }
        case "attributes":
          let open = try lexer.next()
          guard open == .beginObject else { throw unexpected(open, "'{' for \"attributes\"") }
          var first = true
          while true {
            var token = try lexer.next()
            if token == .endObject && first { break }
            if !first {
              if token == .endObject { break }
              guard token == .comma else { throw unexpected(token, "',' or '}' in attributes") }
              token = try lexer.next()
            }
            first = false
            guard case .string(let name) = token else {
              throw unexpected(token, "an attribute name")
            }
            let colon = try lexer.next()
            guard colon == .colon else { throw unexpected(colon, "':' after \"\(name)\"") }
            let value = try lexer.next()
            guard case .string(let text) = value else {
              throw unexpected(value, "a string value for attribute \"\(name)\"")
            }
            nodes[index].attributes[name] = text
          }
        case "children":
          let open = try lexer.next()
          guard open == .beginArray else { throw unexpected(open, "'[' for \"children\"") }
          stack.append(.children(parent: Int32(index)))
          justOpened = true
          needElement = false
        default:
          throw lexer.error(
            "unknown key \"\(key)\" (expected id, label, selected, locked, disabled, attributes or children)",
            line: keyLine, column: keyColumn)
        }
      }
    }
    let trailing = try lexer.next()
    guard trailing == .end else { throw unexpected(trailing, "the end of the input") }

    func closeNode(_ index: Int) throws(TreeFormatError) {
      if !hasLabel[index] {
        guard let id = nodes[index].explicitID else {
          throw TreeFormatError(
            file: file, line: nodes[index].line, column: nodes[index].column,
            message: "a node needs a \"label\" or an \"id\"")
        }
        nodes[index].label = id
      }
    }
    return try _buildParsedTree(
      nodes, file: file, separator: "/", options: options,
      uniqueSiblingLabels: uniqueSiblingLabels)
  }

  static func export<ID>(_ tree: SelectionTree<ID>, to emit: (String) -> Void) {
    // `[]` exactly: detection reads `[ ]` as an unselected marker of indented text.
    guard tree.count > 0 else { return emit("[]\n") }
    var output = "["
    var pathLengths: [Int] = []
    pathLengths.reserveCapacity(tree.count)
    var open: [Int] = []  // ends of the subtrees whose children arrays are open
    for position in 0..<tree.count {
      while let end = open.last, end <= position {
        output += "]}"
        open.removeLast()
      }
      let parent = Int(tree.structure.parents[position])
      let isFirstChild = parent < 0 ? position == 0 : position == parent + 1
      if !isFirstChild { output += "," }
      output += "\n" + String(repeating: "  ", count: Int(tree.structure.depths[position]) + 1)
      let label = tree.structure.labels[position]
      let escaped = LabelPath.escaped(label, separator: "/")
      // Compare the id with the label path by length first; build the path only when they could
      // be equal, so deep trees with their own ids never build quadratic path text.
      let length = (parent < 0 ? 0 : pathLengths[parent] + 1) + escaped.utf8.count
      pathLengths.append(length)
      // Ids of another type are written as their descriptions, which a reader takes as text ids.
      let id = tree.structure.ids[position] as? String ?? "\(tree.structure.ids[position])"
      var fields: [String] = []
      if id.utf8.count != length
        || id
          != tree.labelPath(at: position).map({
            LabelPath.escaped($0, separator: "/")
          }).joined(separator: "/")
      {
        fields.append("\"id\": " + quote(id))
      }
      fields.append("\"label\": " + quote(label))
      let isLeaf = tree.structure.isLeaf(position)
      if isLeaf { fields.append("\"selected\": \(tree.state(at: position) == .on)") }
      if isLeaf && tree.hasOwnLock(at: position) { fields.append("\"locked\": true") }
      if tree.isDisabledItself(at: position) { fields.append("\"disabled\": true") }
      if let attributes = tree.structure.attributes[Int32(position)], !attributes.isEmpty {
        let pairs = attributes.sorted { $0.key < $1.key }.map {
          quote($0.key) + ": " + quote($0.value)
        }
        fields.append("\"attributes\": {" + pairs.joined(separator: ", ") + "}")
      }
      if output.utf8.count >= 1 << 16 {
        emit(output)
        output = ""
      }
      output += "{" + fields.joined(separator: ", ")
      if isLeaf {
        output += "}"
      } else {
        output += ", \"children\": ["
        open.append(Int(tree.structure.ends[position]))
      }
    }
    while !open.isEmpty {
      output += "]}"
      open.removeLast()
    }
    emit(output + "\n]\n")
  }

  /// A JSON string literal; C0 as JSON requires, and DEL and C1 too, as `\uXXXX`.
  static func quote(_ text: String) -> String {
    LabelEscaping.quoted(text) { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }
}
