// togglekit-bench: SelectionTree's operations on wide and deep trees of 10^3 to 10^6 nodes, each
// beside a naive per-node Bool tree measured in the same run; parsing throughput; the explorer at
// a million nodes; ParentToggle; rules; peak memory per node. Run it in a release build:
//
//   swift run -c release --package-path Benchmarks togglekit-bench [--quick] [--max-nodes N] [--json]

import LinkedExplorer
import ToggleKit
import ToggleKitRules

#if canImport(Glibc)
  import Glibc
#endif

let usage = """
  usage: togglekit-bench [--quick] [--max-nodes N] [--only SECTIONS] [--json]

  Times ToggleKit's operations beside a naive per-node Bool tree (recursive aggregation, cascading
  clicks) in the same run: medians, min–max and run counts. Build it in release mode:
    swift run -c release --package-path Benchmarks togglekit-bench

    --quick          trees of up to 10^5 nodes (about a minute)
    --max-nodes N    trees of up to N nodes (default 1000000; 10000000 adds 10^7, needs ~8 GiB)
    --only SECTIONS  some of: tree, memory, parse, explorer, parent, rules, model, history, floor,
                     edits (inserts, removals, moves, relabels, lazy loads),
                     specs (a selection's minimal spec, restoring one, its exports, filter files)
                     (comma-separated; floor: what a cache miss and a fresh output array cost;
                     history: copies, kept copies, undo history)
    --json           one JSON object instead of Markdown tables
    --dir-loads DIR  instead: DIR read as `--dir` reads it, its folders opened breadth first up
                     to --max-nodes nodes, each load's cost by the size of the tree it went into
    -h, --help       this text
  """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--memory-probe", arguments.count == 4,
  let shape = Shape(rawValue: arguments[1]),
  let levels = Int(arguments[2])
{
  memoryProbe(shape: shape, levels: levels, implementation: arguments[3])
}
if let index = arguments.firstIndex(of: "--profile-parse"), index + 1 < arguments.count,
  let parsed = TreeFormat(rawValue: arguments[index + 1])
{
  // For profilers: parse one format of the 10^6-node tree five times, nothing else; each
  // parse's time (freeing the tree it made included) on standard error.
  let bytes = Array(
    try! SelectionTree(paths: Shape.wide.paths(levels: 6)).exported(as: parsed).utf8)
  let clock = ContinuousClock()
  for run in 1...5 {
    let start = clock.now
    _ = try! SelectionTree(parsing: bytes, format: parsed)
    printError("parse \(run): \(format(nanoseconds(clock.now - start)))")
  }
  exit(0)
}
if let index = arguments.firstIndex(of: "--profile-build"), index + 1 < arguments.count {
  // For profilers: build the 10^6-node wide tree five times from paths (every node listed or
  // leaves only), entries or nested nodes, nothing else; each build's time on standard error.
  let paths = Shape.wide.paths(levels: 6)
  let kind = arguments[index + 1]
  let input =
    kind == "leaves" ? paths.filter { path in path.split(separator: "/").count == 7 } : paths
  let entries = paths.map { path in
    let slash = path.lastIndex(of: "/")
    return SelectionTree<String>.Entry(
      id: path, parent: slash.map { String(path[..<$0]) },
      label: String(path[(slash.map { path.index(after: $0) } ?? path.startIndex)...]))
  }
  // Nested nodes, assembled from the entries bottom-up (preorder reversed: children first).
  var nested: [SelectionTree<String>.Node] = []
  if kind == "nested" {
    var children: [String: [SelectionTree<String>.Node]] = [:]
    for entry in entries.reversed() {
      let node = SelectionTree<String>.Node(
        id: entry.id, label: entry.label,
        children: (children.removeValue(forKey: entry.id) ?? []).reversed())
      if let parent = entry.parent {
        children[parent, default: []].append(node)
      } else {
        nested.append(node)
      }
    }
  }
  let clock = ContinuousClock()
  for run in 1...5 {
    let start = clock.now
    defer { printError("build \(run): \(format(nanoseconds(clock.now - start)))") }
    if kind == "entries" {
      _ = try! SelectionTree(entries: entries)
    } else if kind == "nested" {
      _ = try! SelectionTree(roots: nested)
    } else {
      _ = try! SelectionTree(paths: input)
    }
  }
  exit(0)
}
if arguments.contains("--profile-filter") {
  // For profilers: filter the 10^6-node wide tree by "1", "12" and nothing, ten times.
  var tree = try! SelectionTree(paths: Shape.wide.paths(levels: 6))
  for _ in 0..<10 {
    for text in ["1", "12", ""] { tree.setFilter(text.isEmpty ? nil : TreeFilter(text: text)) }
  }
  exit(tree.count == 42 ? 1 : 0)
}
if arguments.contains("--profile-queries") {
  // For profilers: random leaf clicks and random-node state(of:) on the 10^6-node wide tree.
  let paths = Shape.wide.paths(levels: 6)
  var tree = try! SelectionTree(paths: paths)
  var random = SeededRandom(state: 7)
  let leaves = paths.indices.filter { paths[$0].utf8.count == 16 }.shuffled(using: &random)
  let nodes = paths.indices.shuffled(using: &random)
  var sink = 0
  for _ in 0..<3 {
    for leaf in leaves { sink &+= try! tree.toggle(paths[leaf]).changed }
    for node in nodes { sink &+= tree.state(of: paths[node])!.hashValue }
  }
  exit(sink == 42 ? 1 : 0)
}
if arguments.contains("--profile-rules") {
  // For profilers: apply the benchmark's rules to the 10^5-node tree ten times, nothing else.
  let base = try! SelectionTree(paths: Shape.wide.paths(levels: 5))
  for _ in 0..<10 {
    var tree = base
    try! tree.applyRules(benchmarkRules)
  }
  exit(0)
}

