import Testing
import ToggleKit

@testable import TestSupport

/// Labels chosen to break naive formats.
let hostileLabels = [
  "plain", "a/b", "back\\slash", "\\e", "\"quoted\"", "  leading", "trailing  ", "[x] marker",
  "[ ] also", "{brace}", "k=v, w", "tab\there", "new\nline", "🍎 apple", "e\u{301}", "", "[", "\\",
  "ends with \\", "#hash", "-", " ", "ü/ß", "}", "{", "L", "[xL]",
]

/// A random tree with hostile labels (siblings unique), random states, leaf locks, disabling and
/// attributes, built with ids equal to label paths so every format can carry them.
func randomHostileTree(seed: UInt64, size: Int) throws -> SelectionTree<String> {
  var generator = SeededGenerator(seed: seed)
  var entries: [SelectionTree<String>.Entry] = []
  var pathOf: [String] = []
  var childLabels: [Int: Set<String>] = [:]
  for node in 0..<size {
    let parent =
      node == 0 || Int.random(in: 0..<6, using: &generator) == 0
      ? -1 : Int.random(in: 0..<node, using: &generator)
    var label = hostileLabels.randomElement(using: &generator)!
    while childLabels[parent, default: []].contains(label) { label += "+" }
    childLabels[parent, default: []].insert(label)
    let escaped = label.isEmpty ? "\\e" : escapeForPath(label)
    let path = parent < 0 ? escaped : pathOf[parent] + "/" + escaped
    pathOf.append(path)
    var attributes: [String: String] = [:]
    if Int.random(in: 0..<4, using: &generator) == 0 {
      attributes[hostileLabels.randomElement(using: &generator)!] =
        hostileLabels.randomElement(using: &generator)!
    }
    entries.append(
      .init(
        id: path, parent: parent < 0 ? nil : pathOf[parent], label: label,
        isSelected: Bool.random(using: &generator),
        lock: Int.random(in: 0..<5, using: &generator) == 0 ? .current : .none,
        isDisabled: Int.random(in: 0..<8, using: &generator) == 0, attributes: attributes))
  }
  return try SelectionTree(entries: entries)
}

/// The escaping the library documents for labels in paths.
func escapeForPath(_ label: String) -> String {
  var result = ""
  for character in label.unicodeScalars {
    switch character {
    case "\\": result += "\\\\"
    case "/": result += "\\/"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default: result.unicodeScalars.append(character)
    }
  }
  return result
}

/// Everything a format must carry: shape, labels, ids, states, own locks, own disabling.
struct TreeFacts: Equatable {
  var ids: [String]
  var labels: [String]
  var parents: [String?]
  var states: [ToggleState]
  var locked: [Bool]
  var disabled: [Bool]
  var attributes: [[String: String]]

  init(_ tree: SelectionTree<String>, attributes keepAttributes: Bool = true) {
    ids = tree.ids
    labels = ids.map { tree.label(of: $0)! }
    parents = ids.map { tree.parent(of: $0) }
    states = ids.map { tree.state(of: $0)! }
    locked = ids.map { tree.children(of: $0).isEmpty && tree.isLocked($0)! }
    disabled = ids.map { tree.isDisabledItself($0)! }
    attributes = keepAttributes ? ids.map { tree.attributes(of: $0)! } : []
  }
}

