/// How many of `bytes` equal `target`, counted eight at a time.
/// - Complexity: O(n).
func _occurrences(of target: UInt8, in bytes: UnsafeRawBufferPointer) -> Int {
  let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  let pattern = UInt64(target) &* 0x0101_0101_0101_0101
  var total = 0
  var offset = 0
  while offset + 8 <= bytes.count {
    let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ pattern
    // The top bit of each byte of `word` that is zero, and no other bit.
    total += (~(((word & low) &+ low) | word | low)).nonzeroBitCount
    offset += 8
  }
  for index in offset..<bytes.count where bytes[index] == target { total += 1 }
  return total
}

/// The index of the first byte from `start` on that equals `target`, found eight bytes at a time.
/// - Complexity: O(n).
func _firstIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0)
  -> Int?
{
  var index = start
  if let base = bytes.baseAddress {
    let pattern = UInt64(target) &* 0x0101_0101_0101_0101
    let ones: UInt64 = 0x0101_0101_0101_0101
    while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ pattern
      // The lowest flagged byte is the first zero byte of `word` (a borrow only flags higher ones).
      let zeros = (word &- ones) & ~word & 0x8080_8080_8080_8080
      if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
      index += 8
    }
  }
  while index < bytes.count {
    if bytes[index] == target { return index }
    index += 1
  }
  return nil
}

/// The error for a byte that `firstInvalidUTF8` found: a NUL, or a byte that is not UTF-8.
func _badByteError(_ byte: UInt8, file: String?, line: Int, column: Int) -> TreeFormatError {
  let message =
    byte == 0
    ? "NUL byte in text (is this a binary file?)"
    : "invalid UTF-8 byte 0x" + String(byte, radix: 16, uppercase: true)
  return TreeFormatError(file: file, line: line, column: column, message: message)
}

/// The end of the line that starts at `start`: the index of its newline, or the buffer's end when
/// it has none; and whether the line up to there is plain (no NUL, no byte above 0x7F).
///
/// Plain ASCII is skipped eight bytes at a time.
@inline(__always)
func _scanLine(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, plain: Bool) {
  let count = buffer.count
  var index = start
  var plain = true
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
    guard index < count && buffer[index] != 0x0A else { return (index, plain) }
    if buffer[index] == 0 || buffer[index] >= 0x80 { plain = false }
    index += 1
  }
}

/// The index of the first byte in `range` that is NUL or not part of valid UTF-8.
func firstInvalidUTF8<Bytes: RandomAccessCollection<UInt8>>(
  _ bytes: Bytes, _ range: Range<Int>
) -> Int? where Bytes.Index == Int {
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
