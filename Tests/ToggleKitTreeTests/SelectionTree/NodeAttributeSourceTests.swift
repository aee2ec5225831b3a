import Synchronization
import Testing
import ToggleKit

@testable import TestSupport

/// A source that is not rules: disables nodes whose `legacy` attribute is `yes`, locks `Required`
/// leaves on, expands roots, and labels nodes that are not off; it counts what it is asked.
struct LegacySource: NodeAttributeSource {
  struct Failure: Error, Equatable { let label: String }

  let writabilityCalls = Counter()
  let presentationCalls = Counter()
  let failOn: String?

  init(failOn: String? = nil) { self.failOn = failOn }

  var derivesExpansion: Bool { true }

  func writability(of node: NodeFacts) throws(Failure) -> NodeWritability {
    writabilityCalls.increment()
    if let failOn, node.label == failOn { throw Failure(label: failOn) }
    return NodeWritability(
      lock: node.label == "Required" ? .on : .none,
      disables: node.attributes["legacy"] == "yes")
  }

  func initialExpansion(of node: NodeFacts) throws(Failure) -> Bool { node.depth == 0 }

  func presentation(of node: NodeFacts) -> NodePresentation {
    presentationCalls.increment()
    let state = node.state
    return NodePresentation(label: state == .off ? "" : "\(node.label) (\(state.rawValue))")
  }
}

@Suite("Derived attributes: any source can fill the tree's hook")
struct NodeAttributeSourceTests {
  static func tree() throws -> SelectionTree<String> {
    try SelectionTree(roots: [
      .init(
        id: "tools", label: "Tools",
        children: [
          .init(id: "old", label: "Old", attributes: ["legacy": "yes"]),
          .init(id: "new", label: "New"),
          .init(id: "req", label: "Required"),
          .init(id: "off", label: "Off", isDisabled: true),
        ])
    ])
  }

  @Test(
    "a source disables, locks and expands; the data's disabling stays; removing restores the locks")
  func deriveAndRemove() throws {
    var tree = try Self.tree()
    let plain = tree
    try tree.deriveAttributes(from: LegacySource())
    #expect(tree.isEnabled("old") == false)
    #expect(tree.isEnabled("new") == true)
    #expect(tree.isLocked("req") == true && tree.state(of: "req") == .on)
    #expect(tree.isExpanded("tools") == true && tree.isExpanded("new") == false)
    #expect(tree.isEnabled("off") == false)
    #expect(tree.attributeSource is LegacySource)
    tree.removeDerivedAttributes()
    #expect(tree.attributeSource == nil)
    #expect(tree.isEnabled("old") == true && tree.isLocked("req") == false)
    #expect(tree.isEnabled("off") == false, "the data's disabling is not the source's to remove")
    #expect(plain.selection(.all).isEmpty)
    #expect(tree.selection(.all) == ["req"], "values stay: only locks and disabling are restored")
  }

  @Test("a source that throws leaves the tree unchanged")
  func failureLeavesTreeUnchanged() throws {
    var tree = try Self.tree()
    let before = tree
    #expect(throws: LegacySource.Failure(label: "New")) {
      try tree.deriveAttributes(from: LegacySource(failOn: "New"))
    }
    #expect(tree == before && tree.attributeSource == nil)
  }

  @Test("a reload asks the source again only about nodes whose facts it read changed")
  func reloadAsksOnlyChangedNodes() throws {
    var tree = try Self.tree()
    let source = LegacySource()
    try tree.deriveAttributes(from: source)
    #expect(source.writabilityCalls.count == 5)
    let fresh = try SelectionTree<String>(roots: [
      .init(
        id: "tools", label: "Tools",
        children: [
          .init(id: "old", label: "Old"),  // its attributes changed: asked again
          .init(id: "new", label: "New"),
          .init(id: "req", label: "Required"),
          .init(id: "off", label: "Off", isDisabled: true),
          .init(id: "more", label: "More", attributes: ["legacy": "yes"]),  // new: asked
        ])
    ])
    tree.reload(from: fresh)
    #expect(source.writabilityCalls.count == 5 + 2)
    #expect(tree.isEnabled("old") == true && tree.isEnabled("more") == false)
    #expect(tree.derivationError == nil)
  }

  @Test("a reload the source cannot derive keeps the error and drops the source")
  func reloadFailure() throws {
    var tree = try Self.tree()
    try tree.deriveAttributes(from: LegacySource(failOn: "More"))
    let fresh = try SelectionTree<String>(roots: [
      .init(id: "tools", label: "Tools", children: [.init(id: "more", label: "More")])
    ])
    tree.reload(from: fresh)
    #expect(tree.derivationError as? LegacySource.Failure == LegacySource.Failure(label: "More"))
    #expect(tree.attributeSource == nil)
  }

  @Test("presentations follow the state, derived again only when the source read the state")
  func presentationsFollowState() throws {
    var tree = try Self.tree()
    let source = LegacySource()
    try tree.deriveAttributes(from: source)
    #expect(tree.displayLabel(of: "tools") == "Tools")
    #expect(tree.displayLabel(of: "tools") == "Tools")
    #expect(source.presentationCalls.count == 1, "cached while the state is the same")
    try tree.toggle("new")
    #expect(tree.displayLabel(of: "tools") == "Tools (on)")
    #expect(tree.configuration(of: "tools")?.label == "Tools (on)")
    #expect(source.presentationCalls.count == 2)
    #expect(tree.styleName(of: "tools") == "")
  }

  @Test("bulk configuration reads show the derived labels, as configuration(of:) does")
  func bulkReadsShowDerivedLabels() throws {
    var tree = try Self.tree()
    try tree.deriveAttributes(from: LegacySource())
    try tree.toggle("new")
    let expected = tree.ids.map { tree.configuration(of: $0)!.label }
    #expect(expected.contains("Tools (on)"))
    #expect(tree.configurations(in: 0..<tree.count).map(\.label) == expected)
    var visited: [String] = []
    tree.forEachConfiguration { visited.append($1.label) }
    #expect(visited == expected)
  }

  @Test("node facts are what the source sees, each recorded when read")
  func nodeFacts() throws {
    let tree = try Self.tree()
    let facts = try #require(tree.nodeFacts(of: "off"))
    #expect(facts.isDisabledByData && facts.lockByData == nil)
    #expect(facts.read.isEmpty)
    #expect(facts.path == "Tools/Off" && facts.depth == 1 && facts.isLeaf && facts.childCount == 0)
    #expect(facts.read == [.init(.path), .init(.depth), .init(.isLeaf), .init(.childCount)])
    #expect(tree.nodeFacts(of: "nope") == nil)
  }
}
