import Explorer
import Testing
import ToggleKit

@testable import TestSupport

@Suite("Command-line parsing")
struct InvocationTests {
  @Test("options take values as '--opt value' or '--opt=value'; operations keep their order")
  func options() throws {
    let invocation = try Invocation.parse([
      "apply", "--on", "Fruit", "--off=Fruit/Pear", "--toggle", "Veg", "--expand", "Veg/Leek",
      "--print=topmost", "--locked", "counted", "--mixed-toggles-to=off", "--filter", "a",
      "--scope", "all", "--format", "paths", "--separator", ":", "cats.txt",
    ])
    #expect(invocation.command == .apply)
    #expect(
      invocation.operations == [
        .on("Fruit"), .off("Fruit/Pear"), .toggle("Veg"), .expand("Veg/Leek"),
      ])
    #expect(invocation.output == .topmost)
    #expect(invocation.lockedSources == .counted && invocation.mixedTogglesTo == .off)
    #expect(invocation.filter == "a" && invocation.scope == .all)
    #expect(invocation.format == .paths && invocation.separator == ":")
    #expect(invocation.file == "cats.txt")
  }

  @Test("'--' ends options, so a file may start with a dash")
  func doubleDash() throws {
    #expect(try Invocation.parse(["apply", "--", "--weird.txt"]).file == "--weird.txt")
    #expect(try Invocation.parse(["explore", "-"]).file == "-")
  }

  @Test("usage errors say what is wrong")
  func usageErrors() {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try Invocation.parse(arguments)
        return nil
      } catch { return error.message }
    }
    #expect(message(["apply", "--frob"]) == "unknown option '--frob' for 'apply'")
    #expect(message(["apply", "--on"]) == "option '--on' needs a value")
    #expect(
      message(["apply", "--print", "csv"])
        == "option '--print' takes one of states, leaves, topmost, all, json, indent, paths, spec, rsync-filter, gitignore, restic-files, restic-excludes, borg-patterns, not 'csv'"
    )
    #expect(message(["explore", "--on", "x"]) == "unknown option '--on' for 'explore'")
    #expect(
      message(["explore", "--output", "states"])
        == "option '--output' takes leaves, topmost, all, json, indent, paths, spec, rsync-filter, gitignore, restic-files, restic-excludes or borg-patterns"
    )
    #expect(
      message(["frob"])
        == "unknown command 'frob' (commands: explore, apply, shell, completion, man, help)")
    #expect(
      message(["apply", "a.txt", "b.txt"]) == "more than one input file ('a.txt' and 'b.txt')")
    #expect(message(["apply", "--dir", "x", "a.txt"]) == "give either a FILE or --dir, not both")
    #expect(
      message(["explore", "--style", "fancy"])
        == "option '--style' takes one of button, checkbox, checkbox-right, switch, not 'fancy'")
    #expect(
      message(["help", "frob"])
        == "unknown help topic 'frob' (topics: explore, apply, shell, completion, man)")
    #expect(
      UsageError("x").description == "togglekit: x\nTry 'togglekit --help' for more information.")
  }

  @Test(
    "a misspelt command, option, help topic or action names the nearest one; the far ones don't")
  func suggestions() {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try Invocation.parse(arguments)
        return nil
      } catch { return error.message }
    }
    #expect(
      message(["explor"])?.hasPrefix("unknown command 'explor'; did you mean 'explore'?") == true)
    #expect(message(["aply"])?.hasPrefix("unknown command 'aply'; did you mean 'apply'?") == true)
    #expect(message(["xyzzy"])?.contains("did you mean") == false)
    #expect(
      message(["explore", "--ouptut", "leaves"])
        == "unknown option '--ouptut' for 'explore'; did you mean '--output'?")
    #expect(
      message(["apply", "--prnit", "leaves"])
        == "unknown option '--prnit' for 'apply'; did you mean '--print'?")
    #expect(
      message(["apply", "--selec", "a"])
        == "unknown option '--selec' for 'apply'; did you mean '--select'?")
    // An option of the other command is not offered: `--output` is explore's, `--print` apply's.
    #expect(message(["apply", "--output", "leaves"])?.contains("'--output'") == true)
    #expect(message(["apply", "--output", "leaves"])?.contains("did you mean '--output'") == false)
    #expect(
      message(["--verison"])
        == "unknown option '--verison' before a command; did you mean '--version'?")
    #expect(
      message(["help", "explroe"])?.hasPrefix(
        "unknown help topic 'explroe'; did you mean 'explore'?") == true)
    let action = message(["explore", "--bind", "ctrl-o:toggel"]) ?? ""
    #expect(action.contains("unknown action 'toggel'; did you mean 'toggle'?"), "\(action)")
    // The valid ones are listed, with the ones that take an argument written so.
    #expect(action.contains("(actions: abort, accept,"), "\(action)")
    #expect(action.contains("execute(…)"), "\(action)")
    #expect(message(["explore", "--bind", "ctrl-o:zzzzzz"])?.contains("did you mean") == false)
    // The distance: a swap is one edit; a near name beats a far one; ties go to the first.
    #expect(Suggestion.nearest(to: "teh", among: ["the", "ten"]) == "the")
    #expect(Suggestion.nearest(to: "abc", among: ["xyz"]) == nil)
    #expect(Suggestion.nearest(to: "--ex", among: ["--expand", "--exact"]) == nil)
    #expect(Suggestion.nearest(to: "--expa", among: ["--expand", "--exact"]) == "--expand")
    #expect(Suggestion.nearest(to: "", among: ["a"]) == nil)
    for (a, b, distance) in [
      ("", "", 0), ("a", "", 1), ("kitten", "sitting", 3), ("ab", "ba", 1), ("abc", "ca", 3),
      ("flaw", "lawn", 2),
    ] {
      #expect(
        Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) == distance,
        "\(a) \(b)")
    }
  }

  @Test(
    "fzf's names: -m and --multi (explore always selects many; --multi=N is --limit N), --no-multi (--limit 1), --reverse (--layout reverse), from FZF_DEFAULT_OPTS copied into TOGGLEKIT_DEFAULT_OPTS too"
  )
  func fzfNames() throws {
    #expect(try Invocation.parse(["explore", "-m"]).limit == nil)
    #expect(try Invocation.parse(["explore", "--multi"]).limit == nil)
    #expect(try Invocation.parse(["explore", "--multi=3"]).limit == 3)
    #expect(try Invocation.parse(["explore", "--no-multi"]).limit == 1)
    #expect(try Invocation.parse(["explore", "--reverse"]).reverseLayout)
    #expect(try !Invocation.parse(["explore"]).reverseLayout)
    let defaults = try Invocation.parse(["explore"], defaults: "-m --reverse --multi=2")
    #expect(defaults.reverseLayout && defaults.limit == 2)
    for (arguments, message) in [
      (["explore", "--multi=0"], "option '--multi' takes a whole number of at least 1, not '0'"),
      (["explore", "--multi=x"], "option '--multi' takes a whole number of at least 1, not 'x'"),
      (["explore", "--reverse=1"], "option '--reverse' takes no value"),
      (["apply", "--multi"], "unknown option '--multi' for 'apply'"),
    ] {
      #expect(throws: UsageError(message)) { try Invocation.parse(arguments) }
    }
    #expect(OptionTable.option(named: "--multi", for: .explore)?.synopsis == "-m, --multi[=N]")
  }

  @Test("--read0 reads NUL-ended names from a file or standard input; --print0 is -0")
  func nulSeparatedNames() throws {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try Invocation.parse(arguments)
        return nil
      } catch { return error.message }
    }
    #expect(try Invocation.parse(["apply", "--read0", "-"]).readsNULSeparatedNames)
    #expect(
      try Invocation.parse(["explore", "--read0", "--format", "paths"]).readsNULSeparatedNames)
    #expect(try Invocation.parse(["apply", "--print0"]).nullSeparated)
    #expect(try Invocation.parse(["apply", "--null"]).nullSeparated)
    #expect(
      message(["apply", "--read0", "--dir", "x"])
        == "option '--read0' reads names from a FILE or standard input, not --dir")
    #expect(
      message(["apply", "--read0", "--format", "json"])
        == "option '--read0' reads names, one path each: it works with --format paths, not json")
    #expect(
      message(["apply", "--print", "json", "-0"])
        == "option '-0' works with the path lists (leaves, topmost, all, states)")
  }

  @Test("--dir's folders above the one read start every printed path, as find DIR prints them")
  func directoryPrefix() throws {
    func prefix(_ directory: String) throws -> [String] {
      try Invocation.parse(["apply", "--dir", directory]).directoryPrefix
    }
    #expect(try prefix("/abs/home") == ["/", "abs"])
    #expect(try prefix("/abs/home/") == ["/", "abs"])
    #expect(try prefix("/home") == ["/"])
    #expect(try prefix("/") == [])
    #expect(try prefix(".") == [])
    #expect(try prefix("src") == [])
    #expect(try prefix("../src") == [".."])
    #expect(try prefix("a//b/c") == ["a", "b"])
    #expect(try Invocation.parse(["apply", "x.txt"]).directoryPrefix == [])
  }

  @Test("help and version")
  func helpAndVersion() throws {
    // Without a command: an error (exit 2) whose text starts with the overview, so that nothing
    // reaches standard output (`sel=$(find . | togglekit)` captures no help text).
    #expect(throws: UsageError.self) { try Invocation.parse([]) }
    do {
      _ = try Invocation.parse([])
    } catch {
      #expect(error.message == "a command is needed (explore or apply)")
      #expect(
        error.description.hasPrefix(Usage.text(for: nil) + "\ntogglekit: a command is needed"))
    }
    #expect(try Invocation.parse(["--help"]).command == .help)
    #expect(try Invocation.parse(["help", "explore"]).helpTopic == .explore)
    #expect(try Invocation.parse(["apply", "--help"]).helpTopic == .apply)
    #expect(try Invocation.parse(["--version"]).command == .version)
    #expect(Usage.text(for: .apply).contains("--toggle PATH"))
    #expect(Usage.text(for: .explore).contains("works.\n\nInput:"), "sections are apart")
    #expect(Usage.text(for: .apply).contains("expanded <= false\n\nOperations:"))
    #expect(Usage.text(for: .explore).contains("--rules FILE"))
  }

  @Test("input sources: FILE, '-', --dir, a pipe, or the demo on a terminal")
  func inputSources() throws {
    func source(_ arguments: [String], terminal: Bool) throws -> InputSource? {
      InputSource.choose(for: try Invocation.parse(arguments), standardInputIsTerminal: terminal)
    }
    #expect(try source(["explore", "a.txt"], terminal: true) == .file("a.txt"))
    #expect(try source(["explore", "-"], terminal: true) == .standardInput)
    #expect(try source(["explore"], terminal: false) == .standardInput)
    #expect(try source(["explore"], terminal: true) == .demo)
    #expect(try source(["apply"], terminal: true) == nil)
    #expect(try source(["apply", "--dir", "src"], terminal: true) == .directory("src"))
  }

  @Test("PATH labels: '/' separates, '\\' escapes")
  func pathLabels() {
    #expect((try? LabelPath.labels(of: "Fruit/Apple")) == ["Fruit", "Apple"])
    #expect((try? LabelPath.labels(of: #"Sizes/1\/2 inch"#)) == ["Sizes", "1/2 inch"])
    #expect((try? LabelPath.labels(of: #"a\\b"#)) == [#"a\b"#])
  }

  @Test("completion takes exactly one shell; man takes nothing; both have help")
  func completionAndMan() throws {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try Invocation.parse(arguments)
        return nil
      } catch { return error.message }
    }
    for shell in Invocation.Shell.allCases {
      let invocation = try Invocation.parse(["completion", shell.rawValue])
      #expect(invocation.command == .completion && invocation.shell == shell)
    }
    #expect(message(["completion"]) == "completion needs a shell: bash, zsh or fish")
    #expect(message(["completion", "tcsh"]) == "completion takes bash, zsh or fish, not 'tcsh'")
    #expect(message(["completion", "bash", "zsh"]) == "unexpected argument 'zsh'")
    #expect(message(["man", "x"]) == "unexpected argument 'x'")
    #expect(message(["--version", "x"]) == "unexpected argument 'x'")
    #expect(try Invocation.parse(["man"]).command == .man)
    #expect(try Invocation.parse(["completion", "--help"]).helpTopic == .completion)
    #expect(try Invocation.parse(["help", "man"]).helpTopic == .man)
    #expect(
      message(["help", "version"])
        == "unknown help topic 'version' (topics: explore, apply, shell, completion, man)")
  }

  @Test("--limit takes a whole number of at least 1; --select paths are checked as they are parsed")
  func selectionOptions() throws {
    let invocation = try Invocation.parse([
      "explore", "--limit", "3", "--header", "Pick", "--select", "Fruit", "--select-from", "p.txt",
    ])
    #expect(invocation.limit == 3 && invocation.header == "Pick")
    #expect(invocation.selectPaths == ["Fruit"] && invocation.selectFiles == ["p.txt"])
    for bad in ["0", "-1", "x", ""] {
      #expect(
        throws: UsageError("option '--limit' takes a whole number of at least 1, not '\(bad)'")
      ) { try Invocation.parse(["explore", "--limit=\(bad)"]) }
    }
    #expect(throws: UsageError.self) { try Invocation.parse(["apply", "--select", "a//b"]) }
    #expect(throws: UsageError("standard input cannot be both the tree and '--select-from -'")) {
      try Invocation.parse(["apply", "--select-from", "-", "-"])
    }
    #expect(throws: UsageError("option '--gitignore' works with --dir")) {
      try Invocation.parse(["apply", "--gitignore", "t.txt"])
    }
    #expect(throws: UsageError("option '--exclude' works with --dir")) {
      try Invocation.parse(["explore", "--exclude", "*.o"])
    }
    let dir = try Invocation.parse([
      "apply", "--dir", ".", "--gitignore", "--exclude=*.o", "--exclude", "b/",
    ])
    #expect(dir.gitignore && dir.excludes == ["*.o", "b/"])
    #expect(throws: UsageError("unknown option '--limit' for 'apply'")) {
      try Invocation.parse(["apply", "--limit", "2"])
    }
  }
}
