// Declarations only: see include/FuzzDriver.h. A C target needs a source file.
#include "FuzzDriver.h"
