import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("LazyOnce: a value made on first read, the same one for every reader")
struct LazyOnceTests {
  @Test("readers on many threads at once all get one value, made at least once")
  func concurrentFirstReadsAgree() async {
    let made = Counter()
    let lazy = LazyOnce<[Int]>()
    let values = await withTaskGroup(of: [Int].self) { group in
      for reader in 0..<16 {
        group.addTask {
          lazy.value {
            made.increment()
            return [reader]
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(made.count >= 1)
    #expect(Set(values).count == 1, "one value kept")
    let before = made.count
    let later = lazy.value {
      made.increment()
      return [-1]
    }
    #expect(later == values[0] && made.count == before, "later reads get it, making nothing")
  }

  @Test("a tree's ids and labels after an edit are made once and equal the nodes in preorder")
  func flatArraysAfterAnEdit() throws {
    var tree = try SelectionTree(paths: ["a/b", "a/c", "d"])
    try tree.insert([.init(id: "x", parent: "a", label: "X")], under: "a", at: 1)
    #expect(tree.ids == ["a", "a/b", "x", "a/c", "d"])
    #expect(tree.labels == ["a", "b", "X", "c", "d"])
    #expect((0..<tree.count).map { tree.id(at: $0) } == tree.ids)
    #expect((0..<tree.count).map { tree.label(at: $0) } == tree.labels)
  }
}
