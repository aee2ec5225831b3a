/// A fuzzy search pattern, prepared once to test many texts: whether a text holds the pattern's
/// characters in order (fzf-style, smart case), and where they best fit (``FuzzyMatch``).
///
/// ```swift
/// let pattern = FuzzyPattern("frap")
/// pattern.matches("Fruit/Apple")            // true
/// pattern.matches("Veg/Leek")               // false
/// pattern.match(in: "Fruit/Apple")?.positions   // [0, 1, 6, 7]
/// ```
/// - Complexity: O(p) to prepare a pattern of p characters.
public struct FuzzyPattern: Hashable, Sendable {
  /// The pattern as typed.
  public let text: String
  /// Whether case must match: the pattern holds an uppercase letter (smart case).
  public let isCaseSensitive: Bool
  /// The pattern's characters.
  let characters: [Character]
  /// The pattern's bytes, lowercased unless case-sensitive, when the pattern is ASCII.
  let asciiBytes: [UInt8]?

  /// Prepares `text` as a pattern; `caseSensitive` true or false overrides smart case.
  ///
  /// ```swift
  /// FuzzyPattern("apple").isCaseSensitive   // false
  /// FuzzyPattern("Apple").isCaseSensitive   // true
  /// ```
  /// - Complexity: O(p) for a pattern of p characters.
  public init(_ text: String, caseSensitive: Bool? = nil) {
    self.text = text
    characters = Array(text)
    let caseSensitive = caseSensitive ?? FuzzyMatch.isCaseSensitive(text)
    isCaseSensitive = caseSensitive
    let bytes = Array(text.utf8)
    // "\r\n" is one character but two bytes: such a pattern takes the character path.
    asciiBytes =
      bytes.allSatisfy({ $0 < 0x80 }) && !bytes.contains(0x0D)
      ? bytes.map { caseSensitive ? $0 : Self.lowered($0) } : nil
  }

  /// Whether `text` holds the pattern's characters in order.
  ///
  /// ```swift
  /// FuzzyPattern("ale").matches("Apple")   // true: a…l…e
  /// FuzzyPattern("Ale").matches("apple")   // false: an uppercase letter asks for case
  /// ```
  /// - Complexity: O(t) for a text of t bytes.
  public func matches(_ text: String) -> Bool {
    if characters.isEmpty { return true }
    if let needle = asciiBytes {
      var text = text
      let answer: Bool? = text.withUTF8 { bytes in
        var next = 0
        for byte in bytes {
          // Outside ASCII (or a CR, which may join an LF) characters are not bytes: compare those.
          if byte >= 0x80 || byte == 0x0D { return nil }
          if next < needle.count && (isCaseSensitive ? byte : Self.lowered(byte)) == needle[next] {
            next += 1
          }
        }
        return next == needle.count
      }
      if let answer { return answer }
    }
    var next = 0
    for character in text
    where FuzzyMatch.equal(character, characters[next], isCaseSensitive) {
      next += 1
      if next == characters.count { return true }
    }
    return false
  }

  /// Where the pattern's characters best fit in `text`, and how well; nil when they do not all
  /// appear in order.
  ///
  /// ```swift
  /// FuzzyPattern("ap").match(in: "Snapper")?.positions   // [2, 3]
  /// ```
  /// - Complexity: O(t × p) for a text of t characters (see ``FuzzyMatch``).
  public func match(in text: String) -> FuzzyMatch? {
    guard let (score, positions) = FuzzyMatch.best(characters, in: Array(text), isCaseSensitive)
    else { return nil }
    return FuzzyMatch(score: score, positions: positions)
  }

  @inline(__always)
  static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}
