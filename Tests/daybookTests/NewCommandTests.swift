import Foundation
import Testing
@testable import daybook
@testable import DaybookCore

/// `daybook new` takes the user's locale and time zone, and prints commands that work as typed.
@Suite struct NewCommandTests {
    @Test(arguments: [
        (["LANG": "ko_KR.UTF-8"], "ko_KR"),
        (["LC_ALL": "de_DE.UTF-8@euro", "LANG": "ko_KR.UTF-8"], "de_DE"),
        (["LC_MESSAGES": "fr_FR", "LANG": "ko_KR.UTF-8"], "fr_FR"),
        (["LC_ALL": "", "LANG": "ja_JP.eucJP"], "ja_JP"),
        (["LANG": "C.UTF-8"], "en_US"),
        (["LANG": "xx_YY.UTF-8"], "en_US"),
        ([:], "en_US"),
    ])
    func localeFromTheEnvironment(environment: [String: String], locale: String) {
        #expect(SystemSettings.locale(environment: environment) == locale)
    }

    @Test func timeZoneFromTZOrTheSystem() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = folder + "/localtime", file = folder + "/timezone"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../usr/share/zoneinfo/America/New_York")
        try Data("Europe/Berlin\n".utf8).write(to: URL(fileURLWithPath: file))
        func zone(_ environment: [String: String], link: String = link) -> String {
            SystemSettings.timeZone(environment: environment, localtime: link, timezoneFile: file)
        }
        #expect(zone(["TZ": "Asia/Seoul"]) == "Asia/Seoul")
        #expect(zone(["TZ": ":Asia/Tokyo"]) == "Asia/Tokyo")
        #expect(zone(["TZ": "/usr/share/zoneinfo/Europe/Paris"]) == "Europe/Paris")
        #expect(zone(["TZ": "Nowhere/Else"]) == "America/New_York")
        // POSIX offsets count west: UTC+3 is three hours behind Greenwich, as `date` shows it.
        #expect(zone(["TZ": "UTC+3"]) == "Etc/GMT+3")
        #expect(zone(["TZ": "JST-9"]) == "Etc/GMT-9")
        #expect(zone(["TZ": "<+03>-3"]) == "Etc/GMT-3")
        #expect(zone(["TZ": "UTC0"]) == "UTC")
        #expect(zone(["TZ": "UTC"]) == "UTC")
        #expect(TimeZone(identifier: zone(["TZ": "UTC+3"]))?.secondsFromGMT() == -3 * 3600)
        #expect(zone([:]) == "America/New_York")
        #expect(zone([:], link: folder + "/missing") == "Europe/Berlin")
        #expect(SystemSettings.timeZone(environment: [:], localtime: folder + "/missing", timezoneFile: folder + "/missing") == "UTC")
    }

    /// Found by a CLI audit: a `TZ` that names no zone (`Seoul`) was passed over without a word,
    /// and the site's days were the system zone's. `new` says so, with the zone probably meant.
    @Test func aTZThatIsNoZoneIsSaidSo() throws {
        #expect(SystemSettings.unknownTZ(environment: ["TZ": "Seoul"]) == "Seoul")
        #expect(SystemSettings.unknownTZ(environment: ["TZ": ":Asia/Seol"]) == "Asia/Seol")
        for known in ["Asia/Seoul", ":Asia/Tokyo", "UTC+3", "", ":/etc/localtime", "/usr/share/zoneinfo/Europe/Paris"] {
            #expect(SystemSettings.unknownTZ(environment: ["TZ": known]) == nil, "\(known)")
        }
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], environment: ["TZ": "Seoul"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix(#"warning: TZ: unknown time zone "Seoul"; expected an IANA name such as "UTC" or "Asia/Seoul" (did you mean "Asia/Seoul"?); the new site's time zone is "#))
    }

    /// Found by a newcomer's audit: a fresh clone (`.git` alone) was refused as not empty.
    @Test func aFolderWithOnlyHiddenFilesTakesTheSite() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/repo/.git", withIntermediateDirectories: true)
        let run = try CLITests.run(["new", "repo", "--now", "2026-01-02T12:00:00Z"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/repo/daybook.json"))
        #expect(FileManager.default.fileExists(atPath: folder + "/repo/.git"))
        // A folder with other files is refused, with a folder to use instead.
        try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
        try Data("# Me\n".utf8).write(to: URL(fileURLWithPath: folder + "/other/README.md"))
        let refused = try CLITests.run(["new", "other", "--now", "2026-01-02T12:00:00Z"], in: folder)
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("Error: other already exists and is not empty (its hidden files alone, such as .git, are let be); give a new folder, such as other/site\n"))
    }

    /// Found by a newcomer's audit: a folder that is a site already was refused with "give a new
    /// folder, such as s/site" (a site inside the site), by `new` and by `theme export`, whose
    /// theme belongs in the site's templates/ instead.
    @Test func aSiteFolderIsRefusedWithWhatToGiveInstead() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let again = try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        #expect(again.status == 64)
        #expect(again.stderr.hasPrefix("Error: s already exists and is not empty (its hidden files alone, such as .git, are let be); "
            + "it is a site already: build it with \"daybook build s\", or give a new folder\n"), "\(again.stderr)")
        // A folder the shell needs quoted is quoted where it starts the message and in the command
        // (found by a publishing audit: 'daybook build 'my site'' was no command to copy).
        #expect(try CLITests.run(["new", "my site", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let spaced = try CLITests.run(["new", "my site", "--now", "2026-01-02T12:00:00Z"], in: folder)
        #expect(spaced.status == 64)
        #expect(spaced.stderr.hasPrefix("Error: 'my site' already exists and is not empty (its hidden files alone, such as .git, are let be); "
            + "it is a site already: build it with \"daybook build 'my site'\", or give a new folder\n"), "\(spaced.stderr)")
        let theme = try CLITests.run(["theme", "export", "s"], in: folder)
        #expect(theme.status == 64)
        #expect(theme.stderr.hasPrefix("Error: s already exists and is not empty (its hidden files alone, such as .git, are let be); "
            + "it is a site: give its templates folder, s/templates\n"), "\(theme.stderr)")
        let pages = try CLITests.run(["theme", "export", "s/pages"], in: folder)
        #expect(pages.status == 64)
        #expect(pages.stderr.hasPrefix("Error: s/pages already exists and is not empty (its hidden files alone, such as .git, are let be); give a new or empty folder\n"), "\(pages.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/templates"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/site"))
    }

    @Test func shellQuoting() {
        #expect(SystemSettings.shellQuoted("mysite/_site/index.html") == "mysite/_site/index.html")
        #expect(SystemSettings.shellQuoted("my site") == "'my site'")
        #expect(SystemSettings.shellQuoted("Bori's diary") == #"'Bori'\''s diary'"#)
        #expect(SystemSettings.shellQuoted("일기") == "'일기'")
    }

    @Test func newSiteHasTheUsersLocaleAndZoneAndQuotedCommands() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLITests.run(["new", "my site", "--now", "2026-01-02T12:00:00Z"], environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
                                                                     "TZ": "Asia/Seoul", "PATH": "/nonexistent"], in: folder)
        #expect(run.status == 0)
        let config = try String(contentsOfFile: folder + "/my site/daybook.json", encoding: .utf8)
        #expect(config.contains(#""locale": "ko_KR""#))
        #expect(config.contains(#""timeZone": "Asia/Seoul""#))
        #expect(run.stderr == """
        Made a new site in 'my site' (locale ko_KR, time zone Asia/Seoul). Next:
          daybook build 'my site'
          then open file://\(URL(fileURLWithPath: folder).standardizedFileURL.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)/my%20site/_site/index.html in a browser

        """)
        // The starter entries and todos are in the site's language.
        #expect(config.contains(#""description": "Daybook으로 쓰는 일기.""#))
        #expect(try CLITests.run(["build", "my site", "--now", "2026-01-02"], in: folder).status == 0)
        let entry = try String(contentsOfFile: folder + "/my site/_site/entries/2026-01-01-안녕-daybook/index.html", encoding: .utf8)
        #expect(entry.contains(#"<h1 dir="auto">안녕, Daybook</h1>"#))
        let todos = try String(contentsOfFile: folder + "/my site/todos.json", encoding: .utf8)
        #expect(todos.contains(#""detail": "오늘 일기 쓰기""#))
        // So is its about page, a page of the site's own that the menu lists.
        let about = try String(contentsOfFile: folder + "/my site/_site/about/index.html", encoding: .utf8)
        #expect(about.contains(#"<li><a href="index.html" aria-current="page">소개</a></li>"#))
        #expect(about.contains("<p>누가, 왜 이 일기를 쓰는지 여기에 적으세요.</p>"))
        #expect(entry.contains(#"<li><a href="../../about/index.html">소개</a></li>"#))
    }

    /// The sample entries are dated the day before and the day the site is made, in its time
    /// zone (as Jekyll dates its welcome post), so a new site opens on this month, not January 2026.
    @Test func theSampleEntriesAreDatedYesterdayAndTodayInTheSitesZone() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let english = ["LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]
        func dates(_ site: String) throws -> [String] {
            let diary = try String(contentsOfFile: folder + "/\(site)/diary.json", encoding: .utf8)
            return diary.split(separator: "\n").filter { $0.contains(#""date":"#) }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // 20:00 UTC is 05:00 the next day in Seoul.
        #expect(try CLITests.run(["new", "seoul", "--now", "2026-12-06T20:00:00Z"], environment: english.merging(["TZ": "Asia/Seoul"]) { $1 }, in: folder).status == 0)
        #expect(try dates("seoul") == [#""date": "2026-12-06T09:00:00+09:00","#, #""date": "2026-12-07","#])
        // The day before daylight saving time began in New York (2026-03-08) still had its winter offset.
        #expect(try CLITests.run(["new", "ny", "--now", "2026-03-09T02:00:00Z"], environment: english.merging(["TZ": "America/New_York"]) { $1 }, in: folder).status == 0)
        #expect(try dates("ny") == [#""date": "2026-03-07T09:00:00-05:00","#, #""date": "2026-03-08","#])
        // Built at that moment, both are published (neither is after now) and the home page is December's.
        #expect(try CLITests.run(["build", "seoul", "--now", "2026-12-06T20:00:00Z"], environment: english, in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/seoul/_site/entries/2026-12-06-hello-daybook/index.html"))
        let home = try String(contentsOfFile: folder + "/seoul/_site/index.html", encoding: .utf8)
        #expect(home.contains("Dec 7, 2026") && home.contains("Dec 6, 2026"))
        // A --now that is no date is refused before anything is written.
        let bad = try CLITests.run(["new", "bad", "--now", "soon"], environment: english, in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --now must be an ISO 8601 date such as 2024-01-01T00:00:00Z"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad"))
    }

    /// Every language the theme has UI strings for has starter words, each of them filled in.
    @Test func everyLanguageOfTheThemeHasStarterWords() {
        let languages = Theme.builtIn.files.keys.filter { $0.hasPrefix("i18n/") && $0.hasSuffix(".json") }
            .map { String($0.dropFirst(5).dropLast(5)) }.sorted()
        #expect(languages == ["ar", "de", "en", "es", "fa", "fr", "he", "id", "it", "ja", "ko", "nl", "pl", "pt", "ru", "th", "tr", "uk", "vi", "zh", "zh-hant"])
        for language in languages {
            let words = Starter.of(language: language)
            #expect(Starter.all[language] != nil, "\(language)")
            #expect(words.todos.count == 3 && !words.firstTitle.isEmpty && !words.walkTag.isEmpty, "\(language)")
            #expect(!words.aboutTitle.isEmpty && words.aboutBody.contains("`pages/about.md`"), "\(language)")
            #expect(language == "en" || words.firstTitle != Starter.english.firstTitle, "\(language)")
        }
        #expect(Starter.of(language: "xx").firstTitle == "Hello, Daybook")
    }
}
