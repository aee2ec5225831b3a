// libFuzzer's entry point for programs with their own main (present only in -sanitize=fuzzer builds).
#ifndef TOGGLEKIT_FUZZ_DRIVER_H
#define TOGGLEKIT_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
