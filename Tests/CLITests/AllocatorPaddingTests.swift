import Testing
import IndexSiteEngine

/// The command pads glibc's heap growth so that a build's buffers are not given back and faulted in again.
@Suite struct AllocatorPaddingTests {
    /// The setting reaches glibc's allocator (it did not when the header's check for glibc came before any glibc
    /// header had defined `__GLIBC__`: the padding was silently compiled out).
    @Test func theAllocatorTakesThePadding() {
        #expect(AllocatorPadding.apply())
    }
}
