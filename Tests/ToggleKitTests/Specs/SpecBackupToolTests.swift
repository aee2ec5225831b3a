import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

@Suite("Selection specs against restic and borg themselves")
struct SpecBackupToolTests {
  /// The names of the worlds: the hostile ones that are UTF-8 (borg reads its patterns as UTF-8;
  /// the refusal has its own test).
  private static let names = SpecToolWorld.hostileNames.filter {
    String(validating: $0, as: UTF8.self) != nil
  }

  @Test(
    "in 4 random folders of hostile names (16 in the long tier), after random clicks: restic with the exported targets and exclude patterns, and borg with the exported patterns, back up exactly the selected files and empty folders; after files are added inside included and excluded folders, the old exports still back up exactly what the spec selects",
    .enabled(if: SpecToolWorld.hasRestic && SpecToolWorld.hasBorg))
  func backupsHoldExactlyTheSelection() throws {
    var random = SeededGenerator(seed: 0x6261_636B)
    let scratch = NSTemporaryDirectory() + "togglekit-backup-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    try SpecToolWorld.run("/usr/bin/restic", ["init", "-q", "--repo", "restic"], in: scratch)
    try SpecToolWorld.run("/usr/bin/borg", ["init", "-e", "none", "borg"], in: scratch)
    var partial = 0
    var kept = 0
    for round in 0..<Tier.size(fast: 4, long: 16) {
      let project = scratch + "/proj\(round)"
      let root = Array(project.utf8)
      SpecToolWorld.make(root, folder: true)
      let folders = SpecToolWorld.makeTree(root, names: Self.names, random: &random)
      // A crowded folder: a spec excludes it and takes one name back when it holds more than two.
      let crowded = folders.dropFirst().randomElement(using: &random)
      if let crowded {
        for number in 0..<4 {
          let name = Self.names.randomElement(using: &random)! + Array("-\(number)".utf8)
          SpecToolWorld.make(crowded + [UInt8(ascii: "/")] + name, folder: false)
        }
      }
      var tree = try SelectionTree.directory(at: project, includeHidden: true).tree
      try SpecToolWorld.clickRandomly(&tree, &random)
      // Three rounds in four take a file back from the crowded folder, excluded inside an
      // included one.
      if let crowded, round % 4 != 3 {
        let relative = Array(crowded.dropFirst(scratch.utf8.count + 1))
        let folder = try #require(
          tree.ids.first { id in
            Array(tree.labelPath(of: id).map(LabelBytes.bytes(of:)).joined(separator: [0x2F]))
              == relative
          })
        try tree.set(tree.parent(of: folder)!, to: true)
        try tree.set(folder, to: false)
        let inside = tree.children(of: folder).filter { tree.isLocked($0) != true }
        if let node = inside.randomElement(using: &random) { try tree.set(node, to: true) }
      }
      let spec = try tree.selectionSpec(.selection)
      let restic = try spec.restic(in: Array(project.utf8), under: ["proj\(round)"])
      let borg = try spec.borgPatterns(in: Array(project.utf8), under: ["proj\(round)"])
      try Data(restic.files).write(to: URL(fileURLWithPath: scratch + "/files"))
      try Data(restic.excludes).write(to: URL(fileURLWithPath: scratch + "/excludes"))
      try Data(borg).write(to: URL(fileURLWithPath: scratch + "/patterns"))
      let context = """
        round \(round):
        \(spec.text)--
        \(String(decoding: restic.excludes, as: UTF8.self))--
        \(String(decoding: borg, as: UTF8.self))
        """
      // Empty folders inside an excluded folder with includes below are read by restic; the spec
      // keeps every included path, so none of them is one.
      if restic.excludes.contains(UInt8(ascii: "^")) { kept += 1 }

      func check(_ expected: Set<[UInt8]>, _ when: String) throws {
        let name = "r\(round)\(when.count)"
        if !restic.files.isEmpty {
          try SpecToolWorld.run(
            "/usr/bin/restic",
            [
              "backup", "-q", "--no-cache", "--repo", "restic", "--tag", name,
              "--files-from-raw", "files", "--exclude-file", "excludes",
            ], in: scratch)
          let restored = scratch + "/restored-\(name)"
          try SpecToolWorld.run(
            "/usr/bin/restic",
            [
              "restore", "-q", "--no-cache", "--repo", "restic", "latest", "--tag", name,
              "--target", restored,
            ], in: scratch)
          #expect(
            SpecToolWorld.leaves(below: restored + project) == expected,
            "restic \(when), \(context)")
        } else {
          #expect(expected.isEmpty, "restic: nothing to back up, \(context)")
        }
        if !borg.isEmpty {
          try SpecToolWorld.run(
            "/usr/bin/borg", ["create", "--patterns-from", "patterns", "borg::\(name)"], in: scratch
          )
          let extracted = scratch + "/extracted-\(name)"
          try FileManager.default.createDirectory(
            atPath: extracted, withIntermediateDirectories: true)
          try SpecToolWorld.run(
            "/usr/bin/borg", ["extract", scratch + "/borg::\(name)"], in: extracted)
          #expect(
            SpecToolWorld.leaves(below: extracted + project) == expected, "borg \(when), \(context)"
          )
        }
      }

      let selected = SpecToolWorld.selectedLeaves(tree, foldersToo: true)
      if !selected.isEmpty && selected.count < SpecToolWorld.leaves(below: project).count {
        partial += 1
      }
      try check(selected, "as exported")

      // New files inside random folders, and a new folder: they follow the nearest decision.
      for _ in 0..<3 {
        let folder = folders.randomElement(using: &random)!
        SpecToolWorld.make(
          folder + Array("/new \(round)\(Int.random(in: 0..<1000, using: &random))".utf8),
          folder: false)
      }
      var reread = try SelectionTree.directory(at: project, includeHidden: true).tree
      #expect(reread.setSelection(to: spec).isComplete, "\(context)")
      try check(SpecToolWorld.selectedLeaves(reread, foldersToo: true), "after new files")
    }
    #expect(partial >= Tier.size(fast: 3, long: 12), "\(partial) rounds with a partial selection")
    // Some rounds take paths back from inside an excluded folder.
    #expect(kept >= Tier.size(fast: 2, long: 8), "\(kept) rounds keep names inside an exclusion")
  }
}
