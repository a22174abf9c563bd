import Limits

// The transport's limits as `Limit`s, apart from `ServerLimits` so that the types they name
// (the lobby) stay out of what needs only the bounds (the fuzz targets build ServerLimits.swift alone).

extension ServerLimits {
    /// Every limit of the transport, the configurable ones as `limits` has them.
    public static func all(_ limits: ServerLimits) -> [Limit] {
        [
            Limit("ServerLimits.maxConcurrentRequests", .count(limits.maxConcurrentRequests, unit: "units"),
                  "of requests running at once: each request (each batch entry) holds its weight, 1 or a heavy one's, "
                  + "heavy ones together at most (N − N/16) / 2, so N/16 is always left for light ones", group: "requests", option: "--max-concurrent",
                  passed: "the request waits for its turn; the server goes on reading (cancels, `exit`, light requests)"),
            Limit("ServerLimits.maxWaitingRequests", .count(limits.maxWaitingRequests, unit: "requests"),
                  "read and waiting for their turn before input is not read", group: "requests"),
            Limit("ServerLimits.maxBatchEntries", .count(limits.maxBatchEntries, unit: "entries"), "in one batch", group: "requests",
                  option: "--max-batch",
                  passed: "one `-32600` (id `null`, `data {field: \"batch\", limit}`), counted before the entries are parsed; nothing runs"),
            Limit("ServerLimits.maxMessageBytes", .bytes(maxMessageBytes), "in one message (Content-Length body, NDJSON line, WebSocket message)",
                  group: "requests", passed: "`-32700` and the message skipped (stdio); close `1009` (WebSocket)"),
            Limit("ServerLimits.maxHeaderLineBytes", .bytes(maxHeaderLineBytes), "in one header line of a Content-Length frame", group: "requests"),
            Limit("ServerLimits.endQuiet", .duration(endQuiet),
                  "without progress after exit or the end of input before a stdio server cancels and exits", group: "requests"),
            Limit("ServerLimits.maxResponseBytes", .bytes(limits.maxResponseBytes), "in one answer", group: "responses", option: "--max-response-bytes",
                  passed: "`-32001` instead, saying how to ask for less; `creature/frames` stops as soon as its page would pass it "
                  + "(`data {field: \"count\", limit, fit}`: page with `start`/`count`), `creature/animate` likewise (`data.field: \"size\"`)"),
            Limit("ServerLimits.maxBatchResponseBytes", .bytes(limits.maxBatchResponseBytes), "in one batch's answer", group: "responses",
                  option: "--max-response-bytes", passed: "the entries past it are answered `-32001`"),
            Limit("ServerLimits.memoryBudget", .bytes(limits.memoryBudget),
                  "held for all clients together: queued answers, unfinished messages, running work, kept pictures", group: "memory",
                  option: "--memory-budget",
                  passed: "the greediest WebSocket client over its fair share is closed (1008), or the asking client waits"),
            Limit("ServerLimits.connectionBytes", .bytes(connectionBytes), "counted in the memory budget for each WebSocket connection, whatever it does",
                  group: "memory"),
            Limit("ServerLimits.maxQueuedOutputBytes", .bytes(limits.maxQueuedOutputBytes),
                  "of answers waiting for a client, with the estimates of its running requests, before no more work starts",
                  group: "back-pressure", option: "--max-queued-output",
                  passed: "no more work starts; once the output alone passes it the server stops reading input until the client reads; "
                  + "everything is still answered"),
            Limit("ServerLimits.maxReadAheadMessages", .count(maxReadAheadMessages, unit: "messages"), "read ahead of the session before the reader waits",
                  group: "back-pressure"),
            Limit("ServerLimits.maxReadAheadBytes", .bytes(maxReadAheadBytes), "of messages read ahead of the session before the reader waits",
                  group: "back-pressure"),
            Limit("ServerLimits.readChunkBytes", .bytes(readChunkBytes), "read at once, each granted by the memory budget first", group: "back-pressure"),
            Limit("ServerLimits.joinedWriteBytes", .bytes(joinedWriteBytes), "of answers joined into one write", group: "back-pressure"),
            Limit("ServerLimits.directWriteBytes", .bytes(directWriteBytes),
                  "of an answer written without the writer thread where a pipe's room is unknown", group: "back-pressure"),
            Limit("ServerLimits.maxPongQueueBytes", .bytes(maxPongQueueBytes), "queued for a WebSocket before its pongs wait (and a due ping closes it)",
                  group: "back-pressure"),
            Limit("ServerLimits.maxEarlyOutputBytes", .bytes(maxEarlyOutputBytes),
                  "of notifications held before a stdio client's first message shows its framing", group: "back-pressure"),
            Limit("ServerLimits.defaultRequestBytes", .bytes(defaultRequestBytes), "estimated for a request that says nothing of its size", group: "work"),
            Limit("ServerLimits.inlineWorkBytes", .bytes(inlineWorkBytes), "estimated: smaller work runs where it is, bigger on the compute pool",
                  group: "work"),
            Limit("ServerLimits.maxWebConnections", .count(maxWebConnections, unit: "connections"),
                  "open at once that showed the token (pages, files and WebSockets together): the slots", group: "web", passed: "`503` and closed"),
            Limit("ServerLimits.maxLobbyConnections", .count(maxLobbyConnections, unit: "connections"),
                  "in the lobby: their first request is not read yet (what they send is counted in the memory budget)", group: "web",
                  passed: "the longest-waiting, once it has waited its grace, is closed for a newcomer; one the memory budget has no room for waits, unread, and is answered 503 at its deadline"),
            Limit("ServerLimits.lobbyGrace", .duration(lobbyGrace), "a waiting connection is kept before a newcomer may displace it", group: "web"),
            Limit("ServerLimits.tokenDeadline", .duration(tokenDeadline), "for a new connection to send a whole first request with the token",
                  group: "web", passed: "`408` (if begun) and closed"),
            Limit("ServerLimits.headDeadline", .duration(headDeadline), "to send each later request head on a connection", group: "web",
                  passed: "`408` (if begun) and closed"),
            Limit("ServerLimits.maxHTTPHeadBytes", .bytes(maxHTTPHeadBytes), "in an HTTP request head", group: "web", passed: "`431` and closed"),
            Limit("ServerLimits.maxHTTPHeaders", .count(maxHTTPHeaders, unit: "fields"), "in an HTTP request head", group: "web",
                  passed: "`431` and closed"),
            Limit("Lobby.maxDiscard", .bytes(Lobby.maxDiscard), "of a refused connection's input discarded before it is closed anyway", group: "web"),
            Limit("Lobby.linger", .duration(Lobby.linger), "a refused connection is drained before it is closed (so its client reads the answer)",
                  group: "web"),
            Limit("ServerLimits.openFiles", .count(openFiles, unit: "files"), "open at once, asked of the system", group: "web"),
            Limit("ServerLimits.pingInterval", .duration(pingInterval), "of quiet (nothing received) before a WebSocket is pinged", group: "web",
                  option: "--ping-interval"),
            Limit("ServerLimits.pingTimeout", .duration(pingTimeout), "a pinged WebSocket has to answer", group: "web", option: "--ping-timeout",
                  passed: "close `1001`"),
        ]
    }
}
