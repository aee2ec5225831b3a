/// How the contract worlds spell a node's label number, twins included.
///
/// Numbers 4k + 2 and 4k + 3 are *twins*: names that differ only in their Unicode normalisation,
/// `né<k>` with U+00E9 and `né<k>` with `e` + U+0301, which Swift's `==` calls equal and a file
/// system holds apart. Every other number k is `n<k>`. So wherever nodes 2 and 3 (or 6 and 7, or a
/// node relabelled as one of them) are siblings, the operation under test meets two names that
/// only their bytes tell apart, and the model, comparing numbers, says what must happen.
///
/// ```swift
/// ContractLabel.text(1)   // "n1"
/// ContractLabel.text(2)   // "n\u{E9}0"
/// ContractLabel.text(3)   // "ne\u{301}0"
/// ContractLabel.number(of: "ne\u{301}0")   // 3
/// ```
enum ContractLabel {
  /// The label of number `number`.
  static func text(_ number: Int) -> String {
    switch number % 4 {
    case 2 where number >= 0: "n\u{E9}\(number / 4)"
    case 3 where number >= 0: "ne\u{301}\(number / 4)"
    default: "n\(number)"
    }
  }

  /// The number a label spells, read by its scalars (never by `==`), or nil.
  static func number(of label: String) -> Int? {
    let scalars = Array(label.unicodeScalars)
    guard scalars.first == "n" else { return nil }
    if scalars.count > 1, scalars[1] == "\u{E9}" {
      return digits(scalars[2...]).map { $0 * 4 + 2 }
    }
    if scalars.count > 2, scalars[1] == "e", scalars[2] == "\u{301}" {
      return digits(scalars[3...]).map { $0 * 4 + 3 }
    }
    return Int(String(String.UnicodeScalarView(scalars[1...])))
  }

  private static func digits(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
    Int(String(String.UnicodeScalarView(scalars)))
  }

  /// Whether two labels are one name: the same bytes.
  static func same(_ first: String, _ second: String) -> Bool {
    first.utf8.elementsEqual(second.utf8)
  }

  /// Whether two label paths are one path: label by label, the same bytes.
  static func samePath(_ first: [String], _ second: [String]) -> Bool {
    first.elementsEqual(second, by: same)
  }

  /// A text with every non-ASCII scalar as `\u{…}`: compared with `==`, it tells twins apart,
  /// and a failure shows which is which.
  static func shown(_ text: String) -> String {
    text.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
      .joined()
  }

  /// A label path as a key that tells twins apart (a `Set<[String]>` would merge them).
  static func key(_ path: [String]) -> [[UInt8]] { path.map { Array($0.utf8) } }

  /// A filter that matches the labels of `numbers`, each by its bytes.
  static func matching(_ numbers: Set<Int>) -> @Sendable (String) -> Bool {
    { label in number(of: label).map(numbers.contains) ?? false }
  }
}

/// A label compared by its bytes (`String`'s `==` calls twins equal), shown with every non-ASCII
/// scalar as `\u{…}` so that a failure tells twins apart.
struct ByteLabel: Equatable, CustomStringConvertible {
  let text: String

  static func == (first: ByteLabel, second: ByteLabel) -> Bool {
    ContractLabel.same(first.text, second.text)
  }

  var description: String { ContractLabel.shown(text) }
}
