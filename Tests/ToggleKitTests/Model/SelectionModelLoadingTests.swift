import Observation
import Testing
import ToggleKit

@testable import TestSupport

/// Counts the observation changes of a read, one-shot as Observation is.
private final class Told: @unchecked Sendable {
  var count = 0
}

private func observe(_ read: @escaping () -> Void) -> Told {
  let told = Told()
  withObservationTracking(read) { told.count += 1 }
  return told
}

@Suite("SelectionModel over a lazy tree: loading, and who is told")
struct SelectionModelLoadingTests {
  private func model() throws -> SelectionModel<String> {
    SelectionModel(
      LazyTree(try SelectionTree(paths: ["books", "music/a", "music/b"]), unloaded: ["books"]))
  }

  private let books = LazyTree<String>.Children(
    entries: [
      .init(id: "books/1", parent: "books", label: "Dune"),
      .init(id: "books/2", parent: "books", label: "Emma"),
    ], unloaded: ["books/2"])

  @Test(
    "an async load tells the observers of the nodes that appear, of the loaded node and of unloaded — and no one else"
  )
  func loadTellsExactlyWhatChanged() async throws {
    let model = try model()
    let appearing = observe { _ = model.state(of: "books/1") }
    let neverThere = observe { _ = model.state(of: "books/9") }
    let loaded = observe { _ = model.configuration(of: "books") }
    let unrelated = observe { _ = model.state(of: "music/a") }
    let unloaded = observe { _ = model.unloaded }
    #expect(model.state(of: "books/1") == nil)
    try await model.load("books") { [books] _ in
      await Task.yield()
      return books
    }
    #expect(appearing.count == 1 && loaded.count == 1 && unloaded.count == 1)
    #expect(neverThere.count == 0 && unrelated.count == 0)
    #expect(model.unloaded == ["books/2"])
    #expect(model.configuration(of: "books")?.hasChildren == true)
    #expect(model.tree.label(of: "books/1") == "Dune")
  }

  @Test("children loaded into a selected node come in selected; loading twice loads once")
  func inheritsAndLoadsOnce() async throws {
    let model = try model()
    try model.toggle("books")
    var calls = 0
    try model.load("books") { [books] _ in
      calls += 1
      return books
    }
    try model.load("books") { [books] _ in
      calls += 1
      return books
    }
    #expect(calls == 1)
    #expect(model.tree.selection(.leaves) == ["books/1", "books/2"])
    #expect(model.state(of: "books") == .on)
  }

  @Test(
    "undo after a load takes back the change made before it on the loaded tree, and redo returns it"
  )
  func undoAcrossALoad() throws {
    let model = try model()
    try model.toggle("books")
    try model.load("books") { [books] _ in books }
    #expect(model.undo() == "toggle books")
    #expect(model.tree.selection(.leaves).isEmpty, "the children came in with the change undone")
    #expect(model.tree.children(of: "books") == ["books/1", "books/2"], "still loaded")
    #expect(model.redo() == "toggle books")
    #expect(model.tree.selection(.leaves) == ["books/1", "books/2"])
  }

  @Test("a loader's error is thrown and the model is left as it was")
  func loaderErrors() throws {
    struct Offline: Error {}
    let model = try model()
    #expect(throws: Offline.self) { try model.load("books") { _ in throw Offline() } }
    #expect(throws: SelectionTreeError.self) {
      try model.load("books") { _ in
        .init(entries: [.init(id: "music", parent: "books", label: "x")])
      }
    }
    #expect(model.unloaded == ["books"] && model.tree.count == 4)
  }
}
