import Testing
import ToggleKit

@testable import TestSupport

@Suite("Rows: display width, truncation, plain and ANSI rendering, hostile labels")
struct RowTests {
  @Test("display width counts wide characters and emoji as two, combining marks as none")
  func displayWidth() {
    #expect(Row("Apple").displayWidth == 5)
    #expect(Row("日本語").displayWidth == 6)
    #expect(Row("e\u{301}").displayWidth == 1)
    #expect(Row("🍎").displayWidth == 2)
    #expect(Row("👩‍👩‍👧").displayWidth == 2)
    #expect(Row("🇫🇷").displayWidth == 2)
    #expect(Row("♥\u{FE0F}").displayWidth == 2)
    #expect(Row("Ａ").displayWidth == 2)
    #expect(Row("a\u{200B}b").displayWidth == 2)
    #expect((Row("[x] ") + Row("日本")).displayWidth == 8)
  }

  @Test("truncation cuts by display width, never inside a character, and marks the cut")
  func truncation() {
    #expect(Row("Strawberries").truncated(toWidth: 6).plainText == "Straw…")
    #expect(Row("Strawberries").truncated(toWidth: 20).plainText == "Strawberries")
    #expect(Row("日本語テキスト").truncated(toWidth: 6).plainText == "日本…")
    #expect(Row("日本語テキスト").truncated(toWidth: 6).displayWidth <= 6)
    #expect(Row("e\u{301}e\u{301}e\u{301}").truncated(toWidth: 2).plainText == "e\u{301}…")
    for width in 0...12 {
      #expect(Row("🍎 apple 日本").truncated(toWidth: width).displayWidth <= max(width, 0))
    }
  }

  @Test("plain rendering has no escape sequences; ANSI wraps each styled span and resets it")
  func rendering() {
    let row = Row("[x] ", style: TextStyle(bold: true, foreground: .green)) + Row("Apple")
    #expect(row.rendered(.plain) == "[x] Apple")
    #expect(row.rendered(.ansi(colors: true)) == "\u{1B}[1;32m[x] \u{1B}[0mApple")
    #expect(row.rendered(.ansi(colors: false)) == "\u{1B}[1m[x] \u{1B}[0mApple")
    #expect(
      Row("x", style: TextStyle(foreground: .indexed(208))).ansi() == "\u{1B}[38;5;208mx\u{1B}[0m")
    #expect(Row("x", style: TextStyle(background: .brightBlue)).ansi() == "\u{1B}[104mx\u{1B}[0m")
    #expect(
      Row("x", style: TextStyle(dim: true, italic: true, underline: true, inverse: true)).ansi()
        == "\u{1B}[2;3;4;7mx\u{1B}[0m")
  }

  @Test("the terminal entry point honours NO_COLOR and TERM=dumb")
  func environment() {
    #expect(RenderMode.forTerminal(environment: [:]) == .ansi(colors: true))
    #expect(RenderMode.forTerminal(environment: ["NO_COLOR": "1"]) == .ansi(colors: false))
    #expect(RenderMode.forTerminal(environment: ["NO_COLOR": ""]) == .ansi(colors: true))
    #expect(RenderMode.forTerminal(environment: ["TERM": "dumb"]) == .plain)
  }

  @Test(
    "hostile labels: control characters and escape sequences are shown escaped, never emitted raw")
  func hostileLabels() {
    let hostile = [
      "\u{1B}[2J\u{1B}[31mred", "bell\u{07}", "null\u{0}", "tab\there", "new\nline", "del\u{7F}",
      "c1\u{9B}31m", "\r\u{1B}]0;title\u{07}",
    ]
    for label in hostile {
      let configuration = ToggleConfiguration(label: label, state: .on, isFocused: true)
      let style = RowStyle.checkboxOnLeft >>> .colors(on: .green) >>> .highlightWhenFocused
      let row = style(configuration)
      for mode in [RenderMode.plain, .ansi(colors: true), .ansi(colors: false)] {
        let output = row.rendered(mode)
        // The only escape characters are the ones the renderer itself emits, each starting an SGR.
        let escapes = output.unicodeScalars.enumerated().filter { $0.element == "\u{1B}" }
        for (offset, _) in escapes {
          let next = output.unicodeScalars.dropFirst(offset + 1).first
          #expect(next == "[", "label \(label.debugDescription) in \(mode)")
        }
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\u{1B}" })
        #expect(!output.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
      }
      #expect(row.plainText.contains("\\"), "label \(label.debugDescription) is shown escaped")
    }
    #expect(Row("\u{1B}[31m").plainText == "\\u{1B}[31m")
  }
}
