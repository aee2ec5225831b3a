import Explorer
import Testing

@Suite("Key decoding: terminal bytes to keys")
struct KeyDecoderTests {
  private func decode(_ bytes: [UInt8], flush: Bool = true) -> [Key] {
    var decoder = KeyDecoder()
    var keys = decoder.feed(bytes)
    if flush { keys += decoder.flush() }
    return keys
  }

  @Test("arrows, paging keys, Home and End in both CSI and SS3 forms")
  func sequences() {
    #expect(decode(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8)) == [.up, .down, .right, .left])
    #expect(decode(Array("\u{1B}OA\u{1B}OH\u{1B}OF".utf8)) == [.up, .home, .end])
    #expect(
      decode(Array("\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[H\u{1B}[F".utf8))
        == [.pageUp, .pageDown, .home, .end, .home, .end, .home, .end])
  }

  @Test("Enter, Backspace, Ctrl-C, printable and multi-byte characters")
  func singleBytes() {
    #expect(
      decode([0x0D, 0x0A, 0x7F, 0x08, 0x03]) == [
        .enter, .enter, .backspace, .backspace, .interrupt,
      ])
    #expect(
      decode(Array("aé日🍎".utf8)) == [
        .character("a"), .character("é"), .character("日"), .character("🍎"),
      ])
  }

  @Test("a lone Escape waits for flush; Escape before a key is Escape then the key")
  func escape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.escape])
    #expect(decode([0x1B, UInt8(ascii: "q")]) == [.escape, .character("q")])
  }

  @Test("sequences split across reads are joined; unknown sequences and control bytes are dropped")
  func splitAndUnknown() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
    #expect(decoder.feed([0x42]) == [.down])
    #expect(decode(Array("\u{1B}[2;5Q\u{1B}[200~x".utf8)) == [.character("x")])
    #expect(decode([0x01, 0x02, 0x1A, UInt8(ascii: "k")]) == [.suspend, .character("k")])
    #expect(decode([0x12]) == [.redo], "Ctrl-R")
    #expect(
      decode([0xE6, 0x97], flush: true).isEmpty, "an incomplete character is dropped at flush")
    #expect(decode([0xFF, UInt8(ascii: "j")]) == [.character("j")])
  }

  @Test("random bytes never crash the decoder")
  func randomBytes() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0..<16, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      _ = decode(bytes)
    }
  }
}
