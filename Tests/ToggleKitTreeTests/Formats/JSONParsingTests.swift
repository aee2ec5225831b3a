import Testing
import ToggleKit

@testable import TestSupport

/// JSON read in any key order follows the format's rules.
///
/// JSON is read straight into the tree being built when each node's label or id comes before its
/// children (as exports write it), and through a list of nodes otherwise. Both ways must follow
/// the format's rules, stated here as a naive oracle over the nodes as generated: keys in any
/// order, a label defaulting to the id, ids defaulting to label paths, markers inherited by leaves,
/// and the errors in the order the format gives them.
@Suite("JSON: any key order reads as the format's rules say, errors included")
struct JSONParsingTests {
  /// A generated node object and what it says.
  struct Node {
    var parent: Int
    var children: [Int] = []
    var label: String?
    var id: String?
    var selected: Bool?
    var locked: Bool?
    var disabled: Bool?
    var attributes: [String: String] = [:]
    /// The object's line (each object starts a line) and its keys in the order written.
    var line = 0
    var keys: [String] = []
    /// Label or id, whichever the node has (the label when both).
    var effectiveLabel: String { label ?? id ?? "" }
  }

  /// A JSON string literal: specials and controls escaped, other characters sometimes as `\u`.
  static func quoted(_ text: String, using generator: inout SeededGenerator) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += Bool.random(using: &generator) ? "\\n" : "\\u000a"
      case _ where scalar.value < 0x20:
        result += "\\u" + String(repeating: "0", count: 2) + hex2(scalar.value)
      case _ where scalar.isASCII && Int.random(in: 0..<12, using: &generator) == 0:
        result += "\\u00" + hex2(scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  static func hex2(_ value: UInt32) -> String {
    let hex = String(value, radix: 16)
    return hex.count == 1 ? "0" + hex : hex
  }

  /// Random nodes (parents first) with hostile labels, optional ids, flags and attributes; now and
  /// then a missing label and id, an id that repeats another node's, or a label a sibling has.
  static func randomNodes(using generator: inout SeededGenerator) -> [Node] {
    var nodes: [Node] = []
    for index in 0..<Int.random(in: 1...24, using: &generator) {
      let parent =
        index == 0 || Int.random(in: 0..<5, using: &generator) == 0
        ? -1 : Int.random(in: 0..<index, using: &generator)
      var node = Node(parent: parent)
      let siblings = nodes.indices.filter { nodes[$0].parent == parent }
      node.label = hostileLabels.randomElement(using: &generator)! + "\(index)"
      if let sibling = siblings.randomElement(using: &generator),
        Int.random(in: 0..<25, using: &generator) == 0
      {
        node.label = nodes[sibling].effectiveLabel
      }
      switch Int.random(in: 0..<40, using: &generator) {
      case 0..<8: node.id = "id \(index)"
      case 8..<12:
        node.id = "id \(index)"
        node.label = nil
      case 12 where index > 0: node.id = nodes[Int.random(in: 0..<index, using: &generator)].id
      case 13 where Int.random(in: 0..<4, using: &generator) == 0: node.label = nil
      default: break
      }
      node.selected = [nil, true, false].randomElement(using: &generator)!
      node.locked =
        Int.random(in: 0..<5, using: &generator) == 0 ? Bool.random(using: &generator) : nil
      node.disabled = Int.random(in: 0..<8, using: &generator) == 0 ? true : nil
      if Int.random(in: 0..<5, using: &generator) == 0 {
        node.attributes[hostileLabels.randomElement(using: &generator)!] =
          hostileLabels.randomElement(using: &generator)!
      }
      if parent >= 0 { nodes[parent].children.append(index) }
      nodes.append(node)
    }
    // Keys in a random order; exports write label and id first, which is the fast way.
    for index in nodes.indices {
      var keys: [String] = []
      if nodes[index].id != nil { keys.append("id") }
      if nodes[index].label != nil { keys.append("label") }
      if nodes[index].selected != nil { keys.append("selected") }
      if nodes[index].locked != nil { keys.append("locked") }
      if nodes[index].disabled != nil { keys.append("disabled") }
      if !nodes[index].attributes.isEmpty { keys.append("attributes") }
      if !nodes[index].children.isEmpty || Int.random(in: 0..<4, using: &generator) == 0 {
        keys.append("children")
      }
      if Int.random(in: 0..<3, using: &generator) == 0 { keys.shuffle(using: &generator) }
      nodes[index].keys = keys
    }
    return nodes
  }

  /// The document: a top array (or a single root object), every object on a line of its own.
  static func document(_ nodes: inout [Node], using generator: inout SeededGenerator) -> String {
    let roots = nodes.indices.filter { nodes[$0].parent < 0 }
    let single = roots.count == 1 && Bool.random(using: &generator)
    var text = single ? "" : "["
    var line = 1
    func write(_ index: Int) {
      text += "\n"
      line += 1
      nodes[index].line = line
      text += "{"
      for (offset, key) in nodes[index].keys.enumerated() {
        if offset > 0 { text += ", " }
        // A key with an escape in it is the same key.
        text +=
          key == "label" && Int.random(in: 0..<10, using: &generator) == 0
          ? "\"la\\u0062el\": " : "\"\(key)\": "
        switch key {
        case "id": text += quoted(nodes[index].id!, using: &generator)
        case "label": text += quoted(nodes[index].label!, using: &generator)
        case "selected": text += "\(nodes[index].selected!)"
        case "locked": text += "\(nodes[index].locked!)"
        case "disabled": text += "\(nodes[index].disabled!)"
        case "attributes":
          text +=
            "{"
            + nodes[index].attributes.map {
              quoted($0.key, using: &generator) + ": " + quoted($0.value, using: &generator)
            }.joined(separator: ", ") + "}"
        default:
          text += "["
          for (offset, child) in nodes[index].children.enumerated() {
            if offset > 0 { text += "," }
            write(child)
          }
          text += "]"
        }
      }
      text += "}"
    }
    if single {
      write(roots[0])
    } else {
      for (offset, root) in roots.enumerated() {
        if offset > 0 { text += "," }
        write(root)
      }
      text += "\n]"
    }
    return text
  }

  /// What the format's rules make of the nodes: the tree, or the first error.
  static func expected(
    _ nodes: [Node], uniqueSiblingLabels: Bool
  ) -> Result<SelectionTree<String>, TreeFormatError> {
    func failure(_ node: Node, _ message: String) -> Result<SelectionTree<String>, TreeFormatError>
    {
      .failure(TreeFormatError(file: "t.json", line: node.line, column: 1, message: message))
    }
    // A node without label and id is an error when it closes: children close before parents.
    var postorder: [Int] = []
    var stack = nodes.indices.filter { nodes[$0].parent < 0 }.reversed().map { ($0, false) }
    while let (node, expanded) = stack.popLast() {
      if expanded {
        postorder.append(node)
      } else {
        stack.append((node, true))
        stack += nodes[node].children.reversed().map { ($0, false) }
      }
    }
    if let bad = postorder.first(where: { nodes[$0].label == nil && nodes[$0].id == nil }) {
      return failure(nodes[bad], "a node needs a \"label\" or an \"id\"")
    }
    // Nodes in document order (preorder).
    var preorder: [Int] = []
    var pending = nodes.indices.filter { nodes[$0].parent < 0 }.reversed().map { $0 }
    while let node = pending.popLast() {
      preorder.append(node)
      pending += nodes[node].children.reversed()
    }
    if uniqueSiblingLabels && nodes.contains(where: { $0.id != nil }) {
      var seen: [String: Int] = [:]
      for node in preorder {
        let key = "\(nodes[node].parent)|" + nodes[node].effectiveLabel
        if let first = seen[key] {
          let parent = nodes[node].parent
          let place =
            parent >= 0
            ? " under \"\(LabelPath.displayable(nodes[parent].effectiveLabel))\""
            : " at the top level"
          return failure(
            nodes[node],
            "duplicate label \"\(LabelPath.displayable(nodes[node].effectiveLabel))\"\(place) "
              + "(lines \(nodes[first].line) and \(nodes[node].line)); "
              + "sibling labels must be unique to address nodes by path")
        }
        seen[key] = node
      }
    }
    var labels: [Int: [String]] = [:]
    var ids: [Int: String] = [:]
    var marker: [Int: Bool] = [:]  // absent: no marker
    var entries: [SelectionTree<String>.Entry] = []
    var firstWithID: [String: Int] = [:]
    for node in preorder {
      let parent = nodes[node].parent
      let label = nodes[node].effectiveLabel
      labels[node] = (parent >= 0 ? labels[parent]! : []) + [label]
      ids[node] = nodes[node].id ?? LabelPath.joined(labels[node]!)
      if let first = firstWithID[ids[node]!] {
        let what =
          nodes[first].id == nil && nodes[node].id == nil
          ? "duplicate label \"\(label)\""
            + (parent >= 0 ? " under \"\(nodes[parent].effectiveLabel)\"" : " at the top level")
          : "duplicate id \"\(ids[node]!)\""
        return failure(nodes[node], "\(what) (lines \(nodes[first].line) and \(nodes[node].line))")
      }
      firstWithID[ids[node]!] = node
      let own = nodes[node].selected
      marker[node] = own ?? (parent >= 0 ? marker[parent] : nil)
      entries.append(
        .init(
          id: ids[node]!, parent: parent >= 0 ? ids[parent]! : nil, label: label,
          isSelected: nodes[node].children.isEmpty && marker[node] == true,
          lock: nodes[node].locked == true ? .current : .none,
          isDisabled: nodes[node].disabled == true, attributes: nodes[node].attributes))
    }
    return .success(try! SelectionTree(entries: entries))
  }

  @Test(
    "JSON in any key order equals the format's rules: children before labels, escaped keys, missing labels, repeated ids and sibling labels"
  )
  func anyKeyOrderFollowsTheRules() throws {
    var checked = 0
    var failures = 0
    for seed in 0..<1_500 as Range<UInt64> {
      var generator = SeededGenerator(seed: seed &+ 5_000)
      var nodes = Self.randomNodes(using: &generator)
      let text = Self.document(&nodes, using: &generator)
      for unique in [false, true] {
        let parsed = Result { () throws(TreeFormatError) -> SelectionTree<String> in
          try SelectionTree(
            parsing: Array(text.utf8), format: .json, file: "t.json", uniqueSiblingLabels: unique)
        }
        let expected = Self.expected(nodes, uniqueSiblingLabels: unique)
        switch (parsed, expected) {
        case (.success(let tree), .success(let want)):
          #expect(tree == want, "seed \(seed):\n\(text)")
          #expect(tree.selection(.all) == want.selection(.all), "seed \(seed)")
        case (.failure(let error), .failure(let want)):
          failures += 1
          #expect(error == want, "seed \(seed):\n\(text)")
        default:
          Issue.record(
            "seed \(seed), unique \(unique): \(parsed) but expected \(expected)\n\(text)")
        }
        checked += 1
      }
    }
    // Both outcomes are common enough to be checked.
    #expect(checked == 3_000)
    #expect(failures > 200 && failures < 2_000)
  }

  @Test("a deep chain of nodes without ids: 10,000 levels parse, 10,001 are refused at the node")
  func depthLimitWithoutIDs() throws {
    for (depth, childrenFirst) in [(10_000, false), (10_001, false), (10_001, true)] {
      var text = ""
      for level in 0..<depth {
        text +=
          childrenFirst && level == 5
          ? "\n{\"children\": [" : "\n{\"label\": \"n\", \"children\": ["
      }
      text += String(repeating: "]}", count: depth)
      if childrenFirst {
        // The node whose children come first takes its label at the end of its object.
        // Its `]}` is the sixth from the end: the label goes between them.
        let at = text.index(text.endIndex, offsetBy: -11)
        text.insert(contentsOf: ", \"label\": \"late\"", at: at)
      }
      let result = Result { () throws(TreeFormatError) -> SelectionTree<String> in
        try SelectionTree(parsing: Array(text.utf8), format: .json, file: "d.json")
      }
      if depth == 10_000 {
        #expect((try? result.get())?.count == depth)
      } else {
        #expect(throws: TreeFormatError.self) { try result.get() }
        if case .failure(let error) = result {
          #expect(error.line == 10_002 && error.column == 1)
          #expect(error.message.hasPrefix("nesting deeper than 10000 levels"))
        }
      }
    }
  }
}
