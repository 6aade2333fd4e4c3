#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import DaybookCore
import Foundation

/// A small, strict HTTP/1.1 server for previewing a built site: it listens on 127.0.0.1
/// only, answers GET and HEAD with files from one folder, and nothing else.
///
/// - One thread per connection, at most `Limits.maxConnections` at once; every response
///   ends with `Connection: close`.
/// - The request line and headers are capped (`Limits.maxHeaderBytes`) and must arrive
///   within `Limits.readTimeout`; a request body is never read.
/// - A path is percent-decoded once; NUL, backslashes and `..` segments are refused, and a
///   file whose real path (symlinks resolved) is outside the root is refused (403). Dot files
///   and folders are not served, but for the top folder `.well-known/`.
/// - A folder serves its `index.html`; a folder asked for without its trailing slash is
///   redirected (301) to the slash form; a missing file is a 404 with the site's own
///   `404.html` when it has one.
/// - With live reload on, HTML responses get a tiny inline script that polls
///   `/__daybook/stamp` and reloads the page when the build stamp changes. The files on
///   disk are never touched.
final class StaticServer: @unchecked Sendable {
    struct Limits: Sendable {
        /// The request line and headers together, terminating blank line included.
        var maxHeaderBytes = 8 * 1024
        var maxHeaderCount = 100
        /// Seconds from accepting a connection to having its whole request head.
        var readTimeout: Double = 5
        /// Seconds a blocked write may take before the connection is dropped.
        var writeTimeout: Double = 10
        var maxConnections = 64
    }

    /// The path the live-reload script polls for the build stamp.
    static let stampPath = "/__daybook/stamp"

    let root: String
    let liveReload: Bool
    let limits: Limits

    private let lock = NSLock()
    private var realRoot = ""
    private var listener: Int32 = -1
    private var started = false
    private var stopping = false
    private var boundPort: UInt16 = 0
    private var stampValue: String
    private var builds = 0
    private var failureText: String?
    private var connections: Set<Int32> = []
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    /// The path the site is published under (`["diary"]` for `https://example.org/diary/`): it is
    /// served there too, so the links of its 404 page, which start at that path, work. Serve sets
    /// it again after a build that found another `baseURL`.
    var mount: [String] {
        get { lock.withLock { mountSegments } }
        set { lock.withLock { mountSegments = newValue } }
    }
    private var mountSegments: [String]

    init(root: String, liveReload: Bool = true, limits: Limits = Limits(), mount: [String] = []) {
        self.root = root
        self.liveReload = liveReload
        self.limits = limits
        mountSegments = mount
        stampValue = StaticServer.makeStamp(builds: 0)
    }

    deinit {
        if listener >= 0 { close(listener) }
    }

    /// The port the server listens on (0 before `start`).
    var port: UInt16 { lock.withLock { boundPort } }

    /// The current build stamp that the live-reload script compares.
    var stamp: String { lock.withLock { stampValue } }

    /// Records a successful build: open pages reload on their next poll.
    func markBuilt() {
        lock.withLock {
            builds += 1
            stampValue = StaticServer.makeStamp(builds: builds)
            failureText = nil
        }
    }

    /// Records a failed rebuild: open pages reload on their next poll and show `report` (its
    /// errors) over the last good build, until a build succeeds.
    func markFailed(_ report: String) {
        lock.withLock {
            builds += 1
            stampValue = StaticServer.makeStamp(builds: builds)
            failureText = report
        }
    }

    /// Whether pages are sent with a failed rebuild's errors (``markFailed(_:)``).
    var showsFailure: Bool { lock.withLock { failureText != nil } }

    /// The stamp and the failed rebuild's errors, read together.
    private var reloadState: (stamp: String, failure: String?) { lock.withLock { (stampValue, failureText) } }

    private static func makeStamp(builds: Int) -> String {
        // The start time keeps stamps of two server runs apart, so pages left open across a
        // restart reload too.
        "\(Int64(Date().timeIntervalSince1970 * 1000))-\(builds)"
    }

