import Explorer
import Testing

@testable import TestSupport

@Suite("Screen sequences: full screen, inline (--height), mouse")
struct ScreenSequencesTests {
  @Test("full screen: the alternate screen in and out, the cursor hidden and shown")
  func fullScreen() {
    #expect(
      ScreenSequences.enter(mouse: false, inlineRows: nil)
        == "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l")
    #expect(
      ScreenSequences.enter(mouse: true, inlineRows: nil).hasSuffix("\u{1B}[?1000h\u{1B}[?1006h"))
    #expect(
      ScreenSequences.restore(inline: false)
        == "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
    #expect(
      ScreenSequences.frame(["a", "b"], inline: false) == "\u{1B}[Ha\u{1B}[K\r\nb\u{1B}[K\u{1B}[J")
  }

  @Test(
    "inline: room made below the prompt by newlines, the cursor saved at its start; no alternate screen; frames start there and never end in a newline; leaving clears the rows"
  )
  func inline() {
    let enter = ScreenSequences.enter(mouse: false, inlineRows: 5)
    #expect(enter == "\r\n\n\n\n\u{1B}[4A\u{1B}7\u{1B}[?25l")
    #expect(!enter.contains("1049"))
    #expect(ScreenSequences.enter(mouse: false, inlineRows: 1) == "\r\u{1B}7\u{1B}[?25l")
    let frame = ScreenSequences.frame(["a", "b", "c"], inline: true)
    #expect(frame.hasPrefix("\u{1B}8") && !frame.hasSuffix("\n"))
    #expect(frame.filter { $0 == "\r\n" }.count == 2)
    #expect(
      ScreenSequences.restore(inline: true)
        == "\u{1B}[?1006l\u{1B}[?1000l\u{1B}8\u{1B}[J\u{1B}[?25h")
  }

  @Test(
    "--height takes N rows (at least 3) or N% (1 to 100); the whole screen or more means full screen"
  )
  func heights() throws {
    #expect(try TerminalHeight(parsing: "10") == .rows(10))
    #expect(try TerminalHeight(parsing: "40%") == .percent(40))
    for bad in ["2", "0", "-5", "x", "", "0%", "101%", "%", "4.5"] {
      #expect(
        throws: UsageError(
          "option '--height' takes a number of rows (3 or more) or a percentage, not '\(bad)'")
      ) { try TerminalHeight(parsing: bad) }
    }
    #expect(TerminalHeight.rows(10).rows(onScreenOf: 40) == 10)
    #expect(TerminalHeight.rows(40).rows(onScreenOf: 40) == nil)
    #expect(TerminalHeight.rows(60).rows(onScreenOf: 40) == nil)
    #expect(TerminalHeight.percent(40).rows(onScreenOf: 50) == 20)
    #expect(TerminalHeight.percent(1).rows(onScreenOf: 50) == 3, "never fewer than three rows")
    #expect(TerminalHeight.percent(100).rows(onScreenOf: 50) == nil)
    #expect(try Invocation.parse(["explore", "--height=30%"]).height == .percent(30))
    #expect(throws: UsageError("unknown option '--height' for 'apply'")) {
      try Invocation.parse(["apply", "--height", "5"])
    }
  }
}
