/// One pattern of an rsync filter rule, matched as rsync 3 matches it.
///
/// `*` matches within a name, `**` across names, `?` one byte of a name, `[…]` one byte of a set;
/// a backslash quotes the next byte only in a pattern that holds `*`, `?` or `[` (elsewhere it is
/// a byte of the name). A leading `/` anchors the pattern at the top of the transfer; a pattern
/// without `/` or `**` matches a path's last name; any other matches the path's end at a name's
/// start (one starting with `**` the whole path, and one starting with `**/` the whole path with
/// or without them: `**/x` matches `x` at the top too). A trailing `/` matches folders only, and
/// a trailing `/***` matches the folder and everything inside it.
struct RsyncPattern: Hashable, Sendable {
  /// The tokens of the pattern's body (no leading `/`, trailing `/` or trailing `/***`).
  let tokens: [IgnorePattern.Token]
  /// A leading `/`.
  let isAnchored: Bool
  /// A trailing `/`, or the folder itself of a trailing `/***`.
  let isDirectoryOnly: Bool
  /// A trailing `/***`: everything inside the folder matches too.
  let includesInside: Bool
  /// A trailing `/***/`: the folder and the folders inside it match, not the files.
  let insideIsFoldersOnly: Bool
  /// Where the pattern is tried: the last name only, the whole path, or every name's start.
  let place: Place
  /// How many names the body matches when that is fixed (no `**`), or nil: a path of another
  /// depth is rejected without reading it, and a pattern tried at every name's start is tried at
  /// one.
  let nameCount: Int?
  /// A leading `**/` and then a fixed number of names: those names' tokens, which the path's
  /// last names must match.
  let fixedEnd: IgnorePattern.FixedEnd?
  /// An unanchored pattern that starts with `**/`: what follows them is also tried against the
  /// whole path, so `**/x` matches `x` at the top too, as rsync tries a `**`-prefixed pattern
  /// (anchored `/**/x` needs a folder above `x`).
  let rootTokens: [IgnorePattern.Token]?
  /// An unanchored `**/***`: the top is the folder, so every path is inside it.
  let insideTheTop: Bool

  enum Place: Hashable, Sendable {
    case lastName, wholePath, anyNameStart
  }

