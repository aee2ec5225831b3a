import Foundation
import Testing

/// The repository's root folder (this file is Tests/ToggleKitTests/Documentation/<file>).
private let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One ```swift block of a Markdown file.
struct DocumentationExample: CustomStringConvertible {
  /// The file, from the repository's root.
  var file: String
  /// The line of the opening fence.
  var line: Int
  /// The code.
  var code: [String]

  var description: String { "\(file):\(line)" }

  /// The block as a file the compiler type-checks beside the others (one module, a file
  /// each): its type declarations and extensions at the top level, everything else the body of
  /// an `async throws` function, `name`, whose parameters are the values the documentation takes
  /// as given (a tree, some bytes, a model …; ``documentationGiven``).
  func source(named name: String) -> String {
    var declarations: [String] = []
    var body: [String] = []
    var depth = 0  // braces open in the declaration being hoisted
    let opens = ["extension ", "enum ", "struct ", "final class ", "class ", "protocol "]
    for text in code {
      if text.hasPrefix("import ") { continue }
      if depth == 0 && !opens.contains(where: text.hasPrefix) {
        body.append("  " + text)
        continue
      }
      declarations.append(text)
      let code = text.split(separator: "//", maxSplits: 1).first ?? ""
      depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
    }
    return """
      import Observation
      import ToggleKit
      import ToggleKitRules
      import ToggleKitTesting

      \(declarations.joined(separator: "\n"))

      func \(name)(
        tree: inout SelectionTree<String>, bytes: [UInt8], newBytes: [UInt8], text: String,
        model: SelectionModel<String>, size: Int, pieces: [[UInt8]],
        readPiece: () -> [UInt8]?, api: DocumentationAPI, catalogue: inout LazyTree<String>,
        spec: inout SelectionSpec
      ) async throws {
      \(body.joined(separator: "\n"))
      }

      """
  }
}

/// What the README's and docs' examples take as given, in a file of its own beside them.
let documentationGiven = """
  import ToggleKit

  /// A remote catalogue, for the examples that load children from one.
  struct DocumentationAPI {
    func children(of id: String) async throws -> LazyTree<String>.Children { .init(entries: []) }
  }

  """

/// Every ```swift block of the README, the pages of docs/ and the DocC articles.
func documentationExamples() throws -> [DocumentationExample] {
  var files = ["README.md"]
  let manager = FileManager.default
  for folder in [
    "docs", "Sources/ToggleKit/ToggleKit.docc", "Sources/ToggleKitRules/ToggleKitRules.docc",
  ] {
    let names = try manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
    files += names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
  }
  return try files.flatMap { file in
    let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    return swiftBlocks(in: text.split(separator: "\n", omittingEmptySubsequences: false), of: file)
  }
}

/// The ```swift blocks among `lines` (a nil line is not documentation, and ends any block).
private func swiftBlocks(in lines: [Substring?], of file: String) -> [DocumentationExample] {
  var examples: [DocumentationExample] = []
  var current: DocumentationExample?
  for (index, line) in lines.enumerated() {
    guard let line else {
      current = nil
      continue
    }
    if var example = current {
      if line.hasPrefix("```") {
        examples.append(example)
        current = nil
      } else {
        example.code.append(String(line))
        current = example
      }
    } else if line == "```swift" {
      current = DocumentationExample(file: file, line: index + 1, code: [])
    }
  }
  return examples
}

/// Every ```swift block of a doc comment (`///`) in the libraries' sources: what DocC shows on
/// each symbol's page.
func docCommentExamples() throws -> [DocumentationExample] {
  let manager = FileManager.default
  var examples: [DocumentationExample] = []
  for folder in ["Sources/ToggleKit", "Sources/ToggleKitRules", "Sources/ToggleKitTesting"] {
    let base = root.appendingPathComponent(folder)
    guard let walker = manager.enumerator(atPath: base.path) else { continue }
    let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    for name in files {
      let file = folder + "/" + name
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      // A doc comment's text without its `///` and one space; nil for other lines.
      let comments = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        line -> Substring? in
        let trimmed = line.drop(while: { $0 == " " })
        guard trimmed.hasPrefix("///") else { return nil }
        let comment = trimmed.dropFirst(3)
        return comment.first == " " ? comment.dropFirst() : comment
      }
      examples += swiftBlocks(in: comments, of: file)
    }
  }
  return examples
}

