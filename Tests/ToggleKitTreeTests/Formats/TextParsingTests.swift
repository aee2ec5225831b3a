import Testing
import ToggleKit

@testable import TestSupport

/// The text formats read each line straight into the tree being built.
///
/// These tests hold that to the formats' rules, stated here as a naive oracle that collects the nodes first and builds the
/// expected tree from entries: nodes in order of first appearance, ids the canonical label paths,
/// a node's last marker wins, a leaf without a selection marker takes its nearest marked
/// ancestor's, a lock fixes each node below at its value, disabling is the node's own.
@Suite("Text formats: reading line by line follows the formats' rules")
struct TextParsingTests {
  /// A marker as written, and what it says: selected (nil for `[-]`), locked, disabled.
  typealias Marker = (text: String, selected: Bool?, locked: Bool, disabled: Bool)

  static let markers: [Marker] = [
    ("[x]", true, false, false), ("[ ]", false, false, false), ("[-]", nil, false, false),
    ("[xL]", true, true, false), ("[ D]", false, false, true), ("[-LD]", nil, true, true),
    ("[XDL]", true, true, true),
  ]

  /// What the oracle keeps of a node: its labels from the root, parent, and latest marker.
  struct OracleNode {
    var labels: [String]
    var parent: Int
    var marker: Marker?
  }

  /// The tree the formats' rules give for these nodes (parents before children).
  static func expectedTree(_ nodes: [OracleNode]) throws -> SelectionTree<String> {
    var hasChildren = [Bool](repeating: false, count: nodes.count)
    for node in nodes where node.parent >= 0 { hasChildren[node.parent] = true }
    var inherited: [Bool?] = []
    var entries: [SelectionTree<String>.Entry] = []
    for (index, node) in nodes.enumerated() {
      let own = node.marker?.selected
      let marker = own ?? (node.parent >= 0 ? inherited[node.parent] : nil)
      inherited.append(marker)
      entries.append(
        .init(
          id: LabelPath.joined(node.labels),
          parent: node.parent >= 0 ? LabelPath.joined(nodes[node.parent].labels) : nil,
          label: node.labels.last!, isSelected: !hasChildren[index] && marker == true,
          lock: node.marker?.locked == true ? .current : .none,
          isDisabled: node.marker?.disabled == true))
    }
    return try SelectionTree(entries: entries)
  }

  /// A path component as a writer may spell it: canonical, or with a needless backslash before an
  /// `a` (a backslash before a character with no escape of its own stands for that character).
  static func component(_ label: String, using generator: inout SeededGenerator) -> String {
    let escaped = LabelPath.escaped(label)
    guard Bool.random(using: &generator), let a = escaped.firstIndex(of: "a") else {
      return escaped
    }
    return escaped[..<a] + "\\" + escaped[a...]
  }

  @Test(
    "a path list read line by line equals the format's rules: any order, repeated paths, markers after children, needless escapes, names read literally"
  )
  func pathListsFollowTheRules() throws {
    for seed in 0..<300 as Range<UInt64> {
      var generator = SeededGenerator(seed: seed)
      try checkPathList(seed: seed, size: Int.random(in: 1...30, using: &generator), &generator)
    }
  }

  @Test(
    "a long path list in no order, with markers and repeats, reads by the same rules when the reader starts looking ids up midway",
    arguments: [0, 1] as [UInt64])
  func longPathListInNoOrder(seed: UInt64) throws {
    var generator = SeededGenerator(seed: 500 + seed)
    // Past 16,384 nodes made, the reader checks for repeats; in no order there are many.
    try checkPathList(seed: seed, size: 17_000, &generator)
  }