  /// Reads a pattern's bytes; nil for an empty pattern.
  ///
  /// A pattern of slashes alone (`/`, `//`) names no path: rsync takes it, and it matches nothing.
  init?(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return nil }
    var body = bytes[...]
    let isWild = body.contains { $0 == 0x2A || $0 == 0x3F || $0 == 0x5B }
    var directoryOnly = false
    if body.count > 1 && body.last == 0x2F {
      directoryOnly = true
      body = body.dropLast()
    }
    let slashes = body.filter { $0 == 0x2F }.count
    let hasDoubleStar = isWild && Self.hasDoubleStar(body)
    let startsWithDoubleStar = body.starts(with: [0x2A, 0x2A])
    isAnchored = body.first == 0x2F
    if isAnchored { body = body.dropFirst() }
    includesInside = body.count >= 4 && body.suffix(4).elementsEqual([0x2F, 0x2A, 0x2A, 0x2A])
    if includesInside { body = body.dropLast(4) }
    isDirectoryOnly = directoryOnly || includesInside
    insideIsFoldersOnly = directoryOnly && includesInside
    guard !body.isEmpty else {
      tokens = [.never]
      place = .wholePath
      nameCount = nil
      fixedEnd = nil
      rootTokens = nil
      insideTheTop = false
      return
    }
    if slashes == 0 && !hasDoubleStar {
      place = .lastName
    } else if isAnchored || startsWithDoubleStar {
      place = .wholePath
    } else {
      place = .anyNameStart
    }
    tokens = isWild ? Self.compile(Array(body)) : body.map { .byte($0) }
    nameCount = IgnorePattern.nameCount(of: tokens)
    fixedEnd =
      place == .wholePath && tokens.starts(with: [.anything, .byte(0x2F)])
      ? IgnorePattern.FixedEnd(tokens, skipping: 2) : nil
    rootTokens =
      !isAnchored && isWild && body.starts(with: [0x2A, 0x2A, 0x2F])
      ? Array(tokens.dropFirst(2)) : nil
    // rsync matches a pattern starting with `**` against the path with a `/` before it: a body
    // that matches nothing (`**` of `**/***`) then stands for the top, and everything is inside.
    insideTheTop =
      includesInside && !isAnchored && startsWithDoubleStar && IgnorePattern.match(tokens, [])
  }

  /// Whether the bytes hold `**` outside a quoted byte or a bracket expression.
  private static func hasDoubleStar(_ body: ArraySlice<UInt8>) -> Bool {
    var previousStar = false
    var index = body.startIndex
    while index < body.endIndex {
      let byte = body[index]
      if byte == 0x5C {
        index += 2
        previousStar = false
        continue
      }
      if byte == 0x2A && previousStar { return true }
      previousStar = byte == 0x2A
      index += 1
    }
    return false
  }

  /// The tokens of a pattern that holds wildcards: a backslash quotes, `**` crosses names.
  static func compile(_ pattern: [UInt8]) -> [IgnorePattern.Token] {
    var tokens: [IgnorePattern.Token] = []
    var index = 0
    while index < pattern.count {
      let byte = pattern[index]
      switch byte {
      case 0x5C:
        // A trailing backslash quotes nothing: rsync's matcher then matches nothing.
        guard index + 1 < pattern.count else { return [.never] }
        tokens.append(.byte(pattern[index + 1]))
        index += 2
      case 0x3F:
        tokens.append(.one)
        index += 1
      case 0x2A:
        var end = index
        while end < pattern.count && pattern[end] == 0x2A { end += 1 }
        tokens.append(end - index >= 2 ? .anything : .star)
        index = end
      case 0x5B:
        guard let end = IgnorePattern.appendBracket(pattern, at: index, to: &tokens) else {
          return [.never]  // a `[` never closed: rsync's matcher gives the pattern up
        }
        index = end
      default:
        tokens.append(.byte(byte))
        index += 1
      }
    }
    return tokens
  }

  /// Whether the pattern matches a path: its names joined by `/`, `starts` the offset of each.
  /// - Complexity: O(pattern × the bytes of the last names it can match) for a pattern of a fixed
  ///   number of names (O(1) when the path's depth rules it out), times the path's depth for an
  ///   unanchored `/***`; the same for a leading `**/` and then a fixed number of names;
  ///   O(names × pattern × path) at worst, with another `**`.
  func matches(_ path: [UInt8], _ starts: [Int], isFolder: Bool) -> Bool {
    if insideIsFoldersOnly && !isFolder { return false }
    if insideTheTop || matchesItself(path[...], starts[...], isFolder: isFolder) { return true }
    guard includesInside else { return false }
    // Inside the folder: some folder above the path is the pattern's folder — of a fixed number
    // of names, one as deep as it at least (anchored: exactly).
    var first = 0
    var end = starts.count - 1
    if let nameCount {
      first = nameCount - 1
      if place == .wholePath { end = min(end, nameCount) }
    }
    guard first < end else { return false }
    for depth in first..<end {
      let folderEnd = starts[depth + 1] - 1
      if matchesItself(path[..<folderEnd], starts[...depth], isFolder: true) { return true }
    }
    return false
  }

  /// Whether the pattern's body (not what `/***` adds) matches the path.
  private func matchesItself(
    _ path: ArraySlice<UInt8>, _ starts: ArraySlice<Int>, isFolder: Bool
  ) -> Bool {
    if isDirectoryOnly && !isFolder { return false }
    switch place {
    case .lastName:
      return IgnorePattern.matchLastNames(1, tokens, path, starts)
    case .wholePath:
      if let nameCount, nameCount != starts.count { return false }
      if let fixedEnd {
        // Below a folder; at the top too when the pattern is tried at the root.
        let least = rootTokens == nil ? fixedEnd.names + 1 : fixedEnd.names
        return starts.count >= least
          && IgnorePattern.matchLastNames(fixedEnd.names, fixedEnd.tokens, path, starts)
      }
      if let rootTokens, IgnorePattern.match(rootTokens, path) { return true }
      return IgnorePattern.match(tokens, path)
    case .anyNameStart:
      guard let nameCount else {
        return starts.contains { IgnorePattern.match(tokens, path[$0...]) }
      }
      return IgnorePattern.matchLastNames(nameCount, tokens, path, starts)
    }
  }
}
