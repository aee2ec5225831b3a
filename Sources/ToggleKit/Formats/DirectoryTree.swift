#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a directory could not be read as a tree.
///
/// ```swift
/// do { _ = try SelectionTree.directory(at: "/nope") } catch { print(error) }
/// // /nope: cannot open directory: No such file or directory
/// ```
///
/// - Complexity: O(1) for every member.
public struct DirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path that could not be read.
  ///
  /// ```swift
  /// error.path   // "/nope"
  /// ```
  ///
  /// - Complexity: O(1).
  public var path: String
  /// What went wrong.
  ///
  /// ```swift
  /// error.message   // "cannot open directory: No such file or directory"
  /// ```
  ///
  /// - Complexity: O(1).
  public var message: String

  /// `path: message`.
  ///
  /// ```swift
  /// "\(error)"   // "/nope: cannot open directory: No such file or directory"
  /// ```
  ///
  /// - Complexity: O(1).
  public var description: String { "\(path): \(message)" }
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
  /// Symbolic links are listed (`kind=symlink`) but never followed; a folder that cannot be read is
  /// kept as an empty node and reported in `warnings`, never fatal. Each node has the attribute
  /// `kind` (`directory`, `file`, `symlink` or `other`) and files have `size` in bytes.
  ///
  /// - Parameters:
  ///   - path: The directory.
  ///   - maxDepth: How many levels below the directory to read (nil: all).
  ///   - includeHidden: Whether names starting with `.` are included.
  ///   - options: How the tree behaves.
  /// - Returns: The tree and the warnings for the folders that could not be read.
  /// - Throws: ``DirectoryError`` when `path` itself cannot be read as a directory.
  /// - Complexity: O(n log n) for n entries (each folder's entries are sorted), iterative.
  public static func directory(
    at path: String, maxDepth: Int? = nil, includeHidden: Bool = false,
    options: Options = Options()
  ) throws(DirectoryError) -> (tree: SelectionTree<String>, warnings: [String]) {
    try _directory(
      at: path, maxDepth: maxDepth, includeHidden: includeHidden, options: options,
      open: { opendir($0) })
  }

  /// ``directory(at:maxDepth:includeHidden:options:)`` with the call that opens a folder given,
  /// so that tests can make one fail even when they run as root.
  static func _directory(
    at path: String, maxDepth: Int?, includeHidden: Bool, options: Options,
    open: (String) -> OpaquePointer?
  ) throws(DirectoryError) -> (tree: SelectionTree<String>, warnings: [String]) {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      throw DirectoryError(path: path, message: "cannot read: \(_errorText())")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw DirectoryError(path: path, message: "not a directory")
    }
    var trimmed = path
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    let rootLabel = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    var nodes = [
      _ParsedNode(
        label: rootLabel, explicitID: nil, parent: -1, line: 0, column: 0, selected: nil,
        attributes: ["kind": "directory"])
    ]
    var warnings: [String] = []
    var pending: [(fsPath: String, node: Int32, depth: Int)] = [(trimmed, 0, 0)]
    while let (folder, node, depth) = pending.popLast() {
      if let maxDepth, depth >= maxDepth { continue }
      guard let handle = open(folder) else {
        warnings.append("\(folder): cannot open directory: \(_errorText())")
        nodes[Int(node)].attributes["unreadable"] = "true"
        continue
      }
      var names: [String] = []
      while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        if !includeHidden && name.hasPrefix(".") { continue }
        names.append(name)
      }
      closedir(handle)
      names.sort()
      var subfolders: [(String, Int32, Int)] = []
      for name in names {
        let childPath = folder == "/" ? "/" + name : folder + "/" + name
        var childInfo = stat()
        var attributes: [String: String] = [:]
        if lstat(childPath, &childInfo) != 0 {
          attributes["kind"] = "other"
          warnings.append("\(childPath): cannot read: \(_errorText())")
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
        let index = Int32(nodes.count)
        nodes.append(
          _ParsedNode(
            label: name, explicitID: nil, parent: node, line: 0, column: 0, selected: nil,
            attributes: attributes))
        if attributes["kind"] == "directory" { subfolders.append((childPath, index, depth + 1)) }
      }
      pending.append(contentsOf: subfolders.reversed())
    }
    do {
      return (try _buildParsedTree(nodes, file: path, separator: "/", options: options), warnings)
    } catch {
      throw DirectoryError(path: path, message: error.message)
    }
  }
}

/// The text of the current `errno`.
func _errorText() -> String {
  String(cString: strerror(errno))
}
