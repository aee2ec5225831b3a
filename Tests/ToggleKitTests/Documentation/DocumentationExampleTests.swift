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

  /// The block as a file the compiler type-checks: its type declarations and extensions at the top
  /// level, everything else the body of an `async throws` function whose parameters are the
  /// values the documentation takes as given (a tree, some bytes, a model …).
  var source: String {
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

      func example(
        tree: inout SelectionTree<String>, bytes: [UInt8], newBytes: [UInt8], text: String,
        model: SelectionModel<String>, size: Int, pieces: [[UInt8]],
        readPiece: () -> [UInt8]?, api: DocumentationAPI, catalogue: inout LazyTree<String>
      ) async throws {
      \(body.joined(separator: "\n"))
      }

      /// A remote catalogue, for the examples that load children from one.
      struct DocumentationAPI {
        func children(of id: String) async throws -> LazyTree<String>.Children { .init(entries: []) }
      }

      """
  }
}

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
  var examples: [DocumentationExample] = []
  for file in files {
    let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    var current: DocumentationExample?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
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
  }
  return examples
}

@Suite("Every Swift example of the README, docs/ and the DocC articles compiles")
struct DocumentationExampleTests {
  @Test("each ```swift block type-checks against the built libraries, as a user would write it")
  func everyExampleCompiles() throws {
    let examples = try documentationExamples()
    #expect(examples.count > 20, "the examples were found")
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let modules = bundle.appendingPathComponent("Modules").path
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "togglekit-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    for (index, example) in examples.enumerated() {
      let file = scratch.appendingPathComponent("example\(index).swift")
      try example.source.write(to: file, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "swiftc", "-typecheck", "-swift-version", "6", "-I", modules,
        "-module-cache-path", scratch.appendingPathComponent("cache").path, file.path,
      ]
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let output = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(
        process.terminationStatus == 0,
        "\(example) does not compile:\n\(output.split(separator: "\n").prefix(12).joined(separator: "\n"))"
      )
    }
  }
}
