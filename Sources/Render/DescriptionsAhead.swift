import Dispatch
import IndexSiteCore
import IndexSiteParse
import Synchronization

/// Renders the lists' Markdown descriptions before the pages ask for them, on a core that nothing else wants.
/// Descriptions are a large part of a large build's work and depend only on their entry, while sorting and sectioning,
/// which come first, leave the second core idle much of the time. The page takes what is ready
/// (`PrerenderedDescriptions`) and renders the rest itself, so the output is the same whatever was ready.
package final class DescriptionsAhead: Sendable {
    /// At most this many descriptions are rendered ahead in one build, and at most this many bytes of HTML: a million
    /// entries' would be held until the page is written, beside everything else.
    let maximumTexts: Int, maximumBytes: Int
    let allowUnsafeHTML: Bool
    /// A thread is started once this many descriptions wait: a few the page renders in less time than a thread takes
    /// to start.
    static let minimumTexts = 128

    private let queue = Queue()
    /// The thread that renders, once started.
    private let work = Mutex<BackgroundWork<PrerenderedDescriptions>?>(nil)

    /// A renderer of descriptions ahead, with cmark's safe mode unless the site allows raw HTML (as the pages do).
    package init(allowUnsafeHTML: Bool, maximumTexts: Int = 1 << 18, maximumBytes: Int = 32 << 20) {
        self.allowUnsafeHTML = allowUnsafeHTML
        self.maximumTexts = maximumTexts
        self.maximumBytes = maximumBytes
    }

    deinit {
        // A build that never asked for its descriptions lets the thread go.
        queue.stop()
    }

    /// Queues the descriptions of a list's entries (`field`, Markdown), read in place in their rows now, while the
    /// caller still holds the entries unchanged; the entries may then be sorted and moved.
    package func add(_ entries: [Entry], descriptionField field: FieldPath) {
        guard field.components.count == 1 else { return }
        let name = field.components[0]
        let waiting = queue.add(maximumTexts: maximumTexts) { limit in TextsInRows(entries, field: name, limit: limit) }
        if waiting >= DescriptionsAhead.minimumTexts { startRendering() }
    }

    /// Starts the thread that renders the queued descriptions, once.
    private func startRendering() {
        work.withLock { work in
            guard work == nil else { return }
            let (queue, allowUnsafeHTML, maximumBytes) = (queue, allowUnsafeHTML, maximumBytes)
            work = BackgroundWork(aheadOfNeed: { onItsOwnThread in
                var made = PrerenderedDescriptions(allowUnsafeHTML: allowUnsafeHTML)
                // With no thread of its own it would wait for lists on the caller's: nothing is rendered ahead then.
                guard onItsOwnThread else { return made }
                rendering: while let texts = queue.next() {
                    made.prepare(for: texts)
                    for text in texts.texts {
                        guard !queue.isStopped, made.bytes.count < maximumBytes else { break rendering }
                        made.render(text)
                    }
                }
                queue.stop()
                return made
            })
        }
    }

    /// Stops rendering ahead (the description being rendered is finished) and hands over what was rendered. When the
    /// thread has not begun (it takes only an idle core, and may have had none), nothing was, and nothing is waited for.
    package func finish() -> PrerenderedDescriptions {
        guard queue.stop(), let work = work.withLock({ $0 }) else { return .none }
        return work.value
    }

    /// Renders every description queued (within the limits), then hands them over: for tests, which must know what
    /// was rendered ahead.
    package func finishAll() -> PrerenderedDescriptions {
        startRendering()
        queue.close()
        return work.withLock { $0 }?.value ?? .none
    }

    /// The lists waiting to be rendered, and whether rendering ahead has stopped: shared by the caller, which adds lists
    /// and stops, and the thread that renders.
    private final class Queue: Sendable {
        private struct State {
            var waiting: [TextsInRows] = []
            var taken = 0
            /// No list will be added: the thread stops once those waiting are rendered.
            var closed = false
            var stopped = false
            /// The thread took a list to render.
            var began = false
        }

        private let state = Mutex(State())
        /// `State.stopped`, read without the lock between two descriptions.
        private let stopped = Atomic(false)
        /// Signalled once for each list added, and once when closed or stopped.
        private let wake = DispatchSemaphore(value: 0)

        var isStopped: Bool { stopped.load(ordering: .relaxed) }

        /// Adds the texts `read` takes (at most the count it is given: what is left of `maximumTexts`), unless stopped;
        /// returns how many texts wait to be rendered.
        func add(maximumTexts: Int, _ read: (_ limit: Int) -> TextsInRows) -> Int {
            let limit = state.withLock { $0.stopped ? 0 : maximumTexts - $0.taken }
            guard limit > 0 else { return 0 }
            let texts = read(limit)
            guard !texts.texts.isEmpty else { return 0 }
            let waiting = state.withLock { state in
                state.waiting.append(texts)
                state.taken += texts.texts.count
                return state.waiting.reduce(0) { $0 + $1.texts.count }
            }
            wake.signal()
            return waiting
        }

        /// The next list's texts, waiting for one to be added; nil once stopped, or closed with none waiting.
        func next() -> TextsInRows? {
            while true {
                let (texts, done) = state.withLock { state -> (TextsInRows?, Bool) in
                    if state.stopped { return (nil, true) }
                    if state.waiting.isEmpty { return (nil, state.closed) }
                    state.began = true
                    return (state.waiting.removeFirst(), false)
                }
                if texts != nil || done { return texts }
                wake.wait()
            }
        }

        func close() {
            state.withLock { $0.closed = true }
            wake.signal()
        }

        /// Stops the rendering; returns whether the thread had begun (and so has something to hand over).
        @discardableResult
        func stop() -> Bool {
            let began = state.withLock { state in
                state.stopped = true
                return state.began
            }
            stopped.store(true, ordering: .relaxed)
            wake.signal()
            return began
        }
    }
}

