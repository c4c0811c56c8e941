/// How a build spreads its work over threads: the one switch between the serial engine (plain loops on the caller's
/// thread, nothing made ahead of need, no thread started) and the parallel one (the pool's helpers and background
/// threads). Every verb gives the same result under both, so the output of a build is the same byte for byte; only
/// the time differs. Stages ask `Engine.current` for the verbs and never start a thread themselves.
/// Usable from inlinable code, so that the stages see `sort`'s body and specialise it (a member of a `package` type
/// that is not has no body outside this module, whatever `@inlinable` says).
@usableFromInline package struct Engine: Sendable, Equatable {
    /// How many threads a loop may use: 1 for the serial engine.
    @usableFromInline package let width: Int

    /// Plain loops on the caller's thread: the library's default, so that a user of it inherits no threads.
    package static let serial = Engine(width: 1)

    /// A thread per core the process may use.
    package static var parallel: Engine { Engine(jobs: activeCoreCount) }

    /// The engine for `jobs` threads (at least one): 1 is the serial engine.
    package init(jobs: Int) {
        self.init(width: max(1, jobs))
    }

    private init(width: Int) {
        self.width = width
    }

    /// True for the serial engine.
    package var isSerial: Bool { width == 1 }

    /// The engine of the work the caller does now: serial unless a caller chose another with `run(_:)`. Threads the
    /// engine starts see the serial engine, so that work inside a loop's iteration never hands out loops of its own.
    @TaskLocal package static var current = Engine.serial

    /// Runs `body` with this engine as `Engine.current`.
    package func run<Value>(_ body: () throws -> Value) rethrows -> Value {
        try Engine.$current.withValue(self, operation: body)
    }
}
