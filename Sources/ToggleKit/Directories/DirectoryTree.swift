#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a directory could not be read as a tree.
public struct DirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path that could not be read.
  public var path: String
  /// What went wrong.
  public var message: String

  /// `path: message`.
  public var description: String {
    "\(LabelEscaping.displayable(path)): \(LabelEscaping.displayable(message))"
  }
}

extension SelectionTree where ID == String {
  /// Reads a directory into a tree: one node per entry, children sorted by name, ids the escaped
  /// label paths from the directory itself.
  ///
  /// ```swift
  /// let (tree, warnings) = try SelectionTree.directory(at: "Sources", maxDepth: 3)
  /// tree.attributes(of: "Sources/ToggleKit")   // ["kind": "directory"]
  /// warnings                                   // ["Sources/private: cannot open directory: …"]
  /// ```
  ///
  /// Symbolic links inside `path` are listed (`kind=symlink`) but never followed (`path` itself is
  /// followed when it is one, as `find -H` does); a folder that cannot be read is
  /// kept as an empty node and reported in `warnings`, never fatal. Each node has the attribute
  /// `kind` (`directory`, `file`, `symlink` or `other`) and files have `size` in bytes.
  ///
  /// `exclude` leaves out what its patterns (`.gitignore` syntax, relative to `path`) match, before
  /// anything else is asked. With `gitignore`, `.gitignore` files are honoured as git honours them
  /// — the ones in `path`'s folders and, when `path` lies in a git work tree, the ones above it up
  /// to the top of the tree and `.git/info/exclude` — and `.git` itself is left out; a folder
  /// left out is not read, so nothing below it comes back (as in git).
  /// - Throws: ``DirectoryError`` when `path` itself cannot be read as a directory.
  /// - Complexity: O(n log n) for n entries (each folder's entries are sorted), iterative; plus
  ///   the patterns' matching per entry.
  public static func directory(
    at path: String, maxDepth: Int? = nil, includeHidden: Bool = false, exclude: [String] = [],
    gitignore: Bool = false, options: Options = Options()
  ) throws(DirectoryError) -> (tree: SelectionTree<String>, warnings: [String]) {
    try _directory(
      at: path, maxDepth: maxDepth, includeHidden: includeHidden, exclude: exclude,
      gitignore: gitignore, options: options, open: { opendir($0) })
  }

  /// ``directory(at:maxDepth:includeHidden:exclude:gitignore:options:)`` with the call that opens
  /// a folder given, so that tests can make one fail even when they run as root.
  static func _directory(
    at path: String, maxDepth: Int?, includeHidden: Bool, exclude: [String] = [],
    gitignore: Bool = false, options: Options,
    open: (UnsafePointer<CChar>) -> OpaquePointer?
  ) throws(DirectoryError) -> (tree: SelectionTree<String>, warnings: [String]) {
    // The folder named is followed when it is a symbolic link (as `find -H` and `ls` follow one
    // named on the command line); links inside it are listed, never followed.
    var info = stat()
    guard _withCString(LabelBytes.bytes(of: path), { stat($0, &info) }) == 0 else {
      throw DirectoryError(path: path, message: "cannot read: \(_errorText())")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw DirectoryError(path: path, message: "not a directory")
    }
    var trimmed = path
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    let rootLabel = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    var nodes = [
      ParsedNode(
        label: rootLabel, explicitID: nil, parent: -1, line: 0, column: 0, selected: nil,
        attributes: ["kind": "directory"])
    ]
    var warnings: [String] = []
    var ignoring = _Ignoring(
      exclude: exclude, gitignore: gitignore, root: LabelBytes.bytes(of: trimmed))
    var pending = [
      _Folder(
        bytes: LabelBytes.bytes(of: trimmed), shown: trimmed, depth: 0, relative: [],
        chain: ignoring.topChain
      )
    ]
    var folderNodes: [Int32] = [0]
    while let folder = pending.popLast(), let node = folderNodes.popLast() {
      if let maxDepth, folder.depth >= maxDepth { continue }
      guard
        let entries = _readFolder(
          folder, includeHidden: includeHidden, ignoring: &ignoring, warnings: &warnings,
          open: open)
      else {
        nodes[Int(node)].attributes["unreadable"] = "true"
        continue
      }
      var subfolders: [(_Folder, Int32)] = []
      for entry in entries {
        let index = Int32(nodes.count)
        nodes.append(
          ParsedNode(
            label: entry.label, explicitID: nil, parent: node, line: 0, column: 0, selected: nil,
            attributes: entry.attributes))
        if let child = entry.folder { subfolders.append((child, index)) }
      }
      for (child, index) in subfolders.reversed() {
        pending.append(child)
        folderNodes.append(index)
      }
    }
    do {
      return (try buildParsedTree(nodes, file: path, separator: "/", options: options), warnings)
    } catch {
      throw DirectoryError(path: path, message: error.message)
    }
  }
}

