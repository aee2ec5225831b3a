// Peak memory per node, each tree built in a fresh child process so that sizes do not share a heap.

import ToggleKit

#if canImport(Glibc)
  import Glibc
#endif

/// In the child (`--memory-probe SHAPE LEVELS IMPLEMENTATION`): builds the tree from its paths (and
/// edits it once for `edited`) and prints the peak growth of resident memory while building, and
/// the bytes of the structure's own arrays (ToggleKit: `_storageBytes`; the naive tree: its
/// arrays' element bytes), in bytes.
func memoryProbe(shape: Shape, levels: Int, implementation: String) -> Never {
  let paths = shape.paths(levels: levels)
  let before = residentMemory().current
  // Reset the peak to the current size (Linux ≥ 4.0), so the peak is the build's own.
  if let file = fopen("/proc/self/clear_refs", "w") {
    fputs("5", file)
    fclose(file)
  }
  var keep = 0
  if implementation == "naive" {
    let tree = NaiveTree(paths: paths)
    keep = tree.selected.count
    let after = residentMemory()
    print(after.peak - before, tree.storageBytes, keep)
  } else {
    var tree = try! SelectionTree(paths: paths)
    // "edited": the tree after one edit, in its counted form (the peak includes both forms).
    if implementation == "edited" { try! tree.relabel(paths[0], to: "edited") }
    keep = tree.count
    let after = residentMemory()
    print(after.peak - before, tree._storageBytes, keep)
  }
  exit(0)
}

/// Runs a probe in a child process of this executable and reads its figures.
func measureMemory(shape: Shape, levels: Int, implementation: String) -> MemoryRow? {
  var pipeEnds: [Int32] = [0, 0]
  guard pipe(&pipeEnds) == 0 else { return nil }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
  posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
  let arguments = [
    "togglekit-bench", "--memory-probe", shape.rawValue, "\(levels)", implementation,
  ]
  var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var child: pid_t = 0
  let spawned = posix_spawn(&child, "/proc/self/exe", &actions, nil, &argv, environ)
  close(pipeEnds[1])
  guard spawned == 0 else {
    close(pipeEnds[0])
    return nil
  }
  var output: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 256)
  while case let count = read(pipeEnds[0], &buffer, buffer.count), count > 0 {
    output += buffer[..<count]
  }
  close(pipeEnds[0])
  var status: Int32 = 0
  waitpid(child, &status, 0)
  let fields = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
  guard fields.count == 3, let peak = Double(fields[0]), let storage = Double(fields[1]),
    let nodes = Int(fields[2]), nodes > 0
  else { return nil }
  return MemoryRow(
    shape: shape.rawValue, nodes: nodes, implementation: implementation,
    peakBytesPerNode: peak / Double(nodes), storageBytesPerNode: storage / Double(nodes))
}
