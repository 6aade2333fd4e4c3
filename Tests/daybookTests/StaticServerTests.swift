#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import daybook

/// A tiny HTTP client on raw sockets (URLSession is not dependable in tests on Linux).
/// It sends exactly the bytes it is given and reads until the server closes.
enum RawHTTP {
    struct Reply {
        var status: Int
        /// Names lower-cased.
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A connected socket to 127.0.0.1:`port` with a receive timeout.
    static func connect(port: UInt16, timeout: Double = 5) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw Failure(description: "connect to port \(port): \(String(cString: strerror(errno)))")
        }
        var limit = timeval(tv_sec: max(1, Int(timeout)), tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemSend(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Everything the server sends until it closes (or the receive timeout passes).
    static func readToEnd(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// Sends `raw` and returns the parsed reply.
    static func exchange(_ raw: [UInt8], port: UInt16, timeout: Double = 5) throws -> Reply {
        let fd = try connect(port: port, timeout: timeout)
        defer { close(fd) }
        write(fd, raw)
        let bytes = readToEnd(fd)
        guard let reply = parse(bytes) else {
            throw Failure(description: "no HTTP reply: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        return reply
    }

    static func request(_ method: String = "GET", _ target: String, port: UInt16, headers: [String] = []) throws -> Reply {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for header in headers { text += header + "\r\n" }
        text += "Connection: close\r\n\r\n"
        return try exchange(Array(text.utf8), port: port)
    }

    static func parse(_ bytes: [UInt8]) -> Reply? {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.count >= separator.count,
              let end = (0...(bytes.count - separator.count)).first(where: { Array(bytes[$0..<($0 + separator.count)]) == separator })
        else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: Array(bytes[(end + separator.count)...]))
    }
}

private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.connect(fd, address, length)
    #else
    Darwin.connect(fd, address, length)
    #endif
}

private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    Darwin.send(fd, bytes, count, 0)
    #endif
}

/// StaticServer over a temporary folder, through real sockets.
@Suite struct StaticServerTests {
    /// A served folder and a folder beside it that must stay out of reach.
    final class Fixture {
        let base: String
        let root: String
        let outside: String
        let server: StaticServer
        let port: UInt16

        init(limits: StaticServer.Limits = StaticServer.Limits(readTimeout: 1), with404: Bool = true) throws {
            base = NSTemporaryDirectory() + "daybook-serve-test-" + UUID().uuidString
            root = base + "/site"
            outside = base + "/outside"
            let fm = FileManager.default
            try fm.createDirectory(atPath: root + "/entries/first", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: root + "/assets", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
            func put(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
            try put(root + "/index.html", "<!doctype html>\n<html><head><title>Home</title></head><body><h1>Home</h1></body></html>\n")
            try put(root + "/entries/first/index.html", "<!doctype html>\n<html><body><h1>First entry</h1></BODY></html>\n")
            if with404 { try put(root + "/404.html", "<!doctype html>\n<html><body><a href=\"#main\">Skip</a><h1>Lost</h1></body></html>\n") }
            try put(root + "/assets/style.css", "body { color: black; }\n")
            try put(root + "/feed.xml", "<?xml version=\"1.0\"?><feed/>\n")
            try put(root + "/sitemap.xml", "<?xml version=\"1.0\"?><urlset/>\n")
            try put(root + "/todos.md", "- [ ] a\n")
            try put(root + "/.daybook-manifest", "index.html\n")
            try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 1, 2]).write(to: URL(fileURLWithPath: root + "/assets/dot.png"))
            try put(outside + "/secret.txt", "the secret\n")
            try fm.createSymbolicLink(atPath: root + "/leak.txt", withDestinationPath: outside + "/secret.txt")
            try fm.createSymbolicLink(atPath: root + "/leakdir", withDestinationPath: outside)
            try fm.createSymbolicLink(atPath: root + "/home.html", withDestinationPath: "index.html")
            server = StaticServer(root: root, limits: limits)
            port = try server.start(port: 0)
        }

        /// Stops the server and removes the folders. Call it in a `defer`, which also keeps
        /// the fixture alive to the end of the test.
        func close() {
            server.stop()
            try? FileManager.default.removeItem(atPath: base)
        }

        deinit { close() }

        func get(_ target: String, method: String = "GET", headers: [String] = []) throws -> RawHTTP.Reply {
            try RawHTTP.request(method, target, port: port, headers: headers)
        }

        func raw(_ text: String) throws -> RawHTTP.Reply {
            try RawHTTP.exchange(Array(text.utf8), port: port)
        }
    }

    @Test func servesAPageWithTheReloadScript() throws {
        let site = try Fixture()
        defer { site.close() }
        let reply = try site.get("/")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        #expect(reply.headers["content-length"] == String(reply.body.count))
        #expect(reply.headers["cache-control"] == "no-cache")
        #expect(reply.headers["x-content-type-options"] == "nosniff")
        #expect(reply.headers["connection"] == "close")
        #expect(reply.text.hasPrefix("<!doctype html>\n<html><head><title>Home</title></head><body><h1>Home</h1><script>"))
        #expect(reply.text.hasSuffix("</script>\n</body></html>\n"))
        #expect(reply.text.contains("/__daybook/stamp"))
        #expect(reply.text.contains(site.server.stamp))
        // The script is only in the response, never in the file.
        let onDisk = try String(contentsOfFile: site.root + "/index.html", encoding: .utf8)
        #expect(!onDisk.contains("<script>"))
        // An upper-case </BODY> is found too.
        let entry = try site.get("/entries/first/")
        #expect(entry.status == 200)
        #expect(entry.text.contains("<h1>First entry</h1><script>"))
    }

    @Test func headHasTheSameLengthAndNoBody() throws {
        let site = try Fixture()
        defer { site.close() }
        let get = try site.get("/entries/first/")
        let head = try site.get("/entries/first/", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(get.body.count))
        #expect(head.headers["content-type"] == "text/html; charset=utf-8")
        let css = try site.get("/assets/style.css", method: "HEAD")
        #expect(css.headers["content-length"] == "23")
        #expect(css.body.isEmpty)
    }

    /// Found by an audit: a `Range` request got the whole file, so a video could not be seeked
    /// (and Safari plays none without ranges).
    @Test func aRangeOfAFileIsServed() throws {
        let site = try Fixture()
        defer { site.close() }
        // "body { color: black; }\n", 23 bytes.
        let part = try site.get("/assets/style.css", headers: ["Range: bytes=5-9"])
        #expect(part.status == 206)
        #expect(String(decoding: part.body, as: UTF8.self) == "{ col")
        #expect(part.headers["content-range"] == "bytes 5-9/23")
        #expect(part.headers["content-length"] == "5")
        #expect(part.headers["accept-ranges"] == "bytes")
        let tail = try site.get("/assets/style.css", headers: ["Range: bytes=-3"])
        #expect(tail.status == 206)
        #expect(String(decoding: tail.body, as: UTF8.self) == " }\n")
        let rest = try site.get("/assets/style.css", headers: ["Range: bytes=20-100"])
        #expect(rest.headers["content-range"] == "bytes 20-22/23")
        let past = try site.get("/assets/style.css", headers: ["Range: bytes=23-"])
        #expect(past.status == 416)
        #expect(past.headers["content-range"] == "bytes */23")
        // Several ranges, or another unit: the whole file.
        let many = try site.get("/assets/style.css", headers: ["Range: bytes=0-1,5-6"])
        #expect(many.status == 200)
        #expect(many.body.count == 23)
    }

    @Test func byteRangesAreReadAsRFC9110Says() {
        #expect(ByteRange.parse(nil, size: 10) == .whole)
        #expect(ByteRange.parse("bytes=0-0", size: 10) == .range(ByteRange(first: 0, last: 0)))
        #expect(ByteRange.parse("bytes=3-", size: 10) == .range(ByteRange(first: 3, last: 9)))
        #expect(ByteRange.parse("bytes=-20", size: 10) == .range(ByteRange(first: 0, last: 9)))
        #expect(ByteRange.parse("bytes=-0", size: 10) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=10-", size: 10) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=5-3", size: 10) == .whole)
        #expect(ByteRange.parse("items=0-1", size: 10) == .whole)
        #expect(ByteRange.parse("bytes=a-b", size: 10) == .whole)
        #expect(ByteRange.parse("bytes=99999999999999999999-", size: 10) == .whole)
    }

    @Test func contentTypes() throws {
        let site = try Fixture()
        defer { site.close() }
        let css = try site.get("/assets/style.css")
        #expect(css.status == 200)
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        #expect(css.text == "body { color: black; }\n")
        #expect(try site.get("/feed.xml").headers["content-type"] == "application/atom+xml; charset=utf-8")
        #expect(try site.get("/sitemap.xml").headers["content-type"] == "application/xml; charset=utf-8")
        #expect(try site.get("/todos.md").headers["content-type"] == "text/markdown; charset=utf-8")
        let png = try site.get("/assets/dot.png")
        #expect(png.headers["content-type"] == "image/png")
        #expect(png.body == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 1, 2])
        #expect(StaticServer.contentType(forFileNamed: "a.JPG") == "image/jpeg")
        #expect(StaticServer.contentType(forFileNamed: "a.js") == "text/javascript; charset=utf-8")
        #expect(StaticServer.contentType(forFileNamed: "a.woff2") == "font/woff2")
        #expect(StaticServer.contentType(forFileNamed: "a.svg") == "image/svg+xml")
        #expect(StaticServer.contentType(forFileNamed: "README") == "application/octet-stream")
        #expect(StaticServer.contentType(forFileNamed: "x.bin") == "application/octet-stream")
    }

    @Test func missingIsA404WithTheSitesPage() throws {
        let site = try Fixture()
        defer { site.close() }
        let reply = try site.get("/no/such/page.html")
        #expect(reply.status == 404)
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        #expect(reply.text.contains("<h1>Lost</h1>"))
        #expect(reply.text.contains("/__daybook/stamp"))
        // Its relative links lead from the site's top folder, whatever the path asked for.
        #expect(reply.text.hasPrefix("<!doctype html><base href=\"/\">\n<html>"))
        // A link within the page stays on it: with the base it led to the home page (a site audit).
        #expect(reply.text.contains(#"<a href="/no/such/page.html#main">Skip</a>"#))
        #expect(try site.get("/a%20b/%22x%22?q=1").text.contains(#"<a href="/a%20b/%22x%22#main">Skip</a>"#))
        // Not to another host: `//evil.example/x` as an address is that host's (found by a security audit).
        let other = try site.get("//evil.example/x")
        #expect(other.status == 404)
        #expect(other.text.contains(#"<a href="/evil.example/x#main">Skip</a>"#))
        // Hidden files (the build manifest) are not served.
        #expect(try site.get("/.daybook-manifest").status == 404)
        // A file asked for as a folder is missing.
        #expect(try site.get("/assets/style.css/").status == 404)

        let bare = try Fixture(with404: false)
        defer { bare.close() }
        let plain = try bare.get("/nope")
        #expect(plain.status == 404)
        #expect(plain.headers["content-type"] == "text/plain; charset=utf-8")
    }

    /// `static/.well-known/security.txt` is previewed where the build publishes it; no other dot
    /// path is served, nor a link in `.well-known/` that leads out of the site.
    @Test func theWellKnownFolderIsServedAndNoOtherDotPath() throws {
        let site = try Fixture()
        defer { site.close() }
        let fm = FileManager.default
        for folder in ["/.well-known", "/.git", "/entries/.well-known"] {
            try fm.createDirectory(atPath: site.root + folder, withIntermediateDirectories: true)
        }
        for path in ["/.well-known/security.txt", "/.well-known/.hidden", "/.git/config", "/entries/.well-known/a.txt"] {
            try Data("Contact: mailto:me@example.org\n".utf8).write(to: URL(fileURLWithPath: site.root + path))
        }
        try fm.createSymbolicLink(atPath: site.root + "/.well-known/leak.txt", withDestinationPath: site.outside + "/secret.txt")
        let found = try site.get("/.well-known/security.txt")
        #expect(found.status == 200)
        #expect(found.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(found.text == "Contact: mailto:me@example.org\n")
        #expect(try site.get("/%2Ewell-known/security.txt").status == 200)
        #expect(try site.get("/.well-known").headers["location"] == "/.well-known/")
        #expect(try site.get("/.well-known/.hidden").status == 404)
        #expect(try site.get("/.git/config").status == 404)
        #expect(try site.get("/entries/.well-known/a.txt").status == 404)
        #expect(try site.get("/.well-known/../.git/config").status == 403)
        #expect(try site.get("/.well-known/%2e%2e/.git/config").status == 403)
        #expect(try site.get("/.well-known/leak.txt").status == 403)
    }

    @Test func theBaseGoesFirstInTheHead() {
        #expect(String(decoding: StaticServer.injectBase(into: Array("<html><head><meta charset=utf-8>".utf8), href: "/"), as: UTF8.self)
                == "<html><head><base href=\"/\"><meta charset=utf-8>")
        #expect(String(decoding: StaticServer.injectBase(into: Array("<!DOCTYPE html>\n<HTML><Head lang=x><title>T</title>".utf8), href: "/log/"), as: UTF8.self)
                == "<!DOCTYPE html>\n<HTML><Head lang=x><base href=\"/log/\"><title>T</title>")
        #expect(String(decoding: StaticServer.injectBase(into: Array("<p>x</p>".utf8), href: "/"), as: UTF8.self) == "<base href=\"/\"><p>x</p>")
    }

