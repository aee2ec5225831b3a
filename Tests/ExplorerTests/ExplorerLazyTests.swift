import Testing
import ToggleKit

@testable import Explorer
@testable import TestSupport

/// A forest whose folders in `lazy` are read only when asked: the whole tree, and the lazy one.
private struct LazyForest {
  let parents: [Int]
  let lazy: Set<Int>

  func entry(_ node: Int) -> SelectionTree<String>.Entry {
    .init(
      id: "n\(node)", parent: parents[node] < 0 ? nil : "n\(parents[node])",
      label: ["Apple", "Bean", "Corn", "Date", "Endive", "Fig"][node % 6] + "\(node)")
  }

  /// Preorder below `root` (the roots when nil), stopping below lazy folders when asked.
  func preorder(_ root: Int?, stopping: Bool) -> [Int] {
    var result: [Int] = []
    var pending = parents.indices.filter { parents[$0] == (root ?? -1) }.reversed().map { $0 }
    while let next = pending.popLast() {
      result.append(next)
      if !stopping || !lazy.contains(next) {
        pending += parents.indices.filter { parents[$0] == next }.reversed()
      }
    }
    return result
  }

  func load(_ id: String) -> LazyTree<String>.Children {
    let below = preorder(Int(id.dropFirst())!, stopping: true)
    return .init(
      entries: below.map(entry), unloaded: Set(below.filter(lazy.contains).map { "n\($0)" }))
  }

  func whole() throws -> SelectionTree<String> {
    try SelectionTree(entries: preorder(nil, stopping: false).map(entry))
  }

  func firstRead() throws -> LazyTree<String> {
    let shown = preorder(nil, stopping: true)
    return LazyTree(
      try SelectionTree(entries: shown.map(entry)),
      unloaded: Set(shown.filter(lazy.contains).map { "n\($0)" }))
  }
}

