// libFuzzer target over the search index's text handling (Sources/DaybookCore/Present/Search/
// SearchText.swift, SearchTokenizer.swift, SearchFolding.swift, SearchTermSet.swift, SearchTermTable.swift
// with C's table and word scan, Sources/CSearchTerms; Support/RawArray.swift, ByteMask.swift) and
// an entry's word and script counts (Present/WordCount.swift, TextLanguage.swift): entry text is
// outside data.
//
// For each input, read as UTF-8 (invalid bytes replaced, as a String from JSON would be):
//   1. `SearchText.plainText(fromHTML:)`: valid UTF-8, no longer than the input, no "<" that a
//      tag made (the input's own "&lt;" may give one), no white space but single spaces;
//   2. `SearchTokenizer` over the input and over that text: every term non-empty, at most
//      `maxTermBytes`, valid UTF-8, its hash and key those of its bytes, and folding a term again
//      changes nothing.
//   3. the text read 16 and 8 bytes at a time is the text read byte by byte, plain and escaped;
//   4. C's word scan (`SearchTermTable.addWords`) files the terms the tokenizer files, over the
//      input and over its text, for two documents; those postings come back whole through the
//      search cache's bytes (`SearchMonthPart`);
//   5. the input read as a kept month (`SearchMonthPart(cacheBytes:…)`) and as a document shard
//      (`dbk_is_document_shard`): refused, or in range with checked shards;
//   6. the entry's words and scripts counted 64 and 16 bytes at a time (`WordCount`,
//      `TextLanguage.counts`: CByteScan) are what they are byte by byte.
// Nothing may trap.
import CSearchTerms
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
        // The month's part through the search cache and back, its documents numbered from 7.
        let shard = Array(#"daybookSearch("d","2021-11-0",[["a"],["b"]],"0000000000000000");"#.utf8) + [0x0A]
        let part = SearchMonthPart(postings: scanned.postings(), shards: [shard], start: 0)
        let digest = [UInt8](repeating: 1, count: 16)
        let kept = SearchMonthPart(cacheBytes: part.cacheBytes(digest: digest), digest: digest,
                                   month: SearchIndex.Month(key: "2021-11", start: 7, count: 2), stamp: "0123456789abcdef")
        check(kept.map { filed($0.postings) } == filed(part.postings).mapValues { $0.map { $0 + 7 } },
              "the cached part differs for \(source.debugDescription)")
    }
    // The input as a kept part (after the head it would have) and as a shard: nil or sound, no trap.
    let head = part(of: Array(UnsafeBufferPointer(start: data, count: size)))
    if let kept = SearchMonthPart(cacheBytes: head, digest: [UInt8](repeating: 1, count: 16),
                                  month: SearchIndex.Month(key: "2021-11", start: 3, count: 40), stamp: "0123456789abcdef") {
        check(kept.shards.count == 2, "a kept part with another number of shards")
        check(kept.postings.docs.allSatisfy { (3..<43).contains($0 & 0x7FFF_FFFF) }, "a kept document out of the month")
        for shard in kept.shards { check(dbk_is_document_shard(shard, shard.count) != 0, "a kept shard unchecked") }
    }
    _ = dbk_is_document_shard(data, size)
    check(WordCount.of(input) == WordCount.of(input, bytewise: true), "the word count differs for \(input.debugDescription)")
    check(TextLanguage.counts(input) == TextLanguage.counts(input, bytewise: true), "the script counts differ for \(input.debugDescription)")
    return 0
}

/// `bytes` after the search cache's head for a digest of 16 ones.
private func part(of bytes: [UInt8]) -> [UInt8] {
    Array("daybook-search-month 1\n".utf8) + [UInt8](repeating: 1, count: 16) + bytes
}

/// Each term with its documents.
private func filed(_ postings: SearchPostings) -> [String: [UInt32]] {
    var out: [String: [UInt32]] = [:]
    for t in 0..<postings.termCount {
        out[String(decoding: postings.term(t), as: UTF8.self)] = Array(postings.docs[Int(postings.docStart[t])..<Int(postings.docStart[t + 1])])
    }
    return out
}
