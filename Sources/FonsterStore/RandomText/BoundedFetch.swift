import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP GET held to limits an untrusted server cannot stretch: a single deadline for the
/// whole exchange (connect, headers, body), a body limit (reading stops past it), a number of
/// redirects, and http/https only (for redirect targets too). Any breach is a failure.
final class BoundedFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The limits of one fetch.
    struct Limits: Sendable {
        /// Seconds for the whole exchange.
        var deadline: TimeInterval
        /// The most body bytes read.
        var maxBodyBytes: Int
        /// The most redirects followed.
        var maxRedirects: Int
    }

    private let limits: Limits
    private let lock = NSLock()
    private var body = Data()  // guarded by lock
    private var status = 0  // guarded by lock
    private var redirects = 0  // guarded by lock
    private var continuation: CheckedContinuation<(status: Int, body: Data)?, Never>?  // guarded by lock

    private init(limits: Limits) { self.limits = limits }

    /// The status and body of `request` (a GET), or nil on any failure or breach of `limits`.
    /// `http` goes over a plain socket (`PlainHTTPGet`), which stops reading at the limit;
    /// `https` needs URLSession, which may receive somewhat past the limit before it stops.
    static func get(_ request: URLRequest, limits: Limits) async -> (status: Int, body: Data)? {
        guard var url = request.url, isAllowed(url) else { return nil }
        let deadline = ContinuousClock.now + .milliseconds(Int(limits.deadline * 1000))
        var redirects = 0
        while url.scheme?.lowercased() == "http" {
            let accept = request.value(forHTTPHeaderField: "Accept") ?? "*/*"
            let target = url
            guard let reply = await offThread(until: deadline, {
                PlainHTTPGet.get(target, accept: accept, deadline: deadline, maxBodyBytes: limits.maxBodyBytes)
            }) else { return nil }
            guard [301, 302, 303, 307, 308].contains(reply.status), let location = reply.headers["location"] else {
                return (reply.status, Data(reply.body))
            }
            redirects += 1
            guard redirects <= limits.maxRedirects, let next = URL(string: location, relativeTo: url)?.absoluteURL,
                  isAllowed(next) else { return nil }
            url = next
        }
        let left = deadline - ContinuousClock.now
        var remaining = limits
        remaining.deadline = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        remaining.maxRedirects -= redirects
        guard remaining.deadline > 0 else { return nil }
        var secure = request
        secure.url = url
        return await viaURLSession(secure, limits: remaining)
    }

    /// Runs blocking `work` on a thread of its own; nil when it has not finished by `deadline`
    /// (the thread then ends on its own, its result dropped).
    private static func offThread(until deadline: ContinuousClock.Instant,
                                  _ work: @escaping @Sendable () -> PlainHTTPGet.Reply?) async -> PlainHTTPGet.Reply? {
        let once = OnceReply()
        return await withCheckedContinuation { continuation in
            once.continuation = continuation
            // Threads of their own: a busy dispatch pool must not delay the deadline.
            Thread.detachNewThread {
                let left = deadline - ContinuousClock.now
                if left > .zero { Thread.sleep(forTimeInterval: Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18) }
                once.resume(nil)
            }
            Thread.detachNewThread { once.resume(work()) }
        }
    }

    /// `get` through URLSession (for https), with the deadline, limit and redirect checks in its delegate.
    private static func viaURLSession(_ request: URLRequest, limits: Limits) async -> (status: Int, body: Data)? {
        let fetch = BoundedFetch(limits: limits)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limits.deadline
        configuration.timeoutIntervalForResource = limits.deadline
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: fetch, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                fetch.lock.lock()
                fetch.continuation = continuation
                fetch.lock.unlock()
                Thread.detachNewThread { [weak task] in
                    Thread.sleep(forTimeInterval: limits.deadline)
                    fetch.finish(nil)
                    task?.cancel()
                }
                task.resume()
            }
        } onCancel: {
            fetch.finish(nil)
            task.cancel()
        }
    }

    /// Whether `url` may be fetched: http or https only.
    static func isAllowed(_ url: URL?) -> Bool {
        guard let scheme = url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// Resumes the waiting caller once; later calls do nothing.
    private func finish(_ result: (status: Int, body: Data)?) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: result)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let declared = response.expectedContentLength
        if declared > Int64(limits.maxBodyBytes) {
            finish(nil)
            completionHandler(.cancel)
            return
        }
        lock.lock()
        status = (response as? HTTPURLResponse)?.statusCode ?? 0
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let over = body.count + data.count > limits.maxBodyBytes
        if !over { body.append(data) }
        lock.unlock()
        if over {
            finish(nil)
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        lock.lock()
        redirects += 1
        let allowed = redirects <= limits.maxRedirects && Self.isAllowed(request.url)
        lock.unlock()
        if allowed {
            completionHandler(request)
        } else {
            finish(nil)
            completionHandler(nil)
            task.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let result = (status: status, body: body)
        lock.unlock()
        finish(error == nil ? result : nil)
    }
}

/// Hands one result to a waiting continuation; later results are dropped.
private final class OnceReply: @unchecked Sendable {
    private let lock = NSLock()
    var continuation: CheckedContinuation<PlainHTTPGet.Reply?, Never>?  // guarded by lock

    func resume(_ value: PlainHTTPGet.Reply?) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }
}
