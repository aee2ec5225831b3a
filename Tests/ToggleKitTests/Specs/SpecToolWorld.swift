import Foundation
import Testing

@testable import TestSupport
@testable import ToggleKit

#if canImport(Glibc)
  import Glibc
#endif

/// Folders of hostile names on disk, the programs that read the exports, and the selections to
/// compare: what the tests against rsync, git, restic and borg share.
enum SpecToolWorld {
  /// Whether each program the exports are checked with is here.
  static let hasRsync = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsync")
  static let hasGit = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
  static let hasRestic = FileManager.default.isExecutableFile(atPath: "/usr/bin/restic")
  static let hasBorg = FileManager.default.isExecutableFile(atPath: "/usr/bin/borg")

  /// Runs a program; its exit status and standard output.
  ///
  /// Standard error goes to the message of a failure only.
  @discardableResult
  static func run(
    _ program: String, _ arguments: [String], in folder: String, input: [UInt8]? = nil,
    expecting statuses: Set<Int32> = [0]
  ) throws -> (status: Int32, output: [UInt8]) {
    let run = try ProgramRun(
      URL(fileURLWithPath: program), arguments, directory: URL(fileURLWithPath: folder),
      environment: [
        "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
        "PATH": "/usr/bin:/bin", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t", "RESTIC_PASSWORD": "togglekit",
        "BORG_PASSPHRASE": "", "BORG_UNKNOWN_UNENCRYPTED_REPO_ACCESS_IS_OK": "yes",
        "BORG_RELOCATED_REPO_ACCESS_IS_OK": "yes", "LANG": "C.UTF-8",
      ], input: input)
    #expect(
      statuses.contains(run.status),
      "\(program) \(arguments): \(String(decoding: run.stderr, as: UTF8.self))")
    return (run.status, run.stdout)
  }

  /// Names a file system allows that the filter languages read as syntax.
  static let hostileNames: [[UInt8]] =
    [
      "a b", "st*r", "[x]", "#hash", "!bang", "-dash", #"back\slash"#, "ünï", "trail ", "q?",
      "***", ".dot", "x=y", #"\*"#, "+ plus", "- minus", "end\\", "  lead", "$HOME", "${X}",
      "nb\u{A0}", "]x", "^", "a-b", "c", "cc", composedTwin,
    ].map { Array($0.utf8) } + [[0x66, 0xFF, 0x67]]

  /// A name whose twin (``decomposedTwin``, its other Unicode normalisation) ``makeTree(_:names:random:)``
  /// makes beside it: two files to Linux that Swift's `==` calls equal.
  static let composedTwin = "caf\u{E9}"
  /// ``composedTwin`` with `e` and a combining accent.
  static let decomposedTwin = "cafe\u{301}"

  /// The files and empty folders below `root`, as paths relative to it (bytes).
  static func leaves(below root: String) -> Set<[UInt8]> {
    let (files, emptyFolders) = entries(below: root)
    return files.union(emptyFolders)
  }

  /// The files, and the empty folders, below `root`, as paths relative to it (bytes).
  static func entries(below root: String) -> (files: Set<[UInt8]>, emptyFolders: Set<[UInt8]>) {
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
  static func opendirBytes(_ path: [UInt8]) -> OpaquePointer? {
    (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { opendir($0.baseAddress!) }
  }

  /// Makes a folder or a file at a path's bytes.
  static func make(_ path: [UInt8], folder: Bool) {
    let status = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { name in
      folder ? mkdir(name.baseAddress!, 0o755) : creat(name.baseAddress!, 0o644)
    }
    #expect(status >= 0, "make \(LabelBytes.label(decoding: path))")
    if !folder && status >= 0 { close(status) }
  }

  /// A random tree of hostile names below `root` (bytes); returns its folders, the root first.
  ///
  /// Each name is one of `names` with a serial number after it or, half the time, before it (so
  /// that the name's own end ends the file's name); ``composedTwin`` comes with its twin beside it.
  static func makeTree(
    _ root: [UInt8], names: [[UInt8]] = hostileNames, random: inout SeededGenerator
  ) -> [[UInt8]] {
    var folders = [root]
    var pending: [([UInt8], Int)] = [(root, 0)]
    var serial = 0
    while let (folder, depth) = pending.popLast() {
      for _ in 0..<Int.random(in: (depth == 0 ? 3 : 0)...4, using: &random) {
        serial += 1
        let chosen = names.randomElement(using: &random)!
        let number = Array(String(serial).utf8)
        let numberFirst = Bool.random(using: &random)
        let twins =
          chosen.elementsEqual(composedTwin.utf8) ? [chosen, Array(decomposedTwin.utf8)] : [chosen]
        for twin in twins {
          let path = folder + [UInt8(ascii: "/")] + (numberFirst ? number + twin : twin + number)
          if depth < 3 && Bool.random(using: &random) {
            make(path, folder: true)
            folders.append(path)
            pending.append((path, depth + 1))
          } else {
            make(path, folder: false)
          }
        }
      }
    }
    return folders
  }

  /// The selected leaves of a tree as paths below its root (bytes), files and empty folders.
  static func selectedLeaves(_ tree: SelectionTree<String>, foldersToo: Bool) -> Set<[UInt8]> {
    var result: Set<[UInt8]> = []
    for id in tree.ids where tree.children(of: id).isEmpty && tree.state(of: id) == .on {
      if !foldersToo && tree.attributes(of: id)?["kind"] == "directory" { continue }
      let labels = tree.labelPath(of: id).dropFirst()
      guard !labels.isEmpty else { continue }
      result.insert(Array(labels.map(LabelBytes.bytes(of:)).joined(separator: [UInt8(ascii: "/")])))
    }
    return result
  }

  /// Clicks random nodes of a tree on or off.
  static func clickRandomly(
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
}