/// Descriptions rendered to HTML ahead of the page (`DescriptionsAhead`), found by where their Markdown is: the bytes
/// in the entry's row, which stay where they are while the tables that hold them (kept here) live.
package struct PrerenderedDescriptions: @unchecked Sendable {
    // Only read once made: the pages of a list are rendered on every core at once.
    private(set) var bytes: [UInt8] = []
    /// Where each rendered description's HTML is in `bytes`, by the address of its Markdown's first byte: an open table
    /// of a power-of-two size, at most half full, as a `Dictionary` of the addresses spends its time hashing them with
    /// SipHash, which an address does not need.
    private var slots: [Slot] = []
    /// How many descriptions are ready.
    package private(set) var count = 0
    private var tables: [FieldTexts] = []
    let allowUnsafeHTML: Bool

    /// A rendered description: the address of its Markdown (0 for an empty slot) and its length (a text at the same
    /// address is the same text only if it is as long), and where its HTML is in `bytes`.
    private struct Slot {
        var address: UInt = 0
        var markdownCount: Int32 = 0
        var start: Int32 = 0
        var count: Int32 = 0
    }

    /// Nothing rendered: every description is rendered by the page.
    package static let none = PrerenderedDescriptions(allowUnsafeHTML: false)

    init(allowUnsafeHTML: Bool) {
        self.allowUnsafeHTML = allowUnsafeHTML
    }

    /// Keeps the tables of `texts` and makes room for them and their HTML (about one and a half times their Markdown).
    mutating func prepare(for texts: TextsInRows) {
        tables += texts.tables
        var capacity = max(slots.count, 64)
        while capacity < 2 * (count + texts.texts.count) { capacity *= 2 }
        if capacity > slots.count { resize(to: capacity) }
        bytes.reserveCapacity(bytes.count + texts.texts.reduce(0) { $0 + $1.count } * 3 / 2)
    }

    /// Renders `markdown` (bytes in one of the kept tables) as the page would.
    mutating func render(_ markdown: UnsafeBufferPointer<UInt8>) {
        guard let address = markdown.baseAddress, bytes.count + markdown.count * 8 < Int32.max, markdown.count < Int32.max else { return }
        if 2 * (count + 1) > slots.count { resize(to: max(64, slots.count * 2)) }
        let key = UInt(bitPattern: address)
        var slot = PrerenderedDescriptions.home(of: key, in: slots.count)
        while slots[slot].address != 0 {
            if slots[slot].address == key { return }
            slot = (slot + 1) & (slots.count - 1)
        }
        let start = bytes.count
        CommonMark.appendHTML(markdown, allowUnsafeHTML: allowUnsafeHTML, to: &bytes)
        slots[slot] = Slot(address: key, markdownCount: Int32(markdown.count), start: Int32(start), count: Int32(bytes.count - start))
        count += 1
    }

    /// Appends the HTML of `markdown` when it was rendered ahead with the same options, and says whether it was.
    func appendHTML(of markdown: UnsafeBufferPointer<UInt8>, allowUnsafeHTML: Bool, to output: inout [UInt8]) -> Bool {
        guard count > 0, allowUnsafeHTML == self.allowUnsafeHTML, let address = markdown.baseAddress else { return false }
        let key = UInt(bitPattern: address)
        return slots.withUnsafeBufferPointer { slots in
            var slot = PrerenderedDescriptions.home(of: key, in: slots.count)
            while slots[slot].address != 0 {
                if slots[slot].address == key {
                    let found = slots[slot]
                    guard Int(found.markdownCount) == markdown.count else { return false }
                    bytes.withUnsafeBufferPointer {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[Int(found.start)..<Int(found.start) + Int(found.count)]))
                    }
                    return true
                }
                slot = (slot + 1) & (slots.count - 1)
            }
            return false
        }
    }

    /// Asks the processor to start loading where `markdown`'s HTML would be found (see `ListPages.entryRows`).
    func prefetchPlace(of markdown: UnsafeBufferPointer<UInt8>) {
        guard count > 0, let address = markdown.baseAddress else { return }
        slots.withUnsafeBufferPointer { slots in
            prefetch(UnsafeRawPointer(slots.baseAddress! + PrerenderedDescriptions.home(of: UInt(bitPattern: address), in: slots.count)))
        }
    }

    /// Asks the processor to start loading `markdown`'s HTML (its first three cache lines), once its place is loaded
    /// (`prefetchPlace(of:)`, a few entries before).
    func prefetchHTML(of markdown: UnsafeBufferPointer<UInt8>) {
        guard count > 0, let address = markdown.baseAddress else { return }
        let key = UInt(bitPattern: address)
        slots.withUnsafeBufferPointer { slots in
            let slot = slots[PrerenderedDescriptions.home(of: key, in: slots.count)]
            guard slot.address == key else { return } // elsewhere after a collision, or not rendered: not worth a walk
            bytes.withUnsafeBufferPointer { bytes in
                let html = UnsafeRawPointer(bytes.baseAddress! + Int(slot.start))
                for line in stride(from: 0, to: min(Int(slot.count), 192), by: 64) { prefetch(html + line) }
            }
        }
    }

    /// Where `key` is looked for first in a table of `size` slots (a power of two): its high bits once multiplied
    /// by the golden ratio, so that addresses a few bytes apart land far apart.
    private static func home(of key: UInt, in size: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - size.trailingZeroBitCount))
    }

    private mutating func resize(to size: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(), count: size)
        for entry in old where entry.address != 0 {
            var slot = PrerenderedDescriptions.home(of: entry.address, in: size)
            while slots[slot].address != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = entry
        }
    }
}
