import Foundation
import Testing

// Swift Testing runs every test, synchronous ones too, on Swift's cooperative pool, which has one thread per core.
// A test that blocks (waits for a subprocess, reads a socket, builds a large site) holds one of those threads, and two
// such tests on a 2-core machine hold them all: the in-process preview and link-check servers, and every async test,
// then wait until they end (the parallel suite lost six server tests that way). Blocking work goes off that pool.

/// Threads kept for tests that block, so that they never hold the cooperative pool: a `TaskExecutor` the `.offThePool`
/// trait makes its tests prefer. As many threads as cores: blocking tests still run side by side no more than the
/// machine can take, and wait for a thread (holding none) otherwise.
public final class BlockingTestThreads: TaskExecutor, @unchecked Sendable {
    /// The one set of threads every suite with `.offThePool` shares.
    public static let shared = BlockingTestThreads(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for index in 0..<count {
            Thread.detachNewThread { [self] in
                Thread.current.name = "blocking-tests-\(index)"
                runJobs()
            }
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func runJobs() {
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs each test of a suite (or one test) on `BlockingTestThreads` instead of the cooperative pool. For suites whose
/// tests block: subprocesses, blocking sockets, builds of real content. Not for tests that need an in-process server's
/// async work to run while they wait (their own tasks would queue behind other blocking tests).
public struct OffThePool: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(BlockingTestThreads.shared) { try await function() }
    }
}

extension Trait where Self == OffThePool {
    /// Run on threads kept for blocking tests, not on the cooperative pool (`OffThePool`).
    public static var offThePool: Self { OffThePool() }
}

extension TestSupport {
    /// `body`, which blocks, run on a thread of its own while the calling task waits without holding a thread of the
    /// cooperative pool: for a blocking step inside an async test that also needs the pool (an in-process server).
    public static func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { done in
            Thread.detachNewThread { done.resume(with: Result { try body() }) }
        }
    }

    /// Runs the binary as `run(_:in:environment:)` does, off the cooperative pool (`offThePool(_:)`).
    @discardableResult
    public static func run(_ arguments: [String], in directory: URL, environment: [String: String]? = nil) async throws -> Run {
        try await offThePool { try run(arguments, in: directory, environment: environment) }
    }
}
