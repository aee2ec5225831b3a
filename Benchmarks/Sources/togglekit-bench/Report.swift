// Results: Markdown tables for people, JSON for scripts (`--json`).

#if canImport(Glibc)
  import Glibc
#endif

/// One measured operation: ToggleKit's runs and, where there is one, the naive reference's.
struct Row {
  var section: String
  var shape: String
  var nodes: Int
  var operation: String
  var ours: Summary
  var naive: Summary?
  /// Extra figures of the row (bytes, MB/s), by name.
  var extra: [(String, Double)] = []
}

/// Peak memory of building one tree, measured in a child process, and its arrays' size.
struct MemoryRow {
  var shape: String
  var nodes: Int
  var implementation: String
  var peakBytesPerNode: Double
  /// The structure's own arrays (16-byte String values counted, their text not).
  var storageBytesPerNode: Double
}

/// The machine, for the report's header.
func machineDescription() -> (cpu: String, cores: Int, memoryGiB: Int) {
  let cpus = lines(ofFile: "/proc/cpuinfo").filter { $0.hasPrefix("model name") }
  let cpu = cpus.first.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map {
    String($0.drop { $0 == " " })
  }
  let memoryKiB = lines(ofFile: "/proc/meminfo").first.map { Int($0.filter(\.isNumber)) ?? 0 } ?? 0
  return (cpu ?? "unknown CPU", cpus.count, memoryKiB / 1_048_576)
}

/// A JSON string literal for the report's own texts (names, the CPU model), which hold no control
/// characters: only quotes and backslashes need escaping.
func jsonString(_ text: String) -> String {
  "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
}

func jsonSummary(_ summary: Summary) -> String {
  "{\"median_ns\": \(summary.median), \"min_ns\": \(summary.min), \"max_ns\": \(summary.max), "
    + "\"runs\": \(summary.runs)}"
}

/// The whole report as one JSON object.
func json(rows: [Row], memory: [MemoryRow]) -> String {
  let machine = machineDescription()
  var lines: [String] = []
  for row in rows {
    var fields = [
      "\"section\": \(jsonString(row.section))", "\"shape\": \(jsonString(row.shape))",
      "\"nodes\": \(row.nodes)", "\"operation\": \(jsonString(row.operation))",
      "\"togglekit\": \(jsonSummary(row.ours))",
    ]
    if let naive = row.naive {
      fields.append("\"naive\": \(jsonSummary(naive))")
      fields.append("\"ratio\": \(naive.median / Swift.max(row.ours.median, 1e-9))")
    }
    for (name, value) in row.extra { fields.append("\(jsonString(name)): \(value)") }
    lines.append("    {" + fields.joined(separator: ", ") + "}")
  }
  let memoryLines = memory.map { row in
    "    {\"shape\": \(jsonString(row.shape)), \"nodes\": \(row.nodes), "
      + "\"implementation\": \(jsonString(row.implementation)), "
      + "\"peak_bytes_per_node\": \(row.peakBytesPerNode), "
      + "\"array_bytes_per_node\": \(row.storageBytesPerNode)}"
  }
  return """
    {
      "machine": {"cpu": \(jsonString(machine.cpu)), "cores": \(machine.cores), "memory_gib": \(machine.memoryGiB)},
      "rows": [
    \(lines.joined(separator: ",\n"))
      ],
      "memory": [
    \(memoryLines.joined(separator: ",\n"))
      ]
    }
    """
}

/// Tree operations pivoted: one table per shape, an operation per line, a size per column, each
/// cell ToggleKit's median and its ratio to the naive reference.
func markdownOverview(rows: [Row], shape: String) -> String {
  let shaped = rows.filter { $0.section == "tree" && $0.shape == shape }
  var sizes: [Int] = []
  var operations: [String] = []
  for row in shaped {
    if !sizes.contains(row.nodes) { sizes.append(row.nodes) }
    if !operations.contains(row.operation) { operations.append(row.operation) }
  }
  var text = "| \(shape) tree | " + sizes.map { "\(grouped($0)) nodes" }.joined(separator: " | ")
  text += " |\n|---|" + sizes.map { _ in "---:|" }.joined() + "\n"
  for operation in operations {
    text += "| \(operation) |"
    for size in sizes {
      guard let row = shaped.first(where: { $0.nodes == size && $0.operation == operation }) else {
        text += " |"
        continue
      }
      let versus = row.naive.map { " (\(ratio($0.median, row.ours.median)))" } ?? ""
      text += " \(format(row.ours.median))\(versus) |"
    }
    text += "\n"
  }
  return text
}

/// Every row with its spread: medians, min–max and runs of both implementations.
func markdownDetails(rows: [Row]) -> String {
  var text = "| section | shape | nodes | operation | ToggleKit median | min–max | runs "
  text += "| naive median | min–max | runs | naive ÷ ToggleKit |\n"
  text += "|---|---|---:|---|---:|---|---:|---:|---|---:|---:|\n"
  for row in rows {
    text += "| \(row.section) | \(row.shape) | \(grouped(row.nodes)) | \(row.operation) "
    text += "| \(format(row.ours.median)) | \(format(row.ours.min))–\(format(row.ours.max)) "
    text += "| \(row.ours.runs) "
    if let naive = row.naive {
      text += "| \(format(naive.median)) | \(format(naive.min))–\(format(naive.max)) "
      text += "| \(naive.runs) | \(ratio(naive.median, row.ours.median)) |\n"
    } else {
      text += "| | | | |\n"
    }
  }
  return text
}

/// 1111111 as 1,111,111.
func grouped(_ value: Int) -> String {
  let digits = Array(String(value))
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
    result.append(digit)
  }
  return result
}

/// The edits as a table: one row per operation, one column per tree size.
func markdownEdits(rows: [Row], section: String = "edits", title: String = "edit") -> String {
  let edits = rows.filter { $0.section == section }
  let sizes = Array(Set(edits.map(\.nodes))).sorted()
  var operations: [String] = []
  for row in edits where !operations.contains(row.operation) { operations.append(row.operation) }
  var text =
    "| \(title) | " + sizes.map { "\(grouped($0)) nodes" }.joined(separator: " | ") + " |\n"
  text += "|---|" + sizes.map { _ in "---:|" }.joined() + "\n"
  for operation in operations {
    let cells = sizes.map { size -> String in
      guard let row = edits.first(where: { $0.nodes == size && $0.operation == operation }) else {
        return "–"
      }
      let speedup = row.naive.map { " (\(ratio($0.median, row.ours.median)))" } ?? ""
      return "\(format(row.ours.median))\(speedup)"
    }
    text += "| \(operation) | " + cells.joined(separator: " | ") + " |\n"
  }
  return text
}
