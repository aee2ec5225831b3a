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

  /// One random folder, its clicked tree, the spec and the exports made from it.
  private struct Round {
    var project: String
    var folders: [[UInt8]]
    var spec: SelectionSpec
    var restic: ResticSelection
    var borg: [UInt8]
    var context: String
  }

  @Test(
    "in 4 random folders of hostile names (16 in the long tier), after random clicks: restic with the exported targets and exclude patterns, and borg with the exported patterns, back up exactly the selected files and empty folders; after files are added inside included and excluded folders, the old exports still back up exactly what the spec selects (each tool runs once for all the folders, before and after)",
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
    var rounds: [Round] = []
    var expected: [Set<[UInt8]>] = []
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
      let context = """
        round \(round):
        \(spec.text)--
        \(String(decoding: restic.excludes, as: UTF8.self))--
        \(String(decoding: borg, as: UTF8.self))
        """
      // Empty folders inside an excluded folder with includes below are read by restic; the spec
      // keeps every included path, so none of them is one.
      if restic.excludes.contains(UInt8(ascii: "^")) { kept += 1 }
      let selected = SpecToolWorld.selectedLeaves(tree, foldersToo: true)
      if !selected.isEmpty && selected.count < SpecToolWorld.leaves(below: project).count {
        partial += 1
      }
      rounds.append(
        Round(
          project: project, folders: folders, spec: spec, restic: restic, borg: borg,
          context: context))
      expected.append(selected)
    }
    try Self.check(rounds, expected, "as exported", in: scratch)

    // New files inside random folders, and a new folder: they follow the nearest decision.
    for (index, round) in rounds.enumerated() {
      for _ in 0..<3 {
        let folder = round.folders.randomElement(using: &random)!
        SpecToolWorld.make(
          folder + Array("/new \(index)\(Int.random(in: 0..<1000, using: &random))".utf8),
          folder: false)
      }
      var reread = try SelectionTree.directory(at: round.project, includeHidden: true).tree
      #expect(reread.setSelection(to: round.spec).isComplete, "\(round.context)")
      expected[index] = SpecToolWorld.selectedLeaves(reread, foldersToo: true)
    }
    try Self.check(rounds, expected, "after new files", in: scratch)
    #expect(partial >= Tier.size(fast: 3, long: 12), "\(partial) rounds with a partial selection")
    // Some rounds take paths back from inside an excluded folder.
    #expect(kept >= Tier.size(fast: 2, long: 8), "\(kept) rounds keep names inside an exclusion")
  }

  /// Backs every round up with restic and with borg, each in one run from the rounds' exports put
  /// together (their paths are absolute, in folders of their own), and expects each round's
  /// folder to come back holding `expected` for it.
  private static func check(
    _ rounds: [Round], _ expected: [Set<[UInt8]>], _ when: String, in scratch: String
  ) throws {
    let name = when.split(separator: " ").joined(separator: "-")
    let files = rounds.flatMap(\.restic.files)
    try Data(files).write(to: URL(fileURLWithPath: scratch + "/files"))
    try Data(rounds.flatMap(\.restic.excludes)).write(
      to: URL(fileURLWithPath: scratch + "/excludes"))
    try Data(rounds.flatMap(\.borg)).write(to: URL(fileURLWithPath: scratch + "/patterns"))
    let restored = scratch + "/restored-\(name)"
    if !files.isEmpty {
      try SpecToolWorld.run(
        "/usr/bin/restic",
        [
          "backup", "-q", "--no-cache", "--repo", "restic", "--tag", name,
          "--files-from-raw", "files", "--exclude-file", "excludes",
        ], in: scratch)
      try SpecToolWorld.run(
        "/usr/bin/restic",
        [
          "restore", "-q", "--no-cache", "--repo", "restic", "latest", "--tag", name,
          "--target", restored,
        ], in: scratch)
    }
    let extracted = scratch + "/extracted-\(name)"
    try FileManager.default.createDirectory(atPath: extracted, withIntermediateDirectories: true)
    if rounds.contains(where: { !$0.borg.isEmpty }) {
      try SpecToolWorld.run(
        "/usr/bin/borg", ["create", "--patterns-from", "patterns", "borg::\(name)"], in: scratch)
      try SpecToolWorld.run(
        "/usr/bin/borg", ["extract", scratch + "/borg::\(name)"], in: extracted)
    }
    for (round, expected) in zip(rounds, expected) {
      if round.restic.files.isEmpty {
        #expect(expected.isEmpty, "restic: nothing to back up, \(round.context)")
      }
      #expect(
        SpecToolWorld.leaves(below: restored + round.project) == expected,
        "restic \(when), \(round.context)")
      if !round.borg.isEmpty || !expected.isEmpty {
        #expect(
          SpecToolWorld.leaves(below: extracted + round.project) == expected,
          "borg \(when), \(round.context)")
      }
    }
  }
}
