// The tree shapes the benchmark measures: wide (fan-out 10, shallow) and deep (binary).

/// A tree shape, with the sizes the benchmark builds of it.
enum Shape: String, CaseIterable {
  /// Fan-out 10: 1,111 to 11,111,111 nodes over 3 to 7 levels below the root.
  case wide
  /// Binary: 1,023 to 16,777,215 nodes over 9 to 23 levels below the root.
  case deep

  var fanOut: Int { self == .wide ? 10 : 2 }

  /// The numbers of levels below the root giving about 10^3, 10^4, … nodes.
  func levels(forNodesAbout sizes: [Int]) -> [Int] {
    sizes.map { size in
      var levels = 0
      var count = 1
      var width = 1
      while count < size - size / 20 {
        width *= fanOut
        count += width
        levels += 1
      }
      return levels
    }
  }

  /// The paths of the complete tree with this fan-out and `levels` levels below `root`, in
  /// preorder.
  func paths(levels: Int) -> [String] {
    var paths = ["root"]
    paths.reserveCapacity(nodeCount(levels: levels))
    // Iterative preorder: a stack of (path, depth).
    var stack: [(String, Int)] = [("root", 0)]
    while let (path, depth) = stack.popLast() {
      if path != "root" { paths.append(path) }
      guard depth < levels else { continue }
      for child in (0..<fanOut).reversed() {
        stack.append((path + "/\(child)", depth + 1))
      }
    }
    return paths
  }

  func nodeCount(levels: Int) -> Int {
    var count = 1
    var width = 1
    for _ in 0..<levels {
      width *= fanOut
      count += width
    }
    return count
  }
}
