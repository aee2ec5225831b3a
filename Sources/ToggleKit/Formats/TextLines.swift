/// The lines of a text file as byte ranges, after checking the text is UTF-8 without NUL bytes.
struct TextLines {
  let bytes: [UInt8]
  /// Start and end (exclusive, before any CR) of each line.
  var lines: [Range<Int>] = []

  /// Splits `bytes` into lines, skipping a UTF-8 byte-order mark and dropping the CR of CRLF.
  init(_ bytes: [UInt8], file: String?) throws(TreeFormatError) {
    self.bytes = bytes
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var lineNumber = 1
    var index = start
    while index <= bytes.count {
      if index == bytes.count || bytes[index] == 0x0A {
        var end = index
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        if let bad = firstInvalidUTF8(bytes, start..<end) {
          let message =
            bytes[bad] == 0
            ? "NUL byte in text (is this a binary file?)"
            : "invalid UTF-8 byte 0x"
              + String(bytes[bad], radix: 16, uppercase: true)
          throw TreeFormatError(
            file: file, line: lineNumber, column: bad - start + 1, message: message)
        }
        if !(index == bytes.count && start == index) {  // no empty line after the last newline
          lines.append(start..<end)
        }
        lineNumber += 1
        start = index + 1
      }
      index += 1
    }
  }

  func text(_ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
  }
}

/// The index of the first byte in `range` that is NUL or not part of valid UTF-8.
func firstInvalidUTF8(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
  var index = range.lowerBound
  let end = range.upperBound
  while index < end {
    let byte = bytes[index]
    if byte == 0 { return index }
    if byte < 0x80 {
      index += 1
      continue
    }
    let length: Int
    let minimum: UInt32
    var scalar: UInt32
    switch byte {
    case 0xC2...0xDF:
      length = 2
      minimum = 0x80
      scalar = UInt32(byte & 0x1F)
    case 0xE0...0xEF:
      length = 3
      minimum = 0x800
      scalar = UInt32(byte & 0x0F)
    case 0xF0...0xF4:
      length = 4
      minimum = 0x10000
      scalar = UInt32(byte & 0x07)
    default: return index
    }
    guard index + length <= end else { return index }
    for offset in 1..<length {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { return index }
      scalar = scalar << 6 | UInt32(next & 0x3F)
    }
    if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
      return index
    }
    index += length
  }
  return nil
}