/// All doc-comment examples as one file: each its own namespace (`enum`) whose `run` takes what
/// doc comments take as given (a tree, a model, a parent toggle, a rule context …), so that one
/// compiler run checks them all and a failure names the example's file and line.
func docCommentSource(_ examples: [DocumentationExample]) -> String {
  var imports: Set<String> = []
  var topLevel: [String] = []  // whole declarations, each once
  var namespaces: [String] = []
  let opens = ["extension ", "@Test ", "enum ", "struct ", "final class ", "class ", "protocol "]
  for (number, example) in examples.enumerated() {
    var declarations: [String] = []
    var body: [String] = []
    var depth = 0
    for text in example.code {
      if text.hasPrefix("import ") {
        imports.insert(text)
        continue
      }
      if depth == 0 {
        guard opens.contains(where: text.hasPrefix) else {
          body.append("      " + text)
          continue
        }
        declarations.append(text)
      } else {
        declarations[declarations.count - 1] += "\n" + text
      }
      let code = text.split(separator: "//", maxSplits: 1).first ?? ""
      depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
    }
    // Extensions and tests live at the top level, and so do the declarations of an example that
    // has some (an extension may name them); the others stay in the example's namespace.
    let hoisted = declarations.contains { $0.hasPrefix("extension ") || $0.hasPrefix("@Test ") }
    var nested: [String] = []
    for declaration in declarations {
      if hoisted {
        if !topLevel.contains(declaration) { topLevel.append(declaration) }
      } else {
        nested.append(declaration)
      }
    }
    namespaces.append(
      """
      // \(example)
      enum Example\(number) {
      \(nested.joined(separator: "\n"))
        static func run(
          tree: inout SelectionTree<String>, model: SelectionModel<String>,
          lazy: inout LazyTree<String>, text: String, paths: [String],
          entries: [SelectionTree<String>.Entry], parent: ParentToggle, row: Row,
          context: inout RuleContext, rules: RuleModel, defaults: RuleModel, rule: Rule,
          explanation: RuleExplanation, vocabulary: inout RuleVocabulary,
          parser: consuming TreeParser, buffer: [UInt8], count: Int, reader: DirectoryLoader,
          loader: DirectoryLoader, api: DocumentationAPI, inner: IgnoreList, outer: IgnoreList,
          someJSONNodeID: String, spec: inout SelectionSpec,
          fetch: @escaping (String) async throws -> LazyTree<String>.Children,
          fetchChildren: (_ of: String) async throws -> LazyTree<String>.Children
        ) async throws {
          @ModelState var flag = false
          @ModelState var a = false
          @ModelState var b = true
          @ModelState var c = false
          @ModelState var isSelected = false
          @ModelState var choice = "a"
          @ModelState var selection: Set<String> = []
          @ModelState var items = [GivenItem(id: 1), GivenItem(id: 2)]
          do {
      \(body.joined(separator: "\n"))
          }
        }
      }
      """)
  }
  return """
    \(imports.union(["import Foundation", "import Observation", "import ToggleKit", "import ToggleKitRules", "import ToggleKitTesting"]).sorted().joined(separator: "\n"))

    /// An element the binding examples project into.
    struct GivenItem: Identifiable, Hashable {
      var id: Int
      var isOn = false
      var isRequired = false
    }

    /// A remote catalogue, for the examples that load children from one.
    struct DocumentationAPI {
      func children(of id: String) async throws -> LazyTree<String>.Children { .init(entries: []) }
    }

    /// The rule keys the rule examples use, as an app declares its own (see the Rules article;
    /// `fancyColor` is declared by RuleKey's own example).
    struct Todo: Equatable, Sendable {
      enum Priority: Equatable, Sendable { case low, normal, high }
      var title = ""
      var priority = Priority.normal
    }
    enum TodoKey: RuleKey { static let defaultValue = Todo() }
    enum TitleKey: RuleKey { static let defaultValue = "" }
    enum NavigationBarTitleKey: RuleKey { static let defaultValue = "" }
    enum PriorityKey: RuleKey { static let defaultValue = 0 }
    enum DetailKey: RuleKey { static let defaultValue = "full" }
    enum PlatformKey: RuleKey { static let defaultValue = "phone" }
    extension RuleContext {
      var todo: Todo { get { self[TodoKey.self] } set { self[TodoKey.self] = newValue } }
      var title: String { get { self[TitleKey.self] } set { self[TitleKey.self] = newValue } }
      var navigationBarTitle: String {
        get { self[NavigationBarTitleKey.self] } set { self[NavigationBarTitleKey.self] = newValue }
      }
      var priority: Int { get { self[PriorityKey.self] } set { self[PriorityKey.self] = newValue } }
      var detail: String { get { self[DetailKey.self] } set { self[DetailKey.self] = newValue } }
      var platform: String {
        get { self[PlatformKey.self] } set { self[PlatformKey.self] = newValue }
      }
    }

    \(topLevel.joined(separator: "\n"))

    \(namespaces.joined(separator: "\n\n"))

    """
}

