#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a directory for a ``LazyTree`` one folder at a time: the folder a loader is asked for,
/// with the same names, ids, attributes, hidden names and ignore rules as
/// ``SelectionTree/directory(at:maxDepth:includeHidden:exclude:gitignore:options:)`` — so that a
/// lazy tree loaded whole equals the tree read at once.
///
/// ```swift
/// let (lazy, loader) = try LazyTree.directory(at: "big-repo", gitignore: true)
/// var tree = lazy
/// try tree.expand("big-repo/src", using: loader.children)   // reads big-repo/src only
/// loader.warnings                                           // folders that could not be read
/// ```
///
/// A folder that cannot be read loads empty, with a warning. A class: it remembers, for every
/// folder it has listed and not read yet, where it is and which `.gitignore` files apply.
public final class DirectoryLoader {
  /// What could not be read, as `path: reason`.
  public private(set) var warnings: [String] = []
  private var ignoring: _Ignoring
  private let includeHidden: Bool
  private let maxDepth: Int?
  private var folders: [String: _Folder] = [:]

  init(ignoring: _Ignoring, includeHidden: Bool, maxDepth: Int?) {
    self.ignoring = ignoring
    self.includeHidden = includeHidden
    self.maxDepth = maxDepth
  }

  /// The children of the folder `id` (listed by an earlier load, or the top folder), its
  /// subfolders unloaded; nothing for an id it does not know or has read.
  ///
  /// - Complexity: O(e log e) for e entries, plus the patterns' matching.
  public func children(of id: String) -> LazyTree<String>.Children {
    guard let folder = folders.removeValue(forKey: id),
      let entries = _readFolder(
        folder, includeHidden: includeHidden, ignoring: &ignoring, warnings: &warnings,
        open: { opendir($0) })
    else { return .init(entries: []) }
    var result = LazyTree<String>.Children(entries: [])
    // Names that differ only in their Unicode normalisation are two files: Swift calls their
    // paths equal, so the later ones take ids spelled apart.
    var siblings = Set<String>(minimumCapacity: entries.count)
    for entry in entries {
      var child = LabelEscaping.extending(id, with: entry.label, separator: "/")
      if !siblings.insert(child).inserted {
        child = LabelEscaping.extendingApart(id, with: entry.label, separator: "/")
        siblings.insert(child)
      }
      result.entries.append(
        .init(id: child, parent: id, label: entry.label, attributes: entry.attributes))
      if let subfolder = entry.folder, maxDepth.map({ subfolder.depth < $0 }) ?? true {
        folders[child] = subfolder
        result.unloaded.insert(child)
      }
    }
    return result
  }

  /// Remembers a folder to read when its id is asked for.
  func remember(_ folder: _Folder, as id: String) {
    folders[id] = folder
  }
}

extension LazyTree where ID == String {
  /// A directory as a lazy tree: the top folder read, its subfolders unloaded, and the loader
  /// that reads each when it is needed.
  ///
  /// ```swift
  /// let (lazy, loader) = try LazyTree.directory(at: "/", maxDepth: nil)   // at once, whatever the size
  /// ```
  /// - Throws: ``DirectoryError`` when `path` itself cannot be read as a directory.
  /// - Complexity: O(e log e) for the e entries of the top folder.
  public static func directory(
    at path: String, maxDepth: Int? = nil, includeHidden: Bool = false, exclude: [String] = [],
    gitignore: Bool = false, options: SelectionTree<String>.Options = .init()
  ) throws(DirectoryError) -> (tree: LazyTree<String>, loader: DirectoryLoader) {
    // The top folder alone, as the eager reader sees it.
    let (top, _) = try SelectionTree._directory(
      at: path, maxDepth: 0, includeHidden: includeHidden, options: options, open: { opendir($0) })
    var trimmed = path
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    let ignoring = _Ignoring(
      exclude: exclude, gitignore: gitignore, root: LabelBytes.bytes(of: trimmed))
    let loader = DirectoryLoader(
      ignoring: ignoring, includeHidden: includeHidden, maxDepth: maxDepth)
    let root = top.id(at: 0)
    guard maxDepth.map({ $0 > 0 }) ?? true else { return (LazyTree(top, unloaded: []), loader) }
    loader.remember(
      _Folder(
        bytes: LabelBytes.bytes(of: trimmed), shown: trimmed, depth: 0, relative: [],
        chain: ignoring.topChain), as: root)
    var lazy = LazyTree(top, unloaded: [root])
    do {
      try lazy.expand(root, using: loader.children)
    } catch {
      throw DirectoryError(path: path, message: "\(error)")
    }
    return (lazy, loader)
  }
}
