#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a directory read leaves out.
///
/// `exclude` patterns first, then the `.gitignore` files that apply to a folder (deepest first),
/// then `.git/info/exclude`. Paths are bytes below the root that is read; `.gitignore` patterns
/// see them below the top of the git work tree.
struct _Ignoring {
  /// The name `.gitignore`.
  static let fileName: [UInt8] = Array(".gitignore".utf8)

  let exclude: IgnoreList?
  let gitignore: Bool
  /// The ignore files read so far, each linked to the one of the folder above (-1: none).
  private(set) var lists: [(list: IgnoreList, parent: Int)] = []
  /// The chain the root starts with: the `.gitignore` files above it in its work tree.
  private(set) var topChain = -1
  private var infoExclude: IgnoreList?
  /// The root's path below the top of its work tree ("" at the top, or outside git).
  private var prefix: [UInt8] = []

  var isActive: Bool { exclude != nil || gitignore }

  init(exclude: [String], gitignore: Bool, root: [UInt8]) {
    let patterns = exclude.compactMap { IgnorePattern(line: $0) }
    self.exclude = patterns.isEmpty ? nil : IgnoreList(patterns: patterns)
    self.gitignore = gitignore
    guard gitignore, let absolute = Self.realPath(root) else { return }
    // The top of the work tree: the nearest folder at or above the root that holds `.git`.
    var top = absolute
    var info = stat()
    while _withCString(top + Array("/.git".utf8), { lstat($0, &info) }) != 0 {
      guard let slash = top.lastIndex(of: 0x2F), top != [0x2F] else { return }
      top = slash == 0 ? [0x2F] : Array(top[..<slash])
    }
    let base = top == [0x2F] ? top : top + [0x2F]
    prefix = absolute == top ? [] : Array(absolute.dropFirst(base.count))
    if let text = Self.contents(base + Array(".git/info/exclude".utf8)) {
      infoExclude = IgnoreList(patterns: IgnorePattern.patterns(inFile: text), folderBytes: [])
    }
    // The folders from the top down to the root's parent.
    var folder: [UInt8] = []
    let names = prefix.split(separator: 0x2F)
    for name in names {
      if let text = Self.contents(base + (folder.isEmpty ? [] : folder + [0x2F]) + Self.fileName) {
        topChain = add(text, folder: folder, parent: topChain)
      }
      folder = folder.isEmpty ? Array(name) : folder + [0x2F] + name
    }
  }

  /// Reads a folder's `.gitignore` (the file at `file`, the folder at `relative` below the root)
  /// and returns the chain for the folder's entries.
  mutating func readIgnoreFile(_ file: [UInt8], below relative: [UInt8], parent: Int) -> Int {
    guard let text = Self.contents(file) else { return parent }
    let folder = prefix.isEmpty ? relative : relative.isEmpty ? prefix : prefix + [0x2F] + relative
    return add(text, folder: folder, parent: parent)
  }

  private mutating func add(_ text: [UInt8], folder: [UInt8], parent: Int) -> Int {
    let patterns = IgnorePattern.patterns(inFile: text)
    guard !patterns.isEmpty else { return parent }
    lists.append((IgnoreList(patterns: patterns, folderBytes: folder), parent))
    return lists.count - 1
  }

  /// Whether the entry at `relative` (below the root) is left out.
  func ignores(_ relative: [UInt8], isDirectory: Bool, chain: Int) -> Bool {
    if let exclude, exclude.decision(for: relative[...], isDirectory: isDirectory) == true {
      return true
    }
    guard gitignore else { return false }
    let path = (prefix.isEmpty ? relative : prefix + [0x2F] + relative)[...]
    var link = chain
    while link >= 0 {
      if let decided = lists[link].list.decision(for: path, isDirectory: isDirectory) {
        return decided
      }
      link = lists[link].parent
    }
    return infoExclude?.decision(for: path, isDirectory: isDirectory) ?? false
  }

  /// A regular file's bytes, or nil.
  static func contents(_ path: [UInt8]) -> [UInt8]? {
    let descriptor = _withCString(path) { open($0, O_RDONLY) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return bytes
  }

  /// The absolute path with no symbolic link, or nil.
  static func realPath(_ path: [UInt8]) -> [UInt8]? {
    guard let resolved = _withCString(path, { realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return Array(
      UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) })
  }
}