/// A folder to read: its path as bytes (names need not be UTF-8), as messages show it, its depth,
/// its path below the folder read first (for patterns), and its chain of ignore files.
struct _Folder {
  var bytes: [UInt8]
  var shown: String
  var depth: Int
  var relative: [UInt8]
  var chain: Int
}

/// One entry of a folder: its label, attributes, and the folder to read when it is one.
struct _FolderEntry {
  var label: String
  var attributes: [String: String]
  var folder: _Folder?
}

/// Reads one folder's entries, sorted by name, leaving out hidden names (unless `includeHidden`)
/// and what `ignoring` ignores; nil (and a warning) when it cannot be opened.
///
/// - Complexity: O(e log e) for e entries, plus the patterns' matching.
func _readFolder(
  _ folder: _Folder, includeHidden: Bool, ignoring: inout _Ignoring, warnings: inout [String],
  open: (UnsafePointer<CChar>) -> OpaquePointer?
) -> [_FolderEntry]? {
  guard let handle = _withCString(folder.bytes, open) else {
    warnings.append("\(folder.shown): cannot open directory: \(_errorText())")
    return nil
  }
  var names: [[UInt8]] = []
  var hasIgnoreFile = false
  while let entry = readdir(handle) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
    if name == [0x2E] || name == [0x2E, 0x2E] { continue }
    if name == _Ignoring.fileName { hasIgnoreFile = true }
    if ignoring.gitignore && name == [0x2E, 0x67, 0x69, 0x74] { continue }  // .git
    if !includeHidden && name.first == 0x2E { continue }
    names.append(name)
  }
  closedir(handle)
  names.sort { $0.lexicographicallyPrecedes($1) }
  let chain =
    ignoring.gitignore && hasIgnoreFile
    ? ignoring.readIgnoreFile(
      folder.bytes + [0x2F] + _Ignoring.fileName, below: folder.relative, parent: folder.chain)
    : folder.chain
  var entries: [_FolderEntry] = []
  for name in names {
    let label = _fileNameLabel(name)
    let childBytes = folder.bytes == [0x2F] ? [0x2F] + name : folder.bytes + [0x2F] + name
    let childShown = folder.shown == "/" ? "/" + label : folder.shown + "/" + label
    let childRelative = folder.relative.isEmpty ? name : folder.relative + [0x2F] + name
    var childInfo = stat()
    var attributes: [String: String] = [:]
    if _withCString(childBytes, { lstat($0, &childInfo) }) != 0 {
      attributes["kind"] = "other"
      warnings.append("\(childShown): cannot read: \(_errorText())")
    } else {
      switch childInfo.st_mode & S_IFMT {
      case S_IFDIR: attributes["kind"] = "directory"
      case S_IFREG:
        attributes["kind"] = "file"
        attributes["size"] = String(childInfo.st_size)
      case S_IFLNK: attributes["kind"] = "symlink"
      default: attributes["kind"] = "other"
      }
    }
    let isDirectory = attributes["kind"] == "directory"
    if ignoring.isActive && ignoring.ignores(childRelative, isDirectory: isDirectory, chain: chain)
    {
      continue
    }
    entries.append(
      _FolderEntry(
        label: label, attributes: attributes,
        folder: isDirectory
          ? _Folder(
            bytes: childBytes, shown: childShown, depth: folder.depth + 1,
            relative: childRelative, chain: chain) : nil))
  }
  return entries
}

/// Calls `body` with `bytes` as a NUL-terminated C string.
func _withCString<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
  (bytes + [0]).withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
  }
}

/// A file name as a label: its UTF-8 text, each byte that is not part of valid UTF-8 kept as a
/// raw-byte scalar (``LabelBytes``, shown `\xHH` as `ls -b` shows it), so that every name has its
/// own label and its bytes come back for `-0` and a preview's `{}`.
func _fileNameLabel(_ name: [UInt8]) -> String {
  LabelBytes.label(decoding: name)
}

func _errorText() -> String {
  String(cString: strerror(errno))
}