if arguments.contains("--profile-labels") {
  // For profilers: the benchmark's rules on the 10^4-node tree, then ten million display labels
  // and style names of its first 40 rows (cached), nothing else.
  var tree = try! SelectionTree(paths: Shape.wide.paths(levels: 4))
  try! tree.applyRules(benchmarkRules)
  let ids = Array(tree.ids.prefix(40))
  var sink = 0
  for index in 0..<10_000_000 {
    let id = ids[index % ids.count]
    sink &+= tree.displayLabel(of: id)!.utf8.count + tree.styleName(of: id)!.utf8.count
  }
  exit(sink == 42 ? 1 : 0)
}
if let index = arguments.firstIndex(of: "--profile-edits") {
  profileEdits(index + 1 < arguments.count ? arguments[index + 1] : "insert")
  exit(0)
}
if arguments.contains("--profile-stream") {
  // For profilers: stream the 10^6-line path list into the explorer three times, nothing else.
  profileStreaming()
  exit(0)
}
if arguments.contains("--profile-loads") {
  profileLoads()
  exit(0)
}
if arguments.contains("--profile-bulk") {
  profileBulkReads()
  exit(0)
}
var maxNodes = 1_000_000
var asJSON = false
var directoryLoads: String? = nil
let allSections = [
  "tree", "memory", "parse", "explorer", "parent", "rules", "model", "history", "floor", "edits",
  "specs",
]
var sections = Set(allSections)
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "-h", "--help":
    print(usage)
    exit(0)
  case "--quick": maxNodes = 100_000
  case "--json": asJSON = true
  case "--dir-loads":
    guard let path = arguments.first else {
      printError("togglekit-bench: --dir-loads needs a folder")
      exit(2)
    }
    arguments.removeFirst()
    directoryLoads = path
  case "--only":
    let chosen = (arguments.first ?? "").split(separator: ",").map(String.init)
    guard !chosen.isEmpty, chosen.allSatisfy(allSections.contains) else {
      printError("togglekit-bench: --only takes some of \(allSections.joined(separator: ", "))")
      exit(2)
    }
    arguments.removeFirst()
    sections = Set(chosen)
  case "--max-nodes":
    guard let value = arguments.first.flatMap({ Int($0) }), value >= 1_000 else {
      printError("togglekit-bench: --max-nodes needs a number of at least 1000")
      exit(2)
    }
    arguments.removeFirst()
    maxNodes = value
  default:
    printError("togglekit-bench: unknown option '\(argument)'\n\(usage)")
    exit(2)
  }
}
#if DEBUG
  printError(
    "togglekit-bench: a debug build; measure with `swift run -c release --package-path Benchmarks togglekit-bench`"
  )
#endif

