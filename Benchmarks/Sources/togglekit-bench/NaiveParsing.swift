// The naive reference for the parse rows: each format read the straightforward way into the naive
// tree, as most code would (lines split as bytes, each label and id made as a string; JSON
// through Codable).

import Foundation  // JSONDecoder: how most Swift code reads JSON
import ToggleKit

extension NaiveTree {
  /// Reads the text `togglekit-bench` parses (the tree's export, nothing selected) into the naive
  /// tree: no escapes, attributes or checks, so it is a lower bound on what such a parser costs.
  init(parsing bytes: [UInt8], format: TreeFormat) {
    switch format {
    case .indented: self.init(indented: bytes)
    case .paths: self.init(pathList: bytes)
    case .json: self.init(json: bytes)
    }
  }

  /// Indented text: two spaces a level, a `[ ]` marker, the label; a node's id is its path.
  private init(indented bytes: [UInt8]) {
    let lines = bytes.split(separator: 0x0A)
    self.init(capacity: lines.count)
    var open: [Int32] = []  // the node open at each depth
    for line in lines {
      let text = Self.droppingMarker(line.drop { $0 == 0x20 })
      let depth = (line.count - line.drop { $0 == 0x20 }.count) / 2
      let label = String(decoding: text, as: UTF8.self)
      open.removeSubrange(depth...)
      let parent = open.last ?? -1
      let id = parent < 0 ? label : paths[Int(parent)] + "/" + label
      open.append(append(id: id, parent: parent, label: label[...]))
    }
    finish()
  }

  /// A path list: a `[ ]` marker and the node's path on each line, parents first.
  private init(pathList bytes: [UInt8]) {
    self.init(
      paths: bytes.split(separator: 0x0A).map {
        String(decoding: Self.droppingMarker($0), as: UTF8.self)
      })
  }

  /// The JSON export: an array of nodes with a label and children or a selection.
  private init(json bytes: [UInt8]) {
    struct Node: Decodable {
      var label: String
      var children: [Node]?
    }
    let roots = try! JSONDecoder().decode([Node].self, from: Data(bytes))
    self.init(capacity: roots.count)
    // Preorder, iteratively: the stack holds the nodes still to add, last first.
    var stack = roots.reversed().map { (node: $0, parent: Int32(-1)) }
    while let (node, parent) = stack.popLast() {
      let id = parent < 0 ? node.label : paths[Int(parent)] + "/" + node.label
      let added = append(id: id, parent: parent, label: node.label[...])
      for child in (node.children ?? []).reversed() { stack.append((child, added)) }
    }
    finish()
  }

  /// The line after its `[ ] ` marker.
  private static func droppingMarker(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard line.first == UInt8(ascii: "["), let close = line.firstIndex(of: UInt8(ascii: "]"))
    else { return line }
    return line[(close + 2)...]
  }
}