/// A scratch folder for compiling examples, with one module cache, removed by `body`'s end.
private func withScratch<Result>(_ body: (URL) throws -> Result) throws -> Result {
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
    "togglekit-docs-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  return try body(scratch)
}

/// Type-checks `files` (name, source) as one module against the built libraries, in one
/// compiler run; the compiler's exit status and what it wrote.
private func typeCheck(_ files: [(name: String, source: String)], in scratch: URL) throws -> (
  status: Int32, output: String
) {
  let modules = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("Modules").path
  var paths: [String] = []
  for (name, source) in files {
    let file = scratch.appendingPathComponent(name)
    try source.write(to: file, atomically: true, encoding: .utf8)
    paths.append(file.path)
  }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments =
    [
      "swiftc", "-typecheck", "-swift-version", "6", "-I", modules,
      "-module-cache-path", scratch.appendingPathComponent("cache").path,
    ] + paths
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, output)
}

/// Type-checks `source` against the built libraries; the compiler's output when it fails or puts
/// `try` before a call that cannot throw (it misleads a reader about the API), else nil.
private func typeCheck(_ source: String, named name: String, in scratch: URL) throws -> String? {
  let (status, output) = try typeCheck([(name, source)], in: scratch)
  return status == 0 && !output.contains(misleadingTry) ? nil : output
}

/// The warning for a `try` before a call that cannot throw.
private let misleadingTry = "warning: no calls to throwing functions occur within 'try' expression"

@Suite("Every Swift example of the README, docs/ and the DocC articles compiles")
struct DocumentationExampleTests {
  @Test(
    "each ```swift block of a doc comment type-checks against the built libraries, given what doc comments take as given"
  )
  func everyDocCommentExampleCompiles() throws {
    let examples = try docCommentExamples()
    #expect(examples.count > 150, "the examples were found")
    let source = docCommentSource(examples)
    let output = try withScratch { try typeCheck(source, named: "DocComments.swift", in: $0) } ?? ""
    // Name each error by the example it is in: the "// file:line" comment above its namespace.
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    var failures: [String] = []
    for error in output.split(separator: "\n")
    where error.contains(": error: ") || error.contains(misleadingTry) {
      let parts = error.split(separator: ":")
      guard parts.count > 2, let number = Int(parts[1]) else { continue }
      let owner = lines[..<min(number, lines.count)].last { $0.hasPrefix("// Sources/") }
      let message = error.split(separator: ": ", maxSplits: 4).last ?? ""
      failures.append("\(owner.map { $0.dropFirst(3) } ?? "the given declarations"): \(message)")
    }
    #expect(
      failures.isEmpty,
      "doc-comment examples that do not compile:\n\(Set(failures).sorted().joined(separator: "\n"))"
    )
    #expect(
      !failures.isEmpty || !output.contains("error"), "swiftc failed:\n\(output.prefix(2_000))")
  }

  @Test(
    "each ```swift block type-checks against the built libraries, as a user would write it (a file each, one compiler run)"
  )
  func everyExampleCompiles() throws {
    let examples = try documentationExamples()
    #expect(examples.count > 20, "the examples were found")
    let files = examples.indices.map {
      (name: "example\($0).swift", source: examples[$0].source(named: "example\($0)"))
    }
    let (status, output) = try withScratch { scratch in
      try typeCheck(files + [("Given.swift", documentationGiven)], in: scratch)
    }
    // Each error or misleading `try` names its file: the example's.
    let lines = output.split(separator: "\n")
    var blamed = 0
    for (example, file) in zip(examples, files) {
      let messages = lines.filter {
        $0.contains("/\(file.name):") && ($0.contains(": error: ") || $0.contains(misleadingTry))
      }
      guard !messages.isEmpty else { continue }
      blamed += 1
      Issue.record(
        "\(example) does not compile (or puts try before a call that cannot throw):\n\(messages.prefix(12).joined(separator: "\n"))"
      )
    }
    #expect(status == 0 || blamed > 0, "swiftc failed:\n\(output.prefix(2_000))")
  }
}
