#if canImport(Testing)
  import Testing
  import ToggleKit

  extension BindingLaws {
    /// Checks a binding against samples and records each violation as a Swift Testing issue at
    /// `sourceLocation`.
    ///
    /// ```swift
    /// import Testing
    ///
    /// @Test func volumeBindingIsLawful() {
    ///   @ModelState var volume = 3
    ///   BindingLaws.expectLawful($volume, samples: [0, 11])
    /// }
    /// ```
    /// - Complexity: O(samples) reads and writes of the binding.
    @discardableResult
    public static func expectLawful<Value: Equatable>(
      _ binding: ModelBinding<Value>,
      samples: [Value],
      while condition: String? = nil,
      sourceLocation: SourceLocation = #_sourceLocation
    ) -> BindingLawReport {
      record(check(binding, samples: samples, while: condition), at: sourceLocation)
    }

    /// Checks a Bool binding and records each violation as a Swift Testing issue at
    /// `sourceLocation`.
    ///
    /// ```swift
    /// import Testing
    ///
    /// @Test func membershipIsLawful() {
    ///   @ModelState var selection: Set<String> = []
    ///   BindingLaws.expectLawful($selection.contains("a"))
    /// }
    /// ```
    /// - Complexity: O(1) reads and writes of the binding.
    @discardableResult
    public static func expectLawful(
      _ binding: ModelBinding<Bool>,
      while condition: String? = nil,
      sourceLocation: SourceLocation = #_sourceLocation
    ) -> BindingLawReport {
      record(check(binding, while: condition), at: sourceLocation)
    }

    private static func record(
      _ report: BindingLawReport,
      at sourceLocation: SourceLocation
    ) -> BindingLawReport {
      for violation in report.violations {
        Issue.record(Comment(rawValue: violation.description), sourceLocation: sourceLocation)
      }
      return report
    }
  }
#endif
