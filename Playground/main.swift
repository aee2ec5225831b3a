// The ToggleKit playground: one runnable page per scenario, each printing what it shows and
// checking it. `swift run Playground` runs every page; `swift run Playground 1` runs page 1;
// `swift run Playground --list` lists them. Exits non-zero when any page's output differs from
// what it expects.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let pages: [Page] = [
  setMembershipChecklist, hierarchyOfToggles, parentOverItems, parentOverSeparateStates,
  constantSources, toggleThatDoesTooMuch, categorySelector, loadSearchReload, composedStyles,
  rulesPage, whereFeaturesMeet, inputInPieces, undoAndRedo, selectionThatOutlivesTheData,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print("usage: swift run Playground [--list] [PAGE-NUMBER...]")
  exit(0)
}
if arguments == ["--list"] {
  for page in pages { print("\(page.number). \(page.title)") }
  exit(0)
}
var chosen = pages
if !arguments.isEmpty {
  let numbers = arguments.compactMap(Int.init)
  guard numbers.count == arguments.count,
    numbers.allSatisfy({ n in pages.contains { $0.number == n } })
  else {
    printError("Playground: no page \(arguments.joined(separator: " ")); try --list")
    exit(2)
  }
  chosen = pages.filter { numbers.contains($0.number) }
}

var failed = 0
for page in chosen {
  print("━━ Page \(page.number): \(page.title)")
  var printer = PagePrinter()
  page.run(&printer)
  if !printer.failures.isEmpty {
    failed += 1
    printError(
      "✘ page \(page.number) differs from what it expects in \(printer.failures.count) place(s)")
  }
  print("")
}
print(
  failed == 0 ? "All \(chosen.count) page(s) show what they expect." : "\(failed) page(s) failed.")
exit(failed == 0 ? 0 : 1)
