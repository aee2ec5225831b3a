/// How well a pattern matches a text as a fuzzy subsequence, fzf-style, and which characters match.
///
/// The pattern's characters must appear in the text in order, not necessarily together. Among
/// every way they can be placed, the match is the one with the highest score:
///
/// - each matched character scores 16;
/// - a character at a word start earns a bonus: 10 at the start of the text or after a space,
///   9 after a delimiter (`/ - _ . , : ;  |`), 7 at a camelCase hump or where digits begin after a
///   letter; the pattern's first character earns twice its bonus;
/// - a character right after the previous match continues its run and earns the larger of its own
///   bonus and the run's (the run's first character's bonus, at least 4);
/// - a gap of g characters between two matches costs 3 + (g − 1); characters before the first
///   match and after the last cost nothing.
///
/// Case is smart: a pattern with no uppercase letter ignores case, one with an uppercase letter
/// matches case exactly. Positions count characters (`Character`s) of the text.
///
/// ```swift
/// let match = FuzzyMatch("frap", in: "Fruit/Apple")!
/// match.positions   // [0, 1, 6, 7]: "Fr" and "Ap", both word starts
/// FuzzyMatch("xyz", in: "Fruit/Apple")   // nil
/// ```
/// - Complexity: O(t × p) time and space for a text of t characters and a pattern of p; beyond
///   2^20 cells (a label of megabytes) the first placement found is taken instead, in O(t).
public struct FuzzyMatch: Hashable, Sendable {
  /// The score of the best placement: higher is better.
  public let score: Int
  /// The offsets, in characters of the text, where the pattern's characters were placed.
  public let positions: [Int]

  /// The best placement of `pattern` in `text`, or nil when it does not fit.
  ///
  /// A pattern fits when its characters all appear in order. An empty pattern matches with score
  /// 0 and no positions.
  ///
  /// ```swift
  /// FuzzyMatch("ap", in: "Snapper")?.positions   // [2, 3]: consecutive beats "a…p" apart
  /// ```
  /// - Complexity: O(t × p) for a text of t characters and a pattern of p (see ``FuzzyMatch``).
  public init?(_ pattern: String, in text: String) {
    guard let match = FuzzyPattern(pattern).match(in: text) else { return nil }
    self = match
  }

  /// A match of the given score and positions.
  init(score: Int, positions: [Int]) {
    self.score = score
    self.positions = positions
  }

  /// Whether `pattern` asks for case to be matched exactly: it holds an uppercase letter.
  ///
  /// ```swift
  /// FuzzyMatch.isCaseSensitive("apple")   // false
  /// FuzzyMatch.isCaseSensitive("Apple")   // true
  /// ```
  /// - Complexity: O(p) for a pattern of p characters.
  public static func isCaseSensitive(_ pattern: String) -> Bool {
    pattern.contains { $0.isUppercase }
  }

  // MARK: Scoring constants

  static let matchScore = 16
  static let gapStart = 3
  static let gapExtension = 1
  static let consecutiveBonus = 4
  static let firstCharacterMultiplier = 2

  /// The bonus for matching the character at `index` of `text`, from what precedes it.
  static func bonus(at index: Int, in text: [Character]) -> Int {
    let current = text[index]
    guard index > 0 else { return 10 }
    let previous = text[index - 1]
    if previous.isWhitespace { return 10 }
    if "/-_.,:;|".contains(previous) { return 9 }
    if previous.isLowercase && current.isUppercase { return 7 }
    if previous.isLetter && current.isNumber { return 7 }
    return 0
  }

  /// Whether text character `candidate` matches pattern character `wanted`.
  @inline(__always)
  static func equal(_ candidate: Character, _ wanted: Character, _ caseSensitive: Bool) -> Bool {
    if candidate == wanted { return true }
    guard !caseSensitive else { return false }
    if let a = candidate.asciiValue, let b = wanted.asciiValue {
      return a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A
    }
    return candidate.lowercased() == wanted.lowercased()
  }

