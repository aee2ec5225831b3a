/// Where the preview pane is and how big (`--preview-window`, fzf's syntax): a side, a size in
/// cells or percent, `hidden`, `wrap`, joined by `:` or `,`.
///
/// ```swift
/// try PreviewWindow(parsing: "down:10:wrap")   // 10 lines below the tree, long lines wrapped
/// ```
package struct PreviewWindow: Hashable, Sendable {
  /// A side of the screen.
  package enum Side: String, Hashable, Sendable, CaseIterable {
    case right, left, up, down
  }

  /// Which side the pane takes.
  package var side = Side.right
  /// Its size: columns (right, left) or lines (up, down); nil with ``percent``.
  package var cells: Int?
  /// Its size in percent of the screen (default 50).
  package var percent = 50
  /// Whether it starts hidden (toggle-preview shows it).
  package var hidden = false
  /// Whether long lines wrap rather than being cut.
  package var wrap = false

  /// The default: the right half, shown, lines cut.
  package init() {}

  /// Parses fzf's `--preview-window` value, each part changing `base` (an empty value is
  /// `base`: `change-preview-window(down|)` goes back to it).
  ///
  /// - Throws: A message naming the part that is not a side, a size or a flag.
  /// - Complexity: O(text length).
  package init(parsing text: String, over base: PreviewWindow = PreviewWindow())
    throws(PreviewWindowError)
  {
    self = base
    let aliases: [String: Side] = ["top": .up, "bottom": .down]
    for part in text.split(whereSeparator: { $0 == ":" || $0 == "," }).map(String.init) {
      if let side = Side(rawValue: part) ?? aliases[part] {
        self.side = side
      } else if part == "hidden" || part == "nohidden" {
        hidden = part == "hidden"
      } else if part == "wrap" || part == "nowrap" {
        wrap = part == "wrap"
      } else if part.hasSuffix("%"), let value = Int(part.dropLast()) {
        guard (1...99).contains(value) else {
          throw PreviewWindowError(part: part, reason: "a share is from 1% to 99%")
        }
        percent = value
        cells = nil
      } else if let value = Int(part) {
        guard value >= 1 else {
          throw PreviewWindowError(part: part, reason: "a size is 1 or more")
        }
        cells = value
      } else {
        throw PreviewWindowError(
          part: part, reason: "not a side (right, left, up, down), a size, hidden or wrap")
      }
    }
  }

  /// The pane's size along its side, out of `total` cells: at least 1, and leaving the tree at
  /// least 1 (and the border) too.
  func size(of total: Int) -> Int {
    let wanted = cells ?? total * percent / 100
    return max(1, min(wanted, total - 2))
  }
}

/// A part of `--preview-window` that is not a side, a size or a flag.
package struct PreviewWindowError: Error, Hashable, Sendable {
  /// The part as given.
  package var part: String
  /// What is wrong with it.
  package var reason: String

  /// "'x': not a side …".
  package var message: String { "'\(part)': \(reason)" }
}
