// libFuzzer target over the reading of places in sound, video and TIFF files
// (Sources/DaybookCore/Render/Photos/MediaLocation.swift, TIFFPlace.swift): the input is the
// file. Nothing may trap or run long (a box's size, an IFD's offset and count are the file's to
// choose), and a file is said to hold a place only when it holds one of the names looked for (a
// TIFF: the GPS IFD's tag, 34853, in either byte order). The file without its place keeps its
// size and every byte outside the boxes emptied, holds no place unless one was said to remain,
// and is its own without its place.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let places = MediaLocation.places(size: bytes.count) { offset, count in
        offset >= 0 && count >= 0 && offset <= bytes.count - count ? Array(bytes[offset..<(offset + count)]) : nil
    }
    let names = [[0xA9] + Array("xyz".utf8), Array("loci".utf8), Array("com.apple.quicktime.location.".utf8), Array("GPSLatitude".utf8),
                 Array("GPSLongitude".utf8)]
    let named = names.contains { name in
        bytes.count >= name.count && (0...(bytes.count - name.count)).contains { bytes[$0..<($0 + name.count)].elementsEqual(name) }
    }
    if places.isRecorded && !named { fatalError("MediaLocationFuzz: a place found in a file without one") }
    let emptied = MediaLocation.withoutPlace(bytes)
    if emptied.count != bytes.count { fatalError("MediaLocationFuzz: the file without its place has another size") }
    for k in bytes.indices where emptied[k] != bytes[k] && !places.boxes.contains(where: { $0.contains(k) }) {
        fatalError("MediaLocationFuzz: a byte outside the emptied boxes changed at \(k)")
    }
    if !places.remainsWhenEmptied && MediaLocation.isRecorded(emptied) { fatalError("MediaLocationFuzz: a place left after emptying its boxes") }
    if MediaLocation.withoutPlace(emptied) != emptied { fatalError("MediaLocationFuzz: emptying twice changed the file") }
    let inTIFF = TIFFPlace.holdsPosition(size: bytes.count) { offset, count in
        offset >= 0 && count >= 0 && offset <= bytes.count - count ? Array(bytes[offset..<(offset + count)]) : nil
    }
    let gpsTag = zip(bytes, bytes.dropFirst()).contains { (a: UInt8, b: UInt8) -> Bool in
        (a == 0x88 && b == 0x25) || (a == 0x25 && b == 0x88)
    }
    if inTIFF && !gpsTag { fatalError("MediaLocationFuzz: a TIFF place found in a file without a GPS IFD") }
    return 0
}
