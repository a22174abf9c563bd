#if canImport(Glibc)
import Glibc
#endif

/// How the C allocator gives memory back, set once at start-up so that the process's resident
/// size follows what the memory budget counts (protocol.md, "Execution model").
///
/// glibc's defaults keep freed memory: a big block freed raises the size from which blocks are
/// mapped on their own (up to 32 MiB), so later big messages come from heaps that keep their
/// peak, and each thread may get a heap of its own (eight per core). Under 64 WebSocket clients
/// sending 200 KiB messages the peak was 30 MiB higher with the defaults
/// (`Tests/e2e/test_siege.py`, docs/benchmarks.md "Siege").
enum MemoryReturn {
    /// Blocks of this size or more are mapped on their own and unmapped when freed.
    static let mappedFrom: Int32 = 64 << 10
    /// At most this many heaps, whatever the number of threads.
    static let heaps: Int32 = 2

    /// Sets both through glibc's `mallopt` (malloc.h's M_MMAP_THRESHOLD is -3, M_ARENA_MAX -8;
    /// the header is not in Swift's Glibc module, so the function is looked up). Nothing happens
    /// on other C libraries.
    static func configure() {
        #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        _ = mallopt(-3, mappedFrom)
        _ = mallopt(-8, heaps)
        #endif
    }
}
