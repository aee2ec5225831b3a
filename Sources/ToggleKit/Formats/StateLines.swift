extension SelectionTree {
  /// Every node's state and label path as a line, `STATE<TAB>PATH` and `end`, handed to `emit` in
  /// pieces of whole lines (about 64 KiB each): `togglekit apply --print states`.
  ///
  /// ```swift
  /// tree.writeStateLines(end: "\n") { print($0, terminator: "") }
  /// // mixed⇥Fruit   (⇥: a tab)
  /// // on⇥Fruit/Apple
  /// ```
  /// - Parameters:
  ///   - separator: What joins the labels of a path.
  ///   - raw: Labels as they are (only a NUL written `\u{00}`, so that it cannot end a NUL-ended
  ///     record), not escaped.
  ///   - end: What ends each line: a newline, or NUL for `-0`.
  ///   - prefix: Labels written before every path: the folders above a directory tree's root, so
  ///     that each path names its file from the working directory (`["/", "abs"]` for a tree read
  ///     from `/abs/home`).
  ///   - emit: Takes each piece.
  /// - Complexity: O(n + total path length).
  public func writeStateLines(
    separator: Unicode.Scalar = "/", raw: Bool = false, end: Unicode.Scalar,
    prefix: [String] = [], to emit: (String) -> Void
  ) {
    let component: (String) -> String = { label in
      guard raw else { return LabelPath.escaped(label, separator: separator) }
      return label.utf8.contains(0) ? label.replacing("\0", with: "\\u{00}") : label
    }
    let on = Array("on\t".utf8)
    let off = Array("off\t".utf8)
    let mixed = Array("mixed\t".utf8)
    let states = self.states()
    let endBytes = Array(String(end).utf8)
    var chunk = _OutputChunk()
    forEachPathUTF8(separator: separator, component: component, prefix: prefix) {
      position, path in
      switch states[position] {
      case .on: chunk.bytes += on
      case .off: chunk.bytes += off
      case .mixed: chunk.bytes += mixed
      }
      chunk.bytes.append(contentsOf: path)
      chunk.bytes += endBytes
      chunk.endLine(emit)
    }
    chunk.flush(emit)
  }
}
