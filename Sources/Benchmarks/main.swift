// togglekit-bench: operation costs of SelectionTree in a release build, beside a naive per-node
// Bool tree measured in the same run. `swift run -c release togglekit-bench [--quick]`.

import Explorer
import ToggleKit

#if canImport(Glibc)
  import Glibc
#endif

/// The paths of a complete tree with the given fan-out and number of levels.
func wideTreePaths(fanOut: Int, levels: Int) -> [String] {
  var paths: [String] = []
  var frontier = [""]
  for _ in 0..<levels {
    var next: [String] = []
    for prefix in frontier {
      for child in 0..<fanOut {
        let path = prefix.isEmpty ? "n\(child)" : prefix + "/\(child)"
        paths.append(path)
        next.append(path)
      }
    }
    frontier = next
  }
  return ["root"] + paths.map { "root/" + $0 }
}

let quick = CommandLine.arguments.contains("--quick")
if let index = CommandLine.arguments.firstIndex(of: "--profile-parse"),
  let format = TreeFormat(rawValue: CommandLine.arguments[index + 1])
{
  // For profilers: parse one format of the 10^6-node tree five times, nothing else.
  let bytes = Array(
    try! SelectionTree(paths: wideTreePaths(fanOut: 10, levels: 6)).exported(as: format).utf8)
  for _ in 0..<5 { _ = try! SelectionTree(parsing: bytes, format: format) }
  exit(0)
}
if CommandLine.arguments.contains("--profile-rules") {
  // For profilers: apply five rules to the 10^5-node tree ten times, nothing else.
  let rules = try! RuleModel(
    parsing: "label == \"3\" => enabled <= false\ndepth < 2 => expanded <= true",
    vocabulary: .selectionTree)
  let base = try! SelectionTree(paths: wideTreePaths(fanOut: 10, levels: 5))
  for _ in 0..<10 {
    var tree = base
    try! tree.applyRules(rules)
  }
  exit(0)
}
let levelCounts = quick ? [3, 4, 5] : [3, 4, 5, 6]
var generator = SystemRandomNumberGenerator()

print(
  "| nodes | build from paths | root toggle | leaf toggle | state(of:) | summary(of:) | naive root toggle | ratio | bytes/node |"
)
print("|---|---|---|---|---|---|---|---|---|")
for levels in levelCounts {
  let paths = wideTreePaths(fanOut: 10, levels: levels)
  var built: SelectionTree<String>? = nil
  let buildSamples = samples(repetitions: levels >= 6 ? 3 : 5, warmUp: levels >= 6 ? 0 : 1) {
    built = nil
    built = try! SelectionTree(paths: paths)
  }
  var tree = built!
  let ids = tree.ids
  let leaves = ids.filter { tree.children(of: $0).isEmpty }
  let n = tree.count

  let root = Summary(samples(repetitions: 2_000) { _ = try! tree.toggle("root") })
  let leafPicks = (0..<2_000).map { _ in leaves.randomElement(using: &generator)! }
  var leafIndex = 0
  let leaf = Summary(
    samples(repetitions: 2_000) {
      _ = try! tree.toggle(leafPicks[leafIndex % leafPicks.count])
      leafIndex += 1
    })
  let nodePicks = (0..<2_000).map { _ in ids.randomElement(using: &generator)! }
  var nodeIndex = 0
  var sink = 0
  let state = Summary(
    samples(repetitions: 2_000) {
      sink &+= tree.state(of: nodePicks[nodeIndex % nodePicks.count])!.hashValue
      nodeIndex += 1
    })
  let summary = Summary(
    samples(repetitions: 2_000) {
      sink &+= tree.summary(of: nodePicks[nodeIndex % nodePicks.count])!.total
      nodeIndex += 1
    })

  var parents = [Int32](repeating: -1, count: n)
  var positions: [String: Int32] = [:]
  for (position, id) in ids.enumerated() { positions[id] = Int32(position) }
  for (position, id) in ids.enumerated() {
    if let parent = tree.parent(of: id) { parents[position] = positions[parent]! }
  }
  var naive = NaiveTree(parents: parents)
  let naiveRoot = Summary(samples(repetitions: levels >= 6 ? 20 : 200) { naive.toggle(0) })

  // Memory beyond the labels: the bytes of the tree's own arrays (labels and ids count 16 bytes a
  // node, their text is not counted).
  let bytesPerNode = tree._storageBytes / n
  print(
    "| \(n) | \(format(Summary(buildSamples).median)) | \(format(root.median)) | \(format(leaf.median)) "
      + "| \(format(state.median)) | \(format(summary.median)) | \(format(naiveRoot.median)) "
      + "| \(rounded(naiveRoot.median / root.median))× | \(bytesPerNode) |")
  if sink == 42 { print("") }
}
print("")
print(
  "Medians of 2,000 runs (root toggle, leaf toggle, queries), 200 (naive; 20 at 10^6), 3–5 (build)."
)

