// libFuzzer target over the search index's text handling (Sources/DaybookCore/Present/Search/
// SearchText.swift, SearchTokenizer.swift, SearchFolding.swift, SearchTermSet.swift, SearchTermTable.swift
// with C's table and word scan, Sources/CSearchTerms; Support/RawArray.swift, ByteMask.swift): entry
// text is outside data.
//
// For each input, read as UTF-8 (invalid bytes replaced, as a String from JSON would be):
//   1. `SearchText.plainText(fromHTML:)`: valid UTF-8, no longer than the input, no "<" that a
//      tag made (the input's own "&lt;" may give one), no white space but single spaces;
//   2. `SearchTokenizer` over the input and over that text: every term non-empty, at most
//      `maxTermBytes`, valid UTF-8, its hash and key those of its bytes, and folding a term again
//      changes nothing.
//   3. the text read 16 and 8 bytes at a time is the text read byte by byte, plain and escaped;
//   4. C's word scan (`SearchTermTable.addWords`) files the terms the tokenizer files, over the
//      input and over its text, for two documents.
// Nothing may trap.
import Foundation

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("SearchTextFuzz: invariant failed: \(message())")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let text = SearchText.plainText(fromHTML: input)
    // The fast path (16 bytes, then 8, at a time) gives what the bytewise one does.
    for escaped in [false, true] {
        check(SearchText.text(fromHTML: input, escaped: escaped, bytewise: false) == SearchText.text(fromHTML: input, escaped: escaped, bytewise: true),
              "the fast path differs (escaped: \(escaped)) for \(input.debugDescription)")
    }
    check(!text.utf8.contains(0x0A) && !text.utf8.contains(0x09) && !text.contains("  "), "white space kept: \(text.debugDescription)")
    check(!text.hasPrefix(" ") && !text.hasSuffix(" "), "white space at an end: \(text.debugDescription)")
    if !input.contains("&") { check(!text.contains("<"), "a tag left in the text: \(text.debugDescription)") }
    check(text.utf8.count <= input.utf8.count * 2, "text longer than its HTML")
    var tokenizer = SearchTokenizer()
    for source in [input, text] {
        // Each term's hash, made as the fast path reads it, is the hash of its bytes.
        var bytes = source
        bytes.withUTF8 { buffer in
            tokenizer.tokenize(buffer) { term, hash, key in
                check(hash == SearchTokenizer.hash(term), "hash of \(String(decoding: term, as: UTF8.self).debugDescription)")
                check(key == SearchTermSet.key(term), "key of \(String(decoding: term, as: UTF8.self).debugDescription)")
            }
        }
        for term in tokenizer.terms(source) {
            check(!term.isEmpty && term.utf8.count <= SearchTokenizer.maxTermBytes, "term \(term.debugDescription)")
            check(String(validating: Array(term.utf8), as: UTF8.self) != nil, "invalid UTF-8 in a term")
            var again = SearchTokenizer()
            let refolded = again.terms(term)
            check(refolded.count >= 1, "a term is no term: \(term.debugDescription) -> \(refolded)")
        }
    }
    for source in [input, text] {
        let scanned = SearchTermTable(), read = SearchTermTable()
        var bytes = source
        for doc in Int32(0)..<2 {
            bytes.withUTF8 { scanned.addWords($0, doc: doc, tokenizer: &tokenizer) }
            bytes.withUTF8 { tokenizer.tokenize($0, into: read, doc: doc, inTitle: false) }
        }
        check(filed(scanned.postings()) == filed(read.postings()), "the word scan differs for \(source.debugDescription)")
        check(scanned.termCount == read.termCount, "the word scan hashes a term apart for \(source.debugDescription)")
    }
    return 0
}

/// Each term with its documents.
private func filed(_ postings: SearchPostings) -> [String: [UInt32]] {
    var out: [String: [UInt32]] = [:]
    for t in 0..<postings.termCount {
        out[String(decoding: postings.term(t), as: UTF8.self)] = Array(postings.docs[Int(postings.docStart[t])..<Int(postings.docStart[t + 1])])
    }
    return out
}
