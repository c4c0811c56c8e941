/// Lets at most a set number of requests be open at once to each host, and queues the rest in order of arrival.
/// Hosts are counted by name and port, so a server is never sent more than its limit however many links it has.
actor HostGate {
    /// The limit of a host, by its `host:port` key.
    let limit: @Sendable (String) -> Int
    private var open: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(limit: @escaping @Sendable (String) -> Int) {
        self.limit = limit
    }

    /// Waits until `host` has a free place, and takes it.
    func enter(_ host: String) async {
        if open[host, default: 0] < limit(host) {
            open[host, default: 0] += 1
            return
        }
        await withCheckedContinuation { waiting[host, default: []].append($0) }
    }

    /// Gives the place back: to the first request waiting for the host, if any.
    func leave(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue.isEmpty ? nil : queue
            next.resume()
        } else {
            open[host, default: 1] -= 1
        }
    }
}
