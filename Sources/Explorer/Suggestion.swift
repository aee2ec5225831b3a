/// "Did you mean …?": the known name nearest to a mistyped one.
///
/// ```swift
/// Suggestion.nearest(to: "explor", among: ["explore", "apply"])   // "explore"
/// Suggestion.nearest(to: "--ouptut", among: ["--output", "--print"])  // "--output"
/// Suggestion.nearest(to: "zzz", among: ["explore", "apply"])   // nil: nothing is near
/// ```
package enum Suggestion {
  /// The name among `names` nearest to `name`, if it is near enough to be what was meant.
  ///
  /// Near is by edits (an insertion, a deletion, a change or a swap of two neighbours each count
  /// one): at most one edit in a name of up to four characters, two up to eight, three beyond.
  /// Ties go to the first name given. Failing that, a name is the one that starts with what was
  /// typed, when only one does and at least three characters were typed.
  ///
  /// - Complexity: O(names × length²).
  package static func nearest(to name: String, among names: [String]) -> String? {
    let typed = Array(name.lowercased().unicodeScalars)
    guard !typed.isEmpty else { return nil }
    let allowed = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
    var best: (name: String, distance: Int)? = nil
    for candidate in names where candidate != name {
      let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
      guard distance <= allowed, distance < (best?.distance ?? .max) else { continue }
      best = (candidate, distance)
    }
    if let best { return best.name }
    // A prefix long enough to mean one name: `--sel` for `--select` alone.
    let prefixed = names.filter { $0.lowercased().hasPrefix(name.lowercased()) }
    return typed.count >= 3 && prefixed.count == 1 ? prefixed[0] : nil
  }

  /// `message` and, when a name is near `name`, "; did you mean 'NAME'?".
  package static func message(_ message: String, for name: String, among names: [String])
    -> String
  {
    nearest(to: name, among: names).map { "\(message); did you mean '\($0)'?" } ?? message
  }

  /// The optimal string alignment distance: Levenshtein's, with a swap of neighbours one edit.
  ///
  /// - Complexity: O(a × b) time, O(b) memory beyond the two rows before.
  package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforeLast = [Int](repeating: 0, count: b.count + 1)
    var last = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var distance = min(last[j] + 1, current[j - 1] + 1, last[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance = min(distance, beforeLast[j - 2] + 1)
        }
        current[j] = distance
      }
      (beforeLast, last, current) = (last, current, beforeLast)
    }
    return last[b.count]
  }
}
