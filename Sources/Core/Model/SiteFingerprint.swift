/// A fingerprint of everything a build reads: when it matches the one stored with the previous output,
/// the output is already what this build would write, and the build can stop after loading.
package struct SiteFingerprint: Sendable, Equatable {
    package var value: String

    /// Hashes the loaded files, their paths, the build settings that change output, the tool's identity, and
    /// `otherInputs`: what else the output depends on, each named ("base-url …", "commit …").
    package init(site: LoadedSite, strict: Bool, tool: String, otherInputs: [String] = []) {
        var hash = StableHash()
        hash.add(tool)
        hash.add(strict ? "strict" : "lenient")
        otherInputs.forEach { hash.add($0) }
        if let configuration = site.configuration { hash.add(configuration) }
        for source in site.sources {
            switch source {
            case .file(let file): hash.add(file)
            case .folder(let path, let files):
                hash.add(path)
                files.forEach { hash.add($0) }
            }
        }
        for name in site.templates.keys.sorted() { if let file = site.templates[name] { hash.add(file) } }
        site.assets.forEach { hash.add($0) }
        for file in site.staticFiles {
            hash.add(file.path)
            hash.add(file.stamp)
        }
        site.stringCatalogs.forEach { hash.add($0) }
        for path in site.contributingGuides.keys.sorted() { hash.add("contributing \(path) \(site.contributingGuides[path]!)") }
        value = hash.hex
    }
}

/// A 128-bit hash that is the same in every process and on every machine (Swift's Hasher is seeded per process),
/// fast enough to hash a hundred megabytes of content in a few tens of milliseconds.
package struct StableHash {
    private var a: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    package mutating func add(_ file: SourceFile) {
        add(file.path)
        add(file.bytes)
    }

    package mutating func add(_ text: String) {
        add(Array(text.utf8))
    }

    package mutating func add(_ bytes: [UInt8]) {
        mix(UInt64(bytes.count))
        let span = bytes.span, raw = span.bytes
        var offset = 0
        if span.count >= 64 {
            // Four words at a time, each into a lane of its own, so that the lanes' multiplications overlap: one
            // chain waits on each multiplication, and hashing is a large share of a rebuild that finds nothing
            // changed.
            var lanes = (a, b, a ^ 0x6A09_E667_F3BC_C908, b ^ 0xBB67_AE85_84CA_A73B)
            while offset + 32 <= span.count {
                lanes.0 = StableHash.lane(lanes.0, raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = StableHash.lane(lanes.1, raw.unsafeLoadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                lanes.2 = StableHash.lane(lanes.2, raw.unsafeLoadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                lanes.3 = StableHash.lane(lanes.3, raw.unsafeLoadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
            mix(lanes.0)
            mix(lanes.1)
            mix(lanes.2)
            mix(lanes.3)
        }
        while offset + 8 <= span.count {
            mix(raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < span.count {
            tail |= UInt64(span[offset]) << shift
            shift += 8
            offset += 1
        }
        mix(tail)
    }

    /// One step of a lane: every word changes the lane (the step can be undone, so no two words give the same lane).
    @inline(__always)
    private static func lane(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 29)
    }

    private mutating func mix(_ word: UInt64) {
        a = (a ^ word) &* 0xFF51_AFD7_ED55_8CCD
        a ^= a >> 29
        b = (b &+ word &+ a) &* 0xC4CE_B9FE_1A85_EC53
        b ^= b >> 32
    }

    package var hex: String {
        String(a, radix: 16).leftPadded(to: 16) + String(b, radix: 16).leftPadded(to: 16)
    }
}
