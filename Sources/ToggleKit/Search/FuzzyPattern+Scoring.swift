extension FuzzyPattern {
  /// The score of the pattern's best placement in `text` (``FuzzyMatch/score``), nil when it does
  /// not fit: the same programme as ``match(in:)`` without the positions, over bytes when both
  /// are ASCII — what ranking every row of a filtered tree needs, at a keystroke.
  ///
  /// ```swift
  /// FuzzyPattern("ap").score(in: "Snapper") == FuzzyPattern("ap").match(in: "Snapper")?.score
  /// ```
  /// - Complexity: O(t × p) time for a text of t characters; O(t) space.
  public func score(in text: String) -> Int? {
    if characters.isEmpty { return 0 }
    if let needle = asciiBytes {
      var text = text
      let answer: Int?? = text.withUTF8 { bytes in
        // Outside ASCII, or a CR (which joins an LF), characters are not bytes.
        guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }),
          needle.count * bytes.count <= 1 << 20
        else { return nil }
        return .some(Self.bestScore(needle, in: bytes, isCaseSensitive))
      }
      if let answer { return answer }
    }
    return FuzzyMatch.best(characters, in: Array(text), isCaseSensitive)?.0
  }

  /// Whether `label` is the pattern's whole text, compared as the pattern compares case.
  /// - Complexity: O(label length).
  func isWhole(_ label: String) -> Bool {
    if let needle = asciiBytes {
      var label = label
      let answer: Bool? = label.withUTF8 { bytes in
        guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
        return bytes.count == needle.count
          && zip(bytes, needle).allSatisfy { (isCaseSensitive ? $0 : Self.lowered($0)) == $1 }
      }
      if let answer { return answer }
    }
    return isCaseSensitive
      ? label.count == characters.count && label.elementsEqual(characters)
      : label.lowercased() == text.lowercased()
  }

  /// ``FuzzyMatch``'s programme over ASCII bytes, keeping two rows of it: the best score only.
  private static func bestScore(
    _ pattern: [UInt8], in text: UnsafeBufferPointer<UInt8>, _ caseSensitive: Bool
  ) -> Int? {
    let (p, t) = (pattern.count, text.count)
    guard t >= p else { return nil }
    func folded(_ byte: UInt8) -> UInt8 { caseSensitive ? byte : lowered(byte) }
    var next = 0
    for byte in text where next < p && folded(byte) == pattern[next] { next += 1 }
    guard next == p else { return nil }
    // The run bonuses a placement can carry, as FuzzyMatch's: max(4, a word-start bonus).
    let runBonuses = (4, 7, 9, 10)
    func runIndex(_ bonus: Int) -> Int { bonus <= 4 ? 0 : bonus == 7 ? 1 : bonus == 9 ? 2 : 3 }
    func runBonus(_ run: Int) -> Int {
      run == 0 ? runBonuses.0 : run == 1 ? runBonuses.1 : run == 2 ? runBonuses.2 : runBonuses.3
    }
    let r = 4
    let none = Int.min / 4
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: t * (2 * r + 1)) { cells in
      let bonuses = UnsafeMutableBufferPointer(rebasing: cells[0..<t])
      var previous = UnsafeMutableBufferPointer(rebasing: cells[t..<(t + t * r)])
      var current = UnsafeMutableBufferPointer(rebasing: cells[(t + t * r)...])
      for j in 0..<t { bonuses[j] = bonus(at: j, in: text) }
      previous.update(repeating: none)
      for j in 0..<t where folded(text[j]) == pattern[0] {
        previous[j * r + runIndex(bonuses[j])] =
          FuzzyMatch.matchScore + bonuses[j] * FuzzyMatch.firstCharacterMultiplier
      }
      for i in 1..<max(1, p) {
        current.update(repeating: none)
        var bestEarlier = none
        for j in i..<t {
          if j >= 2 {
            let k = j - 2
            for run in 0..<r where previous[k * r + run] > none {
              bestEarlier = max(bestEarlier, previous[k * r + run] + k * FuzzyMatch.gapExtension)
            }
          }
          guard folded(text[j]) == pattern[i] else { continue }
          if bestEarlier > none {
            let value =
              bestEarlier - (j - 2) * FuzzyMatch.gapExtension - FuzzyMatch.gapStart
              + FuzzyMatch.matchScore + bonuses[j]
            let slot = j * r + runIndex(bonuses[j])
            current[slot] = max(current[slot], value)
          }
          for run in 0..<r where previous[(j - 1) * r + run] > none {
            let value =
              previous[(j - 1) * r + run] + FuzzyMatch.matchScore + max(bonuses[j], runBonus(run))
            current[j * r + run] = max(current[j * r + run], value)
          }
        }
        swap(&previous, &current)
      }
      let best = previous.max()!
      return best > none ? best : nil
    }
  }

  /// ``FuzzyMatch``'s bonus for the byte at `index`, from what precedes it (ASCII: a character is
  /// a byte; whitespace is tab to carriage return and space, as `Character.isWhitespace` says).
  private static func bonus(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
    guard index > 0 else { return 10 }
    let (previous, current) = (text[index - 1], text[index])
    if previous == 0x20 || (0x09...0x0D).contains(previous) { return 10 }
    switch previous {
    case UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
      UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"):
      return 9
    default: break
    }
    let isLower = { (byte: UInt8) in byte >= 0x61 && byte <= 0x7A }
    let isUpper = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A }
    if isLower(previous) && isUpper(current) { return 7 }
    if (isLower(previous) || isUpper(previous)) && current >= 0x30 && current <= 0x39 { return 7 }
    return 0
  }
}
