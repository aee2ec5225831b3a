/// The one lossless way between a file name's bytes and a label's text.
///
/// A file name may hold any bytes but `/` and NUL, UTF-8 or not; a label is a `String`. A byte
/// that is not valid UTF-8 is kept as a *raw-byte scalar* (U+EF80 … U+EFFF, private use, for 0x80 …
/// 0xFF), as are the bytes of such a scalar in a name, so every byte sequence has one label:
///
/// ```swift
/// let label = LabelBytes.label(decoding: [0x61, 0xFF, 0x62])   // "a", raw 0xFF, "b"
/// LabelBytes.bytes(of: label)                                  // [0x61, 0xFF, 0x62]
/// LabelPath.escaped(label)                                     // #"a\xFFb"#
/// ```
///
/// The path syntax writes a raw byte `\xFF` (as `ls -b` does) and reads it back; `-0` and a
/// preview's `{}` write the bytes themselves (``bytes(of:)``).
/// - Complexity: O(n) in the length of the name for every member.
public enum LabelBytes {
  /// The byte a raw-byte scalar stands for, or nil for any other scalar.
  ///
  /// ```swift
  /// LabelBytes.rawByte(Unicode.Scalar(0xEFFF)!)   // 0xFF
  /// LabelBytes.rawByte("a")                       // nil
  /// ```
  @inline(__always)
  public static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
    let value = scalar.value
    return value >= 0xEF80 && value <= 0xEFFF ? UInt8(truncatingIfNeeded: value) : nil
  }

  /// Whether two labels are one name: the same bytes.
  ///
  /// `String`'s `==` and `Hashable` use canonical equivalence, under which `café` (U+00E9) and
  /// `cafe` + U+0301 — two files to Linux — are one; every look-up of a label by a label uses this.
  @inline(__always)
  static func same(_ first: String, _ second: String) -> Bool {
    // A native string knows its UTF-8 length: most different labels differ there.
    first.utf8.count == second.utf8.count && first.utf8.elementsEqual(second.utf8)
  }

  /// The raw-byte scalar for a byte of 0x80 or more.
  @inline(__always)
  static func scalar(forRaw byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(0xEF00 + UInt32(byte))!
  }

  /// A name's bytes as a label: valid UTF-8 as its text, every other byte as its raw-byte scalar.
  ///
  /// ```swift
  /// LabelBytes.label(decoding: Array("café".utf8))   // "café"
  /// ```
  /// - Complexity: O(n) in the number of bytes.
  public static func label<Bytes: Collection<UInt8>>(decoding bytes: Bytes) -> String {
    // Most names are valid UTF-8 without a scalar of the raw range (whose lead byte is 0xEE).
    if !bytes.contains(0xEE), let text = String(validating: bytes, as: UTF8.self) { return text }
    let bytes = Array(bytes)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      if let (scalar, length) = decodeScalar(bytes, at: index), rawByte(scalar) == nil {
        result.append(scalar)
        index += length
      } else {
        let byte = bytes[index]
        result.append(byte < 0x80 ? Unicode.Scalar(byte) : scalar(forRaw: byte))
        index += 1
      }
    }
    return String(result)
  }

  /// The bytes a label stands for: its UTF-8, with every raw-byte scalar as its byte.
  ///
  /// ```swift
  /// LabelBytes.bytes(of: "a\u{EFFF}")   // [0x61, 0xFF]
  /// ```
  /// - Complexity: O(n) in the length of the label.
  public static func bytes(of label: String) -> [UInt8] {
    guard label.utf8.contains(0xEE) else { return Array(label.utf8) }
    var result: [UInt8] = []
    result.reserveCapacity(label.utf8.count)
    for scalar in label.unicodeScalars {
      if let byte = rawByte(scalar) {
        result.append(byte)
      } else {
        result.append(contentsOf: UTF8.encode(scalar)!)
      }
    }
    return result
  }

  /// The valid UTF-8 scalar that starts at `index`, and its length in bytes; nil when the bytes
  /// there are not one.
  private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0x00..<0x80: return (Unicode.Scalar(lead), 1)
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      let byte = bytes[index + offset]
      let (minimum, maximum): (UInt8, UInt8) = offset == 1 ? (low, high) : (0x80, 0xBF)
      guard byte >= minimum && byte <= maximum else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return Unicode.Scalar(value).map { ($0, length) }
  }
}
