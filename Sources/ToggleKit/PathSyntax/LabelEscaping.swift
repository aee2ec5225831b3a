#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one escaping of labels, shared by every text the package reads or writes: path ids, path
/// lists, indented text, command-line PATHs, output forms and messages.
///
/// `\\` and `\` before any special character (the separator, `{` …); `\n`, `\r`, `\t`; `\u{XX}` for
/// every other control character (C0, DEL, C1, NUL); `\xHH` for a byte of a file name that is not
/// UTF-8 (a raw-byte scalar, ``LabelBytes``); a component that is exactly `\e` is an empty label.
package enum LabelEscaping {
  /// Whether a scalar is a control character: C0 (NUL included), DEL or C1.
  @inline(__always)
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// `text` as a double-quoted string literal: `\"`, `\\`, `\n`, `\r`, `\t`, and every other
  /// control character (C0, DEL, C1) as `control` spells it — JSON and rules text share this.
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func quoted(
    _ text: String, control: (Unicode.Scalar) -> String
  ) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if isControl(scalar) {
          result += control(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Whether a scalar is written escaped in text for a terminal: a control character or a raw
  /// byte of a file name (``LabelBytes``).
  @inline(__always)
  static func isShownEscaped(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || LabelBytes.rawByte(scalar) != nil
  }

  /// Whether a UTF-8 byte may start something the writer escapes: a C0 control, `\`, DEL, the
  /// lead byte `0xC2` of U+0080…U+00BF (which holds C1), or the lead byte `0xEE` of the raw-byte
  /// scalars (false positives only cost the slow path).
  @inline(__always)
  static func mayNeedEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xEE
  }

  /// Appends `\u{XX}` (two or more uppercase hex digits) for a scalar.
  static func appendHexEscape(_ scalar: Unicode.Scalar, to result: inout String.UnicodeScalarView) {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    result.append(contentsOf: "\\u{".unicodeScalars)
    if hex.count < 2 { result.append("0") }
    result.append(contentsOf: hex.unicodeScalars)
    result.append("}")
  }

  /// `label` with `\`, controls and `specials` escaped; `\e` for an empty label when `emptyMarker`.
  static func escape(_ label: String, specials: Set<Unicode.Scalar>, emptyMarker: Bool) -> String {
    if label.isEmpty { return emptyMarker ? "\\e" : "" }
    let needsWork: Bool
    if specials.allSatisfy(\.isASCII) {
      // Every special is ASCII: scan bytes, not scalars.
      let asciiSpecials = specials.map { UInt8($0.value) }
      needsWork = label.utf8.contains { mayNeedEscape($0) || asciiSpecials.contains($0) }
    } else {
      needsWork = label.unicodeScalars.contains {
        $0 == "\\" || isShownEscaped($0) || specials.contains($0)
      }
    }
    guard needsWork else { return label }
    var result = String.UnicodeScalarView()
    for scalar in label.unicodeScalars {
      if scalar == "\\" || specials.contains(scalar) { result.append("\\") }
      appendShowingControls(scalar, to: &result)
    }
    return String(result)
  }

  /// `label` with `\`, controls and one special scalar escaped (no collection to allocate: this is
  /// the per-node path of every format).
  static func escape(_ label: String, special: Unicode.Scalar, emptyMarker: Bool) -> String {
    if label.isEmpty { return emptyMarker ? "\\e" : "" }
    if special.isASCII {
      let byte = UInt8(special.value)
      if !label.utf8.contains(where: { mayNeedEscape($0) || $0 == byte }) { return label }
    }
    return escape(label, specials: [special], emptyMarker: emptyMarker)
  }

  /// Whether `label` is the separator alone: as a root, such a label is written bare, so that
  /// `/usr` is the child `usr` of the root `/` (what `find /` prints), not an empty first label.
  @inline(__always)
  static func isBareRoot(_ label: String, separator: Unicode.Scalar) -> Bool {
    var scalars = label.unicodeScalars.makeIterator()
    return scalars.next() == separator && scalars.next() == nil
  }

  /// A root's component in a path: the separator alone for a bare root, else the escaped label.
  static func rootComponent(_ label: String, separator: Unicode.Scalar) -> String {
    isBareRoot(label, separator: separator)
      ? String(separator) : escape(label, special: separator, emptyMarker: true)
  }

  /// The path of a node: its parent's path (nil for a root) extended by its label, escaped.
  ///
  /// Under a bare root the separator is not written twice: `/` and `usr` make `/usr`.
  ///
  /// - Complexity: O(length of the result).
  package static func extending(
    _ path: String?, with label: String, separator: Unicode.Scalar
  ) -> String {
    guard var path else { return rootComponent(label, separator: separator) }
    var escaped = escape(label, special: separator, emptyMarker: true)
    let isBare = isBareRoot(path, separator: separator)
    if separator.isASCII {
      // One allocation, filled from the bytes: a path is made for every node of every text format.
      let joint = isBare ? 0 : 1
      return path.withUTF8 { head in
        escaped.withUTF8 { tail in
          String(unsafeUninitializedCapacity: head.count + joint + tail.count) { buffer in
            _ = buffer.initialize(fromContentsOf: head)
            if joint == 1 { buffer[head.count] = UInt8(separator.value) }
            _ = UnsafeMutableBufferPointer(rebasing: buffer[(head.count + joint)...])
              .initialize(fromContentsOf: tail)
            return head.count + joint + tail.count
          }
        }
      }
    }
    path.reserveCapacity(path.utf8.count + 1 + escaped.utf8.count)
    if !isBare { path.unicodeScalars.append(separator) }
    path.append(escaped)
    return path
  }

  /// Whether `id` is `path` extended by `label` as ``extending(_:with:separator:)`` would make
  /// it, byte for byte — without making it when the label needs no escape (each appended line of
  /// a stream is checked so).
  /// - Complexity: O(length of `id`).
  static func isPath(
    _ id: String, extending path: String, with label: String, separator: Unicode.Scalar
  ) -> Bool {
    guard separator.isASCII, !label.isEmpty else {
      return id.utf8.elementsEqual(extending(path, with: label, separator: separator).utf8)
    }
    let byte = UInt8(separator.value)
    let joint = isBareRoot(path, separator: separator) ? 0 : 1
    var (id, path, label) = (id, path, label)
    // Native strings (every id and label a tree holds) are contiguous: a scan and two compares.
    let verdict: Bool? = id.withUTF8 { whole in
      path.withUTF8 { head in
        label.withUTF8 { tail in
          // A label that may need an escape is compared with its path as made (`£` needs none).
          for character in tail where mayNeedEscape(character) || character == byte { return nil }
          guard whole.count == head.count + joint + tail.count else { return false }
          return (head.isEmpty || memcmp(whole.baseAddress!, head.baseAddress!, head.count) == 0)
            && (joint == 0 || whole[head.count] == byte)
            && memcmp(whole.baseAddress! + head.count + joint, tail.baseAddress!, tail.count) == 0
        }
      }
    }
    return verdict ?? id.utf8.elementsEqual(extending(path, with: label, separator: separator).utf8)
  }

  /// A node's path as ``extending(_:with:separator:)`` makes it, but with every scalar beyond
  /// ASCII but the separator written `\u{XX}`: a spelling that reads back to the same labels and
  /// that Swift calls equal to no other path's.
  ///
  /// It is the id of a node whose label path differs from another's only in the Unicode
  /// normalisation of its labels (`é` and `e` + U+0301, two names to a file system): Swift's `==`
  /// calls the two paths equal, so they cannot both be ids as they are. `d` and `e` + U+0301 make
  /// `d/e\u{301}`.
  /// - Complexity: O(length of the result).
  static func extendingApart(
    _ path: String?, with label: String, separator: Unicode.Scalar
  ) -> String {
    var result = String.UnicodeScalarView()
    for scalar in extending(path, with: label, separator: separator).unicodeScalars {
      if scalar.isASCII || scalar == separator {
        result.append(scalar)
      } else {
        appendHexEscape(scalar, to: &result)
      }
    }
    return String(result)
  }

  /// Text for a message or a terminal: every control character as `\u{XX}` (or `\n`, `\r`, `\t`),
  /// a raw byte of a file name as `\xHH`, nothing else changed — so no byte of the text can act on
  /// a terminal.
  static func displayable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isShownEscaped) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { appendShowingControls(scalar, to: &result) }
    return String(result)
  }

  /// Appends a scalar, a control character as its escape (`\n`, `\r`, `\t`, else `\u{XX}`) and a
  /// raw byte as `\xHH`.
  static func appendShowingControls(
    _ scalar: Unicode.Scalar, to result: inout String.UnicodeScalarView
  ) {
    switch scalar {
    case "\n": result.append(contentsOf: "\\n".unicodeScalars)
    case "\r": result.append(contentsOf: "\\r".unicodeScalars)
    case "\t": result.append(contentsOf: "\\t".unicodeScalars)
    default:
      if isControl(scalar) {
        appendHexEscape(scalar, to: &result)
      } else if let byte = LabelBytes.rawByte(scalar) {
        result.append(contentsOf: "\\x".unicodeScalars)
        result.append(contentsOf: String(byte, radix: 16, uppercase: true).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
  }

  /// Reads the scalar of a `\u{…}` escape whose `u` is at `index`.
  static func hexEscape(
    _ scalars: [Unicode.Scalar], at index: Int
  ) -> (scalar: Unicode.Scalar, next: Int)? {
    guard index + 1 < scalars.count, scalars[index + 1] == "{" else { return nil }
    var value: UInt32 = 0
    var cursor = index + 2
    while cursor < scalars.count, cursor - index - 2 < 6, let digit = scalars[cursor].hexDigit {
      value = value << 4 | digit
      cursor += 1
    }
    guard cursor > index + 2, cursor < scalars.count, scalars[cursor] == "}",
      let scalar = Unicode.Scalar(value)
    else { return nil }
    return (scalar, cursor + 1)
  }

  /// Reads the byte of a `\xHH` escape whose `x` is at `index`: exactly two hex digits.
  static func byteEscape(_ scalars: [Unicode.Scalar], at index: Int) -> UInt8? {
    guard index + 2 < scalars.count, let high = scalars[index + 1].hexDigit,
      let low = scalars[index + 2].hexDigit
    else { return nil }
    return UInt8(high << 4 | low)
  }

  /// Reads escaped text from `scalars[start...]` up to an unescaped stop scalar.
  ///
  /// `\xHH` is that byte as it is (a raw-byte scalar from 0x80): the writer spells a label's raw
  /// bytes so, and they read back to the same label.
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
        case "u":
          if let (decoded, after) = hexEscape(scalars, at: index + 1) {
            result.append(decoded)
            index = after
            continue
          }
          result.append("u")
        case "x":
          if let byte = byteEscape(scalars, at: index + 1) {
            result.append(byte < 0x80 ? Unicode.Scalar(byte) : LabelBytes.scalar(forRaw: byte))
            index += 4
            continue
          }
          result.append("x")
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

extension Unicode.Scalar {
  /// The value of a hex digit (`0-9`, `a-f`, `A-F`), or nil.
  fileprivate var hexDigit: UInt32? {
    switch value {
    case 0x30...0x39: value - 0x30
    case 0x41...0x46: value - 0x41 + 10
    case 0x61...0x66: value - 0x61 + 10
    default: nil
    }
  }
}