    /// Binds 127.0.0.1:`port` (0 picks a free port), starts accepting and returns the port.
    @discardableResult
    func start(port: UInt16 = 0) throws(ServerError) -> UInt16 {
        guard lock.withLock({ !started }) else { throw ServerError("the server is already started") }
        guard let resolvedRoot = RealPath.of(root) else {
            throw ServerError("\(root): no such folder to serve")
        }
        let fd = socket(AF_INET, StaticServer.streamSocket, 0)
        guard fd >= 0 else { throw ServerError("cannot open a socket: \(StaticServer.lastError())") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let message = StaticServer.lastError()
            close(fd)
            throw ServerError("cannot listen on 127.0.0.1:\(port): \(message)")
        }
        guard listen(fd, 64) == 0 else {
            let message = StaticServer.lastError()
            close(fd)
            throw ServerError("cannot listen on 127.0.0.1:\(port): \(message)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let chosen = UInt16(bigEndian: actual.sin_port)
        lock.withLock {
            realRoot = resolvedRoot
            listener = fd
            boundPort = chosen
            started = true
        }
        let thread = Thread { [self] in acceptLoop(fd) }
        thread.name = "daybook-serve-accept"
        thread.start()
        return chosen
    }

    /// Stops accepting, cuts open connections short and returns once the listener is closed.
    func stop() {
        let wasRunning: Bool = lock.withLock {
            guard started, !stopping else { return false }
            stopping = true
            for fd in connections { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        if wasRunning { acceptLoopDone.wait() }
    }

    // MARK: Accepting

    private func acceptLoop(_ fd: Int32) {
        defer {
            lock.withLock {
                close(fd)
                listener = -1
            }
            acceptLoopDone.signal()
        }
        while !lock.withLock({ stopping }) {
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, 100)
            if ready <= 0 { continue }
            let client = accept(fd, nil, nil)
            if client < 0 { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            StaticServer.configure(client, writeTimeout: limits.writeTimeout)
            let admitted: Bool = lock.withLock {
                guard !stopping, connections.count < limits.maxConnections else { return false }
                connections.insert(client)
                return true
            }
            guard admitted else {
                var response = Response.plain(503, "The preview server is busy; try again.")
                response.headers.append(("Retry-After", "1"))
                _ = send(client, response, head: false)
                close(client)
                continue
            }
            let thread = Thread { [self] in
                handle(client)
                _ = lock.withLock { connections.remove(client) }
                close(client)
            }
            thread.name = "daybook-serve-connection"
            thread.start()
        }
    }

    private static func configure(_ fd: Int32, writeTimeout: Double) {
        var timeout = timeval(tv_sec: Int(writeTimeout), tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    // MARK: One connection

    private func handle(_ fd: Int32) {
        let head: [UInt8]
        switch readHead(fd) {
        case .head(let bytes): head = bytes
        case .closed: return
        case .timedOut:
            _ = send(fd, .plain(408, "The request did not arrive in time."), head: false)
            return
        case .tooLarge(let status):
            _ = send(fd, .plain(status, "The request is too large."), head: false)
            lingeringClose(fd)
            return
        }
        let request: Request
        switch Request.parse(head, maxHeaderCount: limits.maxHeaderCount) {
        case .failure(let failure):
            _ = send(fd, .plain(failure.status, failure.message), head: false)
            lingeringClose(fd)
            return
        case .success(let parsed):
            request = parsed
        }
        let response = respond(to: request)
        _ = send(fd, response, head: request.method == "HEAD")
        lingeringClose(fd)
    }

    private enum HeadRead {
        case head([UInt8])
        case closed
        case timedOut
        case tooLarge(Int)
    }

    /// Reads up to the blank line that ends the request head, within the limits.
    private func readHead(_ fd: Int32) -> HeadRead {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limits.readTimeout * 1e9)
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var scanned = 0
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return .timedOut }
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(UInt64(Int32.max), (deadline - now + 999_999) / 1_000_000))
            let ready = poll(&waiting, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if ready == 0 { return .timedOut }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .closed
            }
            if n == 0 { return .closed }
            buffer.append(contentsOf: chunk[0..<n])
            if let end = StaticServer.endOfHead(buffer, from: max(0, scanned - 3)) {
                if end > limits.maxHeaderBytes { return .tooLarge(StaticServer.tooLargeStatus(buffer, limit: limits.maxHeaderBytes)) }
                return .head(Array(buffer[0..<end]))
            }
            scanned = buffer.count
            if buffer.count > limits.maxHeaderBytes {
                return .tooLarge(StaticServer.tooLargeStatus(buffer, limit: limits.maxHeaderBytes))
            }
        }
    }

    /// 414 when the request line alone is too long, else 431.
    private static func tooLargeStatus(_ buffer: [UInt8], limit: Int) -> Int {
        let lineEnd = buffer.prefix(limit).firstIndex(of: UInt8(ascii: "\n"))
        return lineEnd == nil ? 414 : 431
    }

    /// The length of the head, blank line included, if the buffer holds all of it.
    private static func endOfHead(_ buffer: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < buffer.count {
            if buffer[i] == UInt8(ascii: "\n") {
                if i + 1 < buffer.count, buffer[i + 1] == UInt8(ascii: "\n") { return i + 2 }
                if i + 2 < buffer.count, buffer[i + 1] == UInt8(ascii: "\r"), buffer[i + 2] == UInt8(ascii: "\n") { return i + 3 }
            }
            i += 1
        }
        return nil
    }

    /// Closes the sending side, then reads and drops whatever the client still sends for a
    /// moment, so that closing does not reset the connection before the response is read.
    private func lingeringClose(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = DispatchTime.now().uptimeNanoseconds + 500_000_000
        var drained = 0
        while drained < 256 * 1024 {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return }
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32((deadline - now) / 1_000_000) + 1)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { return }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n <= 0 { return }
            drained += n
        }
    }

