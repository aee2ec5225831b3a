import Foundation
import Testing

@testable import ToggleKit

/// Names that differ only in their Unicode normalisation (`é` as one scalar, and `e` + U+0301) are
/// two names to a file system, though Swift's `==` calls them equal: every reader keeps them two
/// nodes, each printed and found by its own bytes.
@Suite("Unicode normalisation twins")
struct NormalisationTwinTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  /// Each node's label path as bytes, in the tree's order.
  static func bytePaths(_ tree: SelectionTree<String>) -> [[[UInt8]]] {
    tree.ids.map { tree.labelPath(of: $0).map { Array($0.utf8) } }
  }

  /// The label paths a list of paths names, each prefix once, compared by their bytes.
  static func expectedPaths(_ paths: [[String]]) -> Set<[[UInt8]]> {
    var result = Set<[[UInt8]]>()
    for path in paths {
      for length in 1...path.count { result.insert(path[..<length].map { Array($0.utf8) }) }
    }
    return result
  }

  /// Checks that the tree has exactly the label paths of `paths`, each once, each id reading back
  /// to its labels, and each found by its own bytes.
  static func checkTree(_ tree: SelectionTree<String>, holds paths: [[String]], _ note: String) {
    let found = bytePaths(tree)
    #expect(found.count == Set(found).count, "no path twice: \(note)")
    #expect(Set(found) == expectedPaths(paths), "every path, and no other: \(note)")
    var index = tree.labelIndex()
    for id in tree.ids {
      let labels = tree.labelPath(of: id)
      let read = (try? LabelPath.labels(of: id)) ?? []
      #expect(read.elementsEqual(labels, by: { $0.utf8.elementsEqual($1.utf8) }), "\(note)")
      #expect(tree.node(atLabelPath: labels) == id, "found by its bytes: \(note)")
      #expect(index.node(atLabelPath: labels) == id, "the index finds it by its bytes: \(note)")
    }
  }

  static let paths: [[String]] = [
    ["d", composed], ["d", decomposed], ["d", decomposed, "x"], ["d", composed, "y"],
    ["d", decomposed], ["d", composed, "x"],
  ]

  @Test("a path list keeps names that differ only in normalisation apart, in every order")
  func pathListsInEveryOrder() throws {
    var checked = 0
    for order in Self.permutations(Array(Self.paths.indices)) {
      let list = order.map { Self.paths[$0] }
      let text = list.map { LabelPath.joined($0) }
      Self.checkTree(try SelectionTree(paths: text), holds: list, "paths \(order)")
      let parsed = try SelectionTree(
        parsing: text.joined(separator: "\n") + "\n", format: .paths)
      Self.checkTree(parsed, holds: list, "path list \(order)")
      var names = TreeParser(nulSeparatedNamesFrom: nil)
      try names.append(Array(text.map { $0 + "\0" }.joined().utf8))
      Self.checkTree(try names.finish(), holds: list, "names \(order)")
      checked += 1
    }
    #expect(checked == 720)
  }

  @Test("a long list that came back to a folder (each path then looked up) keeps twins apart")
  func longListsLookingUp() throws {
    // `a` left and come back to: a repeat, so once the draft is checked every later path is
    // looked up, twins included.
    var list: [[String]] = [["a", "x"], ["b", "y"], ["a", "z"]]
    for number in 0..<17_000 { list.append(["c", String(number)]) }
    list += Self.paths
    list += [["a", Self.decomposed], ["a", Self.composed, "q"], ["a", Self.decomposed, "r"]]
    Self.checkTree(
      try SelectionTree(paths: list.map { LabelPath.joined($0) }), holds: list, "long list")
  }

  @Test("indented text and JSON read twin labels as two nodes; a repeat byte for byte is an error")
  func textFormats() throws {
    let indented = try SelectionTree(
      parsing: "r\n  \(Self.composed)\n    x\n  \(Self.decomposed)\n    x\n", format: .indented)
    Self.checkTree(
      indented, holds: [["r", Self.composed, "x"], ["r", Self.decomposed, "x"]], "indented")
    let json = try SelectionTree(
      parsing:
        #"[{"label": "\#(Self.composed)"}, {"label": "\#(Self.decomposed)", "children": [{"label": "x"}]}]"#,
      format: .json)
    Self.checkTree(json, holds: [[Self.composed], [Self.decomposed, "x"]], "json")
    let withIDs = try SelectionTree(
      parsing:
        Array(
          #"[{"id": "1", "label": "\#(Self.composed)"}, {"id": "2", "label": "\#(Self.decomposed)"}]"#
            .utf8),
      format: .json, uniqueSiblingLabels: true)
    #expect(withIDs.ids == ["1", "2"], "own ids: twin labels are two labels")
    #expect(throws: TreeFormatError.self) {
      try SelectionTree(
        parsing:
          Array(
            #"[{"id": "1", "label": "\#(Self.composed)"}, {"id": "2", "label": "\#(Self.composed)"}]"#
              .utf8),
        format: .json, uniqueSiblingLabels: true)
    }
    #expect(throws: TreeFormatError.self) {
      try SelectionTree(parsing: "r\n  \(Self.composed)\n  \(Self.composed)\n", format: .indented)
    }
    #expect(throws: TreeFormatError.self) {
      try SelectionTree(
        parsing: #"[{"label": "\#(Self.decomposed)"}, {"label": "\#(Self.decomposed)"}]"#,
        format: .json)
    }
  }

  @Test("a directory holding both names reads them as two nodes, eagerly and lazily")
  func directories() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("twins-\(UInt32.random(in: 0...UInt32.max))").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    for path in [Self.composed + "/y", Self.composed + "/x", Self.decomposed + "/x/z"] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + path, withIntermediateDirectories: true)
    }
    _ = FileManager.default.createFile(atPath: root + "/" + Self.decomposed + "/f", contents: nil)
    let top = (root as NSString).lastPathComponent
    let expected: [[String]] = [
      [top, Self.composed, "y"], [top, Self.composed, "x"], [top, Self.decomposed, "x", "z"],
      [top, Self.decomposed, "f"],
    ]
    let eager = try SelectionTree.directory(at: root).tree
    Self.checkTree(eager, holds: expected, "eager")
    var (lazy, loader) = try LazyTree.directory(at: root)
    try lazy.loadAll(using: loader.children)
    Self.checkTree(lazy.tree, holds: expected, "lazy")
    #expect(Set(Self.bytePaths(lazy.tree)) == Set(Self.bytePaths(eager)))
  }

  @Test("a lookup by a name's other normalisation finds nothing, whatever the ids")
  func lookupsCompareBytes() throws {
    let byPath = try SelectionTree(paths: ["d/\(Self.composed)/x"])
    let withIDs = try SelectionTree(
      parsing:
        #"[{"id": "1", "label": "d", "children": [{"id": "2", "label": "\#(Self.composed)"}]}]"#,
      format: .json)
    for tree in [byPath, withIDs] {
      var index = tree.labelIndex()
      #expect(tree.node(atLabelPath: ["d", Self.decomposed]) == nil)
      #expect(index.node(atLabelPath: ["d", Self.decomposed]) == nil)
      #expect(index.node(atLabelPath: ["d", Self.decomposed, "x"]) == nil)
      #expect(index.node(atLabelPath: ["d", Self.composed]) != nil)
      var spec = tree
      #expect(
        spec.setSelection(to: SelectionSpec([.init(["d", Self.decomposed], isIncluded: true)]))
          .unknownPaths == [["d", Self.decomposed]])
    }
  }

  @Test("a tree whose twins differ in selection gives a spec that names each, and it reads back")
  func specsOfTwins() throws {
    var tree = try SelectionTree(paths: Self.paths.map { LabelPath.joined($0) })
    // `café` holds x and y: with x alone selected, it is mixed beside its twin.
    let twin = try #require(tree.node(atLabelPath: ["d", Self.composed, "x"]))
    try tree.set(twin, to: true)
    let spec = try tree.selectionSpec()
    #expect(
      spec.decisions.map { $0.path.map { Array($0.utf8) } } == [
        ["d", Self.composed, "x"].map { Array($0.utf8) }
      ])
    var fresh = try SelectionTree(paths: Self.paths.map { LabelPath.joined($0) })
    #expect(fresh.setSelection(to: spec).isComplete)
    #expect(fresh.selection(.leaves) == [twin])
  }

  @Test("a spec's decision on one twin selects it alone")
  func specsTellTwinsApart() throws {
    var tree = try SelectionTree(paths: Self.paths.map { LabelPath.joined($0) })
    let result = tree.setSelection(
      to: SelectionSpec([.init(["d", Self.decomposed], isIncluded: true)]))
    #expect(result.isComplete)
    let selected = tree.ids.filter { tree.state(of: $0) == .on }.map { tree.labelPath(of: $0) }
    #expect(
      selected.map { $0.map { Array($0.utf8) } }.sorted {
        $0.lexicographicallyPrecedes($1, by: { $0.lexicographicallyPrecedes($1) })
      }
        == [["d", Self.decomposed], ["d", Self.decomposed, "x"]].map { $0.map { Array($0.utf8) } })
  }

  @Test(
    "a relabel to a name's other normalisation is a new label: it is written, and a source that reads labels is asked again (found by the contract model's twins)"
  )
  func relabelToTheOtherNormalisation() throws {
    let entries: [SelectionTree<Int>.Entry] = [
      .init(id: 0, parent: nil, label: "d"), .init(id: 1, parent: 0, label: Self.composed),
      .init(id: 2, parent: 0, label: "x"),
    ]
    var plain = try SelectionTree(entries: entries)
    try plain.relabel(1, to: Self.decomposed)
    #expect(Array(plain.label(of: 1)!.utf8) == Array(Self.decomposed.utf8), "plain")
    var deriving = try SelectionTree(entries: entries)
    deriving.deriveAttributes(from: DecomposedLocks())
    #expect(deriving.configuration(of: 1)?.isLocked == false)
    try deriving.relabel(1, to: Self.decomposed)
    #expect(Array(deriving.label(of: 1)!.utf8) == Array(Self.decomposed.utf8), "deriving")
    #expect(deriving.configuration(of: 1)?.isLocked == true, "the source asked again")
    try deriving.relabel(1, to: Self.composed)
    #expect(deriving.configuration(of: 1)?.isLocked == false, "and back")
  }

  @Test(
    "trees, decisions and specs that differ only in a name's normalisation are not equal, in either storage form, and hash apart"
  )
  func equalityComparesBytes() throws {
    let entries: (String) -> [SelectionTree<Int>.Entry] = { label in
      [.init(id: 0, parent: nil, label: "d"), .init(id: 1, parent: 0, label: label)]
    }
    let composed = try SelectionTree(entries: entries(Self.composed))
    #expect(composed != (try SelectionTree(entries: entries(Self.decomposed))), "flat")
    var edited = composed
    try edited.relabel(1, to: Self.decomposed)  // the counted form
    #expect(edited != composed, "counted beside flat")
    try edited.relabel(1, to: Self.composed)
    #expect(edited == composed, "the same bytes again")
    #expect(
      (try SelectionTree(paths: ["d/\(Self.composed)"]))
        != (try SelectionTree(paths: ["d/\(Self.decomposed)"])), "paths")
    let decisions = [Self.composed, Self.decomposed].map {
      SelectionSpec.Decision(["d", $0], isIncluded: true)
    }
    #expect(decisions[0] != decisions[1])
    #expect(Set(decisions).count == 2 && Set(decisions + decisions).count == 2)
    #expect(SelectionSpec([decisions[0]]) != SelectionSpec([decisions[1]]))
    #expect(Set([SelectionSpec([decisions[0]]), SelectionSpec([decisions[1]])]).count == 2)
    #expect(SelectionSpec([decisions[1]]) == (try SelectionSpec(text: "+ d/cafe\u{301}\n")))
  }

  /// Locks the nodes whose label is the decomposed name, byte for byte.
  private struct DecomposedLocks: NodeAttributeSource {
    func writability(of node: NodeFacts) -> NodeWritability {
      let isDecomposed = node.label.utf8.elementsEqual(NormalisationTwinTests.decomposed.utf8)
      return NodeWritability(lock: isDecomposed ? .on : .none)
    }
  }

  static func permutations(_ items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index in
      var rest = items
      let first = rest.remove(at: index)
      return permutations(rest).map { [first] + $0 }
    }
  }
}
