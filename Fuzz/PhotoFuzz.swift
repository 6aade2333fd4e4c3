// libFuzzer target over the photo pipeline (Sources/DaybookCore/Render/Photos): each input is
// written as a file, its header read through libvips (`PhotoProbe.size(ofFile:)`, and
// `saysWhereTaken`, which reads its EXIF and XMP, as for an image of static/) and, when it
// reads and is at most 4 MP, its variants made (`PhotoProcessor.make`: decode with shrink-on-load,
// resize, WebP and JPEG encodes, the WebP metadata strip). Nothing may trap; a readable photo
// gives one non-empty file per planned output, or a PhotoProblem.
import Foundation

private let path: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return (base as NSString).appendingPathComponent("daybook-photo-fuzz-\(getpid())")
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    defer { unlink(path) }
    guard case .success(let shown) = PhotoProbe.size(ofFile: path) else { return 0 }
    _ = PhotoProbe.saysWhereTaken(ofFile: path)
    guard shown.width * shown.height <= 4_000_000 else { return 0 }
    var settings = PhotoSettings()
    settings.widths = [16, 64]
    let plan = PhotoPlan.plans(sizes: ["photos/x.img": shown], settings: settings, social: ["photos/x.img"])["photos/x.img"]!
    if let files = try? PhotoProcessor(settings: settings).make(plan, file: path) {
        if files.count != plan.outputs.count || files.contains(where: \.isEmpty) {
            fatalError("PhotoFuzz: \(files.count) files for \(plan.outputs.count) outputs")
        }
    }
    return 0
}
