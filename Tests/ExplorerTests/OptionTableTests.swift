import Explorer
import Foundation
import Testing

@Suite("Command-line options are declared once")
struct OptionTableTests {
  static let readme: String = {
    let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()  // Tests/ExplorerTests/<file>
    return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8))
      ?? ""
  }()

  @Test("the README's option list is the table's")
  func readmeListsTheTable() throws {
    let begin = try #require(Self.readme.firstRange(of: "<!-- options: begin -->\n"))
    let end = try #require(Self.readme.firstRange(of: "<!-- options: end -->"))
    let listed = String(Self.readme[begin.upperBound..<end.lowerBound])
    #expect(listed == OptionTable.markdown, "README.md should list:\n\(OptionTable.markdown)")
  }

  @Test("every option of the table parses, and --help lists it, for each command that takes it")
  func everyOptionParsesAndIsListed() throws {
    for option in OptionTable.options where option.section != .general {
      for command in [Invocation.Command.explore, .apply] {
        let help = Usage.text(for: command)
        let sample = option.value == nil ? [] : [sampleValue(for: option)]
        for name in option.names {
          let parsed = Result { try Invocation.parse([command.rawValue, name] + sample) }
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

  func sampleValue(for option: CommandLineOption) -> String {
    switch option.names.last {
    case "--format": "json"
    case "--separator": ":"
    case "--max-depth": "2"
    case "--locked": "counted"
    case "--mixed-toggles-to": "off"
    case "--scope": "all"
    case "--print", "--output": "leaves"
    case "--style": "switch"
    default: "Fruit"
    }
  }
}
