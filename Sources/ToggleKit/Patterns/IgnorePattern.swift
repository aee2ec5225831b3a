/// One line of a `.gitignore` file, matched as git matches it.
///
/// `*` and `?` match within a name, `[a-z]`/`[!a-z]`/`[[:digit:]]` match one character of a name,
/// `**/` leads into any number of folders, `/**` ends in everything inside, `/**/` stands for
/// zero or more folders, a backslash quotes the next character. A pattern with no `/` (a trailing
/// one aside) matches a name at any depth below the file's folder; any other is anchored there. A
/// trailing `/` matches folders only; a leading `!` re-includes.
///
/// ```swift
/// let pattern = IgnorePattern(line: "build/")!
/// pattern.matches("app/build", isDirectory: true)    // true
/// pattern.matches("app/build", isDirectory: false)   // false: folders only
/// IgnorePattern(line: "# a comment")                 // nil
/// ```
///
/// - Complexity: Parsing O(line); matching O(pattern × path) at worst, O(path) for the common
///   shapes (a name, `*.ext`).
public struct IgnorePattern: Hashable, Sendable {
  /// One element of a compiled pattern.
  enum Token: Hashable, Sendable {
    /// This byte.
    case byte(UInt8)
    /// `?`: any one byte but `/`.
    case one
    /// `[…]`: one byte but `/` in (or, negated, not in) the set.
    case set([UInt8: Bool], negated: Bool)
    /// `*`: any run of bytes without `/`.
    case star
    /// `**/`: nothing, or any run of bytes ending in `/`.
    case folders
    /// A trailing `**`: any run of bytes.
    case anything
    /// Nothing: a pattern git or rsync cannot read (a `[` never closed) matches no path.
    case never
  }

  /// The pattern's text as written (negation and trailing slash included).
  public let text: String
  /// `!`: a match re-includes the path.
  public let isNegated: Bool
  /// A trailing `/`: only folders match.
  public let isDirectoryOnly: Bool
  /// No `/` (a trailing one aside): the pattern is matched against the last name of a path.
  public let matchesName: Bool
  let tokens: [Token]
  /// How many names the pattern matches when that is fixed (no `**`), or nil.
  let nameCount: Int?
  /// A leading `**/` and then a fixed number of names: those names' tokens, which the path's last
  /// names must match.
  let fixedEnd: FixedEnd?

  /// The names after a leading `**/` (any folders), when there is a fixed number of them.
  struct FixedEnd: Hashable, Sendable {
    /// The tokens after the `**/`.
    let tokens: [Token]
    /// How many names they match.
    let names: Int

    /// The end of `tokens` after their first `skipping` tokens (the `**/`), when it matches a
    /// fixed number of names.
    init?(_ tokens: [Token], skipping: Int) {
      let rest = Array(tokens.dropFirst(skipping))
      guard let names = IgnorePattern.nameCount(of: rest) else { return nil }
      self.tokens = rest
      self.names = names
    }
  }

  /// Parses a line of a `.gitignore`; nil for a blank line or a comment.
  ///
  /// Trailing spaces are dropped unless quoted with a backslash; `\#` and `\!` start a pattern
  /// with `#` or `!`. A `[` never closed (`ab[`, `a[]b`) or an unknown class matches nothing.
  ///
  /// - Complexity: O(line).
  public init?(line: String) {
    self.init(lineBytes: Array(line.utf8), text: line)
  }

  /// The patterns of a `.gitignore` file's bytes, one a line (LF or CR LF), byte for byte.
  /// - Complexity: O(bytes).
  public static func patterns(inFile bytes: some Collection<UInt8>) -> [IgnorePattern] {
    bytes.split(separator: 0x0A).compactMap { line in
      IgnorePattern(lineBytes: Array(line.last == 0x0D ? line.dropLast() : line[...]))
    }
  }

  /// Parses a line's bytes (a name in it need not be UTF-8); `text` is the line as shown.
  init?(lineBytes: [UInt8], text shown: String? = nil) {
    var bytes = lineBytes
    if bytes.last == 0x0D { bytes.removeLast() }  // a CRLF file
    // Trailing spaces, unless the last one is quoted.
    while bytes.last == 0x20 {
      var backslashes = 0
      var index = bytes.count - 2
      while index >= 0 && bytes[index] == 0x5C {
        backslashes += 1
        index -= 1
      }
      if backslashes % 2 == 1 { break }
      bytes.removeLast()
    }
    guard let first = bytes.first, first != 0x23 else { return nil }  // blank, or # comment
    text = shown ?? LabelBytes.label(decoding: lineBytes)
    var body = bytes[...]
    isNegated = first == 0x21
    if isNegated { body = body.dropFirst() }
    isDirectoryOnly = body.last == 0x2F
    if isDirectoryOnly { body = body.dropLast() }
    guard !body.isEmpty else { return nil }
    matchesName = !body.contains(0x2F)
    if body.first == 0x2F { body = body.dropFirst() }
    guard !body.isEmpty else { return nil }
    tokens = Self.compile(Array(body))
    nameCount = Self.nameCount(of: tokens)
    fixedEnd = tokens.first == .folders ? FixedEnd(tokens, skipping: 1) : nil
  }