  /// Reads a path list naming a random choice of the nodes of a random tree of `size` nodes (some
  /// twice), in random order, some with markers, and compares it with the format's rules.
  private func checkPathList(
    seed: UInt64, size: Int, _ generator: inout SeededGenerator
  ) throws {
    let tree = try randomHostileTree(seed: seed, size: size)
    // Lines name a random choice of nodes (some twice), in random order, some with markers.
    var named = tree.ids.filter { _ in Int.random(in: 0..<3, using: &generator) > 0 }
    named += named.filter { _ in Int.random(in: 0..<5, using: &generator) == 0 }
    named.shuffle(using: &generator)
    var text = ""
    var nodes: [OracleNode] = []
    var nodeOf: [[String]: Int] = [:]
    for id in named {
      let labels = tree.labelPath(of: id)
      // A line without a marker is a name, read literally: labels that need the path syntax
      // (a separator, a backslash, a line end) need a marker, as does a first label that could
      // read as one (exports write a marker on every line).
      let literal =
        !labels[0].hasPrefix("[")
        && labels.allSatisfy { label in
          !label.isEmpty
            && !label.unicodeScalars.contains { "/\\\n\r\0".unicodeScalars.contains($0) }
        }
      let marker: Marker? =
        !literal || Bool.random(using: &generator)
        ? Self.markers.randomElement(using: &generator) : nil
      let path =
        marker == nil
        ? LabelPath.rawJoined(labels)
        : labels.map { Self.component($0, using: &generator) }.joined(separator: "/")
      text += (marker.map { $0.text + " " } ?? "") + path + "\n"
      for depth in 1...labels.count where nodeOf[Array(labels[..<depth])] == nil {
        nodeOf[Array(labels[..<depth])] = nodes.count
        nodes.append(
          OracleNode(
            labels: Array(labels[..<depth]),
            parent: depth == 1 ? -1 : nodeOf[Array(labels[..<(depth - 1)])]!, marker: nil))
      }
      if let marker { nodes[nodeOf[labels]!].marker = marker }
    }
    guard !nodes.isEmpty else { return }
    let parsed = try SelectionTree(parsing: text, format: .paths)
    let expected = try Self.expectedTree(nodes)
    #expect(parsed == expected, "seed \(seed):\n\(text)")
    #expect(parsed.selection(.all) == expected.selection(.all), "seed \(seed)")
  }

  /// A label in indented text: `\`, `/`, `{` and controls escaped.
  static func indentedLabel(_ label: String) -> String {
    var result = ""
    for scalar in label.unicodeScalars {
      switch scalar {
      case "\\", "/", "{": result += "\\" + String(scalar)
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  @Test("indented text read line by line equals the format's rules, markers inherited by leaves")
  func indentedTextFollowsTheRules() throws {
    for seed in 0..<300 as Range<UInt64> {
      var generator = SeededGenerator(seed: seed &+ 1_000)
      let tree = try randomHostileTree(seed: seed, size: Int.random(in: 1...30, using: &generator))
      var text = ""
      var nodes: [OracleNode] = []
      var nodeOf: [String: Int] = [:]
      for id in tree.ids {
        let labels = tree.labelPath(of: id)
        let label = labels.last!
        // A label that could read as a marker or as indentation needs a marker before it.
        let needsMarker =
          label.isEmpty || label.hasPrefix("[") || label.hasPrefix(" ") || label.hasPrefix("\t")
        let marker: Marker? =
          needsMarker || Bool.random(using: &generator)
          ? Self.markers.randomElement(using: &generator) : nil
        text += String(repeating: "  ", count: labels.count - 1)
        text += (marker.map { $0.text + " " } ?? "") + Self.indentedLabel(label) + "\n"
        nodeOf[id] = nodes.count
        nodes.append(
          OracleNode(
            labels: labels, parent: tree.parent(of: id).map { nodeOf[$0]! } ?? -1, marker: marker))
      }
      let parsed = try SelectionTree(parsing: text, format: .indented)
      let expected = try Self.expectedTree(nodes)
      #expect(parsed == expected, "seed \(seed):\n\(text)")
      #expect(parsed.selection(.all) == expected.selection(.all), "seed \(seed)")
    }
  }

  @Test("a path of 10,001 labels is refused at its line before any node is made; 10,000 parse")
  func pathListDepthLimit() throws {
    let limit = Array(repeating: "a", count: 10_000).joined(separator: "/")
    let parsed = try SelectionTree(parsing: "b\n[x] " + limit + "\n", format: .paths)
    #expect(parsed.count == 10_001)
    #expect(parsed.state(of: limit) == .on)
    #expect {
      try SelectionTree(parsing: "b\n[x] " + limit + "/a\n", format: .paths, file: "deep.txt")
    } throws: { error in
      "\(error)"
        == "deep.txt:2:5: nesting deeper than 10000 levels (the limit that keeps memory in bounds)"
    }
  }

  @Test("a repeated label in indented text is reported at its second line, naming both")
  func indentedDuplicateAtItsLine() throws {
    let text = "a\n  b\n  c\n    d\n  b\n"
    #expect {
      try SelectionTree(parsing: text, format: .indented, file: "t.txt")
    } throws: { error in
      "\(error)" == "t.txt:5:3: duplicate label \"b\" under \"a\" (lines 2 and 5)"
    }
  }
}