    @Test func onlyGetAndHead() throws {
        let site = try Fixture()
        defer { site.close() }
        let post = try site.raw("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        for method in ["PUT", "DELETE", "OPTIONS", "get"] {
            #expect(try site.get("/", method: method).status == 405)
        }
    }

    @Test func traversalIsRefused() throws {
        let site = try Fixture()
        defer { site.close() }
        for target in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/", "/entries/..%2f..%2foutside/secret.txt",
                       "/entries/../../outside/secret.txt", "/../outside/secret.txt"] {
            let reply = try site.get(target)
            #expect(reply.status == 403, "\(target)")
            #expect(!reply.text.contains("root:"), "\(target)")
            #expect(!reply.text.contains("the secret"), "\(target)")
        }
        for target in ["/..%5c..%5coutside/secret.txt", "/index.html%00.png", "/%zz", "index.html", "http://127.0.0.1/"] {
            #expect(try site.get(target).status == 400, "\(target)")
        }
        // Symlinks whose real path is outside the root are refused; one inside is fine.
        #expect(try site.get("/leak.txt").status == 403)
        #expect(try site.get("/leakdir/secret.txt").status == 403)
        #expect(try site.get("/leakdir/").status == 403)
        #expect(try site.get("/leakdir").status == 403)
        let inside = try site.get("/home.html")
        #expect(inside.status == 200)
        #expect(inside.text.contains("<h1>Home</h1>"))
    }

    @Test func requestsAreBounded() throws {
        let site = try Fixture()
        defer { site.close() }
        let longLine = try site.raw("GET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(longLine.status == 414)
        let longHeaders = try site.raw("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String(repeating: "X-Filler: " + String(repeating: "b", count: 100) + "\r\n", count: 100) + "\r\n")
        #expect(longHeaders.status == 431)
        #expect(try site.raw("GARBAGE\r\n\r\n").status == 400)
        #expect(try site.raw("GET / HTTP/2.0\r\n\r\n").status == 505)
        #expect(try site.raw("GET / HTTP/1.1\r\n\r\n").status == 400) // no Host
        #expect(try site.raw("GET / HTTP/1.0\r\n\r\n").status == 200)
        #expect(try site.get("/", headers: []).status == 200)
        #expect(try site.raw("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n").status == 403)
        #expect(try site.raw("GET / HTTP/1.1\r\nHost: localhost:8000\r\n\r\n").status == 200)

        // A request that never finishes is cut off after the read timeout (1 s here).
        let start = Date()
        let fd = try RawHTTP.connect(port: site.port, timeout: 5)
        defer { close(fd) }
        RawHTTP.write(fd, Array("GET / HTTP/1.1\r\n".utf8))
        let reply = RawHTTP.parse(RawHTTP.readToEnd(fd))
        #expect(reply?.status == 408)
        #expect(Date().timeIntervalSince(start) < 4)
    }

    @Test func foldersRedirectToTheSlashForm() throws {
        let site = try Fixture()
        defer { site.close() }
        let reply = try site.get("/entries/first?x=1")
        #expect(reply.status == 301)
        #expect(reply.headers["location"] == "/entries/first/?x=1")
        #expect(try site.get("/entries/first/").status == 200)
        #expect(try site.get("/entries/first/index.html").status == 200)
        // A doubled slash cannot turn the redirect into another host's address.
        #expect(try site.get("//entries/first").headers["location"] == "/entries/first/")
    }

    @Test func buildStampChangesAfterABuild() throws {
        let site = try Fixture()
        defer { site.close() }
        let first = try site.get("/__daybook/stamp")
        #expect(first.status == 200)
        #expect(first.headers["cache-control"] == "no-store")
        #expect(first.text == site.server.stamp)
        site.server.markBuilt()
        let second = try site.get("/__daybook/stamp")
        #expect(second.text != first.text)
        #expect(second.text == site.server.stamp)
    }

    /// A failed rebuild moves the stamp on, so open pages reload, and shows its errors at the
    /// foot of every page (a missing one's too) until a build succeeds.
    @Test func aFailedRebuildShowsItsErrorsOnThePagesUntilABuild() throws {
        let site = try Fixture()
        defer { site.close() }
        let before = site.server.stamp
        site.server.markFailed("error: diary.json:19:5: expected ',' or '}' after <a> & \"b\"")
        #expect(site.server.stamp != before)
        let panel = "<pre id=\"daybook-serve-error\" role=\"alert\" dir=\"ltr\" style=\"position:fixed;left:0;right:0;bottom:0;"
            + "z-index:2147483647;max-height:50vh;overflow:auto;margin:0;padding:1rem;background:#fff0f0;color:#7a0000;"
            + "border-top:3px solid #c00000;font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap;text-align:left\">"
            + "daybook serve: the last rebuild failed, and this is the last good build.\n\n"
            + "error: diary.json:19:5: expected ',' or '}' after &lt;a&gt; &amp; \"b\"</pre>\n<script>"
        #expect(try site.get("/").text.contains("<h1>Home</h1>" + panel))
        #expect(try site.get("/entries/nope/").text.contains("<h1>Lost</h1>" + panel))
        site.server.markBuilt()
        let fixed = try site.get("/")
        #expect(!fixed.text.contains("daybook-serve-error"))
        #expect(fixed.text.contains("<h1>Home</h1><script>"))
    }

    @Test func stopClosesTheListener() throws {
        let site = try Fixture()
        defer { site.close() }
        #expect(try site.get("/").status == 200)
        site.server.stop()
        #expect(throws: RawHTTP.Failure.self) { _ = try RawHTTP.connect(port: site.port) }
    }

    @Test func watcherSeesChangesAndSkipsTheExcludedAndHidden() throws {
        let base = NSTemporaryDirectory() + "daybook-watch-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/_site", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/photos", withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: URL(fileURLWithPath: base + "/diary.json"))
        let before = SiteWatcher.snapshot(root: base, excluding: [base + "/_site"])
        #expect(Set(before.keys) == ["diary.json"])
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/_site/index.html"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/.hidden"))
        #expect(SiteWatcher.snapshot(root: base, excluding: [base + "/_site"]) == before)
        try Data("[1]".utf8).write(to: URL(fileURLWithPath: base + "/diary.json"))
        try Data("p".utf8).write(to: URL(fileURLWithPath: base + "/photos/a.jpg"))
        let after = SiteWatcher.snapshot(root: base, excluding: [base + "/_site"])
        #expect(SiteWatcher.difference(before, after) == ["diary.json", "photos/a.jpg"])

        let watcher = SiteWatcher(root: base, excluding: [base + "/_site"], interval: 0.05)
        let seen = Seen()
        watcher.start { paths in seen.add(paths) }
        defer { watcher.stop() }
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: base + "/diary.json"))
        let deadline = Date().addingTimeInterval(5)
        while seen.calls.isEmpty, Date() < deadline { usleep(20_000) }
        #expect(seen.calls == [["diary.json"]])
    }

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [[String]] = []
        var calls: [[String]] { lock.withLock { stored } }
        func add(_ paths: [String]) { lock.withLock { stored.append(paths) } }
    }
}