// Parsing throughput: the largest tree exported in each format, then parsed back.
print("")
print("| format | labels | bytes | parse | throughput |")
print("|---|---|---|---|---|")
let compactTree = try! SelectionTree(paths: wideTreePaths(fanOut: 10, levels: levelCounts.last!))
// The same shape with labels of a realistic length (product names, file names: ~24 characters).
let realisticTree = try! SelectionTree(
  paths: wideTreePaths(fanOut: 10, levels: levelCounts.last!).map { path in
    path.split(separator: "/").map { "\($0) widget-assembly part" }.joined(separator: "/")
  })
for (treeFormat, parseTree, labels) in TreeFormat.allCases.flatMap({ format in
  [(format, compactTree, "1–5 chars"), (format, realisticTree, "~24 chars")]
}) {
  let bytes = Array(parseTree.exported(as: treeFormat).utf8)
  let parse = Summary(
    samples(repetitions: 3, warmUp: 1) {
      _ = try! SelectionTree(parsing: bytes, format: treeFormat)
    })
  let megabytesPerSecond = Double(bytes.count) / (parse.median / 1e9) / 1_000_000
  print(
    "| \(treeFormat) | \(labels) | \(bytes.count) | \(format(parse.median)) | \(rounded(megabytesPerSecond)) MB/s |"
  )
}

// The explorer at 10^6 nodes: startup (parse + first frame), a keypress with its frame, and a filter
// keystroke with its frame.
print("")
print("| explorer at \(compactTree.count) nodes | median |")
print("|---|---|")
let explorerBytes = Array(compactTree.exported(as: .indented).utf8)
var explorerForStartup: Explorer? = nil
let startup = Summary(
  samples(repetitions: 3, warmUp: 0) {
    let tree = try! SelectionTree(parsing: explorerBytes, format: .indented)
    var explorer = Explorer(tree: tree, height: 40, width: 100)
    explorer.handle(.right)
    _ = explorer.frame(mode: .ansi(colors: true))
    explorerForStartup = explorer
  })
print("| startup: parse \(explorerBytes.count) bytes, first frame | \(format(startup.median)) |")
var explorer = explorerForStartup!
let keys: [Key] = [.down, .character(" "), .right, .down, .up, .pageDown, .character(" ")]
var keyIndex = 0
let keypress = Summary(
  samples(repetitions: 500) {
    explorer.handle(keys[keyIndex % keys.count])
    keyIndex += 1
    _ = explorer.frame(mode: .ansi(colors: true))
  })
print("| keypress + frame | \(format(keypress.median)) |")
explorer.handle(.character("/"))
let filterKeys: [Key] = [.character("1"), .character("2"), .backspace, .backspace]
var filterIndex = 0
let filterKeystroke = Summary(
  samples(repetitions: 12, warmUp: 1) {
    explorer.handle(filterKeys[filterIndex % filterKeys.count])
    filterIndex += 1
    _ = explorer.frame(mode: .ansi(colors: true))
  })
print("| filter keystroke + frame | \(format(filterKeystroke.median)) |")

// Rules: applying a five-rule file to a tree (every node evaluated), and a row's display label and
// style after a toggle (re-derived only where the rules read the state).
print("")
print("| nodes | apply 5 rules | per node | display label + style of a row |")
print("|---|---|---|---|")
let benchmarkRules = try! RuleModel(
  parsing: """
    label == "3" => enabled <= false
    depth == 6 && label == "7" => locked <= on
    depth < 2 => expanded <= true
    !isLeaf && state == on => style <= "switch"
    label == "5" => displayLabel <= path
    """, vocabulary: .selectionTree)
for levels in levelCounts {
  let base = try! SelectionTree(paths: wideTreePaths(fanOut: 10, levels: levels))
  var ruled = base
  let apply = Summary(
    samples(repetitions: levels >= 6 ? 3 : 5, warmUp: levels >= 6 ? 0 : 1) {
      ruled = base
      try! ruled.applyRules(benchmarkRules)
    })
  let rowIDs = Array(ruled.ids.prefix(40))
  var rowIndex = 0
  var labelSink = 0
  let row = Summary(
    samples(repetitions: 2_000) {
      let id = rowIDs[rowIndex % rowIDs.count]
      labelSink &+= ruled.displayLabel(of: id)!.utf8.count + ruled.styleName(of: id)!.utf8.count
      rowIndex += 1
    })
  print(
    "| \(base.count) | \(format(apply.median)) | \(format(apply.median / Double(base.count))) "
      + "| \(format(row.median)) |")
  if labelSink == 42 { print("") }
}
