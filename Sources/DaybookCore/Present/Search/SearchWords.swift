/// Words to look for in texts as the site's search finds them (`assets/search.js`): each split
/// into terms by ``SearchTokenizer`` (folded: case and accents do not matter; Han and kana by
/// pairs), every word needed, a term matched by its start (`walk` finds `walked`; one Latin
/// letter or digit only itself), an Arabic word without the prefix joined to it too. A word of
/// words (`x86-64`, `"road trip"` given as one argument) is its terms side by side in one text,
/// each whole but the last, as the site takes it; a word of no letters or digits (`☀️`) is
/// looked for as written.
public struct SearchWords: Sendable {
    struct Word: Sendable {
        var typed: String
        /// Its terms as a query's: the tokenizer's, less the stems it files Arabic words under too.
        var terms: [String]
        /// Whether the terms must stand side by side (a word of words, without Han or kana).
        var isPhrase: Bool
    }

    let words: [Word]

    public init(_ typed: [String]) {
        var tokenizer = SearchTokenizer()
        words = typed.map { word in
            var terms: [String] = []
            for term in tokenizer.terms(word) where terms.last.flatMap(SearchFolding.arabicStem) != term { terms.append(term) }
            let hasPairs = word.unicodeScalars.contains { SearchFolding.isReadByPairs($0.value) }
            return Word(typed: word, terms: terms, isPhrase: terms.count > 1 && !hasPairs)
        }
    }

    public var isEmpty: Bool { words.isEmpty }

    /// Whether every word is in one of `texts`, or else of `more()`, which is asked only when
    /// some word is in none of `texts` (a body to render).
    public func areAll(in texts: [String], orIn more: () -> [String]) -> Bool {
        var tokenizer = SearchTokenizer()
        let fields = texts.map { tokenizer.terms($0) }
        let missing = words.filter { !Self.holds($0, texts, fields) }
        if missing.isEmpty { return true }
        let later = more()
        let laterFields = later.map { tokenizer.terms($0) }
        return missing.allSatisfy { Self.holds($0, later, laterFields) }
    }

    /// Whether some word is in one of `texts`, or else of `more()`, which is asked only when no
    /// word is in `texts` (`daybook list --not`: a word that leaves an entry out).
    public func isAny(in texts: [String], orIn more: () -> [String]) -> Bool {
        guard !words.isEmpty else { return false }
        var tokenizer = SearchTokenizer()
        let fields = texts.map { tokenizer.terms($0) }
        if words.contains(where: { Self.holds($0, texts, fields) }) { return true }
        let later = more()
        let laterFields = later.map { tokenizer.terms($0) }
        return words.contains { Self.holds($0, later, laterFields) }
    }

    /// Whether `word` is in one of `texts`, whose terms are `fields`.
    private static func holds(_ word: Word, _ texts: [String], _ fields: [[String]]) -> Bool {
        guard !word.terms.isEmpty else { return texts.contains { $0.contains(word.typed) } }
        if word.isPhrase { return fields.contains { hasPhrase($0, word.terms) } }
        return word.terms.allSatisfy { part in
            let prefix = !isExact(part)
            return fields.contains { $0.contains { matches($0, part, prefix: prefix) } }
        }
    }

    /// Whether `terms` (a text's, in order) hold `phrase` side by side, its last term by its start.
    static func hasPhrase(_ terms: [String], _ phrase: [String]) -> Bool {
        var plain: [String] = []
        for term in terms where plain.last.flatMap(SearchFolding.arabicStem) != term { plain.append(term) }
        guard plain.count >= phrase.count else { return false }
        let lastPrefix = !isExact(phrase[phrase.count - 1])
        return (0...(plain.count - phrase.count)).contains { start in
            phrase.indices.allSatisfy { k in matches(plain[start + k], phrase[k], prefix: k == phrase.count - 1 && lastPrefix) }
        }
    }

    /// Whether a text's term is the word, or begins with it (`prefix`): itself or its stem, or
    /// the word's stem is the term or its stem (search.js's `matches`).
    static func matches(_ term: String, _ word: String, prefix: Bool) -> Bool {
        func fits(_ candidate: String) -> Bool { prefix ? candidate.utf8.starts(with: word.utf8) : candidate == word }
        if fits(term) { return true }
        let termStem = SearchFolding.arabicStem(term)
        if let termStem, fits(termStem) { return true }
        guard let wordStem = SearchFolding.arabicStem(word) else { return false }
        return term == wordStem || termStem == wordStem
    }

    /// One Latin letter or digit (no Hangul, Han or kana) matches only itself, as on the site.
    static func isExact(_ term: String) -> Bool {
        guard let only = term.unicodeScalars.first, term.unicodeScalars.count == 1 else { return false }
        return !SearchFolding.isHangul(only.value) && !SearchFolding.isReadByPairs(only.value)
    }
}
