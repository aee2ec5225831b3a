// What the hardware allows: the cost of a cache miss, and of writing a fresh output array. The
// closing figures of the performance work compare against these, measured in the same run.

import ToggleKit

#if canImport(Glibc)
  import Glibc
#endif

/// Dependent random reads (each address comes from the previous read, so none overlap) in arrays
/// of growing size, the cost of filling a fresh array of a million output values, and of making
/// the wide tree's path ids as strings (alone; and with its labels, all freed again).
func benchmarkFloor(levels: Int) -> [Row] {
  let nodes = Shape.wide.nodeCount(levels: levels)
  let paths = PathBytes(Shape.wide.paths(levels: levels))
  var rows = [pathIDFloor(paths), stringTreeFloor(paths)]
  var budget = Budget()
  budget.minRuns = 5
  budget.warmUp = 1
  let steps = 1 << 20
  for mebibytes in [1, 4, 16, 64, 256] {
    let count = mebibytes << 17  // 8-byte slots
    // One random cycle through every slot (Sattolo's shuffle), so a chase meets each slot once.
    var next = Array(0..<count)
    var random = SeededRandom(state: UInt64(mebibytes))
    for index in stride(from: count - 1, to: 0, by: -1) {
      let other = Int(random.next() % UInt64(index))
      next.swapAt(index, other)
    }
    var position = 0
    let chase = measure(budget) {
      next.withUnsafeBufferPointer { next in
        for _ in 0..<steps { position = next[position] }
      }
    }
    rows.append(
      Row(
        section: "floor", shape: "-", nodes: count,
        operation: "dependent random read in \(mebibytes) MiB",
        ours: perNode(chase, steps), naive: nil))
    if position == -1 { print("") }
  }
  // The bytes of an output array of one value per node, written once: into pages fresh from the
  // kernel (mapped for it, as a big array is in a process that has not held one before), and into
  // memory the process already holds (as a big array is when the allocator reuses freed pages).
  for (name, stride) in [
    ("ToggleConfiguration", MemoryLayout<ToggleConfiguration>.stride),
    ("ToggleSummary", MemoryLayout<ToggleSummary>.stride),
  ] {
    let bytes = nodes * stride
    let what = "\(grouped(bytes / 1_000_000)) MB (\(grouped(nodes)) \(name) values)"
    rows.append(
      Row(
        section: "floor", shape: "-", nodes: nodes, operation: "write \(what) into fresh pages",
        ours: measure(budget) {
          let pages = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
          guard let pages, pages != MAP_FAILED else { fatalError("mmap failed") }
          memset(pages, 1, bytes)
          munmap(pages, bytes)
        }, naive: nil))
    let held = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
    memset(held, 0, bytes)
    rows.append(
      Row(
        section: "floor", shape: "-", nodes: nodes, operation: "write \(what) into held memory",
        ours: measure(budget) { memset(held, 1, bytes) }, naive: nil))
    held.deallocate()
  }
  return rows
}

/// Paths' bytes in one buffer: each path's end in it, and where its last label starts.
struct PathBytes {
  var bytes: [UInt8] = []
  var ends: [Int] = []
  var labelStarts: [Int] = []

  init(_ paths: [String]) {
    for path in paths {
      let start = bytes.count
      bytes += path.utf8
      let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
      labelStarts.append(
        start + (slash.map { path.utf8.distance(from: path.utf8.startIndex, to: $0) + 1 } ?? 0))
      ends.append(bytes.count)
    }
  }
}

