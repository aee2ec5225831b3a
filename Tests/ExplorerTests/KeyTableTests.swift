import Explorer
import Foundation
import Testing
import ToggleKit

@testable import TestSupport

@Suite("The key table: every key declared once, and everything that lists keys made from it")
struct KeyTableTests {
  @Test(
    "no key has two meanings in one mode, and every key and action has a --bind name that reads back"
  )
  func unambiguousAndNamed() throws {
    for mode in InputMode.allCases {
      var seen: Set<Key> = []
      for binding in KeyTable.bindings where binding.modes.contains(mode) {
        for key in binding.keys {
          #expect(seen.insert(key).inserted, "\(key) twice in \(mode)")
          let name = try #require(key.name)
          #expect(Key(name: name) == key, "\(name)")
        }
        let names = binding.actions.map(\.name).joined(separator: "+")
        #expect(try ExplorerAction.parse(names) == binding.actions)
      }
    }
  }

  @Test("the ? overlay, --help and the man page list every binding's keys and help")
  func helpAndManualFromTheTable() {
    let help = Usage.text(for: .explore)
    let manual = ManPage.roff
    for binding in KeyTable.bindings {
      for key in binding.keys {
        let shown = KeyTable.displayName(of: key)
        let lines = KeyTable.usageSections.flatMap(\.lines)
        #expect(
          lines.contains { $0.hasPrefix(shown + " ") || $0.contains(" \(shown) ") }
            && lines.contains { $0.hasSuffix(binding.help) }, "\(shown)")
        #expect(help.contains(binding.help), "--help: \(binding.help)")
        #expect(manual.contains(binding.help), "man: \(binding.help)")
      }
      for mode in binding.modes {
        #expect(KeyTable.helpLines(for: mode).contains { $0.hasSuffix(binding.help) })
      }
    }
    var explorer = Explorer(tree: try! SelectionTree(paths: ["a/b"]), height: 60, width: 60)
    explorer.handle(.character("?"))
    #expect(
      explorer.frame(mode: .plain).prefix(4).map { $0 }
        == Array(KeyTable.helpLines(for: .tree).prefix(4)))
  }

  @Test("the reference's key list is the table's; completion offers the options that take keys")
  func referenceAndCompletion() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let reference = try String(
      contentsOf: root.appendingPathComponent("docs/togglekit.md"), encoding: .utf8)
    let begin = try #require(reference.firstRange(of: "<!-- keys: begin -->\n"))
    let end = try #require(reference.firstRange(of: "<!-- keys: end -->"))
    #expect(
      String(reference[begin.upperBound..<end.lowerBound]) == KeyTable.markdown,
      "docs/togglekit.md should list:\n\(KeyTable.markdown)")
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.firstRange(of: "<!-- keys: begin -->\n"))
    let stop = try #require(readme.firstRange(of: "<!-- keys: end -->"))
    #expect(
      String(readme[start.upperBound..<stop.lowerBound]) == KeyTable.summaryMarkdown,
      "README.md should list:\n\(KeyTable.summaryMarkdown)")
    for shell in Invocation.Shell.allCases {
      let script = Completion.script(for: shell)
      for option in ["--bind", "--expect", "--keys", "--preview-window", "--layout"] {
        let name = shell == .fish ? "-l " + option.dropFirst(2) : option
        #expect(script.contains(name), "\(shell) completes \(option)")
      }
    }
  }

  @Test(
    "--bind reads fzf's syntax: several keys, chained actions, arguments in any bracket or after ':'"
  )
  func bindSyntax() throws {
    let invocation = try Invocation.parse([
      "explore", "--bind", "ctrl-o:execute(less {})+abort,tab:toggle+down",
      "--bind", "alt-r:reload[find . -name '*,*']", "--bind", "::abort",
      "--bind", "ctrl-e:become:vim {+}, x",
    ])
    #expect(invocation.bindings[.control("o")] == [.execute("less {}"), .abort])
    #expect(invocation.bindings[.tab] == [.toggle, .down])
    #expect(invocation.bindings[.alt("r")] == [.reload("find . -name '*,*'")])
    #expect(invocation.bindings[.character(":")] == [.abort])
    #expect(invocation.bindings[.control("e")] == [.become("vim {+}, x")])
    for (value, message) in [
      ("ctrl-1:abort", "unknown key 'ctrl-1'"),
      ("ctrl-o:frobnicate", "unknown action 'frobnicate'"),
      ("ctrl-o:execute(less {}", "no ')' closes"), ("ctrl-o", "takes KEY:ACTION"),
      ("ctrl-o:toggle-down", "unknown action 'toggle-down'"),
      ("ctrl-[:accept", "a terminal sends Esc for Ctrl-["),
    ] {
      #expect(throws: UsageError.self, "\(value)") {
        try Invocation.parse(["explore", "--bind", value])
      }
      do {
        _ = try Invocation.parse(["explore", "--bind", value])
      } catch {
        #expect(error.message.contains(message), "\(value): \(error.message)")
      }
    }
    #expect(
      try Invocation.parse(["explore", "--expect", "ctrl-o,alt-s,,"]).expectedKeys == [
        .character(","), .control("o"), .alt("s"),
      ])
    #expect(throws: UsageError.self) { try Invocation.parse(["explore", "--expect", "hyper-x"]) }
  }

  @Test("TOGGLEKIT_DEFAULT_OPTS comes before the command line, which wins; apply never reads it")
  func defaultOptions() throws {
    let defaults = "--keys fzf --prompt 'pick> ' --layout=reverse --bind \"tab:down\""
    let explore = try Invocation.parse(["explore", "--layout", "default"], defaults: defaults)
    #expect(explore.typesToFilter && explore.prompt == "pick> " && !explore.reverseLayout)
    #expect(explore.bindings[.tab] == [.down])
    let apply = try Invocation.parse(["apply", "x"], defaults: "--bogus")
    #expect(apply.file == "x")
    do {
      _ = try Invocation.parse(["explore"], defaults: "--keys vim")
      Issue.record("a bad default is an error")
    } catch {
      #expect(error.message.hasPrefix("in TOGGLEKIT_DEFAULT_OPTS: option '--keys'"))
    }
    #expect(throws: UsageError.self) { try Invocation.parse(["explore"], defaults: "--prompt 'x") }
  }
}
