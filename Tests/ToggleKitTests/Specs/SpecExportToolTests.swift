import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

#if canImport(Glibc)
  import Glibc
#endif

private let hasRsync = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsync")
private let hasGit = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")

/// Runs a program; its exit status and standard output.
///
/// Standard error goes to the message of a failure only.
@discardableResult
private func run(
  _ program: String, _ arguments: [String], in folder: String, input: [UInt8]? = nil
) throws -> (status: Int32, output: [UInt8]) {
  let run = try ProgramRun(
    URL(fileURLWithPath: program), arguments, directory: URL(fileURLWithPath: folder),
    environment: [
      "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
      "PATH": "/usr/bin:/bin", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
      "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
    ], input: input)
  #expect(
    run.status == 0, "\(program) \(arguments): \(String(decoding: run.stderr, as: UTF8.self))")
  return (run.status, run.stdout)
}

/// Names a file system allows that the filter languages read as syntax.
private let hostileNames: [[UInt8]] =
  [
    "a b", "st*r", "[x]", "#hash", "!bang", "-dash", #"back\slash"#, "ünï", "trail ", "q?",
    "***", ".dot", "x=y", #"\*"#, "+ plus", "- minus", "end\\", "  lead",
  ].map { Array($0.utf8) } + [[0x66, 0xFF, 0x67]]

/// The files and empty folders below `root`, as paths relative to it (bytes).
private func leaves(below root: String) -> Set<[UInt8]> {
  let (files, emptyFolders) = entries(below: root)
  return files.union(emptyFolders)
}

/// The files, and the empty folders, below `root`, as paths relative to it (bytes).
private func entries(below root: String) -> (files: Set<[UInt8]>, emptyFolders: Set<[UInt8]>) {
  var found: Set<[UInt8]> = []
  var emptyFolders: Set<[UInt8]> = []
  var pending: [[UInt8]] = [[]]
  while let relative = pending.popLast() {
    let path = Array(root.utf8) + (relative.isEmpty ? [] : [UInt8(ascii: "/")] + relative)
    guard let folder = opendirBytes(path) else { continue }
    var empty = true
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix(while: { $0 != 0 }))
      }
      if name == Array(".".utf8) || name == Array("..".utf8) || name == Array(".git".utf8) {
        continue
      }
      empty = false
      let child = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
      if entry.pointee.d_type == UInt8(DT_DIR) {
        pending.append(child)
      } else {
        found.insert(child)
      }
    }
    closedir(folder)
    if empty && !relative.isEmpty { emptyFolders.insert(relative) }
  }
  return (found, emptyFolders)
}

