/// The anchors GitHub gives the headings of one Markdown file, as github-slugger makes them
/// (GitLab's and VS Code's previews do the same): the heading's text lowercased; letters, marks,
/// digits, `_` and `-` kept; each space a `-`; anything else dropped. A second heading of the
/// same anchor gets `-1`, a third `-2`. ``HeadingIDs`` makes the entry pages' ids, as Hugo does.
struct GitHubSlugger {
    /// Each anchor given, and for a first one, how many of its text came after it.
    private var occurrences: [String: Int] = [:]

    /// The anchor of the next heading, whose text is `text`.
    mutating func anchor(forHeading text: String) -> String {
        let first = GitHubSlugger.slug(text)
        var anchor = first
        while occurrences[anchor] != nil {
            let n = occurrences[first, default: 0] + 1
            occurrences[first] = n
            anchor = "\(first)-\(n)"
        }
        occurrences[anchor] = 0
        return anchor
    }

    /// The anchor of a heading whose text is `text`, before it is made unique.
    static func slug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                out.append("-")
            } else if scalar == "-" || isKept(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Letters, marks, decimal and letter numbers, connector punctuation (`_`), and the symbols
    /// that are alphabetic (`Ⓐ`).
    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .connectorPunctuation:
            return true
        default:
            return scalar.properties.isAlphabetic
        }
    }
}
