/* CPrefetch is a header of inline functions (include/CPrefetch.h); SwiftPM wants a source file in a C target. */
#include "CPrefetch.h"