/// `opendir` on a path's bytes, whatever they are.
private func opendirBytes(_ path: [UInt8]) -> OpaquePointer? {
  (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { opendir($0.baseAddress!) }
}

/// Makes a folder or a file at a path's bytes.
private func make(_ path: [UInt8], folder: Bool) {
  let status = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { name in
    folder ? mkdir(name.baseAddress!, 0o755) : creat(name.baseAddress!, 0o644)
  }
  #expect(status >= 0, "make \(LabelBytes.label(decoding: path))")
  if !folder && status >= 0 { close(status) }
}

/// A random tree of hostile names below `root` (bytes); returns its folders, the root first.
private func makeTree(_ root: [UInt8], random: inout SeededGenerator) -> [[UInt8]] {
  var folders = [root]
  var pending: [([UInt8], Int)] = [(root, 0)]
  var serial = 0
  while let (folder, depth) = pending.popLast() {
    for _ in 0..<Int.random(in: (depth == 0 ? 3 : 0)...4, using: &random) {
      serial += 1
      let name = hostileNames.randomElement(using: &random)! + Array(String(serial).utf8)
      let path = folder + [UInt8(ascii: "/")] + name
      if depth < 3 && Bool.random(using: &random) {
        make(path, folder: true)
        folders.append(path)
        pending.append((path, depth + 1))
      } else {
        make(path, folder: false)
      }
    }
  }
  return folders
}

/// The selected leaves of a tree as paths below its root (bytes), files and empty folders.
private func selectedLeaves(_ tree: SelectionTree<String>, foldersToo: Bool) -> Set<[UInt8]> {
  var result: Set<[UInt8]> = []
  for id in tree.ids where tree.children(of: id).isEmpty && tree.state(of: id) == .on {
    if !foldersToo && tree.attributes(of: id)?["kind"] == "directory" { continue }
    let labels = tree.labelPath(of: id).dropFirst()
    guard !labels.isEmpty else { continue }
    result.insert(Array(labels.map(LabelBytes.bytes(of:)).joined(separator: [UInt8(ascii: "/")])))
  }
  return result
}

@Suite("Selection specs against rsync and git themselves")
struct SpecExportToolTests {
  /// Clicks random nodes of a tree on or off.
  private static func clickRandomly(
    _ tree: inout SelectionTree<String>, _ random: inout SeededGenerator
  )
    throws
  {
    // A folder on first (the root a third of the time), then clicks anywhere: decisions nest.
    let folders = tree.ids.filter { !tree.children(of: $0).isEmpty }
    let first =
      Int.random(in: 0..<3, using: &random) == 0
      ? tree.ids[0] : folders.randomElement(using: &random)!
    try tree.set(first, to: true)
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      try tree.set(tree.ids.randomElement(using: &random)!, to: Bool.random(using: &random))
    }
    // A lock a third of the time: the exact spec gives the locked nodes their values too.
    if Int.random(in: 0..<3, using: &random) == 0 {
      try tree.setLock(
        tree.ids.randomElement(using: &random)!, to: [.on, .off].randomElement(using: &random)!)
    }
  }

  @Test(
    "in 12 random folders of hostile names (24 in the long tier), after random clicks: rsync with the exported filter copies exactly the selected files and empty folders, git tracks exactly the selected files with the exported ignore patterns, and a sparse checkout with the exported patterns checks out exactly them; after files are added inside included and excluded folders, the old exports, the spec restored on a fresh read, and the spec all agree",
    .enabled(if: hasRsync && hasGit))
  func exportsSelectExactlyTheSelection() throws {
    var random = SeededGenerator(seed: 0x7370_6563)
    var partial = 0
    for round in 0..<Tier.size(fast: 12, long: 24) {
      let scratch = NSTemporaryDirectory() + "togglekit-spec-\(UUID().uuidString)"
      defer { try? FileManager.default.removeItem(atPath: scratch) }
      try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
      let root = Array((scratch + "/proj").utf8)
      make(root, folder: true)
      let folders = makeTree(root, random: &random)
      var tree = try SelectionTree.directory(at: scratch + "/proj", includeHidden: true).tree
      try Self.clickRandomly(&tree, &random)
      let spec = try tree.selectionSpec(.selection)
      let rsyncRules = try spec.rsyncFilter()
      let ignore = try spec.gitignore(under: ["proj"])
      let sparse = try spec.sparseCheckout(under: ["proj"])
      try Data(rsyncRules).write(to: URL(fileURLWithPath: scratch + "/rules"))
      let context = "round \(round):\n\(spec.text)"

      func checkRsync(expecting expected: Set<[UInt8]>, _ when: String) throws {
        try? FileManager.default.removeItem(atPath: scratch + "/copy")
        try run(
          "/usr/bin/rsync",
          ["-r", "--filter=merge \(scratch)/rules", scratch + "/proj", scratch + "/copy/"],
          in: scratch)
        // Dry run too: it names no more than the copy holds.
        let dry = try run(
          "/usr/bin/rsync",
          [
            "-r", "--dry-run", "--out-format=%n", "--filter=merge \(scratch)/rules",
            scratch + "/proj", scratch + "/dry/",
          ], in: scratch)
        let copied = leaves(below: scratch + "/copy/proj")
        #expect(copied == expected, "rsync \(when), \(context)")
        let dryFiles = dry.output.split(separator: 0x0A).filter { $0.last != UInt8(ascii: "/") }
        #expect(
          dryFiles.count == entries(below: scratch + "/copy/proj").files.count,
          "dry run \(when), \(context)")
      }

      func checkGit(expecting expected: Set<[UInt8]>, _ when: String) throws {
        let project = scratch + "/proj"
        try run("/usr/bin/git", ["init", "-q"], in: project)
        try Data(ignore).write(to: URL(fileURLWithPath: project + "/.git/info/exclude"))
        try run("/usr/bin/git", ["add", "-A"], in: project)
        let tracked = try run("/usr/bin/git", ["ls-files", "-z"], in: project).output
        #expect(
          Set(tracked.split(separator: 0).map(Array.init)) == expected, "git \(when), \(context)")
        try FileManager.default.removeItem(atPath: project + "/.git")
      }

      func checkSparse(expecting expected: Set<[UInt8]>, _ when: String) throws {
        let clone = scratch + "/sparse"
        try? FileManager.default.removeItem(atPath: clone)
        try run("/bin/cp", ["-a", scratch + "/proj", clone], in: scratch)
        try run("/usr/bin/git", ["init", "-q"], in: clone)
        try run("/usr/bin/git", ["add", "-A"], in: clone)
        try run("/usr/bin/git", ["commit", "-q", "--allow-empty", "-m", "all"], in: clone)
        try run(
          "/usr/bin/git", ["sparse-checkout", "set", "--no-cone", "--stdin"], in: clone,
          input: sparse)
        let present = leaves(below: clone).filter { path in
          // Files only: git keeps no empty folder, and leaves those it emptied.
          var info = stat()
          let full = Array(clone.utf8) + [UInt8(ascii: "/")] + path
          return (full.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            lstat($0.baseAddress!, &info)
          } == 0 && info.st_mode & S_IFMT != S_IFDIR
        }
        #expect(present == expected, "sparse checkout \(when), \(context)")
      }

      let everyLeaf = leaves(below: scratch + "/proj")
      let selected = selectedLeaves(tree, foldersToo: true)
      if !selected.isEmpty && selected.count < everyLeaf.count { partial += 1 }
      if ProcessInfo.processInfo.environment["SPEC_DEBUG"] != nil {
        print(
          context, String(decoding: rsyncRules, as: UTF8.self),
          String(decoding: ignore, as: UTF8.self), String(decoding: sparse, as: UTF8.self),
          selected.map { String(decoding: $0, as: UTF8.self) }, separator: "\n--\n")
      }
      try checkRsync(expecting: selectedLeaves(tree, foldersToo: true), "as exported")
      try checkGit(expecting: selectedLeaves(tree, foldersToo: false), "as exported")
      try checkSparse(expecting: selectedLeaves(tree, foldersToo: false), "as exported")

      // New files inside random folders: they follow the nearest decision.
      for _ in 0..<3 {
        let folder = folders.randomElement(using: &random)!
        make(
          folder + Array("/new \(round)\(Int.random(in: 0..<1000, using: &random))".utf8),
          folder: false)
      }
      var reread = try SelectionTree.directory(at: scratch + "/proj", includeHidden: true).tree
      let result = reread.setSelection(to: spec)
      #expect(result.isComplete, "\(context)")
      for id in reread.ids where reread.children(of: id).isEmpty {
        #expect(
          (reread.state(of: id) == .on) == spec.isSelected(reread.labelPath(of: id)),
          "restored \(id), \(context)")
      }
      try checkRsync(expecting: selectedLeaves(reread, foldersToo: true), "after new files")
      try checkGit(expecting: selectedLeaves(reread, foldersToo: false), "after new files")
      try checkSparse(expecting: selectedLeaves(reread, foldersToo: false), "after new files")
    }
    // Most rounds select some files and leave others.
    #expect(partial >= Tier.size(fast: 8, long: 16), "\(partial) rounds with a partial selection")
  }
}
