// The `filters` target: filter files a user already has (an rsync filter file or a `.gitignore`),
// read from arbitrary bytes and asked of a tree made from the same bytes.

import ToggleKit

extension FuzzTarget {
  /// Checks one filter file: its first byte picks the language (even: rsync, odd: gitignore), the
  /// rest is the file.
  ///
  /// An rsync error names a line and column inside the file and holds no control character. The
  /// rules answer for every path the file's lines spell (names between `/`), and a tree of those
  /// paths, set to the spec that follows the rules (the pruned walk), selects exactly the leaves
  /// the rules select when each is asked with its whole path from the top (the tools' way).
  /// - Complexity: O(paths × rules × path) for at most 48 paths of 8 names.
  static func checkFilters(_ bytes: [UInt8]) {
    guard let language = bytes.first else { return }
    let file = Array(bytes.dropFirst())
    let rules: FilterRules
    if language % 2 == 0 {
      do {
        rules = try FilterRules(rsyncFilter: file, file: "fuzz")
      } catch {
        // rsync ends a line at a LF, a CR, or a CR LF.
        var lines = 1
        for (index, byte) in file.enumerated()
        where byte == 0x0A || (byte == 0x0D && (index + 1 == file.count || file[index + 1] != 0x0A))
        {
          lines += 1
        }
        check(error.file == "fuzz", "the error names the file")
        check(error.line >= 1 && error.line <= lines, "line \(error.line) of \(lines)")
        check(error.column >= 1 && error.column <= file.count + 1, "column \(error.column)")
        check(!error.message.isEmpty, "the error says what is wrong")
        check(
          !"\(error)".unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          },
          "an error holds no control character")
        return
      }
    } else {
      rules = FilterRules(gitignore: file)
    }
    // The paths the lines spell, as a tree: one node per distinct path (by bytes).
    var entries: [SelectionTree<Int>.Entry] = []
    var nodes: [[[UInt8]]: Int] = [:]
    var paths: [[[UInt8]]] = []
    for line in file.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }).prefix(48) {
      let names = line.split(separator: 0x2F).prefix(8).map(Array.init)
      guard !names.isEmpty else { continue }
      for depth in 1...names.count {
        let path = Array(names[..<depth])
        guard nodes[path] == nil else { continue }
        let id = entries.count
        nodes[path] = id
        paths.append(path)
        entries.append(
          .init(
            id: id, parent: depth == 1 ? nil : nodes[Array(names[..<(depth - 1)])],
            label: LabelBytes.label(decoding: names[depth - 1])))
      }
    }
    guard !entries.isEmpty else { return }
    var tree: SelectionTree<Int>
    do {
      tree = try SelectionTree(entries: entries)
    } catch {
      fatalError("distinct paths make a tree: \(error)")
    }
    let spec: SelectionSpec
    do {
      spec = try tree.selectionSpec(following: rules)
    } catch {
      fatalError("a tree of distinct paths follows any rules: \(error)")
    }
    tree.setSelection(to: spec)
    tree.checkInvariants()
    for (id, path) in paths.enumerated() where tree.children(of: id).isEmpty {
      let labels = path.map { LabelBytes.label(decoding: $0) }
      check(
        (tree.state(of: id) == .on) == rules.isSelected(labels, isFolder: false),
        "the tree selects a leaf as the rules do: \(LabelPath.joined(labels))")
    }
  }
}
