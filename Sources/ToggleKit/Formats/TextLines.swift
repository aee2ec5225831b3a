/// The lines of a text file as byte ranges, after checking the text is UTF-8 without NUL bytes.
struct TextLines {
  let bytes: [UInt8]
  /// Start and end (exclusive, before any CR) of each line.
  var lines: [Range<Int>] = []

  /// Splits `bytes` into lines, skipping a UTF-8 byte-order mark and dropping the CR of CRLF.
  ///
  /// Plain ASCII is skipped eight bytes at a time; a line with a NUL or a byte above 0x7F is then
  /// checked as UTF-8.
  init(_ bytes: [UInt8], file: String?) throws(TreeFormatError) {
    self.bytes = bytes
    var lines: [Range<Int>] = []
    let bad: (line: Int, start: Int, index: Int)? = bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      var lineNumber = 1
      var index = start
      var plain = true  // no NUL and no byte above 0x7F in the line so far
      while true {
        if let base = buffer.baseAddress {
          while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let newlines = word ^ 0x0A0A_0A0A_0A0A_0A0A
            let high: UInt64 = 0x8080_8080_8080_8080
            let ones: UInt64 = 0x0101_0101_0101_0101
            // A byte above 0x7F, a zero byte, or a newline (a zero byte of `newlines`).
            let stop = (word | ((word &- ones) & ~word) | ((newlines &- ones) & ~newlines)) & high
            if stop != 0 { break }
            index += 8
          }
        }
        if index < count && buffer[index] != 0x0A {
          if buffer[index] == 0 || buffer[index] >= 0x80 { plain = false }
          index += 1
          continue
        }
        var end = index
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        if !plain, let bad = firstInvalidUTF8(bytes, start..<end) {
          return (lineNumber, start, bad)
        }
        if !(index == count && start == index) {  // no empty line after the last newline
          lines.append(start..<end)
        }
        if index == count { return nil }
        lineNumber += 1
        index += 1
        start = index
        plain = true
      }
    }
    if let bad {
      let message =
        bytes[bad.index] == 0
        ? "NUL byte in text (is this a binary file?)"
        : "invalid UTF-8 byte 0x" + String(bytes[bad.index], radix: 16, uppercase: true)
      throw TreeFormatError(
        file: file, line: bad.line, column: bad.index - bad.start + 1, message: message)
    }
    self.lines = lines
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