/// Writes a line to standard error.
func printError(_ message: String) {
  let line = Array((message + "\n").utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Progress on standard error, so that standard output holds only the report.
func progress(_ message: String) { printError("… " + message) }

if let directoryLoads {
  exit(benchmarkDirectoryLoads(at: directoryLoads, maxNodes: maxNodes) ? 0 : 1)
}

let sizes = [1_000, 10_000, 100_000, 1_000_000, 10_000_000].filter { $0 <= maxNodes }
var rows: [Row] = []
var memory: [MemoryRow] = []
for shape in Shape.allCases where sections.contains("tree") || sections.contains("memory") {
  for levels in shape.levels(forNodesAbout: sizes) {
    progress("\(shape) tree, \(grouped(shape.nodeCount(levels: levels))) nodes")
    if sections.contains("tree") { rows += benchmarkTree(shape: shape, levels: levels) }
    for implementation in ["togglekit", "edited", "naive"] where sections.contains("memory") {
      if let row = measureMemory(shape: shape, levels: levels, implementation: implementation) {
        memory.append(row)
      }
    }
  }
}
let largestWide = Shape.wide.levels(forNodesAbout: [min(maxNodes, 1_000_000)])[0]
if sections.contains("parse") {
  progress("parsing")
  rows += benchmarkParsing(levels: largestWide)
}
if sections.contains("explorer") {
  progress("explorer")
  rows += benchmarkExplorer(levels: largestWide)
}
if sections.contains("parent") {
  progress("ParentToggle")
  for count in [100, 1_000, 10_000, 100_000, 1_000_000] where count <= maxNodes {
    rows += benchmarkParentToggle(count: count)
  }
}
if sections.contains("rules") {
  progress("rules")
  for levels in Shape.wide.levels(forNodesAbout: sizes.filter { $0 <= 1_000_000 }) {
    rows += benchmarkRules(levels: levels)
  }
}

if sections.contains("model") {
  progress("SelectionModel")
  rows += benchmarkModel()
}
if sections.contains("history") {
  for levels in Shape.wide.levels(forNodesAbout: sizes.filter { $0 <= 1_000_000 }) {
    progress("history, \(grouped(Shape.wide.nodeCount(levels: levels))) nodes")
    rows += benchmarkHistory(levels: levels)
  }
}
if sections.contains("floor") {
  progress("floor")
  rows += benchmarkFloor(levels: largestWide)
}
if sections.contains("edits") {
  for levels in Shape.wide.levels(forNodesAbout: sizes) {
    progress("edits, wide tree of \(grouped(Shape.wide.nodeCount(levels: levels))) nodes")
    rows += benchmarkEdits(levels: levels)
  }
}

if sections.contains("specs") {
  for levels in Shape.wide.levels(forNodesAbout: sizes.filter { $0 <= 1_000_000 }) {
    progress("specs, wide tree of \(grouped(Shape.wide.nodeCount(levels: levels))) nodes")
    rows += benchmarkSpecs(levels: levels)
    rows += benchmarkLazySpecs(levels: levels)
  }
  for depth in sizes where depth <= 100_000 {
    progress("specs, a chain \(grouped(depth)) folders deep")
    rows.append(benchmarkDeepFilter(depth: depth))
  }
}

if asJSON {
  print(json(rows: rows, memory: memory))
  exit(0)
}
let machine = machineDescription()
print("Machine: \(machine.cpu), \(machine.cores) cores, \(machine.memoryGiB) GiB.\n")
if sections.contains("tree") {
  print("Each cell: ToggleKit's median, and in parentheses the naive reference's median divided by")
  print("ToggleKit's (how many times faster ToggleKit is; below 1× it is slower).\n")
  for shape in Shape.allCases {
    print(markdownOverview(rows: rows, shape: shape.rawValue))
  }
}
if sections.contains("memory") {
  print(
    "| memory per node: peak growth while building from paths; the structure's arrays "
      + "| ToggleKit | after one edit | naive |")
  print("|---|---:|---:|---:|")
  for row in memory where row.implementation == "togglekit" {
    func text(_ implementation: String) -> String {
      let other = memory.first {
        $0.shape == row.shape && $0.nodes == row.nodes && $0.implementation == implementation
      }
      return other.map { "\(Int($0.peakBytesPerNode)) B; \(Int($0.storageBytesPerNode)) B" } ?? "–"
    }
    print(
      "| \(row.shape), \(grouped(row.nodes)) nodes | \(Int(row.peakBytesPerNode)) B; "
        + "\(Int(row.storageBytesPerNode)) B | \(text("edited")) | \(text("naive")) |")
  }
  print("")
}
if sections.contains("parse") {
  print("| parsing (wide tree) | bytes | median | throughput | naive parser | naive ÷ ToggleKit |")
  print("|---|---:|---:|---:|---:|---:|")
  for row in rows where row.section == "parse" {
    let bytes = row.extra.first { $0.0 == "bytes" }?.1 ?? 0
    let throughput = row.extra.first { $0.0 == "mb_per_s" }?.1 ?? 0
    let naive = row.naive.map { "\(format($0.median)) | \(rounded($0.median / row.ours.median))×" }
    print(
      "| \(row.operation), \(grouped(row.nodes)) nodes | \(grouped(Int(bytes))) "
        + "| \(format(row.ours.median)) | \(rounded(throughput)) MB/s | \(naive ?? "– | –") |")
  }
  print("")
}
/// Prints a section's rows as a table of medians with min–max.
@MainActor func printMedians(_ title: String, section: String, label: (Row) -> String) {
  print("| \(title) | median | min–max |")
  print("|---|---:|---|")
  for row in rows where row.section == section {
    print(
      "| \(label(row)) | \(format(row.ours.median)) "
        + "| \(format(row.ours.min))–\(format(row.ours.max)) |")
  }
  print("")
}
if sections.contains("explorer") {
  printMedians("explorer", section: "explorer") { "\($0.operation) (\(grouped($0.nodes)) nodes)" }
}
if sections.contains("floor") {
  printMedians("floor: what the machine allows", section: "floor") { $0.operation }
}
if sections.contains("edits") {
  print(
    "Edits on the wide tree at random places, each met once; beside the naive tree's edit of its")
  print("children arrays (how many times faster ToggleKit is; below 1× it is slower).\n")
  print(markdownEdits(rows: rows))
}
if sections.contains("specs") {
  print("Selection specs on the wide tree, selections of random clicks; beside a walk of every")
  print("node (how many times faster ToggleKit is).\n")
  print(markdownEdits(rows: rows, section: "specs", title: "spec"))
  print(
    "\nFilter files on a chain of folders (every node asked; beside the leaf's whole path asked")
  print("from the top):\n")
  print(markdownEdits(rows: rows, section: "chains", title: "chain"))
  for row in rows where row.section == "specs" {
    if let decisions = row.extra.first(where: { $0.0 == "decisions" })?.1 {
      print(
        "- \(row.operation), \(grouped(row.nodes)) nodes: \(Int(decisions)) decisions on average")
    }
    if let mixed = row.extra.first(where: { $0.0 == "mixed" })?.1 {
      print("- \(row.operation), \(grouped(row.nodes)) nodes: \(Int(mixed)) nodes shown mixed")
    }
  }
  print("")
}
/// The row of a section with this size whose operation starts with `prefix`.
@MainActor func row(_ section: String, _ nodes: Int, _ prefix: String) -> Row? {
  rows.first { $0.section == section && $0.nodes == nodes && $0.operation.hasPrefix(prefix) }
}
if sections.contains("parent") {
  print("| ParentToggle sources | state | plain [Bool] scan | toggle | plain [Bool] write |")
  print("|---:|---:|---:|---:|---:|")
  for count in Set(rows.filter { $0.section == "parent" }.map(\.nodes)).sorted() {
    guard let state = row("parent", count, "state"), let toggle = row("parent", count, "toggle")
    else { continue }
    print(
      "| \(grouped(count)) | \(format(state.ours.median)) | \(format(state.naive!.median)) "
        + "| \(format(toggle.ours.median)) | \(format(toggle.naive!.median)) |")
  }
  print("")
}
if sections.contains("rules") {
  print("| rules (wide tree) | apply 5 rules | per node | display label + style of a row |")
  print("|---:|---:|---:|---:|")
  for count in Set(rows.filter { $0.section == "rules" }.map(\.nodes)).sorted() {
    guard let apply = row("rules", count, "apply"), let display = row("rules", count, "display")
    else { continue }
    print(
      "| \(grouped(count)) | \(format(apply.ours.median)) "
        + "| \(format(apply.ours.median / Double(count))) | \(format(display.ours.median)) |")
  }
  print("")
}
if sections.contains("model") {
  printMedians("SelectionModel click on a scattered node (20,200 nodes)", section: "model") {
    $0.operation
  }
}
if sections.contains("history") {
  print(
    "| copies and history (wide tree; naive: deep copy) | copy + root click | copy + leaf click "
      + "| retained per kept copy | 10^4-click history: time, bytes | undo | redo |")
  print("|---:|---:|---:|---:|---:|---:|---:|")
  for count in Set(rows.filter { $0.section == "history" }.map(\.nodes)).sorted() {
    guard let root = row("history", count, "copy, then a root"),
      let leaf = row("history", count, "copy, then a random leaf"),
      let history = row("history", count, "history"), let undo = row("history", count, "undo"),
      let redo = row("history", count, "redo")
    else { continue }
    func extra(_ name: String) -> Double { history.extra.first { $0.0 == name }?.1 ?? 0 }
    func bytes(_ value: Double) -> String {
      value >= 1e6 ? "\(rounded(value / 1e6)) MB" : "\(rounded(value / 1e3)) KB"
    }
    func both(_ row: Row) -> String {
      "\(format(row.ours.median)) (\(ratio(row.naive!.median, row.ours.median)))"
    }
    print(
      "| \(grouped(count)) | \(both(root)) | \(both(leaf)) "
        + "| \(bytes(extra("retained_per_copy"))) (naive \(bytes(extra("naive_retained_per_copy")))) "
        + "| \(format(history.ours.median)), \(bytes(extra("bytes"))) "
        + "(naive \(format(history.naive!.median)), \(bytes(extra("naive_bytes")))) "
        + "| \(format(undo.ours.median)) | \(format(redo.ours.median)) |")
  }
  print("")
}
print("<details><summary>Every measurement: medians, min–max, runs</summary>\n")
print(markdownDetails(rows: rows))
print("</details>")