/// What any tree with String ids pays to build, before it links a node.
///
/// That is each node's path id made as a string from bytes (one allocation when longer than 15 bytes) and hashed once. The naive
/// tree and ToggleKit both pay it; the bytes are ready in one buffer beforehand.
func pathIDFloor(_ paths: PathBytes) -> Row {
  let (bytes, ends) = (paths.bytes, paths.ends)
  let clock = ContinuousClock()
  var samples: [Double] = []
  var checksum = 0
  for _ in 0..<6 {
    var ids: [String] = []
    ids.reserveCapacity(ends.count)
    let start = clock.now
    bytes.withUnsafeBufferPointer { bytes in
      var from = 0
      for end in ends {
        let id = String(unsafeUninitializedCapacity: end - from) { buffer in
          buffer.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: bytes[from..<end]))
        }
        checksum &+= id.hashValue
        ids.append(id)
        from = end
      }
    }
    samples.append(nanoseconds(clock.now - start))
    // Freed outside the time: building keeps its ids.
    checksum &+= ids.count
  }
  if checksum == 42 { print("") }
  return Row(
    section: "floor", shape: "wide", nodes: ends.count,
    operation: "make every node's path id (a String from bytes) and hash it once",
    ours: Summary(Array(samples.dropFirst())), naive: nil)
}

/// What any parser into a tree with String ids pays per node, before it reads any syntax, links a
/// node or indexes an id.
///
/// That is each node's label and path id made as strings from bytes and the id hashed once, and
/// all of them freed again — inside the time, as in the parse rows, where each parsed tree is freed
/// inside its run. The bytes and each node's label range are ready in one buffer beforehand.
func stringTreeFloor(_ paths: PathBytes) -> Row {
  let (bytes, ends, labelStarts) = (paths.bytes, paths.ends, paths.labelStarts)
  let clock = ContinuousClock()
  var samples: [Double] = []
  var checksum = 0
  for _ in 0..<6 {
    let start = clock.now
    do {
      var ids: [String] = []
      var labels: [String] = []
      ids.reserveCapacity(ends.count)
      labels.reserveCapacity(ends.count)
      bytes.withUnsafeBufferPointer { bytes in
        var from = 0
        for (node, end) in ends.enumerated() {
          labels.append(
            String(
              decoding: UnsafeBufferPointer(rebasing: bytes[labelStarts[node]..<end]), as: UTF8.self
            ))
          let id = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<end]), as: UTF8.self)
          checksum &+= id.hashValue
          ids.append(id)
          from = end
        }
      }
      checksum &+= ids.count &+ labels.count
    }
    samples.append(nanoseconds(clock.now - start))
  }
  if checksum == 42 { print("") }
  return Row(
    section: "floor", shape: "wide", nodes: ends.count,
    operation:
      "make every node's label and path id (Strings from bytes), hash each id once, free them",
    ours: Summary(Array(samples.dropFirst())), naive: nil)
}

/// For profilers and the cold figures: each bulk read of the 10^6-node wide tree five times in a
/// fresh process, where every large result array is fresh pages from the kernel (the benchmark's
/// rows run later in a process whose heap already holds such memory).
func profileBulkReads() {
  let tree = try! SelectionTree(paths: Shape.wide.paths(levels: 6))
  let clock = ContinuousClock()
  var sink = 0
  func time(_ name: String, _ body: () -> Int) {
    var samples: [Double] = []
    for _ in 0..<5 {
      let start = clock.now
      sink &+= body()
      samples.append(nanoseconds(clock.now - start))
    }
    let sorted = samples.sorted()
    print(
      "\(name): median \(format(sorted[2])), \(format(sorted[0]))–\(format(sorted[4])) (fresh process)"
    )
  }
  time("every node's state") { bulkRead(tree.states()) { $0.hashValue } }
  time("every node's summary") { bulkRead(tree.summaries()) { $0.writableOn } }
  // As the tree section reads them, too: after clicks (a mid-level node on, scattered leaves).
  var clicked = tree
  _ = try! clicked.set("root/0/0/0", to: true)
  var random = SeededRandom(state: 2)
  let leaves = clicked.ids.filter { $0.utf8.count == 16 }
  for _ in 0..<100 { _ = try! clicked.toggle(leaves.randomElement(using: &random)!) }
  for (read, when) in [(tree, ""), (clicked, ", after clicks")] {
    time("every node's configuration\(when)") {
      bulkRead(read.configurations(in: 0..<read.count)) { $0.depth }
    }
    time("every node's configuration, visited\(when)") {
      var sum = 0
      read.forEachConfiguration { _, configuration in sum &+= configuration.depth }
      return sum
    }
  }
  if sink == 42 { print("") }
}
