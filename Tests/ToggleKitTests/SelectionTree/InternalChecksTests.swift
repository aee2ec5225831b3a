import Testing
import ToggleKit

@Suite("Internal checks")
struct InternalChecksTests {
  @Test(
    "the package's tests run with every mutation ending in an invariant check (README's command)")
  func internalChecksAreOn() {
    #expect(
      toggleKitInternalChecks,
      "build the tests with -Xswiftc -DTOGGLEKIT_INTERNAL_CHECKS, as README.md and .ci/run do")
  }
}
