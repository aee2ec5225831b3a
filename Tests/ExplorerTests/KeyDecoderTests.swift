import Explorer
import Testing

@testable import TestSupport

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
        .enter, .control("j"), .backspace, .control("h"), .interrupt,
      ], "CR is Enter and LF Ctrl-J, DEL Backspace and BS Ctrl-H: four keys, as fzf reads them")
    #expect(
      decode(Array("aé日🍎".utf8)) == [
        .character("a"), .character("é"), .character("日"), .character("🍎"),
      ])
  }

  @Test(
    "a lone Escape waits for flush; Escape before a printable key is Alt with it, as fzf reads it")
  func escape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.escape])
    #expect(decode([0x1B, UInt8(ascii: "q")]) == [.alt("q")])
    #expect(decode([0x1B, 0x7F]) == [.altBackspace], "Escape before DEL: Alt-Backspace")
    #expect(decode([0x1B, 0x0D]) == [.controlAlt("m")], "Escape before CR: Alt-Enter")
    #expect(decode([0x1B, 0x01]) == [.controlAlt("a")], "Escape before a control byte: Ctrl-Alt")
    #expect(decode([0x1B, 0xC3, 0xA9]) == [.alt("é")], "Escape before a character: Alt with it")
    #expect(decode([0x1B, 0x1C]) == [.escape, .control("\\")], "Escape before 0x1C: both")
  }

  @Test("only a lone Escape cancels: a sequence cut short is dropped at flush, never read as Esc")
  func truncatedSequences() {
    for cut in ["\u{1B}[<0;4;1", "\u{1B}[M", "\u{1B}[M !", "\u{1B}[", "\u{1B}O", "\u{1B}[1;5"] {
      #expect(decode(Array(cut.utf8)).isEmpty, "\(cut.debugDescription)")
    }
    #expect(decode([0x1B, 0x1B]) == [.escape, .escape])
  }

  @Test("an ESC inside an unfinished sequence starts a new one: nothing of the first is typed")
  func escapeRestartsASequence() {
    let report = "\u{1B}[<0;4;1"
    let keys = decode(Array((report + report + "M").utf8))
    #expect(keys.count == 1, "one click, nothing typed: \(keys)")
    if case .mouse = keys.first {} else { Issue.record("not a click: \(keys)") }
    #expect(decode(Array("\u{1B}[1;5\u{1B}[B".utf8)) == [.down])
    #expect(decode(Array("\u{1B}O\u{1B}[A".utf8)) == [.up])
    #expect(decode(Array("\u{1B}[M\u{1B}[A".utf8)) == [.up], "an X10 report cut short")
    #expect(decode(Array("\u{1B}[M \u{1B}[A".utf8)) == [.up])
  }

  @Test("sequences split across reads are joined; unknown sequences and control bytes are dropped")
  func splitAndUnknown() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
    #expect(decoder.feed([0x42]) == [.down])
    #expect(decode(Array("\u{1B}[2;5Q\u{1B}[200~x".utf8)) == [.character("x")])
    #expect(
      decode([0x01, 0x02, 0x1A, UInt8(ascii: "k")]) == [
        .control("a"), .control("b"), .suspend, .character("k"),
      ])
    #expect(decode([0x09, 0x00, 0x17]) == [.tab, .control(" "), .control("w")])
    #expect(
      decode(Array("\u{1B}[Z\u{1B}[3~\u{1B}[1;2A\u{1B}[1;2B".utf8)) == [
        .backTab, .delete, .shiftUp, .shiftDown,
      ])
    #expect(decode([0x12]) == [.redo], "Ctrl-R")
    #expect(
      decode([0xE6, 0x97], flush: true).isEmpty, "an incomplete character is dropped at flush")
    #expect(decode([0xFF, UInt8(ascii: "j")]) == [.character("j")])
  }

  @Test(
    "random bytes (seeded) decode the same however the reads split them, type no control character, leave nothing pending after a flush, and an arrow after them is an arrow"
  )
  func randomBytes() {
    var generator = SeededGenerator(seed: 0x6b65_7973)
    for round in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0..<16, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      let whole = decode(bytes)
      var decoder = KeyDecoder()
      var pieces: [Key] = []
      var rest = bytes[...]
      while !rest.isEmpty {
        let cut = Int.random(in: 1...rest.count, using: &generator)
        pieces += decoder.feed(Array(rest.prefix(cut)))
        rest = rest.dropFirst(cut)
      }
      pieces += decoder.flush()
      #expect(pieces == whole, "round \(round): \(bytes)")
      #expect(!decoder.hasPending)
      for case .character(let character) in whole {
        #expect(
          !character.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          },
          "round \(round): \(bytes) typed \(character.debugDescription)")
      }
      // The decoder finds its way back: a sequence after anything is read as itself.
      #expect(decode(bytes + Array("\u{1B}[A".utf8)).last == .up, "round \(round): \(bytes)")
    }
  }

  @Test(
    "mouse reports: SGR presses, releases and wheel, X10 too, modifiers ignored, motion and malformed reports dropped, whatever the read boundaries"
  )
  func mouse() {
    func mouse(_ action: MouseEvent.Action, _ row: Int, _ column: Int) -> Key {
      .mouse(MouseEvent(action, row: row, column: column))
    }
    let sgr = "\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<2;1;1M\u{1B}[<64;10;20M\u{1B}[<65;10;20M"
    let expected = [
      mouse(.press(0), 2, 4), mouse(.release, 2, 4), mouse(.press(2), 0, 0),
      mouse(.wheelUp, 19, 9), mouse(.wheelDown, 19, 9),
    ]
    #expect(decode(Array(sgr.utf8)) == expected)
    // Byte by byte: nothing is decoded early, nothing is lost.
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in Array((sgr + "j").utf8) { keys += decoder.feed([byte]) }
    #expect(keys == expected + [.character("j")])
    #expect(decode(Array("\u{1B}[<4;2;2M\u{1B}[<16;2;2M\u{1B}[<8;2;2M".utf8)).count == 3)
    #expect(decode(Array("\u{1B}[<32;2;2M\u{1B}[<35;2;2M".utf8)).isEmpty, "motion")
    #expect(decode(Array("\u{1B}[<0;2M\u{1B}[<0;;2M\u{1B}[<0;0;1M".utf8)).isEmpty, "malformed")
    #expect(decode(Array("\u{1B}[<0;99999999999999999999999;1Mq".utf8)) == [.character("q")])
    // X10: ESC [ M and three bytes, each a value plus 32.
    #expect(
      decode([0x1B, 0x5B, 0x4D, 32, 33 + 4, 33 + 2, 0x1B, 0x5B, 0x4D, 35, 33, 33]) == [
        mouse(.press(0), 2, 4), mouse(.release, 0, 0),
      ])
    #expect(decode([0x1B, 0x5B, 0x4D, 32, 40], flush: false).isEmpty, "waits for the third byte")
  }
}
