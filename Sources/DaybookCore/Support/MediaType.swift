import Foundation

/// The media type of a file by its name's extension, as a server sends it and a `data:` URL
/// names it: `text/css; charset=utf-8` for `mine.css`, `image/png` for `logo.png`,
/// `application/octet-stream` for a name it does not know.
public enum MediaType {
    public static func of(fileNamed name: String) -> String {
        let lower = name.lowercased()
        guard let dot = lower.lastIndex(of: ".") else { return "application/octet-stream" }
        switch lower[lower.index(after: dot)...] {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "xml": return "application/xml; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "ico": return "image/x-icon"
        case "txt": return "text/plain; charset=utf-8"
        case "md", "markdown": return "text/markdown; charset=utf-8"
        case "pdf": return "application/pdf"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "ttf": return "font/ttf"
        case "otf": return "font/otf"
        case "mp4": return "video/mp4"
        case "webm": return "video/webm"
        case "mp3": return "audio/mpeg"
        default: return "application/octet-stream"
        }
    }

    /// `bytes` as a `data:` URL of the media type `type` (`data:image/png;base64,iVBOR…`), which
    /// needs nothing beside the page that holds it. Written without spaces, so a `srcset` takes it whole.
    public static func dataURL(_ bytes: [UInt8], type: String) -> String {
        "data:\(type.replacingOccurrences(of: " ", with: ""));base64," + Data(bytes).base64EncodedString()
    }
}
