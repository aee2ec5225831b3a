/// Label escaping shared by the line-based formats (indented text, path lists) and by path ids.
///
/// `\` escapes itself and any special character; `\n`, `\r` and `\t` stand for newline, carriage
/// return and tab; a component that is exactly `\e` is an empty label.
enum _Escaping {
  /// `label` with `\`, controls and `specials` escaped; `\e` for an empty label when `emptyMarker`.
  static func escape(_ label: String, specials: Set<Unicode.Scalar>, emptyMarker: Bool) -> String {
    if label.isEmpty { return emptyMarker ? "\\e" : "" }
    let needsWork: Bool
    if specials.allSatisfy(\.isASCII) {
      // Every character to escape is ASCII: scan bytes, not scalars.
      let asciiSpecials = specials.map { UInt8($0.value) }
      needsWork = label.utf8.contains {
        $0 == 0x5C || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || asciiSpecials.contains($0)
      }
    } else {
      needsWork = label.unicodeScalars.contains {
        $0 == "\\" || $0 == "\n" || $0 == "\r" || $0 == "\t" || specials.contains($0)
      }
    }
    guard needsWork else { return label }
    var result = String.UnicodeScalarView()
    for scalar in label.unicodeScalars {
      switch scalar {
      case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
      case "\n": result.append(contentsOf: "\\n".unicodeScalars)
      case "\r": result.append(contentsOf: "\\r".unicodeScalars)
      case "\t": result.append(contentsOf: "\\t".unicodeScalars)
      default:
        if specials.contains(scalar) { result.append("\\") }
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// `label` with `\`, controls and one special scalar escaped (no collection to allocate: this is
  /// the per-node path of every format).
  static func escape(_ label: String, special: Unicode.Scalar, emptyMarker: Bool) -> String {
    if label.isEmpty { return emptyMarker ? "\\e" : "" }
    if special.isASCII {
      let byte = UInt8(special.value)
      let needsWork = label.utf8.contains {
        $0 == 0x5C || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == byte
      }
      if !needsWork { return label }
    }
    return escape(label, specials: [special], emptyMarker: emptyMarker)
  }

  /// Reads escaped text from `scalars[start...]` up to an unescaped stop scalar.
  ///
  /// Stops at a scalar in `stops` or at the end. Returns the text and the index of the stop (or `scalars.count`).
  static func scan(
    _ scalars: [Unicode.Scalar], from start: Int, stops: Set<Unicode.Scalar>
  ) -> (text: String, stop: Int) {
    var result = String.UnicodeScalarView()
    var index = start
    while index < scalars.count {
      let scalar = scalars[index]
      if stops.contains(scalar) { break }
      if scalar == "\\" && index + 1 < scalars.count {
        let next = scalars[index + 1]
        switch next {
        case "n": result.append("\n")
        case "r": result.append("\r")
        case "t": result.append("\t")
        case "e":
          // `\e` is an empty label only as a whole component; elsewhere it is a plain "e".
          let atStart = index == start
          let atEnd = index + 2 == scalars.count || stops.contains(scalars[index + 2])
          if !(atStart && atEnd) { result.append("e") }
        default: result.append(next)
        }
        index += 2
        continue
      }
      result.append(scalar)
      index += 1
    }
    return (String(result), index)
  }
}