  /// Whether the pattern matches `path` (relative to the folder of the pattern's file, names
  /// joined by `/`), ignoring negation: ``isNegated`` says what a match means.
  ///
  /// ```swift
  /// IgnorePattern(line: "*.log")!.matches("logs/today.log", isDirectory: false)   // true
  /// ```
  ///
  /// - Complexity: O(pattern × path) at worst.
  public func matches(_ path: String, isDirectory: Bool) -> Bool {
    matches(Array(path.utf8)[...], isDirectory: isDirectory)
  }

  /// ``matches(_:isDirectory:)`` on the path's bytes (file names need not be UTF-8).
  func matches(_ path: ArraySlice<UInt8>, isDirectory: Bool) -> Bool {
    // A name pattern reads the last name alone: its start is all it needs (a folder's walk asks
    // every file in it with every pattern).
    if matchesName {
      let last = path.lastIndex(of: 0x2F).map { $0 + 1 } ?? path.startIndex
      return matches(path, starts: [last], isDirectory: isDirectory)
    }
    var starts = [path.startIndex]
    for index in path.indices where path[index] == 0x2F { starts.append(index + 1) }
    return matches(path, starts: starts[...], isDirectory: isDirectory)
  }

  /// ``matches(_:isDirectory:)`` given where each of the path's names starts (indices of
  /// `path`; a name pattern needs only the last): a pattern of a fixed number of names, after a
  /// leading `**/` or not, reads only the last names it can match (none when the path's depth
  /// rules it out).
  /// - Complexity: O(pattern × the bytes of those names); O(pattern × path) with another `**`.
  func matches(
    _ path: ArraySlice<UInt8>, starts: ArraySlice<Int>, isDirectory: Bool
  ) -> Bool {
    if isDirectoryOnly && !isDirectory { return false }
    if matchesName { return Self.matchLastNames(1, tokens, path, starts) }
    if let nameCount { return nameCount == starts.count && Self.match(tokens, path) }
    if let fixedEnd { return Self.matchLastNames(fixedEnd.names, fixedEnd.tokens, path, starts) }
    return Self.match(tokens, path)
  }

  // MARK: Compiling

  static func compile(_ pattern: [UInt8]) -> [Token] {
    var tokens: [Token] = []
    var index = 0
    while index < pattern.count {
      let byte = pattern[index]
      switch byte {
      case 0x5C:  // backslash: the next byte as it is (a trailing one matches nothing)
        guard index + 1 < pattern.count else { return [.never] }
        tokens.append(.byte(pattern[index + 1]))
        index += 2
      case 0x3F:
        tokens.append(.one)
        index += 1
      case 0x2A:
        var end = index
        while end < pattern.count && pattern[end] == 0x2A { end += 1 }
        let startsName = index == 0 || pattern[index - 1] == 0x2F
        let endsName = end == pattern.count || pattern[end] == 0x2F
        if end - index >= 2 && startsName && endsName {
          if end == pattern.count {
            tokens.append(.anything)
            index = end
          } else {
            tokens.append(.folders)
            index = end + 1  // the slash is part of `**/`
          }
        } else {
          tokens.append(.star)
          index = end
        }
      case 0x5B:
        guard let end = appendBracket(pattern, at: index, to: &tokens) else { return [.never] }
        index = end
      default:
        tokens.append(.byte(byte))
        index += 1
      }
    }
    return tokens
  }

  /// Whether `tokens` match the path's last `names` names (false when it has fewer): the one
  /// place a pattern of a fixed number of names can match at the end of a path.
  /// - Complexity: O(tokens × the bytes of those names).
  static func matchLastNames(
    _ names: Int, _ tokens: [Token], _ path: ArraySlice<UInt8>, _ starts: ArraySlice<Int>
  ) -> Bool {
    starts.count >= names && match(tokens, path[starts[starts.endIndex - names]...])
  }

  /// How many names compiled tokens match: one more than their `/` bytes, as nothing else
  /// matches a `/` — or nil when a `**` matches any number of names.
  /// - Complexity: O(tokens).
  static func nameCount(of tokens: [Token]) -> Int? {
    var count = 1
    for token in tokens {
      switch token {
      case .byte(0x2F): count += 1
      case .folders, .anything: return nil
      default: continue
      }
    }
    return count
  }

  /// Appends the bracket expression at `index`, returns the index after it; nil when it is not
  /// closed or names an unknown class (git and rsync then match nothing).
  static func appendBracket(_ pattern: [UInt8], at index: Int, to tokens: inout [Token]) -> Int? {
    guard let (set, negated, end) = parseSet(pattern, from: index) else { return nil }
    tokens.append(.set(set, negated: negated))
    return end
  }