@Suite("Formats: export then import gives an equal tree and an equal selection")
struct FormatRoundTripTests {
  @Test(
    "every format round-trips 300 random trees with hostile labels", arguments: TreeFormat.allCases)
  func roundTrip(format: TreeFormat) throws {
    for seed in UInt64(1)...300 {
      let tree = try randomHostileTree(seed: seed, size: Int(seed % 23) + 1)
      let text = tree.exported(as: format)
      let back = try SelectionTree(parsing: text, format: format)
      let keepsAttributes = format != .paths
      #expect(
        TreeFacts(back, attributes: keepsAttributes)
          == TreeFacts(tree, attributes: keepsAttributes),
        "seed \(seed), \(format):\n\(text)")
      #expect(back.exported(as: format) == text, "export is stable, seed \(seed)")
    }
  }

  @Test(
    "every format round-trips a tree of 20,000 nodes with hostile labels: past the id index's batch size, each id is found at its position",
    arguments: TreeFormat.allCases)
  func bigRoundTrip(format: TreeFormat) throws {
    // Parsers hash each id as they make it and index those hashes in batches of 64 past 16,384
    // ids; with internal checks on, each hash is checked against its id's.
    let tree = try randomHostileTree(seed: 2_026, size: 20_000)
    let back = try SelectionTree(parsing: tree.exported(as: format), format: format)
    let keepsAttributes = format != .paths
    #expect(
      TreeFacts(back, attributes: keepsAttributes) == TreeFacts(tree, attributes: keepsAttributes))
    let misplaced = back.ids.indices.filter { back.index(of: back.ids[$0]) != $0 }
    #expect(misplaced.isEmpty, "\(misplaced.count) ids not found at their positions")
    #expect(!back.contains(tree.ids[0] + "/not a node"))
  }

  @Test("JSON keeps explicit ids that differ from label paths")
  func jsonKeepsIDs() throws {
    let tree = try SelectionTree(entries: [
      .init(id: "root-1", parent: nil, label: "Root"),
      .init(id: "x", parent: "root-1", label: "Child", isSelected: true),
    ])
    let text = tree.exported(as: .json)
    #expect(text.contains("\"id\": \"x\""))
    let back = try SelectionTree(parsing: text, format: .json)
    #expect(back.ids == ["root-1", "x"])
    #expect(back.state(of: "root-1") == .on)
  }

  @Test("the documented examples parse as documented")
  func documentedExamples() throws {
    let indented = try SelectionTree(
      parsing: """
        [ ] Grocery
          [x] Fruit
            Apple
            [ ] Pear
            [xL] Paper bags
          [ D] Dairy
            [ ] Milk {kind=chilled, shelf=3}
        """, format: .indented)
    #expect(indented.selection(.leaves) == ["Grocery/Fruit/Apple", "Grocery/Fruit/Paper bags"])
    #expect(indented.isLocked("Grocery/Fruit/Paper bags") == true)
    #expect(indented.isEnabled("Grocery/Dairy/Milk") == false)
    #expect(indented.attributes(of: "Grocery/Dairy/Milk") == ["kind": "chilled", "shelf": "3"])

    let paths = try SelectionTree(
      parsing: "[x] Fruit/Apple\n[ ] Fruit/Pear\n[ ] Sizes/1\\/2 inch\nFruit/Fig\n", format: .paths)
    #expect(paths.label(of: "Sizes/1\\/2 inch") == "1/2 inch")
    #expect(paths.state(of: "Fruit") == .mixed)

    let json = try SelectionTree(
      parsing: """
        [{"label": "Fruit", "children": [
          {"label": "Apple", "selected": true},
          {"id": "bags", "label": "Paper bags", "selected": true, "locked": true}
        ]}]
        """, format: .json)
    #expect(json.ids == ["Fruit", "Fruit/Apple", "bags"])
    #expect(json.isLocked("bags") == true)
  }

  @Test("a parent marker selects the leaves below it that have no marker of their own")
  func parentMarkerCascade() throws {
    let tree = try SelectionTree(
      parsing: "[x] Fruit\n  Apple\n  [ ] Pear\n  Fig\n", format: .indented)
    #expect(tree.selection(.leaves) == ["Fruit/Apple", "Fruit/Fig"])
  }

  @Test(
    "a root labelled '/' (find /) is written bare by every output, its children's ids start with one '/', and every format reads the same ids back"
  )
  func absolutePathsInEveryOutput() throws {
    var tree = try SelectionTree(paths: ["/usr/bin", "/usr/lib", "/etc"])
    try tree.set("/usr/bin", to: true)
    #expect(tree.ids == ["/", "/usr", "/usr/bin", "/usr/lib", "/etc"])
    #expect(
      tree.exported(as: .paths)
        == "[-] /\n[-] /usr\n[x] /usr/bin\n[ ] /usr/lib\n[ ] /etc\n")
    var lines = ""
    tree.writeStateLines(end: "\n") { lines += $0 }
    #expect(lines == "mixed\t/\nmixed\t/usr\non\t/usr/bin\noff\t/usr/lib\noff\t/etc\n")
    var raw = ""
    tree.writeStateLines(raw: true, end: "\0") { raw += $0 }
    #expect(raw.hasPrefix("mixed\t/\0mixed\t/usr\0on\t/usr/bin\0"))
    var paths: [String] = []
    tree.forEachLabelPath(escaped: false) { _, path, _ in paths.append(path) }
    #expect(paths == ["/", "/usr", "/usr/bin", "/usr/lib", "/etc"])
    let json = tree.exported(as: .json)
    #expect(!json.contains("\"id\""), "every id is its label path: \(json)")
    for format in TreeFormat.allCases {
      let again = try SelectionTree(parsing: tree.exported(as: format), format: format)
      #expect(again.ids == tree.ids, "\(format)")
      #expect(again.selection(.leaves) == ["/usr/bin"], "\(format)")
    }
    #expect(TreeFormat.detect(fileName: nil, bytes: Array("/\n/usr\n".utf8)) == .paths)
  }

  @Test("format detection: by extension first, then by content")
  func detection() {
    func detect(_ name: String?, _ text: String) -> TreeFormat {
      TreeFormat.detect(fileName: name, bytes: Array(text.utf8))
    }
    #expect(detect("a.json", "x") == .json)
    #expect(detect("a.txt", "{") == .json, ".txt says nothing: the content decides")
    #expect(detect("a.tree", "{") == .indented)
    #expect(detect("a.paths", "x") == .paths)
    #expect(detect(nil, "  {\"label\": \"a\"}") == .json)
    #expect(detect(nil, "[\n {\"label\": \"a\"}]") == .json)
    #expect(detect(nil, "[]") == .json)
    #expect(detect(nil, "[x] a/b\n") == .paths)
    #expect(detect(nil, "[x] a\n  [ ] b\n") == .indented)
    #expect(detect(nil, "a\nb\n") == .paths, "a plain list of names")
    #expect(detect(nil, "[ ] a\n[x] b\n") == .indented, "flat and marked")
  }
}