    // MARK: Responding

    /// What the server answers to a well-formed request.
    func respond(to request: Request) -> Response {
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = Response.plain(405, "Only GET and HEAD are allowed.")
            response.headers.append(("Allow", "GET, HEAD"))
            return response
        }
        if let host = request.header("host") {
            // Refusing other host names keeps a web page that rebinds its own name to
            // 127.0.0.1 from reading the preview.
            guard StaticServer.isLoopbackHost(host) else { return .plain(403, "Unknown host.") }
        } else if request.version == "HTTP/1.1" {
            return .plain(400, "A Host header is required.")
        }
        var target: Target
        switch Target.parse(request.target) {
        case .failure(let failure): return .plain(failure.status, failure.message)
        case .success(let parsed): target = parsed
        }
        // The site is served under its base URL's path too (`/diary/`), as a host serves it.
        let mount = self.mount
        let mountPath = Self.path(of: mount)
        var mounted = false
        if !mount.isEmpty, target.segments.starts(with: mount) {
            target.segments.removeFirst(mount.count)
            mounted = true
            if target.segments.isEmpty, !target.trailingSlash {
                // `/diary` is the folder `/diary/`: its pages' relative links need the slash.
                return Self.redirect(mountPath + (target.query.isEmpty ? "" : "?" + target.query))
            }
        }
        if liveReload, target.segments == ["__daybook", "stamp"] {
            var response = Response(status: 200, contentType: "text/plain; charset=utf-8", body: .bytes(Array(stamp.utf8)))
            response.headers.append(("Cache-Control", "no-store"))
            return response
        }
        let base = lock.withLock { realRoot }
        switch locate(target, in: base) {
        case .file(let fd, let size, let name):
            return fileResponse(fd: fd, size: size, name: name, status: 200, range: request.header("range"))
        case .redirect(let location):
            // Under the base URL's path, the folder's slash form is there too.
            return Self.redirect(mounted ? mountPath + location.dropFirst() : location)
        case .forbidden:
            return .plain(403, "Forbidden.")
        case .missing:
            return notFound(in: base, root: mountPath, path: String(request.target.prefix { $0 != "?" && $0 != "#" }))
        }
    }

    /// `/diary/` for `["diary"]`: the base URL's path the site is also served under, percent-encoded.
    private static func path(of mount: [String]) -> String {
        "/" + mount.map { ($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0) + "/" }.joined()
    }

    private static func redirect(_ location: String) -> Response {
        var response = Response.plain(301, "Moved to \(location)")
        response.headers.append(("Location", location))
        return response
    }

    /// The site's `404.html` for any missing path. Its relative links lead from the site's top
    /// folder, so a `<base>` of the site's root path goes into it (`/entries/nope/` would take
    /// `assets/style.css` from `/entries/nope/assets/`); links from the root path stay as they are,
    /// and a link within the page (`#main`, its skip link) names the page's `path`, as the base
    /// would make it lead to the home page.
    private func notFound(in base: String, root: String, path: String) -> Response {
        if case .file(let fd, let size, _) = locate(Target(segments: ["404.html"], trailingSlash: false, query: ""), in: base) {
            defer { close(fd) }
            guard var bytes = StaticServer.readAll(fd, size: size) else { return .plain(500, "The file could not be read.") }
            bytes = StaticServer.injectBase(into: bytes, href: root)
            bytes = StaticServer.anchoringFragments(in: bytes, at: path)
            if liveReload {
                let state = reloadState
                bytes = StaticServer.injectReloadScript(into: bytes, stamp: state.stamp, failure: state.failure)
            }
            return Response(status: 404, contentType: "text/html; charset=utf-8", body: .bytes(bytes))
        }
        return .plain(404, "Not found.")
    }

    /// `page` with each `href="#…"` led to `path` (`href="/entries/nope/#main"`), its characters
    /// that HTML or a URL would read otherwise escaped, and its leading slashes one.
    static func anchoringFragments(in page: [UInt8], at path: String) -> [UInt8] {
        let marker = Array(##"href="#"##.utf8)
        var escaped: [UInt8] = []
        // One slash first: `//evil.example/x` would be another host's address (found by a security audit).
        let path = path.hasPrefix("/") ? "/" + path.drop { $0 == "/" } : path
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "&"): escaped += Array("&amp;".utf8)
            case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "'"), 0...0x20, 0x7F...:
                escaped += Array(String(format: "%%%02X", byte).utf8)
            default: escaped.append(byte)
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(page.count + 64)
        var i = 0
        while i < page.count {
            if page[i] == marker[0], i + marker.count <= page.count, Array(page[i..<(i + marker.count)]) == marker {
                out += marker.dropLast() + escaped + [UInt8(ascii: "#")]
                i += marker.count
            } else {
                out.append(page[i])
                i += 1
            }
        }
        return out
    }

    /// `page` with `<base href="…">` first in its head (after `<head>`, else after the doctype).
    static func injectBase(into page: [UInt8], href: String) -> [UInt8] {
        let tag = Array("<base href=\"\(href)\">".utf8)
        let lower = page.prefix(4096).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        func end(of marker: String) -> Int? {
            let m = Array(marker.utf8)
            guard lower.count >= m.count else { return nil }
            for i in 0...(lower.count - m.count) where Array(lower[i..<(i + m.count)]) == m {
                if m.last == UInt8(ascii: ">") { return i + m.count }
                if let close = lower[(i + m.count)...].firstIndex(of: UInt8(ascii: ">")) { return close + 1 }
            }
            return nil
        }
        let at = end(of: "<head>") ?? end(of: "<head ") ?? end(of: "<!doctype") ?? 0
        return Array(page[..<at]) + tag + Array(page[at...])
    }

    /// A file's response; with `range` (a `Range` header), the part it asks for (a video's
    /// player seeks so; Safari plays no video without it).
    private func fileResponse(fd: Int32, size: Int, name: String, status: Int, range: String? = nil) -> Response {
        let type = StaticServer.contentType(forFileNamed: name)
        if liveReload, type.hasPrefix("text/html") {
            defer { close(fd) }
            guard let bytes = StaticServer.readAll(fd, size: size) else { return .plain(500, "The file could not be read.") }
            let state = reloadState
            return Response(status: status, contentType: type,
                            body: .bytes(StaticServer.injectReloadScript(into: bytes, stamp: state.stamp, failure: state.failure)))
        }
        var response: Response
        switch ByteRange.parse(range, size: size) {
        case .whole:
            response = Response(status: status, contentType: type, body: .file(fd: fd, size: size))
        case .range(let part):
            response = Response(status: 206, contentType: type, body: .file(fd: fd, size: part.last - part.first + 1, offset: part.first))
            response.headers.append(("Content-Range", "bytes \(part.first)-\(part.last)/\(size)"))
        case .unsatisfiable:
            close(fd)
            response = .plain(416, "The range starts after the file's end.")
            response.headers.append(("Content-Range", "bytes */\(size)"))
        }
        response.headers.append(("Accept-Ranges", "bytes"))
        return response
    }

    private enum Location {
        case file(fd: Int32, size: Int, name: String)
        case redirect(String)
        case forbidden
        case missing
    }

    /// Whether a path is one not served: one with a dot segment (the build's `.daybook-manifest`,
    /// a `.git` folder), but for the top folder `.well-known/` (`static/.well-known/security.txt`).
    static func isHidden(_ segments: [String]) -> Bool {
        segments.indices.contains { segments[$0].hasPrefix(".") && !($0 == 0 && segments[$0] == ".well-known") }
    }

    /// Maps a checked target to an open file under `base` (a real path).
    private func locate(_ target: Target, in base: String) -> Location {
        if StaticServer.isHidden(target.segments) { return .missing }
        var path = base
        for segment in target.segments { path += (path.hasSuffix("/") ? "" : "/") + segment }
        func isInside(_ real: String) -> Bool {
            base == "/" ? real.hasPrefix("/") : (real == base || real.hasPrefix(base + "/"))
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == EACCES ? .forbidden : .missing }
        // Symlinks are resolved first: whatever leads outside the root is refused, found or not.
        guard var real = RealPath.of(path) else { return .missing }
        guard isInside(real) else { return .forbidden }
        var name = target.segments.last ?? ""
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard target.trailingSlash || target.segments.isEmpty else {
                let encoded = target.segments.map(StaticServer.percentEncode).joined(separator: "/")
                return .redirect("/" + encoded + "/" + (target.query.isEmpty ? "" : "?" + target.query))
            }
            path = real + (real.hasSuffix("/") ? "" : "/") + "index.html"
            name = "index.html"
            guard stat(path, &info) == 0 else { return errno == EACCES ? .forbidden : .missing }
            guard let resolved = RealPath.of(path) else { return .missing }
            guard isInside(resolved) else { return .forbidden }
            real = resolved
        } else if target.trailingSlash {
            return .missing
        }
        let fd = open(real, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return errno == EACCES ? .forbidden : .missing }
        var opened = stat()
        guard fstat(fd, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .missing
        }
        return .file(fd: fd, size: Int(opened.st_size), name: name)
    }

    // MARK: Sending

    /// Writes a response; a file body is streamed and its descriptor closed.
    private func send(_ fd: Int32, _ response: Response, head: Bool) -> Bool {
        var text = "HTTP/1.1 \(response.status) \(StaticServer.reason(response.status))\r\n"
        text += "Date: \(StaticServer.httpDate())\r\n"
        text += "Server: daybook\r\n"
        let length: Int
        switch response.body {
        case .bytes(let bytes): length = bytes.count
        case .file(_, let size, _): length = size
        }
        text += "Content-Type: \(response.contentType)\r\n"
        text += "Content-Length: \(length)\r\n"
        if !response.headers.contains(where: { $0.0 == "Cache-Control" }) { text += "Cache-Control: no-cache\r\n" }
        text += "X-Content-Type-Options: nosniff\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        text += "Connection: close\r\n\r\n"
        var ok = StaticServer.sendAll(fd, Array(text.utf8))
        switch response.body {
        case .bytes(let bytes):
            if ok, !head { ok = StaticServer.sendAll(fd, bytes) }
        case .file(let file, let size, let offset):
            defer { close(file) }
            if ok, offset > 0, lseek(file, off_t(offset), SEEK_SET) < 0 { return false }
            if ok, !head {
                var chunk = [UInt8](repeating: 0, count: 64 * 1024)
                var remaining = size
                while ok, remaining > 0 {
                    let n = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress!, min($0.count, remaining)) }
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 { return false }
                    ok = StaticServer.sendAll(fd, Array(chunk[0..<n]))
                    remaining -= n
                }
            }
        }
        return ok
    }

    private static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(fd, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    private static func readAll(_ fd: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        while total < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, size - total) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            total += n
        }
        return Array(bytes[0..<total])
    }

    // MARK: Live reload

    /// The script that polls the build stamp once a second and reloads when it changes.
    static func reloadScript(stamp: String) -> String {
        "<script>/* daybook serve: live reload */(function(){var s=\"\(stamp)\";"
            + "function p(){fetch(\"\(stampPath)\",{cache:\"no-store\"})"
            + ".then(function(r){return r.ok?r.text():s})"
            + ".then(function(t){if(t!==s){location.reload()}else{setTimeout(p,1000)}},function(){setTimeout(p,1000)})}"
            + "setTimeout(p,1000)})();</script>\n"
    }

    /// A panel fixed at the foot of the page with a failed rebuild's errors, so that a page that
    /// did not change says why.
    static func failurePanel(_ report: String) -> String {
        let text = "daybook serve: the last rebuild failed, and this is the last good build.\n\n" + report
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return "<pre id=\"daybook-serve-error\" role=\"alert\" dir=\"ltr\" style=\"position:fixed;left:0;right:0;bottom:0;"
            + "z-index:2147483647;max-height:50vh;overflow:auto;margin:0;padding:1rem;background:#fff0f0;color:#7a0000;"
            + "border-top:3px solid #c00000;font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap;text-align:left\">"
            + escaped + "</pre>\n"
    }

    /// The page with the reload script (and a failed rebuild's errors, if any) before its last
    /// `</body>` (or at its end).
    static func injectReloadScript(into page: [UInt8], stamp: String, failure: String? = nil) -> [UInt8] {
        let script = Array(((failure.map(failurePanel) ?? "") + reloadScript(stamp: stamp)).utf8)
        let marker = Array("</body>".utf8)
        var i = page.count - marker.count
        while i >= 0 {
            var matches = true
            for k in 0..<marker.count {
                var byte = page[i + k]
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
                if byte != marker[k] { matches = false; break }
            }
            if matches { return Array(page[0..<i]) + script + Array(page[i...]) }
            i -= 1
        }
        return page + script
    }

    // MARK: Helpers

    static func contentType(forFileNamed name: String) -> String {
        name.lowercased() == "feed.xml" ? "application/atom+xml; charset=utf-8" : MediaType.of(fileNamed: name)
    }

    /// `127.0.0.1`, `localhost` or `[::1]`, with or without a port.
    static func isLoopbackHost(_ host: String) -> Bool {
        var name = Substring(host.lowercased())
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCII) && rest.dropFirst().allSatisfy(\.isNumber)) else { return false }
            return name[...close] == "[::1]"
        }
        if let colon = name.lastIndex(of: ":") {
            let port = name[name.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            name = name[..<colon]
        }
        return name == "127.0.0.1" || name == "localhost"
    }

    static func percentEncode(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }

    #if canImport(Glibc)
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamSocket = SOCK_STREAM
    #endif

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 206: return "Partial Content"
        case 301: return "Moved Permanently"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 414: return "URI Too Long"
        case 416: return "Range Not Satisfiable"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }

    /// The current time in the form HTTP wants: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return String(format: "%@, %02d %@ %04d %02d:%02d:%02d GMT", days[Int(parts.tm_wday)], parts.tm_mday,
                      months[Int(parts.tm_mon)], Int(parts.tm_year) + 1900, parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}

