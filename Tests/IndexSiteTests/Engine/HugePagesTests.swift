import Foundation
import Testing
@testable import IndexSiteCore
@testable import IndexSiteEngine

/// Large buffers (a source file, a table of texts, a page) are advised to be huge pages before they are written.
@Suite struct HugePagesTests {
    /// The VmFlags of the mapping that holds `address`, from /proc/self/smaps ("hg" marks MADV_HUGEPAGE).
    func mappingFlags(of address: UInt) throws -> [String] {
        // Read to its end by hand: a file of /proc has no size, and Foundation read only its first page.
        let file = try #require(fopen("/proc/self/smaps", "r"))
        defer { fclose(file) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            text += chunk[..<count]
        }
        let smaps = String(decoding: text, as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, line.hasPrefix("VmFlags:") {
                return fields.dropFirst().map(String.init)
            }
        }
        return []
    }

    @Test func aLargeReservationIsAdvisedAndKeepsItsElements() throws {
        var bytes: [UInt8] = [1, 2, 3]
        bytes.reserveCapacityInHugePages(16 << 20)
        #expect(bytes == [1, 2, 3])
        #expect(bytes.capacity >= 16 << 20)
        // The kernel marks the advised mapping, whether or not it then has huge pages to give.
        if FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") {
            let middle = bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } + UInt(8 << 20)
            #expect(try mappingFlags(of: middle).contains("hg"))
        }
        var small: [UInt8] = []
        small.reserveCapacityInHugePages(4096)
        #expect(small.capacity >= 4096)
    }

    @Test func anArrayMadeInHugePagesHoldsWhatWasWritten() throws {
        let count = 6 << 20
        let made = [UInt8](hugePagedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = UInt8(truncatingIfNeeded: index &* 31) }
            initialized = count
        }
        #expect(made.count == count && made[12_345] == UInt8(truncatingIfNeeded: 12_345 &* 31))
        if FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") {
            let middle = made.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } + UInt(count / 2)
            #expect(try mappingFlags(of: middle).contains("hg"))
        }
    }
}
