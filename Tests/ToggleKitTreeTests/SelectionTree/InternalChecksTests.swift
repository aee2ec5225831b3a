import Testing
import ToggleKit

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Internal checks")
struct InternalChecksTests {
  /// Whether this build should check invariants after every mutation: Package.swift turns them on
  /// in a checkout's debug builds, unless `TOGGLEKIT_INTERNAL_CHECKS=0`, and in every build with
  /// `TOGGLEKIT_INTERNAL_CHECKS=1` (CI's release-mode long tier).
  static var checksExpected: Bool {
    let setting = getenv("TOGGLEKIT_INTERNAL_CHECKS").map { String(cString: $0) }
    #if DEBUG
      return setting != "0"
    #else
      return setting == "1"
    #endif
  }

  @Test(
    "the package's own tests run with every mutation ending in an invariant check, as Package.swift sets it"
  )
  func internalChecksAreOn() {
    #expect(
      toggleKitInternalChecks == Self.checksExpected,
      "a checkout's debug build checks invariants (Package.swift); TOGGLEKIT_INTERNAL_CHECKS=1 in release"
    )
  }
}
