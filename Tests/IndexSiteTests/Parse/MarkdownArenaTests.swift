import CMarkdownArena
import Testing
@testable import IndexSiteParse

/// cmark's arena allocator (`CMarkdownArena`): what cmark allocates keeps its bytes while it grows and while other
/// blocks are allocated, and documents parsed in it read as documents parsed with cmark's own allocator.
@Suite struct MarkdownArenaTests {
    @Test func buffersKeepTheirBytesAsTheyGrow() throws {
        indexsite_arena_enter()
        defer { indexsite_arena_leave() }
        let mem = try #require(indexsite_arena_mem()).pointee
        // Several buffers grown in turn (so only the last can grow in place), past a block's size of a megabyte.
        var buffers: [(pointer: UnsafeMutableRawPointer, size: Int, byte: UInt8)] = []
        for index in 0..<6 {
            let pointer = try #require(mem.calloc(1, 10))
            #expect(pointer.load(fromByteOffset: 9, as: UInt8.self) == 0)
            pointer.initializeMemory(as: UInt8.self, repeating: UInt8(index + 1), count: 10)
            buffers.append((pointer, 10, UInt8(index + 1)))
        }
        for round in 0..<12 {
            for index in buffers.indices {
                let size = buffers[index].size * 2 + round
                let pointer = try #require(mem.realloc(buffers[index].pointer, size))
                #expect((0..<buffers[index].size).allSatisfy { pointer.load(fromByteOffset: $0, as: UInt8.self) == buffers[index].byte })
                pointer.advanced(by: buffers[index].size).initializeMemory(as: UInt8.self, repeating: buffers[index].byte, count: size - buffers[index].size)
                buffers[index].pointer = pointer
                buffers[index].size = size
                #expect(Int(bitPattern: pointer) % 16 == 0)
            }
        }
        #expect(buffers.allSatisfy { $0.size > 1 << 14 })
        for buffer in buffers {
            #expect((0..<buffer.size).allSatisfy { buffer.pointer.load(fromByteOffset: $0, as: UInt8.self) == buffer.byte })
        }
    }

    /// Every node's kind, with the text of text nodes, in walk order.
    static func outline(_ document: MarkdownNode) -> [String] {
        var kinds: [String] = []
        document.forEachEvent { node, entering in
            if entering { kinds.append("\(node.kind)" + (node.kind == .text ? String(decoding: node.literalBytes, as: UTF8.self) : "")) }
        }
        return kinds
    }

    @Test func documentsInTheArenaReadAsAnyOther() {
        let markdown = Array((0..<2_000).map { "- [Item \($0)](https://example.org/\($0)) - *said* `code` and <b>html</b>\n" }.joined().utf8)
        // withFragment parses with cmark's own allocator.
        let reference = CommonMark.withFragment(markdown, Self.outline)
        let fromArena = CommonMark.withDocument(markdown, Self.outline)
        // Nested inside another arena document: the inner one must not empty the outer's arena.
        let nested = CommonMark.withDocument(Array("# outer".utf8)) { outer in
            (CommonMark.withDocument(markdown, Self.outline), Self.outline(outer))
        }
        #expect(reference.count > 10_000)
        #expect(fromArena == reference)
        #expect(nested.0 == reference)
        #expect(nested.1 == ["document", "heading", "textouter"])
    }
}