@Suite("Explorer over a tree read lazily (--dir)")
struct ExplorerLazyTests {
  @Test(
    "every forest of up to 5 nodes and every other one of 6 (every one of up to 7 in the long tier), random folders unread, 30 random keys: the rows drawn are the whole tree's at every step, and every output equals the whole tree's (topmost and the spec forms reading no folder)"
  )
  func drawsAsTheWholeTree() throws {
    var generator = SeededGenerator(seed: 19)
    let keys: [Key] = [
      .down, .down, .up, .character(" "), .character(" "), .right, .right, .left,
      .character("a"), .character("n"), .character("u"), .redo, .end, .home,
      .mouse(MouseEvent(.press(0), row: 1, column: 2)),
      .mouse(MouseEvent(.press(0), row: 0, column: 0)),
    ]
    var worlds = 0
    var readsBetweenKeys = 0
    for size in 1...Tier.size(fast: 6, long: 7) {
      for (index, parents) in orderedForests(size).enumerated()
      where Tier.isLong || size < 6 || index % 2 == 0 {
        let folders = parents.indices.filter(parents.contains)
        let world = LazyForest(
          parents: parents, lazy: Set(folders.filter { _ in Bool.random(using: &generator) }))
        guard !world.lazy.isEmpty else { continue }
        worlds += 1
        var lazy = Explorer(tree: try world.firstRead().tree, height: 10, width: 40)
        lazy.readLazily(try world.firstRead(), using: world.load)
        // Half the worlds read for a filter between keys, as a terminal session does.
        let background = Bool.random(using: &generator)
        lazy.settings.readsInBackground = background
        var eager = Explorer(tree: try world.whole(), height: 10, width: 40)
        var log: [Key] = []
        for step in 0..<30 {
          var key = keys.randomElement(using: &generator)!
          if step == 20 && Bool.random(using: &generator) { key = .character("/") }
          log.append(key)
          lazy.handle(key)
          eager.handle(key)
          if key == .character("/") && !background {
            // A filter: every name is needed, so the folders not read are read.
            lazy.handle([.character("e"), .enter])
            eager.handle([.character("e"), .enter])
            #expect(lazy.unloaded.isEmpty)
          } else if key == .character("/") {
            // Read between keys: the filter is edited (or cleared) while a few folders are read
            // at a time; what it shows at the end is what the whole tree shows.
            var typed: [Key] = [.character("e")]
            lazy.handle(.character("e"))
            eager.handle(.character("e"))
            #expect(lazy.isReading || lazy.unloaded.isEmpty, "\(parents) \(world.lazy.sorted())")
            if lazy.isReading { readsBetweenKeys += 1 }
            while lazy.isReading {
              #expect(lazy.frame(mode: .plain).contains { $0.hasPrefix("reading… ") })
              var budget = Int.random(in: 0...2, using: &generator)
              lazy.continueReading {
                budget -= 1
                return budget >= 0
              }
              guard
                let edit = ([nil, nil, .character("a"), .backspace, .escape] as [Key?])
                  .randomElement(
                    using: &generator)!, typed.count < 4
              else { continue }
              typed.append(edit)
              lazy.handle(edit)
              eager.handle(edit)
              if lazy.finding.text.isEmpty {
                #expect(!lazy.isReading, "a filter cleared stops the read")
                // The focus stays where the rows read so far had it: the same node, in both.
                if let id = lazy.cursor.map({ lazy.tree.ids[$0] }),
                  let index = eager.tree.index(of: id), eager.tree.isRow(index)
                {
                  eager.cursor = index
                }
              }
              if edit == .escape { break }
            }
            if typed.last != .escape {
              lazy.handle(.enter)
              eager.handle(.enter)
            }
            log += typed
          }
          var shown = lazy.frame(mode: .plain)
          var expected = eager.frame(mode: .plain)
          shown.remove(at: 8)  // the status line: its counts differ while folders are unread
          expected.remove(at: 8)
          #expect(shown == expected, "\(parents) lazy \(world.lazy.sorted()) keys \(log)")
          #expect(lazy.cursor.map { lazy.tree.ids[$0] } == eager.cursor.map { eager.tree.ids[$0] })
        }
        for form in [OutputForm.leaves, .topmost, .all, .paths, .spec, .rsyncFilter, .gitignore] {
          var done = lazy
          done.loadFor(output: form)
          #expect(
            try form.render(done.tree) == form.render(eager.tree), "\(form) \(parents) keys \(log)")
          #expect(
            ![.topmost, .spec, .rsyncFilter, .gitignore].contains(form)
              || done.unloaded == lazy.unloaded, "topmost and the specs read nothing")
        }
      }
    }
    #expect(worlds > Tier.size(fast: 80, long: 400))
    #expect(readsBetweenKeys > Tier.size(fast: 12, long: 80), "\(readsBetweenKeys)")
  }

  @Test(
    "the click preview of a folder that a decision below a folder not read shows mixed previews a click on mixed: with --mixed-toggles-to off there is nothing to deselect, where the tree alone would select 2"
  )
  func clickPreviewOfAFolderShownMixed() throws {
    var tree = try SelectionTree(entries: [
      .init(id: "d", parent: nil, label: "d"), .init(id: "a", parent: "d", label: "a"),
      .init(id: "b", parent: "d", label: "b"),
    ])
    tree.options.mixedTogglesTo = .off
    var lazy = LazyTree(tree, unloaded: ["a"])
    _ = lazy.setSelection(to: try SelectionSpec(text: "+ d/a/x\n"))
    #expect(lazy.state(of: "d") == .mixed && lazy.tree.state(of: "d") == .off)
    var explorer = Explorer(tree: lazy.tree, height: 10, width: 60)
    explorer.readLazily(lazy, using: { _ in .init(entries: [], unloaded: []) })
    #expect(explorer.cursor == 0)
    #expect(!explorer.statusLine.contains("Space:"), "\(explorer.statusLine)")
    #expect(!explorer.frame(mode: .plain).joined().contains("Space:"))
    // Read whole, the folder is off: a click selects both.
    let whole = Explorer(tree: lazy.tree, height: 10, width: 60)
    #expect(whole.statusLine.contains("Space: select 2"), "\(whole.statusLine)")
  }
}
