/* The functions of CAllocator are inline, in its header; SwiftPM wants a source file in every C target. */
#include "CAllocator.h"
