import Explorer
import Foundation
import Testing

@testable import TestSupport

@Suite("togglekit explore --height: inline below the prompt (in tmux)", .serialized)
struct InlineEndToEndTests {
  @Test(
    "the rows above are untouched while it runs and after it ends; its rows are cleared; the pick is printed",
    .enabled(if: hasTmux))
  func inline() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file(
      "cats.txt", "Fruit\n  Apple\n  Pear\nVeg\n  Leek\n", in: folder)
    let out = folder.appendingPathComponent("picked").path
    let tmux = try await Tmux(rows: 15)
    defer { tmux.stop() }
    try await tmux.type(
      "PS1='$ '; clear; printf 'above-%s\\n' 1 2 3; \(TogglekitBinary.url.path) explore --height 5 --header Pick \(file) > \(out); echo code=$?",
      "Enter")
    try await pause(0.8)
    let running = try tmux.screen()
    #expect(Array(running.prefix(3)) == ["above-1", "above-2", "above-3"], "\(running)")
    #expect(running.count == 8 && running[3] == "Pick" && running[4].hasSuffix("[ ] Fruit"))
    try await tmux.type("l", "j", " ", "Enter")
    try await pause(0.5)
    let after = try tmux.screen()
    #expect(Array(after.prefix(4)) == ["above-1", "above-2", "above-3", "code=0"], "\(after)")
    #expect(!after.contains { $0.contains("Fruit") }, "the rows are cleared")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "Fruit/Apple\n")
  }

  @Test(
    "at the bottom of the terminal the lines above scroll up to make room, and stay",
    .enabled(if: hasTmux))
  func atTheBottom() async throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cats.txt", "Fruit\n  Apple\nVeg\n", in: folder)
    let tmux = try await Tmux(rows: 12)
    defer { tmux.stop() }
    try await tmux.type(
      "PS1='$ '; clear; seq 1 11; \(TogglekitBinary.url.path) explore --height 50% \(file) > /dev/null; echo code=$?",
      "Enter")
    try await pause(0.8)
    let running = try tmux.screen()
    #expect(running.first == "6" && running[5] == "11", "\(running)")
    #expect(running[6].hasSuffix("[ ] Fruit"))
    try await tmux.type("q")
    try await pause(0.5)
    let after = try tmux.screen()
    #expect(after.first == "6" && after[5] == "11" && after[6] == "code=130", "\(after)")
  }
}