/// The server could not start.
struct ServerError: Error, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension StaticServer {
    /// A response before it is written.
    struct Response {
        enum Body {
            case bytes([UInt8])
            /// `size` bytes of an open file from `offset`, closed once sent.
            case file(fd: Int32, size: Int, offset: Int = 0)
        }

        var status: Int
        var contentType: String
        var body: Body
        /// Headers beyond the ones every response has.
        var headers: [(String, String)] = []

        static func plain(_ status: Int, _ message: String) -> Response {
            Response(status: status, contentType: "text/plain; charset=utf-8",
                     body: .bytes(Array("\(status) \(StaticServer.reason(status)): \(message)\n".utf8)))
        }
    }

    /// A request that failed to parse, and the status to answer it with.
    struct RequestFailure: Error {
        var status: Int
        var message: String
    }

    /// A parsed request head.
    struct Request {
        var method: String
        var target: String
        var version: String
        /// Names lower-cased, in arrival order.
        var headers: [(String, String)]

        func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }

        static func parse(_ head: [UInt8], maxHeaderCount: Int) -> Result<Request, RequestFailure> {
            func bad(_ message: String) -> Result<Request, RequestFailure> { .failure(RequestFailure(status: 400, message: message)) }
            var lines: [ArraySlice<UInt8>] = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            lines = lines.map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
            while let last = lines.last, last.isEmpty { lines.removeLast() }
            guard let first = lines.first else { return bad("Empty request.") }
            for line in lines {
                // Control characters other than tab are never valid in a request head.
                if line.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) { return bad("Control character in the request.") }
            }
            let parts = first.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { return bad("Malformed request line.") }
            guard parts[0].allSatisfy(isTokenByte) else { return bad("Malformed method.") }
            guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return bad("Malformed request target.") }
            let version = String(decoding: parts[2], as: UTF8.self)
            guard version.hasPrefix("HTTP/") else { return bad("Malformed HTTP version.") }
            guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
                return .failure(RequestFailure(status: 505, message: "Only HTTP/1.0 and HTTP/1.1 are supported."))
            }
            guard lines.count - 1 <= maxHeaderCount else {
                return .failure(RequestFailure(status: 431, message: "Too many header fields."))
            }
            var headers: [(String, String)] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return bad("Malformed header field.") }
                let name = line[line.startIndex..<colon]
                guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return bad("Malformed header field name.") }
                let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self)
                    .trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
                headers.append((String(decoding: name, as: UTF8.self).lowercased(), value))
            }
            if headers.filter({ $0.0 == "host" }).count > 1 { return bad("More than one Host header.") }
            return .success(Request(method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
                                    version: version, headers: headers))
        }

        private static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// A request target checked and split into decoded path segments.
    struct Target: Equatable {
        /// Decoded, without empty or `.` segments.
        var segments: [String]
        var trailingSlash: Bool
        /// The raw query, without `?`.
        var query: String

        static func parse(_ raw: String) -> Result<Target, RequestFailure> {
            func fail(_ status: Int, _ message: String) -> Result<Target, RequestFailure> {
                .failure(RequestFailure(status: status, message: message))
            }
            guard raw.hasPrefix("/") else { return fail(400, "The request target must be a path.") }
            var pathPart = Substring(raw)
            var query = ""
            if let mark = raw.firstIndex(where: { $0 == "?" || $0 == "#" }) {
                pathPart = raw[..<mark]
                if raw[mark] == "?" { query = String(raw[raw.index(after: mark)...].prefix { $0 != "#" }) }
            }
            var bytes: [UInt8] = []
            var utf8 = Array(pathPart.utf8)[...]
            while let byte = utf8.popFirst() {
                if byte == UInt8(ascii: "%") {
                    guard utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) else {
                        return fail(400, "Malformed percent-encoding.")
                    }
                    utf8 = utf8.dropFirst(2)
                    bytes.append(high << 4 | low)
                } else {
                    bytes.append(byte)
                }
            }
            if bytes.contains(0) { return fail(400, "NUL in the path.") }
            if bytes.contains(UInt8(ascii: "\\")) { return fail(400, "Backslash in the path.") }
            guard let path = String(validating: bytes, as: UTF8.self) else { return fail(400, "The path is not UTF-8.") }
            var segments: [String] = []
            for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
                if segment == ".." { return fail(403, "The path leaves the site.") }
                if segment == "." { continue }
                segments.append(String(segment))
            }
            return .success(Target(segments: segments, trailingSlash: path.hasSuffix("/"), query: query))
        }

        private static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
    }
}
