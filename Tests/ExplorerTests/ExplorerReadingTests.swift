import Testing
import ToggleKit

@testable import Explorer
@testable import TestSupport

/// A folder `r` of `folders` folders (`f0` …), each of `files` files (`x0-0` …), read lazily:
/// only `r`'s own entries at first.
private struct WideFolder {
  var folders: Int
  var files: Int

  func load(_ id: String) -> LazyTree<String>.Children {
    guard id != "r" else {
      return .init(
        entries: (0..<folders).map { .init(id: "r/f\($0)", parent: "r", label: "f\($0)") },
        unloaded: Set((0..<folders).map { "r/f\($0)" }))
    }
    let folder = id.dropFirst(3)
    return .init(
      entries: (0..<files).map { .init(id: "\(id)/\($0)", parent: id, label: "x\(folder)-\($0)") })
  }

  /// An explorer on the first read, reading for filters between keys when `background`.
  func explorer(background: Bool) throws -> Explorer {
    var tree = try SelectionTree<String>(entries: [.init(id: "r", parent: nil, label: "r")])
    var lazy = LazyTree(tree, unloaded: ["r"])
    try lazy.expand("r", using: load)
    tree = lazy.tree
    var explorer = Explorer(tree: tree, height: 12, width: 60)
    explorer.settings.readsInBackground = background
    explorer.readLazily(lazy, using: load)
    return explorer
  }
}

/// Reads `explorer`'s filter one folder at a time to the end; how many times the tree grew
/// while the read went on.
private func readToTheEnd(_ explorer: inout Explorer) -> Int {
  var grew = 0
  while explorer.isReading {
    let count = explorer.tree.count
    var budget = 1
    explorer.continueReading {
      budget -= 1
      return budget >= 0
    }
    if explorer.isReading && explorer.tree.count > count { grew += 1 }
  }
  return grew
}

@Suite("A filter over folders not read: read between keys, the screen never frozen")
struct ExplorerReadingTests {
  @Test(
    "the prompt and a progress count show at once; matches go in as the read doubles what the tree holds (a few times, not once a folder); the end is what a read at once shows"
  )
  func readsBetweenKeys() throws {
    let world = WideFolder(folders: 40, files: 500)
    var explorer = try world.explorer(background: true)
    var atOnce = try world.explorer(background: false)
    for key in [Key.character("/"), .character("x"), .character("9")] {
      explorer.handle(key)
      atOnce.handle(key)
    }
    #expect(explorer.isReading && explorer.unloaded.count == 40)
    let frame = explorer.frame(mode: .plain)
    #expect(frame.contains { $0.hasPrefix("/x9▏") }, "\(frame)")
    #expect(frame.contains { $0.hasPrefix("reading… 0 folders, 0 names") }, "\(frame)")
    let grew = readToTheEnd(&explorer)
    // 20,000 names: in at 4,096, then each time as many as the tree holds.
    #expect((1...4).contains(grew), "\(grew)")
    #expect(explorer.unloaded.isEmpty && explorer.tree.count == atOnce.tree.count)
    #expect(explorer.frame(mode: .plain) == atOnce.frame(mode: .plain))
    #expect(explorer.cursor.map(explorer.tree.id(at:)) == atOnce.cursor.map(atOnce.tree.id(at:)))
  }

  @Test(
    "keys act while it reads: Ctrl-C cancels, Esc clears the filter and stops the read (what was read stays), more typing refilters without a second read"
  )
  func keysWhileReading() throws {
    let world = WideFolder(folders: 40, files: 100)
    var cancelled = try world.explorer(background: true)
    cancelled.handle([.character("/"), .character("x")])
    #expect(cancelled.isReading)
    cancelled.handle(.control("c"))
    #expect(cancelled.outcome == .cancelled)

    var cleared = try world.explorer(background: true)
    cleared.handle([.character("/"), .character("x")])
    var budget = 25
    cleared.continueReading {
      budget -= 1
      return budget >= 0
    }
    #expect(cleared.isReading && cleared.backgroundRead?.count.nodes == 25)
    cleared.handle(.escape)
    #expect(!cleared.isReading && cleared.finding.text.isEmpty && cleared.outcome == nil)
    #expect(cleared.unloaded.count == 15, "the 25 folders read went in")

    var typing = try world.explorer(background: true)
    typing.handle([.character("/"), .character("x")])
    _ = readToTheEnd(&typing)
    typing.handle([.character("3"), .character("9"), .character("-")])
    #expect(!typing.isReading, "every folder is read: nothing to read again")
    var atOnce = try world.explorer(background: false)
    atOnce.handle([
      .character("/"), .character("x"), .character("3"), .character("9"), .character("-"),
    ])
    #expect(typing.frame(mode: .plain) == atOnce.frame(mode: .plain))
  }

  @Test(
    "a folder selected while it reads brings its files in selected; a folder opened while it reads is read once, its read copy skipped"
  )
  func editsWhileReading() throws {
    let world = WideFolder(folders: 6, files: 3)
    var explorer = try world.explorer(background: true)
    explorer.handle([.character("/"), .character("f"), .enter])
    #expect(explorer.isReading)
    var budget = 3
    explorer.continueReading {
      budget -= 1
      return budget >= 0
    }
    explorer.handle(.escape)  // the filter cleared: the three folders read go in
    explorer.handle([.character("/"), .character("f"), .enter])
    #expect(explorer.isReading)
    // Select f5 (not read yet) and open f4 (read now, at once), then read the rest.
    for id in ["r/f5", "r/f4"] {
      explorer.cursor = explorer.tree.index(of: id)
      #expect(explorer.tree.isRow(explorer.cursor!), "\(id) is shown: it matches")
      explorer.handle(id == "r/f5" ? .character(" ") : .right)
    }
    _ = readToTheEnd(&explorer)
    explorer.tree.checkInvariants()
    #expect(explorer.unloaded.isEmpty && explorer.tree.count == 1 + 6 + 6 * 3)
    #expect(explorer.tree.selection(.leaves) == ["r/f5/0", "r/f5/1", "r/f5/2"])
  }
}
