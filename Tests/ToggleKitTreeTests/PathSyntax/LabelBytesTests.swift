import Testing
import ToggleKit

@testable import TestSupport

/// Bytes a hostile or merely old file system gives names: separators of other systems, escapes
/// written literally, controls, the lead byte of the raw-byte scalars, and bytes that are not UTF-8.
private let hostileBytes: [UInt8] =
  Array(#"\*[]{}'"$`;-. "#.utf8) + [0x01, 0x09, 0x0A, 0x0D, 0x1B, 0x7F]
  + [0x80, 0xBF, 0xC2, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xED, 0xA0, 0xEE, 0xBE, 0xBF, 0xEF, 0xF0]
  + [0xF4, 0x90, 0xFE, 0xFF] + Array("aé€日".utf8)

/// A random name of 1…12 bytes drawn from `hostileBytes` (no `/`, no NUL, as a file name).
private func randomName(_ generator: inout SeededGenerator) -> [UInt8] {
  (0..<Int.random(in: 1...12, using: &generator)).map { _ in
    hostileBytes.randomElement(using: &generator)!
  }
}

@Suite("File names as labels: every byte sequence has one label and comes back as it went in")
struct LabelBytesTests {
  @Test("bytes → label → bytes is the identity, for 20,000 random hostile names")
  func bytesRoundTrip() {
    var generator = SeededGenerator(seed: 38)
    for _ in 0..<20_000 {
      let name = randomName(&generator)
      let label = LabelBytes.label(decoding: name)
      #expect(LabelBytes.bytes(of: label) == name, "\(name)")
    }
  }

  @Test("different bytes never make the same label, and the same label never two spellings")
  func labelsAreOneToOne() {
    var generator = SeededGenerator(seed: 39)
    var seen: [String: [UInt8]] = [:]
    for _ in 0..<20_000 {
      let name = randomName(&generator)
      let label = LabelBytes.label(decoding: name)
      if let earlier = seen[label] { #expect(earlier == name, "\(earlier) and \(name) merged") }
      seen[label] = name
      #expect(LabelBytes.label(decoding: LabelBytes.bytes(of: label)) == label)
    }
  }

  @Test("valid UTF-8 is its own text; every other byte is a raw-byte scalar U+EF80…U+EFFF")
  func spellings() {
    #expect(LabelBytes.label(decoding: Array("café 日本".utf8)) == "café 日本")
    let label = LabelBytes.label(decoding: [0x61, 0xFF, 0xC3, 0x62, 0xED, 0xA0, 0x80])
    #expect(
      label.unicodeScalars.map(\.value) == [0x61, 0xEFFF, 0xEFC3, 0x62, 0xEFED, 0xEFA0, 0xEF80])
    #expect(LabelBytes.rawByte(Unicode.Scalar(0xEF80)!) == 0x80)
    #expect(LabelBytes.rawByte(Unicode.Scalar(0xEF7F)!) == nil)
    #expect(LabelBytes.rawByte(Unicode.Scalar(0xF000)!) == nil)
    // A name that holds a raw-byte scalar's own UTF-8 keeps those bytes one by one.
    let own = Array("\u{EF80}".utf8)
    #expect(
      LabelBytes.label(decoding: own).unicodeScalars.map(\.value) == [0xEFEE, 0xEFBE, 0xEF80])
    #expect(LabelBytes.bytes(of: LabelBytes.label(decoding: own)) == own)
  }

  @Test("a raw byte is written \\xHH in the path syntax, shown \\xHH on a terminal, and read back")
  func rawBytesInThePathSyntax() throws {
    let label = LabelBytes.label(decoding: [0x61, 0xFF, 0x5C, 0x78, 0x46, 0x46])  // a, 0xFF, \xFF
    #expect(LabelPath.escaped(label) == #"a\xFF\\xFF"#)
    #expect(LabelPath.displayable(label) == #"a\xFF\xFF"#)
    #expect(try LabelPath.labels(of: #"d/a\xFF\\xFF"#) == ["d", label])
    // `\xHH` is that byte as it is, whatever bytes come next.
    let spelled = try LabelPath.labels(of: #"caf\xC3\xA9"#)
    #expect(spelled.map { $0.unicodeScalars.map(\.value) } == [[0x63, 0x61, 0x66, 0xEFC3, 0xEFA9]])
    #expect(LabelBytes.bytes(of: spelled[0]) == Array("café".utf8))
    #expect(try LabelPath.labels(of: #"\x41\x2F"#) == ["A/"])
    #expect(try LabelPath.labels(of: #"\xF"#) == ["xF"], "two hex digits, else a plain x")
    var generator = SeededGenerator(seed: 40)
    for _ in 0..<5_000 {
      let name = LabelBytes.label(decoding: randomName(&generator))
      let escaped = LabelPath.joined(["top", name])
      #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || LabelBytes.rawByte($0) != nil })
      #expect(try LabelPath.labels(of: escaped) == ["top", name])
    }
  }

  @Test("a name from another program is split at the separator and nothing else is read")
  func literalNames() throws {
    #expect(try LabelPath.labels(ofName: Array(#"./imp\ortant"#.utf8)) == [".", #"imp\ortant"#])
    #expect(try LabelPath.labels(ofName: Array("/usr/".utf8)) == ["/", "usr"])
    #expect(try LabelPath.labels(ofName: Array("/".utf8)) == ["/"])
    #expect(try LabelPath.labels(ofName: Array("a\nb/\\e/[x] c".utf8)) == ["a\nb", "\\e", "[x] c"])
    #expect(try LabelPath.labels(ofName: Array("a:b".utf8), separator: ":") == ["a", "b"])
    #expect(throws: LabelPathError.self) { try LabelPath.labels(ofName: Array("a//b".utf8)) }
    #expect(throws: LabelPathError.self) { try LabelPath.labels(ofName: [UInt8]()) }
  }
}