  /// The best score and its positions: a dynamic programme over (pattern character, text
  /// position, the bonus of the run it continues).
  static func best(
    _ pattern: [Character], in text: [Character], _ caseSensitive: Bool
  ) -> (Int, [Int])? {
    let p = pattern.count
    let t = text.count
    if p == 0 { return (0, []) }
    guard t >= p else { return nil }
    // A quick subsequence check first: most texts do not match at all.
    var next = 0
    for character in text where next < p && equal(character, pattern[next], caseSensitive) {
      next += 1
    }
    guard next == p else { return nil }
    if p * t > 1 << 20 { return greedy(pattern, in: text, caseSensitive) }

    let bonuses = (0..<t).map { bonus(at: $0, in: text) }
    // The run bonuses a placement can carry: max(4, a word-start bonus).
    let runBonuses = [4, 7, 9, 10]
    let r = runBonuses.count
    let none = Int.min / 4
    // score[(i * t + j) * r + k]: best score of placing pattern[0...i] with pattern[i] at text[j],
    // in a run whose bonus is runBonuses[k]; from[...] is where pattern[i - 1] went (and its k).
    var score = [Int](repeating: none, count: p * t * r)
    var from = [Int32](repeating: -1, count: p * t * r)
    func runIndex(_ bonus: Int) -> Int { runBonuses.firstIndex(of: max(4, bonus))! }
    for j in 0..<t where equal(text[j], pattern[0], caseSensitive) {
      score[j * r + runIndex(bonuses[j])] =
        matchScore + bonuses[j] * firstCharacterMultiplier
    }
    for i in 1..<p {
      // The best earlier placement of pattern[i - 1] at k ≤ j - 2, as score + k (the gap cost is
      // gapStart + (j - k - 2) × gapExtension), with where it was.
      var bestEarlier = none
      var bestEarlierSlot = -1
      for j in i..<t {
        if j >= 2 {
          let k = j - 2
          for run in 0..<r {
            let candidate = score[((i - 1) * t + k) * r + run]
            if candidate > none && candidate + k * gapExtension > bestEarlier {
              bestEarlier = candidate + k * gapExtension
              bestEarlierSlot = ((i - 1) * t + k) * r + run
            }
          }
        }
        guard equal(text[j], pattern[i], caseSensitive) else { continue }
        let here = (i * t + j) * r
        // A new run after a gap.
        if bestEarlierSlot >= 0 {
          let value =
            bestEarlier - (j - 2) * gapExtension - gapStart + matchScore + bonuses[j]
          let slot = here + runIndex(bonuses[j])
          if value > score[slot] {
            score[slot] = value
            from[slot] = Int32(bestEarlierSlot)
          }
        }
        // The run of the previous character, continued.
        for run in 0..<r {
          let previous = score[((i - 1) * t + j - 1) * r + run]
          guard previous > none else { continue }
          let value = previous + matchScore + max(bonuses[j], runBonuses[run])
          let slot = here + run
          if value > score[slot] {
            score[slot] = value
            from[slot] = Int32(((i - 1) * t + j - 1) * r + run)
          }
        }
      }
    }
    var bestSlot = -1
    for slot in ((p - 1) * t * r)..<(p * t * r) where score[slot] > none {
      if bestSlot < 0 || score[slot] > score[bestSlot] { bestSlot = slot }
    }
    guard bestSlot >= 0 else { return nil }
    var positions = [Int](repeating: 0, count: p)
    var slot = bestSlot
    for i in stride(from: p - 1, through: 0, by: -1) {
      positions[i] = (slot / r) % t
      slot = Int(from[slot])
    }
    return (score[bestSlot], positions)
  }

  /// The first placement found, scored as the programme would score it: for texts too long to
  /// compare every placement.
  static func greedy(
    _ pattern: [Character], in text: [Character], _ caseSensitive: Bool
  ) -> (Int, [Int])? {
    var positions: [Int] = []
    for (index, character) in text.enumerated()
    where positions.count < pattern.count
      && equal(character, pattern[positions.count], caseSensitive)
    {
      positions.append(index)
    }
    guard positions.count == pattern.count else { return nil }
    return (score(of: positions, in: text), positions)
  }

  /// The score of placing the pattern at `positions` (increasing offsets into `text`), by the rules
  /// above.
  static func score(of positions: [Int], in text: [Character]) -> Int {
    var total = 0
    var runBonus = 0
    for (i, position) in positions.enumerated() {
      let bonus = self.bonus(at: position, in: text)
      if i == 0 {
        total += matchScore + bonus * firstCharacterMultiplier
        runBonus = max(consecutiveBonus, bonus)
      } else if position == positions[i - 1] + 1 {
        total += matchScore + max(bonus, runBonus)
      } else {
        total += matchScore + bonus - gapStart - (position - positions[i - 1] - 2) * gapExtension
        runBonus = max(consecutiveBonus, bonus)
      }
    }
    return total
  }
}
