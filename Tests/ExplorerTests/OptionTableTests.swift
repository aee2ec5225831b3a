import Explorer
import Foundation
import Testing

@testable import TestSupport

@Suite("Command-line options are declared once")
struct OptionTableTests {
  /// The command-line reference, docs/togglekit.md.
  static let reference: String = {
    let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()  // Tests/ExplorerTests/<file>
    let url = root.appendingPathComponent("docs/togglekit.md")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  @Test("the reference's option list is the table's")
  func referenceListsTheTable() throws {
    let begin = try #require(Self.reference.firstRange(of: "<!-- options: begin -->\n"))
    let end = try #require(Self.reference.firstRange(of: "<!-- options: end -->"))
    let listed = String(Self.reference[begin.upperBound..<end.lowerBound])
    #expect(
      listed == OptionTable.markdown, "docs/togglekit.md should list:\n\(OptionTable.markdown)")
  }

  @Test("every option of the table parses, and --help lists it, for each command that takes it")
  func everyOptionParsesAndIsListed() throws {
    for option in OptionTable.options where option.section != .general {
      for command in [Invocation.Command.explore, .apply] {
        let help = Usage.text(for: command)
        let sample = option.value == nil ? [] : [sampleValue(for: option)]
        for name in option.names {
          // Options of --dir are checked to come with it.
          let context =
            option.help.hasPrefix("with --dir")
            ? ["--dir", "."] : option.help.hasPrefix("with --preview") ? ["--preview", "cat"] : []
          let parsed = Result {
            try Invocation.parse([command.rawValue] + context + [name] + sample)
          }
          if option.commands.contains(command) {
            #expect(throws: Never.self, "\(name) for \(command)") { try parsed.get() }
            #expect(help.contains("  " + option.synopsis), "\(command) help lists \(name)")
          } else {
            #expect(throws: UsageError.self, "\(name) is not an option of \(command)") {
              try parsed.get()
            }
            #expect(!help.contains("  " + option.synopsis + " "), "\(command) help omits \(name)")
          }
        }
      }
    }
  }

  @Test("a flag given a value and a valued option given none are usage errors")
  func valuesAreChecked() {
    #expect(throws: UsageError("option '--hidden' takes no value")) {
      try Invocation.parse(["apply", "--hidden=yes"])
    }
    #expect(throws: UsageError("option '--dir' needs a value")) {
      try Invocation.parse(["apply", "--dir"])
    }
  }

  @Test(
    "every value shell completion offers parses, an option that takes one of a set offers the set, and no other word parses"
  )
  func completionOffersExactlyTheAcceptedChoices() throws {
    for option in OptionTable.options where option.value != nil {
      let command = option.commands.contains(.explore) ? "explore" : "apply"
      let name = option.names.last!
      let refused = Result { () throws(UsageError) in
        try Invocation.parse([command, name, "zz-no-such-word"])
      }
      guard case .choices(let words) = option.completion else {
        if case .failure(let error) = refused {
          #expect(
            !error.message.contains("takes one of") && !error.message.contains("takes leaves"),
            "\(name) takes one of a set: its completion should offer it")
        }
        continue
      }
      #expect(!words.isEmpty && Set(words).count == words.count, "\(name)")
      for word in words {
        #expect(throws: Never.self, "\(name) \(word)") {
          try Invocation.parse([command, name, word])
        }
      }
      #expect(throws: UsageError.self, "\(name) refuses a word not offered") { try refused.get() }
    }
  }

  @Test("repeatable options add up; help, the reference and the manual say so")
  func repeatableOptionsAddUp() throws {
    let invocation = try Invocation.parse([
      "apply", "--select", "a", "--select=b", "--select-from", "x", "--select-from", "y",
    ])
    #expect(invocation.selectPaths == ["a", "b"] && invocation.selectFiles == ["x", "y"])
    for option in OptionTable.options where option.repeatable {
      #expect(option.fullHelp.hasSuffix("; repeatable"))
      #expect(OptionTable.markdown.contains(option.fullHelp.replacing("\n", with: " ")))
      #expect(ManPage.roff.contains("; repeatable)"))
    }
    #expect(OptionTable.options.filter(\.repeatable).count == 9)
  }

  func sampleValue(for option: CommandLineOption) -> String {
    switch option.names.last {
    case "--format": "json"
    case "--separator": ":"
    case "--max-depth", "--limit": "2"
    case "--height": "40%"
    case "--preview-timeout": "0.5"
    case "--locked": "counted"
    case "--mixed-toggles-to": "off"
    case "--scope": "all"
    case "--print", "--output": "leaves"
    case "--style": "switch"
    case "--keys": "fzf"
    case "--bind": "ctrl-o:execute(less {})+abort,tab:toggle+down"
    case "--expect": "ctrl-o,alt-s"
    case "--layout": "reverse"
    case "--preview-window": "down:10:wrap"
    case "--empty-enter": "nothing"
    case "--info": "inline-right:| "
    case "--jump-labels": "jkl"
    default: "Fruit"
    }
  }
}
