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
/// of nodes). The reader is iterative (nesting depth is limited only by memory) and writes each node
/// straight into the tree being built once its label or id is read, which exports write before the
/// children; a document with a label after its node's children is read again as a list of nodes.
enum _JSONTree {
  static func parse(
    _ bytes: [UInt8], file: String?, options: SelectionTree<String>.Options,
    uniqueSiblingLabels: Bool = false
  ) throws(TreeFormatError) -> SelectionTree<String> {
    // Every node is an object: the number of '{' bounds the number of nodes.
    let objects = bytes.withUnsafeBytes { _occurrences(of: UInt8(ascii: "{"), in: $0) }
    do {
      var writer = DraftWriter(file: file, capacity: objects)
      try read(bytes, file: file, into: &writer)
      return try writer.build(options: options, uniqueSiblingLabels: uniqueSiblingLabels)
    } catch  where error == DraftWriter.needsNodeList {
      var list = NodeList(file: file)
      try read(bytes, file: file, into: &list)
      return try list.build(options: options, uniqueSiblingLabels: uniqueSiblingLabels)
    }
  }

  /// An open container while reading: a node object (its handle), or a children array of a node
  /// (or the top).
  enum ReadFrame {
    case node(Int32)
    case children(parent: Int32)
  }

  /// Reads the document, reporting its node objects to `sink`: iterative, so nesting depth is
  /// limited only by memory.
  /// - Complexity: O(n) in the size of the input.
  static func read<Sink: _JSONSink>(
    _ bytes: [UInt8], file: String?, into sink: inout Sink
  ) throws(TreeFormatError) {
    // The lexer reads through a pointer: no bounds check on each byte (it checks its own).
    try bytes.withUnsafeBufferPointer { (bytes) throws(TreeFormatError) in
      try read(bytes, file: file, into: &sink)
    }
  }

  private static func read<Sink: _JSONSink>(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String?, into sink: inout Sink
  ) throws(TreeFormatError) {
    var lexer = Lexer(bytes: bytes, file: file)
    var stack: [ReadFrame] = []
    func unexpected(_ token: Token, _ expected: String) -> TreeFormatError {
      lexer.error("expected \(expected), found \(describe(token))")
    }
    func openNode(parent: Int32) throws(TreeFormatError) {
      stack.append(
        .node(try sink.open(parent: parent, line: lexer.tokenLine, column: lexer.tokenColumn)))
    }

    // The top: one node object, or an array of them.
    switch try lexer.next() {
    case .beginObject: try openNode(parent: -1)
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
          try openNode(parent: parent)
          justOpened = true
          needElement = false
        case .endArray where !needElement:
          stack.removeLast()
          justOpened = false
        default: throw unexpected(token, "'{' to start a node")
        }
      case .node(let node):
        var token = try lexer.next(keys: true)
        if !justOpened {
          switch token {
          case .comma: token = try lexer.next(keys: true)
          case .endObject:
            stack.removeLast()
            try sink.close(node)
            justOpened = false
            needElement = false
            continue
          default: throw unexpected(token, "',' or '}' in a node")
          }
        } else if token == .endObject {
          stack.removeLast()
          try sink.close(node)
          justOpened = false
          needElement = false
          continue
        }
        // A key spelled plainly comes as `.key`; one with escapes as its string.
        let known: Key?
        let name: String
        switch token {
        case .key(let key):
          known = key
          name = key.rawValue
        case .string(let text):
          known = Key(rawValue: text)
          name = text
        default: throw unexpected(token, "a key string")
        }
        let keyLine = lexer.tokenLine
        let keyColumn = lexer.tokenColumn
        let colon = try lexer.next()
        guard colon == .colon else { throw unexpected(colon, "':' after \"\(name)\"") }
        justOpened = false
        guard let key = known else {
          throw lexer.error(
            "unknown key \"\(name)\" (expected id, label, selected, locked, disabled, attributes or children)",
            line: keyLine, column: keyColumn)
        }
        switch key {
        case .id, .label:
          let value = try lexer.next()
          guard case .string(let text) = value else {
            throw unexpected(value, "a string for \"\(name)\"")
          }
          try sink.set(key == .id ? .id(text) : .label(text), of: node)
        case .selected, .locked, .disabled:
          let value = try lexer.next()
          guard case .bool(let flag) = value else {
            throw unexpected(value, "true or false for \"\(name)\"")
          }
          let field: Field =
            switch key {
            case .selected: .selected(flag)
            case .locked: .locked(flag)
            default: .disabled(flag)
            }
          try sink.set(field, of: node)
        case .attributes:
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
            try sink.set(.attribute(name: name, value: text), of: node)
          }
        case .children:
          let open = try lexer.next()
          guard open == .beginArray else { throw unexpected(open, "'[' for \"children\"") }
          try sink.openChildren(of: node)
          stack.append(.children(parent: node))
          justOpened = true
          needElement = false
        }
      }
    }
    let trailing = try lexer.next()
    guard trailing == .end else { throw unexpected(trailing, "the end of the input") }
  }

  static func export<ID>(_ tree: SelectionTree<ID>, to emit: (String) -> Void) {
    // `[]` exactly: detection reads `[ ]` as an unselected marker of indented text.
    guard tree.count > 0 else { return emit("[]\n") }
    var output = "["
    var pathLengths: [Int] = []
    pathLengths.reserveCapacity(tree.count)
    var open: [Int] = []  // ends of the subtrees whose children arrays are open
    let nodes = tree.structure.flat
    for position in 0..<tree.count {
      while let end = open.last, end <= position {
        output += "]}"
        open.removeLast()
      }
      let parent = Int(nodes.parents[position])
      let isFirstChild = parent < 0 ? position == 0 : position == parent + 1
      if !isFirstChild { output += "," }
      output += "\n" + String(repeating: "  ", count: Int(nodes.depths[position]) + 1)
      let label = nodes.labels[position]
      // Compare the id with the label path by length first; build the path only when they could
      // be equal, so deep trees with their own ids never build quadratic path text.
      let length: Int
      if parent < 0 {
        length = LabelEscaping.extending(nil, with: label, separator: "/").utf8.count
      } else {
        let underBareRoot =
          nodes.parents[parent] < 0
          && LabelEscaping.isBareRoot(nodes.labels[parent], separator: "/")
        length =
          pathLengths[parent] + (underBareRoot ? 0 : 1)
          + LabelPath.escaped(label, separator: "/").utf8.count
      }
      pathLengths.append(length)
      // Ids of another type are written as their descriptions, which a reader takes as text ids.
      let id = nodes.ids[position] as? String ?? "\(nodes.ids[position])"
      var fields: [String] = []
      if id.utf8.count != length || id != LabelPath.joined(nodes.labelPath(at: position)) {
        fields.append("\"id\": " + quote(id))
      }
      fields.append("\"label\": " + quote(label))
      let isLeaf = nodes.isLeaf(position)
      if isLeaf { fields.append("\"selected\": \(tree.state(at: position) == .on)") }
      if isLeaf && tree.hasOwnLock(at: position) { fields.append("\"locked\": true") }
      if tree.isDisabledItself(at: position) { fields.append("\"disabled\": true") }
      if let attributes = nodes.attributes(at: position), !attributes.isEmpty {
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
        open.append(Int(nodes.ends[position]))
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
