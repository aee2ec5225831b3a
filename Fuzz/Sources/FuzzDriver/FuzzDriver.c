// See include/FuzzDriver.h. A C target needs a source file; this one also gives libFuzzer's own
// main, which a debug build links in (there the program's main is SwiftPM's, which runs
// togglekit_fuzz_main), the entry point it names. That main is never called: the program drives
// libFuzzer through LLVMFuzzerRunDriver, with the target its first argument chose.
#include "FuzzDriver.h"

__attribute__((weak)) int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  (void)data;
  (void)size;
  return 0;
}