  /// The POSIX classes `[[:name:]]` git knows.
  static let classes: [String: @Sendable (UInt8) -> Bool] = [
    "alnum": { isAlpha($0) || isDigit($0) }, "alpha": isAlpha,
    "blank": { $0 == 0x20 || $0 == 0x09 },
    "cntrl": { $0 < 0x20 || $0 == 0x7F }, "digit": isDigit, "graph": { $0 > 0x20 && $0 < 0x7F },
    "lower": { $0 >= 0x61 && $0 <= 0x7A }, "print": { $0 >= 0x20 && $0 < 0x7F },
    "punct": { $0 > 0x20 && $0 < 0x7F && !isAlpha($0) && !isDigit($0) },
    "space": { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }, "upper": { $0 >= 0x41 && $0 <= 0x5A },
    "xdigit": { isDigit($0) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) },
  ]
  static func isAlpha(_ byte: UInt8) -> Bool { byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A }
  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// A bracket expression from `[`: its bytes, whether it is negated, and where it ends; nil when
  /// it is not closed or names an unknown class.
  static func parseSet(_ pattern: [UInt8], from start: Int) -> ([UInt8: Bool], Bool, Int)? {
    var index = start + 1
    var negated = false
    if index < pattern.count && (pattern[index] == 0x21 || pattern[index] == 0x5E) {
      negated = true
      index += 1
    }
    var members: [UInt8: Bool] = [:]
    var first = true
    while index < pattern.count {
      var byte = pattern[index]
      if byte == 0x5D && !first { return (members, negated, index + 1) }
      first = false
      if byte == 0x5B && index + 1 < pattern.count && pattern[index + 1] == 0x3A {
        // [:name:]
        if let close = (index + 2..<pattern.count).first(where: {
          pattern[$0] == 0x3A && $0 + 1 < pattern.count && pattern[$0 + 1] == 0x5D
        }) {
          let name = String(decoding: pattern[(index + 2)..<close], as: UTF8.self)
          guard let test = classes[name] else { return nil }  // git: a malformed class fails
          for value in 0...255 where test(UInt8(value)) { members[UInt8(value)] = true }
          index = close + 2
          continue
        }
      }
      if byte == 0x5C {
        index += 1
        guard index < pattern.count else { return nil }
        byte = pattern[index]
      }
      var high = byte
      if index + 2 < pattern.count && pattern[index + 1] == 0x2D && pattern[index + 2] != 0x5D {
        var end = index + 2
        if pattern[end] == 0x5C {
          end += 1
          guard end < pattern.count else { return nil }
        }
        high = pattern[end]
        index = end
      }
      // The range's first byte is a member even when the range is reversed (`[c-a]` matches
      // `c`): git and rsync take each byte as they read it, then the range from it.
      members[byte] = true
      if byte < high { for value in byte...high { members[value] = true } }
      index += 1
    }
    return nil
  }

  // MARK: Matching

  /// Whether `tokens` match all of `text`: a table of which suffixes of the pattern match which
  /// suffixes of the text, filled from the end (no recursion, no exponential backtracking).
  static func match(_ tokens: [Token], _ text: ArraySlice<UInt8>) -> Bool {
    let text = Array(text)
    // Fast paths: a plain name, `*` + a plain suffix.
    if tokens.allSatisfy({ if case .byte = $0 { true } else { false } }) {
      return tokens.count == text.count
        && zip(tokens, text).allSatisfy { if case .byte(let b) = $0.0 { b == $0.1 } else { false } }
    }
    let n = text.count
    var next = [Bool](repeating: false, count: n + 1)  // row i + 1
    next[n] = true
    var row = [Bool](repeating: false, count: n + 1)
    for token in tokens.reversed() {
      switch token {
      case .star:
        row[n] = next[n]
        for j in stride(from: n - 1, through: 0, by: -1) {
          row[j] = next[j] || (text[j] != 0x2F && row[j + 1])
        }
      case .anything:
        row[n] = next[n]
        for j in stride(from: n - 1, through: 0, by: -1) { row[j] = next[j] || row[j + 1] }
      case .folders:
        // Nothing, or up to and including some later `/`.
        var reachable = false  // next[k + 1] for some k >= j with text[k] == '/'
        row[n] = next[n]
        for j in stride(from: n - 1, through: 0, by: -1) {
          if text[j] == 0x2F && next[j + 1] { reachable = true }
          row[j] = next[j] || reachable
        }
      default:
        row[n] = false
        for j in 0..<n {
          let byte = text[j]
          let fits: Bool
          switch token {
          case .byte(let expected): fits = byte == expected
          case .one: fits = byte != 0x2F
          case .set(let members, let negated):
            fits = byte != 0x2F && (members[byte] != nil) != negated
          default: fits = false
          }
          row[j] = fits && next[j + 1]
        }
      }
      swap(&row, &next)
    }
    return next[0]
  }
}
