extension LazyTree {
  /// A read of every unloaded node, a node a step (between keys); ``fill(_:)`` puts it in the tree.
  ///
  /// ```swift
  /// var read = lazy.stepRead()
  /// while !read.isDone { try read.step(using: loader.children) }
  /// try lazy.fill(&read)   // as lazy.loadAll(using:)
  /// ```
  public struct StepRead {
    var loaded: [ID: Children] = [:]
    var pending: [ID]
    /// The nodes read, the entries they brought, and those not filled into the tree yet.
    public internal(set) var count: (nodes: Int, entries: Int, waiting: Int) = (0, 0, 0)

    /// Whether nothing is left to read.
    public var isDone: Bool { pending.isEmpty }

    /// Reads the next node (one whose read throws stays unloaded).
    /// - Complexity: The loader's, plus O(m) for m entries.
    public mutating func step(using loader: (ID) throws -> Children) throws {
      guard let next = pending.popLast() else { return }
      let children = try loader(next)
      loaded[next] = children
      count.nodes += 1
      count.entries += children.entries.count
      count.waiting += children.entries.count
      // In tree order (read first in order shown), whatever the sets' order.
      pending += children.entries.reversed().lazy.map(\.id).filter {
        children.unloaded.contains($0) && loaded[$0] == nil
      }
    }
  }

  /// A read of every node unloaded now and of what their reads bring, in tree order.
  /// - Complexity: O(n log n).
  public func stepRead() -> StepRead {
    StepRead(pending: tree.ids.reversed().filter(isUnloaded))
  }

  /// Fills what `read` read in one edit, as ``loadAll(under:using:)``, and empties it to read on.
  /// - Complexity: As a load of the m nodes read.
  public mutating func fill(_ read: inout StepRead) throws {
    defer { (read.loaded, read.count.waiting) = ([:], 0) }
    try fill(read.loaded)
  }
}
