import ToggleKit

/// Checks that a ``ModelBinding`` obeys the laws of a binding, reporting each violation in plain
/// words.
///
/// ```swift
/// var showChildren = false
/// var selection: Set<String> = ["a"]
/// let revealOrSelected = ModelBinding(
///   get: { showChildren || !selection.isEmpty }, set: { showChildren = $0 })
/// let report = BindingLaws.check(revealOrSelected, while: "the selection is non-empty")
/// // responsiveness: setting false leaves true: a toggle bound to this is unresponsive
/// //                 while the selection is non-empty
/// ```
///
/// The check writes through the binding (it must, to test writes) and finally writes back the value
/// it first read — unless the binding declares that it ignores that write: checking an unselected
/// radio binding (``ModelBinding/equals(_:)``) leaves it selected. Constant and read-only bindings are not written at all and are reported by
/// ``BindingLawReport/kind`` rather than as violations. Writes the binding declares it ignores
/// (``ModelBinding/ignoringWrites(where:)``, as ``ModelBinding/equals(_:)`` does for `false`) are
/// checked to change nothing instead.
/// - Complexity: O(samples) reads and writes of the binding.
public enum BindingLaws {
  /// Checks a binding against the given sample values.
  ///
  /// ```swift
  /// @ModelState var volume = 3
  /// BindingLaws.check($volume, samples: [0, 5, 11]).isLawful   // true
  /// ```
  /// - Complexity: O(samples) reads and writes of the binding.
  public static func check<Value: Equatable>(
    _ binding: ModelBinding<Value>,
    samples: [Value],
    while condition: String? = nil
  ) -> BindingLawReport {
    var checker = Checker(binding: binding, condition: condition)
    return checker.run(samples: samples, isBool: false)
  }

  /// Checks a Bool binding: both values are written, starting with the one it does not hold, so an
  /// unresponsive binding is reported as such.
  ///
  /// ```swift
  /// @ModelState var selection: Set<String> = []
  /// BindingLaws.check($selection.contains("a")).isLawful   // true
  /// ```
  /// - Complexity: O(1) reads and writes of the binding.
  public static func check(
    _ binding: ModelBinding<Bool>,
    while condition: String? = nil
  ) -> BindingLawReport {
    var checker = Checker(binding: binding, condition: condition)
    let current = binding.wrappedValue
    return checker.run(samples: [!current, current], isBool: true)
  }
}

/// The state of one check: the binding, what it found, and the words for the situation.
private struct Checker<Value: Equatable> {
  let binding: ModelBinding<Value>
  let condition: String?
  var violations: [BindingLawViolation] = []
  var notes: [String] = []

  init(binding: ModelBinding<Value>, condition: String?) {
    self.binding = binding
    self.condition = condition
  }

  var suffix: String { condition.map { " while \($0)" } ?? "" }

  mutating func report(_ law: BindingLaw, _ message: String) {
    violations.append(BindingLawViolation(law: law, message: message + suffix))
  }

  mutating func run(samples: [Value], isBool: Bool) -> BindingLawReport {
    guard binding.isWritable else {
      let kind: BindingLawReport.Kind = binding.isConstant ? .constant : .readOnly
      let note = "\(kind) binding: writes are ignored by definition, so no write law applies"
      return BindingLawReport(kind: kind, violations: [], notes: [note])
    }
    let original = binding.wrappedValue
    checkWriteWhatWasRead()
    for sample in samples {
      if binding.isDocumentedToIgnore(sample) {
        checkDeclaredIgnoredWrite(sample)
      } else {
        checkSet(sample, isBool: isBool)
      }
    }
    if !binding.isDocumentedToIgnore(original) {
      binding.wrappedValue = original
    }
    return BindingLawReport(kind: .writable, violations: violations, notes: notes)
  }

  mutating func checkWriteWhatWasRead() {
    let read = binding.wrappedValue
    guard !binding.isDocumentedToIgnore(read) else { return }
    binding.wrappedValue = read
    let after = binding.wrappedValue
    if after != read {
      report(.writeWhatWasRead, "writing back the value just read (\(read)) changed it to \(after)")
    }
  }

  mutating func checkDeclaredIgnoredWrite(_ sample: Value) {
    let before = binding.wrappedValue
    binding.wrappedValue = sample
    let after = binding.wrappedValue
    if after != before {
      report(
        .declaredIgnoredWrite,
        "declared to ignore writes of \(sample), but writing it changed \(before) to \(after)")
    } else {
      notes.append("writes of \(sample) are ignored, as the binding declares")
    }
  }

  mutating func checkSet(_ sample: Value, isBool: Bool) {
    binding.wrappedValue = sample
    let once = binding.wrappedValue
    if once != sample {
      if isBool {
        report(
          .responsiveness,
          "setting \(sample) leaves \(once): a toggle bound to this is unresponsive")
      } else {
        report(.setThenGet, "setting \(sample) reads back \(once)")
      }
    }
    binding.wrappedValue = sample
    let twice = binding.wrappedValue
    if twice != once {
      report(
        .setTwiceIsSetOnce,
        "setting \(sample) once reads back \(once), setting it twice reads back \(twice)")
    }
  }
}
