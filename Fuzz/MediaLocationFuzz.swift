// libFuzzer target over the reading of places in sound and video files
// (Sources/DaybookCore/Render/Photos/MediaLocation.swift): the input is the file. Nothing may
// trap or run long (a box's size is the file's to choose), and a file is said to hold a place
// only when it holds one of the names looked for.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let found = MediaLocation.isRecorded(bytes)
    let names = [[0xA9] + Array("xyz".utf8), Array("com.apple.quicktime.location.ISO6709".utf8), Array("GPSLatitude".utf8)]
    let named = names.contains { name in
        bytes.count >= name.count && (0...(bytes.count - name.count)).contains { bytes[$0..<($0 + name.count)].elementsEqual(name) }
    }
    if found && !named { fatalError("MediaLocationFuzz: a place found in a file without one") }
    return 0
}
