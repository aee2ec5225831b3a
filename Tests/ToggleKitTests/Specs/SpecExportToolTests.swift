import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Selection specs against rsync and git themselves")
struct SpecExportToolTests {
  @Test(
    "in 12 random folders of hostile names (24 in the long tier; names that differ only in their Unicode normalisation among them), after random clicks: rsync with the exported filter copies exactly the selected files and empty folders, git tracks exactly the selected files with the exported ignore patterns, and a sparse checkout with the exported patterns checks out exactly them; after files are added inside included and excluded folders, the old exports, the spec restored on a fresh read, and the spec all agree",
    .enabled(if: SpecToolWorld.hasRsync && SpecToolWorld.hasGit))
  func exportsSelectExactlyTheSelection() throws {
    var random = SeededGenerator(seed: 0x7370_6563)
    var partial = 0
    var twins = 0
    for round in 0..<Tier.size(fast: 12, long: 24) {
      let scratch = NSTemporaryDirectory() + "togglekit-spec-\(UUID().uuidString)"
      defer { try? FileManager.default.removeItem(atPath: scratch) }
      try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
      let root = Array((scratch + "/proj").utf8)
      SpecToolWorld.make(root, folder: true)
      let folders = SpecToolWorld.makeTree(root, random: &random)
      var tree = try SelectionTree.directory(at: scratch + "/proj", includeHidden: true).tree
      // A name and its twin in the other Unicode normalisation: two nodes, two files.
      if tree.ids.contains(where: { tree.label(of: $0)?.unicodeScalars.contains("\u{301}") == true }
      ) {
        twins += 1
      }
      try SpecToolWorld.clickRandomly(&tree, &random)
      let spec = try tree.selectionSpec(.selection)
      let rsyncRules = try spec.rsyncFilter()
      let ignore = try spec.gitignore(under: ["proj"])
      let sparse = try spec.sparseCheckout(under: ["proj"])
      try Data(rsyncRules).write(to: URL(fileURLWithPath: scratch + "/rules"))
      let context = "round \(round):\n\(spec.text)"

      func checkRsync(expecting expected: Set<[UInt8]>, _ when: String) throws {
        try? FileManager.default.removeItem(atPath: scratch + "/copy")
        try SpecToolWorld.run(
          "/usr/bin/rsync",
          ["-r", "--filter=merge \(scratch)/rules", scratch + "/proj", scratch + "/copy/"],
          in: scratch)
        // Dry run too: it names no more than the copy holds.
        let dry = try SpecToolWorld.run(
          "/usr/bin/rsync",
          [
            "-r", "--dry-run", "--out-format=%n", "--filter=merge \(scratch)/rules",
            scratch + "/proj", scratch + "/dry/",
          ], in: scratch)
        let copied = SpecToolWorld.leaves(below: scratch + "/copy/proj")
        #expect(copied == expected, "rsync \(when), \(context)")
        let dryFiles = dry.output.split(separator: 0x0A).filter { $0.last != UInt8(ascii: "/") }
        #expect(
          dryFiles.count == SpecToolWorld.entries(below: scratch + "/copy/proj").files.count,
          "dry run \(when), \(context)")
      }

      func checkGit(expecting expected: Set<[UInt8]>, _ when: String) throws {
        let project = scratch + "/proj"
        try SpecToolWorld.run("/usr/bin/git", ["init", "-q"], in: project)
        try Data(ignore).write(to: URL(fileURLWithPath: project + "/.git/info/exclude"))
        try SpecToolWorld.run("/usr/bin/git", ["add", "-A"], in: project)
        let tracked = try SpecToolWorld.run("/usr/bin/git", ["ls-files", "-z"], in: project).output
        #expect(
          Set(tracked.split(separator: 0).map(Array.init)) == expected, "git \(when), \(context)")
        try FileManager.default.removeItem(atPath: project + "/.git")
      }

      func checkSparse(expecting expected: Set<[UInt8]>, _ when: String) throws {
        let clone = scratch + "/sparse"
        try? FileManager.default.removeItem(atPath: clone)
        try SpecToolWorld.run("/bin/cp", ["-a", scratch + "/proj", clone], in: scratch)
        try SpecToolWorld.run("/usr/bin/git", ["init", "-q"], in: clone)
        try SpecToolWorld.run("/usr/bin/git", ["add", "-A"], in: clone)
        try SpecToolWorld.run(
          "/usr/bin/git", ["commit", "-q", "--allow-empty", "-m", "all"], in: clone)
        try SpecToolWorld.run(
          "/usr/bin/git", ["sparse-checkout", "set", "--no-cone", "--stdin"], in: clone,
          input: sparse)
        let present = SpecToolWorld.leaves(below: clone).filter { path in
          // Files only: git keeps no empty folder, and leaves those it emptied.
          var info = stat()
          let full = Array(clone.utf8) + [UInt8(ascii: "/")] + path
          return (full.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            lstat($0.baseAddress!, &info)
          } == 0 && info.st_mode & S_IFMT != S_IFDIR
        }
        #expect(present == expected, "sparse checkout \(when), \(context)")
      }

      let everyLeaf = SpecToolWorld.leaves(below: scratch + "/proj")
      let selected = SpecToolWorld.selectedLeaves(tree, foldersToo: true)
      if !selected.isEmpty && selected.count < everyLeaf.count { partial += 1 }
      if ProcessInfo.processInfo.environment["SPEC_DEBUG"] != nil {
        print(
          context, String(decoding: rsyncRules, as: UTF8.self),
          String(decoding: ignore, as: UTF8.self), String(decoding: sparse, as: UTF8.self),
          selected.map { String(decoding: $0, as: UTF8.self) }, separator: "\n--\n")
      }
      try checkRsync(expecting: SpecToolWorld.selectedLeaves(tree, foldersToo: true), "as exported")
      try checkGit(expecting: SpecToolWorld.selectedLeaves(tree, foldersToo: false), "as exported")
      try checkSparse(
        expecting: SpecToolWorld.selectedLeaves(tree, foldersToo: false), "as exported")

      // New files inside random folders: they follow the nearest decision.
      for _ in 0..<3 {
        let folder = folders.randomElement(using: &random)!
        SpecToolWorld.make(
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
      try checkRsync(
        expecting: SpecToolWorld.selectedLeaves(reread, foldersToo: true), "after new files")
      try checkGit(
        expecting: SpecToolWorld.selectedLeaves(reread, foldersToo: false), "after new files")
      try checkSparse(
        expecting: SpecToolWorld.selectedLeaves(reread, foldersToo: false), "after new files")
    }
    // Most rounds select some files and leave others.
    #expect(partial >= Tier.size(fast: 8, long: 16), "\(partial) rounds with a partial selection")
    #expect(twins >= Tier.size(fast: 3, long: 6), "\(twins) rounds with normalisation twins")
  }
}
