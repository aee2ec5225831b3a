import Foundation
import Testing

@testable import TestSupport

/// The repository's bundled examples, as a newcomer runs them.
private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

@Suite("togglekit --rules, run as a program")
struct RulesEndToEndTests {
  let catalog = examples.appendingPathComponent("catalog.txt").path
  let rules = examples.appendingPathComponent("catalog-rules.txt").path

  @Test("the bundled rules lock, disable and expand the bundled catalogue")
  func bundledExample() throws {
    let result = try TogglekitBinary.run([
      "apply", "--rules", rules, "--on", "Toolkit", "--print", "indent", catalog,
    ])
    #expect(result.code == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        [x] Toolkit
          [x] Core
            [xL] runtime {kind=required}
            [x] headers
          [x] Tools
            [x] formatter
            [x] profiler {status=experimental}
            [x] debugger
          [ D] Legacy
            [ ] old-api
            [ ] compatibility shims
          [x] Docs
            [x] guides
            [x] api-reference {size=large}

        """)
  }

  @Test("--explain names the rule that fired and the file's line")
  func explain() throws {
    let result = try TogglekitBinary.run([
      "apply", "--rules", rules, "--explain", "Toolkit/Legacy", catalog,
    ])
    #expect(result.code == 0)
    #expect(result.stdout.hasPrefix("Toolkit/Legacy:\n  enabled = false (from \(rules):5:1)\n"))
  }

  @Test(
    "a cycle through displayLabel or style is an error at the rule that closes it, not a default",
    arguments: [
      ("style <= \"switch\"\nlabel == \"Legacy\" => style <= style\n", 2, "style → style"),
      (
        "# labels\ndisplayLabel <= style\nstyle <= displayLabel\n", 2,
        "displayLabel → style → displayLabel"
      ),
    ])
  func lazyCycles(text: String, line: Int, cycle: String) throws {
    let folder = try TogglekitBinary.scratch()
    let file = try TogglekitBinary.file("cycle.txt", text, in: folder)
    for command in ["apply", "explore"] {
      let result = try TogglekitBinary.run([command, "--rules", file, catalog])
      #expect(result.code == 1, "\(command)")
      #expect(result.stdout == "")
      #expect(result.stderr == "togglekit: \(file):\(line):1: rule cycle: \(cycle)\n", "\(command)")
    }
  }

  @Test("a rules file with an error: exit 1, FILE:LINE:COL, nothing on standard output")
  func badRules() throws {
    let folder = try TogglekitBinary.scratch()
    let bad = try TogglekitBinary.file("bad.txt", "depth >= 3 => expanded <= maybe\n", in: folder)
    let result = try TogglekitBinary.run(["apply", "--rules", bad, catalog])
    #expect(result.code == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "togglekit: \(bad):1:27: 'expanded' is a boolean; expected a value like true, false "
        + "or a name, found 'maybe'\n")
    let cycle = try TogglekitBinary.file(
      "cycle.txt", "displayLabel <= style\nstyle <= displayLabel\nenabled <= enabled\n",
      in: folder)
    let cyclic = try TogglekitBinary.run(["explore", "--rules", cycle, catalog])
    #expect(cyclic.code == 1)
    #expect(cyclic.stderr == "togglekit: \(cycle):3:1: rule cycle: enabled → enabled\n")
    let missing = try TogglekitBinary.run(["apply", "--rules", "/nonexistent/rules.txt", catalog])
    #expect(missing.code == 1)
    #expect(missing.stderr == "togglekit: /nonexistent/rules.txt: No such file or directory\n")
  }
}
