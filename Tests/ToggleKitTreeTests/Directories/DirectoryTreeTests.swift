import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("Directory trees: file-system folders as selection trees")
struct DirectoryTreeTests {
  /// A scratch folder with files, a hidden file, a nested folder and a symbolic link.
  private func scratch() throws -> String {
    let root = NSTemporaryDirectory() + "togglekit-\(UUID().uuidString)/Project"
    let files = FileManager.default
    try files.createDirectory(atPath: root + "/src/deep", withIntermediateDirectories: true)
    try files.createDirectory(atPath: root + "/private", withIntermediateDirectories: true)
    try "hello".write(toFile: root + "/README.md", atomically: true, encoding: .utf8)
    try "x".write(toFile: root + "/src/main.swift", atomically: true, encoding: .utf8)
    try "y".write(toFile: root + "/src/deep/util.swift", atomically: true, encoding: .utf8)
    try "z".write(toFile: root + "/.hidden", atomically: true, encoding: .utf8)
    try files.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/src")
    return root
  }

  /// Removes the folder `scratch()` made for `root`.
  private func removeScratch(_ root: String) {
    try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
  }

  @Test(
    "entries become nodes sorted by name, with kind and size attributes; links are not followed")
  func readsAFolder() throws {
    let root = try scratch()
    defer { removeScratch(root) }
    let (tree, warnings) = try SelectionTree.directory(at: root)
    #expect(warnings.isEmpty)
    #expect(
      tree.ids == [
        "Project", "Project/README.md", "Project/link", "Project/private", "Project/src",
        "Project/src/deep", "Project/src/deep/util.swift", "Project/src/main.swift",
      ])
    #expect(tree.attributes(of: "Project/README.md") == ["kind": "file", "size": "5"])
    #expect(tree.attributes(of: "Project/link") == ["kind": "symlink"])
    #expect(tree.attributes(of: "Project/private") == ["kind": "directory"])
  }

  @Test("hidden names are left out unless asked for; maxDepth stops descending")
  func hiddenAndDepth() throws {
    let root = try scratch()
    defer { removeScratch(root) }
    let withHidden = try SelectionTree.directory(at: root, includeHidden: true).tree
    #expect(withHidden.contains("Project/.hidden"))
    let shallow = try SelectionTree.directory(at: root, maxDepth: 1).tree
    #expect(shallow.children(of: "Project/src").isEmpty)
    #expect(shallow.contains("Project/src"))
  }

  @Test("a folder that cannot be read is a warning and an empty node, never fatal")
  func unreadableFolderIsAWarning() throws {
    let root = try scratch()
    defer { removeScratch(root) }
    let (tree, warnings) = try SelectionTree<String>._directory(
      at: root, maxDepth: nil, includeHidden: false, options: .init(),
      open: { String(cString: $0).hasSuffix("/private") ? nil : opendir($0) })
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix(root + "/private: cannot open directory") == true)
    #expect(tree.attributes(of: "Project/private")?["unreadable"] == "true")
    #expect(tree.contains("Project/src/main.swift"))
  }

  @Test("a path that is missing or not a folder is an error naming it")
  func badRoots() throws {
    let root = try scratch()
    defer { removeScratch(root) }
    #expect(throws: DirectoryError(path: root + "/README.md", message: "not a directory")) {
      try SelectionTree.directory(at: root + "/README.md")
    }
    let missing = #expect(throws: DirectoryError.self) {
      try SelectionTree.directory(at: root + "/nope")
    }
    #expect(missing?.description.hasPrefix(root + "/nope: cannot read: No such file") == true)
  }
}
