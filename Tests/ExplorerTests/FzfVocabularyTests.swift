import Foundation
import Testing

@testable import Explorer

/// The arguments that give `entry`'s option `name` with its sample value, as fzf writes it.
private func arguments(_ entry: FzfVocabulary.Entry, _ name: String) -> [String] {
  switch entry.value {
  case .none: [name]
  case .required: [name, entry.sample ?? "x"]
  case .optional: name.hasPrefix("--") ? [name + "=" + (entry.sample ?? "x")] : [name]
  }
}

/// The usage error `arguments` give `explore`, or nil when they parse.
private func usageError(_ arguments: [String]) -> String? {
  do throws(UsageError) {
    _ = try Invocation.parse(["explore"] + arguments)
    return nil
  } catch {
    return error.message
  }
}

/// The names togglekit's own actions have that fzf has not: the tree's.
private let treeActions: Set<String> = [
  "expand", "collapse", "expand-all", "collapse-all", "undo", "redo", "find", "keep-filter",
  "next-match", "previous-match", "clear-filter", "help", "suspend", "visual-mode", "extend-up",
  "extend-down",
]

@Suite(
  "fzf 0.74's vocabulary: every option, action, event and key is accepted with its meaning or refused saying why"
)
struct FzfVocabularyTests {
  @Test("docs/togglekit.md's vocabulary table is the table's")
  func referenceListsTheTable() throws {
    let reference = OptionTableTests.reference
    let begin = try #require(reference.firstRange(of: "<!-- fzf vocabulary: begin -->\n"))
    let end = try #require(reference.firstRange(of: "<!-- fzf vocabulary: end -->"))
    #expect(
      String(reference[begin.upperBound..<end.lowerBound]) == FzfVocabulary.markdown,
      "docs/togglekit.md should list:\n\(FzfVocabulary.markdown)")
  }

  @Test(
    "every option row: same and differs are togglekit's options and parse with their sample; ignored ones parse and change nothing; refused ones are a usage error giving the row's reason"
  )
  func everyOption() throws {
    let plain = try Invocation.parse(["explore"])
    for entry in FzfVocabulary.options {
      for name in entry.names {
        let given = arguments(entry, name)
        switch entry.verdict {
        case .same, .differs:
          #expect(OptionTable.option(named: name, for: .explore) != nil, "\(name)")
          #expect(usageError(given) == nil, "\(given): \(usageError(given) ?? "")")
        case .ignored:
          #expect(OptionTable.option(named: name, for: .explore) == nil, "\(name)")
          #expect(
            (try? Invocation.parse(["explore"] + given)) == plain, "\(given) changed something")
        case .refused(let why):
          let message = try #require(usageError(given), "\(given) was accepted")
          #expect(message == "option '\(name)' is fzf's, not togglekit's: \(why)")
        }
      }
    }
    // An ignored option still wants its value, and a flag takes none.
    #expect(usageError(["--color"]) == "option '--color' needs a value")
    #expect(usageError(["--ansi=1"]) == "option '--ansi' takes no value")
    // apply is for scripts: fzf's names mean nothing there.
    #expect(throws: UsageError.self) { try Invocation.parse(["apply", "--ansi"]) }
  }

  @Test(
    "every action row: same ones parse to a togglekit action, ignored ones to ignore, refused ones fail giving the reason; every togglekit action is a row or the tree's own"
  )
  func everyAction() throws {
    for entry in FzfVocabulary.actions {
      for name in entry.names {
        let text = entry.sample.map { "\(name)(\($0))" } ?? name
        switch entry.verdict {
        case .same:
          let actions = try ExplorerAction.parse(text)
          #expect(actions.count == 1 && (name == "ignore" || actions != [.ignore]), "\(text)")
          #expect(actions.first?.name == text, "\(text) is named back as itself")
        case .ignored:
          #expect(try ExplorerAction.parse(text) == [.ignore], "\(text)")
        case .differs:
          Issue.record("an action either means fzf's or is refused: \(name)")
        case .refused(let why):
          #expect(
            throws: ActionParseError(message: "action '\(name)' is fzf's, not togglekit's: \(why)")
          ) {
            try ExplorerAction.parse(text)
          }
        }
      }
    }
    let rows = Set(FzfVocabulary.actions.flatMap(\.names))
    for name in Array(ExplorerAction.named.keys) + Array(ExplorerAction.withArgument.keys) {
      #expect(rows.contains(name) != treeActions.contains(name), "\(name)")
    }
  }

  @Test(
    "every event row: same ones are bindable events, refused ones are refused saying why; every event of the explorer is a row"
  )
  func everyEvent() throws {
    for entry in FzfVocabulary.events {
      let name = try #require(entry.names.first)
      switch entry.verdict {
      case .same:
        #expect(try Key.named(name) == .event(try #require(ExplorerEvent(rawValue: name))))
        #expect(
          try OptionTable.parseBindings("\(name):first").first?.0
            == .event(ExplorerEvent(rawValue: name)!))
      default:
        let given = name == "every" ? "every(2)" : name
        #expect(throws: KeyNameError(name: given, reason: FzfVocabulary.refusal(ofEvent: given))) {
          try Key.named(given)
        }
        #expect(FzfVocabulary.refusal(ofEvent: given)?.hasSuffix(entry.verdict.note) == true)
      }
    }
    #expect(
      Set(ExplorerEvent.allCases.map(\.rawValue))
        == Set(FzfVocabulary.events.filter { $0.verdict.word == "same" }.flatMap(\.names)))
    // An event is not a key to accept with.
    #expect(usageError(["--expect", "ctrl-o,start"])?.contains("'start' is an event") == true)
  }

  @Test("every key of fzf's list is a key (none an event), and a name no key has is still an error")
  func everyKey() throws {
    var keys: Set<Key> = []
    for entry in FzfVocabulary.keyFamilies {
      for name in entry.names {
        let key = try Key.named(name)
        if case .event = key { Issue.record("\(name) is an event") }
        keys.insert(key)
      }
    }
    #expect(keys.count == 145, "the names of 145 keys")
    #expect(throws: KeyNameError(name: "ctrl-1")) { try Key.named("ctrl-1") }
  }
}
