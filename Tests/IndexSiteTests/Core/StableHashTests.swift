import Testing
@testable import IndexSiteCore

/// The content hash behind a no-change rebuild: the same bytes give the same value in every process, and a change of
/// any byte, anywhere (in the four lanes a long text is hashed in, or in its last words), gives another.
@Suite struct StableHashTests {
    func hash(_ bytes: [UInt8]) -> String {
        var hash = StableHash()
        hash.add(bytes)
        return hash.hex
    }

    @Test func everyByteCounts() {
        var generator = SplitMix(seed: 3)
        for count in [0, 1, 7, 8, 31, 32, 63, 64, 65, 100, 257] {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(hash(bytes) == hash(bytes))
            var seen: Set<String> = [hash(bytes)]
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 0x01
                seen.insert(hash(changed))
            }
            #expect(seen.count == count + 1, "a changed byte of \(count) went unnoticed")
            // Words swapped between lanes, and one more byte, are other contents too.
            if count >= 64 {
                var swapped = bytes
                swapped.swapAt(0, 8)
                #expect(hash(swapped) != hash(bytes) || bytes[0] == bytes[8])
            }
            #expect(hash(bytes + [0]) != hash(bytes))
        }
    }

    /// The value is pinned: it is compared with what an earlier build wrote, on this machine or another.
    @Test func theValueIsTheSameEverywhere() {
        #expect(hash(Array("Dune".utf8)) == "28c6ae76927cab8f62c88d121efd39b4")
        #expect(hash(Array(0..<100)) == "4226295fb18b74c46bb5e9e868ba97c5")
    }
}
