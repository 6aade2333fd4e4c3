import Foundation
import Testing
@testable import daybook

/// `daybook list` through the built binary, as a user would run it.
@Suite struct ListCommandCLITests {
    typealias Run = CLITests.Run

    static let diary = #"""
    [
      {"title": "Morning walk", "date": "2026-12-01T09:30:00+09:00", "body": "Cold but *bright*.\n\nBori ran to the Café.",
       "tags": ["walk", "dog"], "mood": "Happy", "weather": "Clear -2°C", "location": "한강"},
      {"title": "Rain", "date": "2026-12-02T18:02", "body": "Rain all day.\r\nBori refused to go out.", "weather": "Rainy", "extra": 1.50},
      {"title": "Road trip", "date": "2026-11-13", "tags": ["road trip"]},
      {"title": "Paris evening", "date": "2026-11-30T20:00:00+01:00", "timeZone": "Europe/Paris"},
      {"title": "Secret", "date": "2026-11-20", "draft": true},
      {"title": "Later", "date": "2027-01-01"}
    ]
    """#

    /// A site folder `s` (Seoul time, English) inside a fresh temporary folder.
    static func site(diary: String = diary) throws -> String {
        try AddCLITests.site(["s/daybook.json": #"{"title": "T", "locale": "en_US", "timeZone": "Asia/Seoul"}"#, "s/diary.json": diary])
    }

    /// `daybook list WORDS --site s --now 2026-12-05T00:00:00Z`.
    static func list(_ words: [String], in folder: String, environment: [String: String] = [:]) throws -> Run {
        try CLITests.run(["list"] + words + ["--site", "s", "--now", "2026-12-05T00:00:00Z"], environment: environment, in: folder)
    }

    @Test func oneLineAnEntryOldestFirst() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.list([], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == """
            2026-11-13        Road trip  #road-trip
            2026-11-30 20:00  Paris evening
            2026-12-01 09:30  Morning walk  #walk #dog
            2026-12-02 18:02  Rain

            """)
        // The last two, jrnl's way too; a word, a tag (jrnl's @), a day.
        #expect(try Self.list(["-n", "2"], in: folder).stdout == "2026-12-01 09:30  Morning walk  #walk #dog\n2026-12-02 18:02  Rain\n")
        #expect(try Self.list(["-1"], in: folder).stdout == "2026-12-02 18:02  Rain\n")
        #expect(try Self.list(["-n1"], in: folder).stdout == "2026-12-02 18:02  Rain\n")
        #expect(try Self.list(["-n2x"], in: folder).stderr.hasPrefix("Error: -n must be a whole number of entries, 1 or more, found '2x'\n"))
        #expect(try Self.list(["cafe"], in: folder).stdout == "2026-12-01 09:30  Morning walk  #walk #dog\n")
        #expect(try Self.list(["@road-trip"], in: folder).stdout == "2026-11-13        Road trip  #road-trip\n")
        #expect(try Self.list(["bori", "--from", "2026-12-02"], in: folder).stdout == "2026-12-02 18:02  Rain\n")
        let drafts = try Self.list(["--on", "2026-11", "--drafts"], in: folder)
        #expect(drafts.stdout == "2026-11-13        Road trip  #road-trip\n2026-11-20        Secret (draft)\n2026-11-30 20:00  Paris evening\n")
    }

    /// Found by a Japanese diarist's audit: `--full` said "Mood:" on a Japanese site, whose pages and
    /// reports say 気分：. The labels are the site's language's, a tag typed with a full-width
    /// ＃ is the tag.
    @Test func fullSaysTheCardsInTheSitesLanguage() throws {
        let folder = try AddCLITests.site(["s/daybook.json": #"{"title": "T", "locale": "ja_JP", "timeZone": "Asia/Tokyo"}"#,
                                           "s/diary.json": #"[{"title": "散歩", "date": "2026-12-01", "mood": "うれしい", "location": "東京", "body": "x"}]"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.list(["--full"], in: folder).stdout == "2026-12-01        散歩\n  気分：うれしい · 場所：東京\n\n  x\n\n")
        let added = try CLITests.run(["add", "雨", "--body", "", "--tag", "＃雨", "--tag", "＠家", "--date", "2026-12-02", "--site", "s"], in: folder)
        #expect(added.status == 0)
        #expect(try Self.list(["--on", "2026-12-02"], in: folder).stdout == "2026-12-02        雨  #雨 #家\n")
    }

    @Test func fullPrintsCardsAndBodies() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.list(["--full", "--from", "2026-11-30"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == """
            2026-11-30 20:00  Paris evening

            2026-12-01 09:30  Morning walk  #walk #dog
              Mood: Happy · Weather: Clear -2°C · Location: 한강

              Cold but *bright*.

              Bori ran to the Café.

            2026-12-02 18:02  Rain
              Weather: Rainy

              Rain all day.
              Bori refused to go out.


            """)
    }

    @Test func jsonHasEveryKeyAsWritten() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.list(["rain", "--json"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == #"""
            [
              {
                "id": "2026-12-02-rain",
                "title": "Rain",
                "date": "2026-12-02T18:02",
                "body": "Rain all day.\r\nBori refused to go out.",
                "weather": "Rainy",
                "extra": 1.50,
                "file": "s/diary.json",
                "line": 4
              }
            ]

            """#)
        let none = try Self.list(["nothing", "--json"], in: folder)
        #expect(none.stdout == "[]\n")
    }

    /// Nothing found is no error (as jrnl and grep -c take it: a search that finds nothing worked);
    /// stderr says so, and what was left out that the query finds (a review found every draft and
    /// later entry said to be left out, matching or not).
    @Test func noMatchSaysSoOnStderr() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.list(["nothing"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "No entries match.\n")
        // Tags must all be there, unlike jrnl's `jrnl @walk @road-trip` (any of them): said when several found nothing.
        let tags = try Self.list(["@walk", "--tag", "Road_Trip", "#WALK"], in: folder)
        #expect(tags.status == 0)
        #expect(tags.stdout == "")
        #expect(tags.stderr == "No entries match.\nnote: an entry is listed only when it has every tag given (jrnl lists those with any); "
                + "for those with any of them: daybook list @Road_Trip @walk --any\n")
        // With --any, one of them is enough, as jrnl lists them.
        let any = try Self.list(["@walk", "--tag", "Road_Trip", "#WALK", "--any"], in: folder)
        #expect(any.status == 0)
        #expect(any.stdout == "2026-11-13        Road trip  #road-trip\n2026-12-01 09:30  Morning walk  #walk #dog\n")
        #expect(try Self.list(["@walk", "#Walk", "nothing"], in: folder).stderr == "No entries match.\n")
        #expect(try Self.list(["@walk", "@dog"], in: folder).stderr == "")
        let secret = try Self.list(["secret"], in: folder)
        #expect(secret.stdout == "")
        #expect(secret.stderr == "No entries match.\nnote: 1 draft left out (--drafts includes it)\n")
        let later = try Self.list(["--from", "2026-12-10"], in: folder)
        #expect(later.stderr == "No entries match.\nnote: 1 entry dated after now left out (--future includes it)\n")
        // Now as a build takes it: SOURCE_DATE_EPOCH, said when it left entries out.
        let epoch = try CLITests.run(["list", "--site", "s"], environment: ["SOURCE_DATE_EPOCH": "315532800"], in: folder)
        #expect(epoch.status == 0)
        #expect(epoch.stderr == """
            No entries.
            note: 1 draft left out (--drafts includes it)
            note: 6 entries dated after now left out (--future includes them)
            note: now is SOURCE_DATE_EPOCH's 1980-01-01T00:00:00Z, which this environment sets; give --now, or unset it, to list as of another time

            """)
    }

    /// `--not` leaves out the entries with a word, or with a tag written @TAG or #TAG (jrnl's
    /// `-not @work`, its one-dash spelling taken too); "No entries match." counts what it left out.
    @Test func notLeavesOutWordsAndTags() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.list(["--not", "@walk"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == "2026-11-13        Road trip  #road-trip\n2026-11-30 20:00  Paris evening\n2026-12-02 18:02  Rain\n")
        #expect(try Self.list(["-not", "#Dog"], in: folder).stdout == run.stdout)
        #expect(try Self.list(["--not=@Road_Trip", "--not", "rain"], in: folder).stdout
                == "2026-11-30 20:00  Paris evening\n2026-12-01 09:30  Morning walk  #walk #dog\n")
        // A word as WORDS are matched: `cafe` finds `Café`; `road trip`, its words side by side.
        #expect(try Self.list(["bori", "--not", "cafe"], in: folder).stdout == "2026-12-02 18:02  Rain\n")
        #expect(try Self.list(["--not", "road trip", "--to", "2026-11-30"], in: folder).stdout == "2026-11-30 20:00  Paris evening\n")
        // One of no letters or digits as written: the weather's `-2°C`, not the body's `*bright*`, rendered `bright`.
        #expect(try Self.list(["--not", "°", "--from", "2026-12"], in: folder).stdout == "2026-12-02 18:02  Rain\n")
        #expect(try Self.list(["--not", "*", "--on", "2026-12-01"], in: folder).stdout == "2026-12-01 09:30  Morning walk  #walk #dog\n")
        // Nothing left: said so (not "No entries."), with the draft and the later entry that --not leaves in.
        let none = try Self.list(["--not", "@walk", "--not", "@road-trip", "--not", "paris", "--not", "bori"], in: folder)
        #expect(none.status == 0)
        #expect(none.stdout == "")
        #expect(none.stderr == "No entries match.\nnote: 1 draft left out (--drafts includes it)\nnote: 1 entry dated after now left out (--future includes it)\n")
        let secret = try Self.list(["--not", "@walk", "--not", "@road-trip", "--not", "paris", "--not", "bori", "--not", "secret"], in: folder)
        #expect(secret.stderr == "No entries match.\nnote: 1 entry dated after now left out (--future includes it)\n")
        let json = try Self.list(["--not", "bori", "--not", "trip", "--json"], in: folder)
        #expect(json.stdout.contains("\"title\": \"Paris evening\""))
        #expect(!json.stdout.contains("\"title\": \"Rain\""))
    }

    @Test func usageErrors() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let usage = "Usage: daybook list [WORDS] … [--tag T]… [--any] [--not WORD]… [--from DAY] [--to DAY] [--on DAY] [-n N] [--full] [--drafts] [--future] "
            + "[--now ISO] [--site DIR] [--json]\n  See 'daybook list --help' for more information.\n"
        let backwards = try Self.list(["--from", "2026-12", "--to", "2026-11"], in: folder)
        #expect(backwards.status == 64)
        #expect(backwards.stdout == "")
        #expect(backwards.stderr == "Error: --from 2026-12 is after --to 2026-11\n" + usage)
        let notADay = try Self.list(["--on", "2026-02-30"], in: folder)
        #expect(notADay.status == 64)
        #expect(notADay.stderr == "Error: --on must be a day (2026-12-01), a month (2026-12), a year (2026), today or yesterday "
                + "(2026-02-30 is not a day of the calendar), found '2026-02-30'\n" + usage)
        #expect(try Self.list(["-n", "0"], in: folder).stderr == "Error: -n must be a whole number of entries, 1 or more, found '0'\n" + usage)
        #expect(try Self.list(["--n", "2"], in: folder).stderr == "Error: Unknown option '--n'. Did you mean '-n'?\n" + usage)
        #expect(try Self.list(["--on", "today", "--from", "2026-01"], in: folder).stderr
                == "Error: --on names the days itself: give it alone, or --from and --to\n" + usage)
        // An empty --not, as an empty --tag: no word or tag (white space is none either).
        for empty in [["--not", ""], ["--not", " "], ["-not="], ["--tag", ""]] {
            let run = try Self.list(empty, in: folder)
            #expect(run.status == 64, "\(empty)")
            #expect(run.stdout == "")
            #expect(run.stderr == "Error: \(empty[0].hasSuffix("tag") ? "--tag" : "--not") must not be empty\n" + usage, "\(empty)")
        }
        #expect(try Self.list(["--not"], in: folder).stderr
                == "Error: Missing value for '--not <word>' (a value that starts with '--' is written --not=VALUE)\n" + usage)
        // jrnl's other options are not taken with one dash.
        #expect(try Self.list(["-from", "2026-11"], in: folder).stderr == "Error: Unknown option '-from'. Did you mean '--from'?\n" + usage)
        #expect(try Self.list(["-to", "2026-11"], in: folder).stderr == "Error: Unknown option '-to'. Did you mean '--to'?\n" + usage)
        // Those Daybook has none of by name: what to type instead (found by a jrnl user's audit), exit 64 all the same.
        let jrnl: [([String], String)] = [
            (["-starred"], "'-starred'. jrnl's -starred is '--tag starred' here: an import makes a starred entry's star that tag"),
            (["-contains", "cafe"], "'-contains'. jrnl's -contains is a word here: daybook list cafe"),
            (["-contains", "road trip"], "'-contains'. jrnl's -contains is a word here: daybook list 'road trip'"),
            (["-and", "@walk", "@dog"], "'-and'. Every word and tag given must match already: jrnl's -and is how Daybook lists (--any lists the entries with any of the tags)"),
            (["--short"], "'--short'. One line an entry is how Daybook lists already (--full prints each entry whole)"),
            (["-s"], "'-s'. Did you mean '--site'? (jrnl's -s, one line an entry, is how Daybook lists already; --full prints each entry whole)"),
            (["--export", "json"], "'--export'. Did you mean '--json'?"),
            (["--format=json"], "'--format=json'. Did you mean '--json'?"),
            (["--export", "md"], "'--export'. Daybook lists as lines, or as JSON with --json; 'daybook report MONTH --format md' writes a month as Markdown"),
            (["-year", "2026"], "'-year'. jrnl's -year, -month and -day are --on here, a day, month or year of one year: --on 2026, --on 2026-12, --on 2026-12-05"),
            (["-today-in-history"], "'-today-in-history'. Daybook lists no day across the years: --on takes one day, month or year"),
            (["-tagged"], "'-tagged'. Daybook has no -tagged: give the tags to list (@work, --tag work)"),
            (["--tags"], "'--tags'. Daybook prints no list of tags: the shell completes them, with each one's count (daybook list --tag <Tab>)"),
            (["--edit"], "'--edit'. list does not change entries: they are in the site's diary files (--json gives each one's file and line)"),
        ]
        for (words, message) in jrnl {
            let run = try Self.list(words, in: folder)
            #expect(run.status == 64, "\(words)")
            #expect(run.stdout == "")
            #expect(run.stderr == "Error: Unknown option " + message + "\n" + usage, "\(words)")
        }
        // Other commands keep their own hints: Hugo's -s.
        #expect(try CLITests.run(["add", "x", "-s", "s"], in: folder).stderr.hasPrefix("Error: Unknown option '-s'. Did you mean '--site'?\n"))
    }

    /// A site folder given as build's SITE is, to a command that takes --site: named (found by a
    /// newcomer's audit: "not found" and "Unexpected argument" said nothing of it).
    @Test func aSiteGivenAsAWordIsNamed() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = try CLITests.run(["list", "s", "--now", "2026-12-05T00:00:00Z"], in: folder)
        #expect(list.status == 66)
        #expect(list.stdout == "")
        #expect(list.stderr == "error: daybook.json: not found (a site folder holds daybook.json; `daybook new DIR` makes one); s/ is a site: give it as --site s\n")
        // A word all the same where the current folder is a site.
        let words = try CLITests.run(["list", "s", "--now", "2026-12-05T00:00:00Z"], in: folder + "/s")
        #expect(words.status == 0)
        #expect(!words.stderr.contains("is a site"))
        for (arguments, message) in [(["todo", "list", "s"], "Unexpected argument 's'"), (["todo", "done", "s/"], "The todo ID must be a whole number, found 's/'"),
                                     (["import", "jrnl", "x.json", "s"], "Unexpected argument 's'")] {
            let run = try CLITests.run(arguments, in: folder)
            #expect(run.status == 64, "\(arguments)")
            let site = arguments.last!
            #expect(run.stderr.hasPrefix("Error: \(message). s/ is a site: give it as --site \(site)\nUsage: "), "\(arguments)")
        }
        // A word that is no site is a term of the list, as todo.sh's `ls x` takes it.
        #expect(try CLITests.run(["todo", "list", "x", "--site", "s"], in: folder).status == 0)
    }

    @Test func dataErrorsAreLocatedAsABuildLocatesThem() throws {
        let folder = try Self.site(diary: """
            [
              {"title": "A", "date": "2026-02-30"},
              {"id": "x", "title": "B", "date": "2026-01-01"},
              {"id": "x", "title": "C", "date": "2026-01-02"}
            ]
            """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.list([], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            error: s/diary.json:2:26: "date" is not an ISO 8601 date (2026-02-30 is not a day of the calendar), found "2026-02-30"
            error: s/diary.json:4:3: duplicate entry id "x" (first used at s/diary.json:3:3)
            List failed: 2 errors.

            """)
        let none = try CLITests.run(["list", "--site", "nowhere"], in: folder)
        #expect(none.status == 66)
        #expect(none.stderr == "error: nowhere: no such site folder\n")
    }

    /// A title's escape sequence would colour the terminal, set its title or worse: the loader
    /// shows ESC as U+FFFD (with a warning), a C1 control written as it is is shown escaped, and a
    /// right-to-left override is left out.
    @Test func controlCharactersInTitlesAreNotPrinted() throws {
        let folder = try Self.site(diary: #"""
            [{"title": "Red \u001b[31mtitle\u001b]0;owned\u0007 \u009b2J\u202Edone", "date": "2026-12-01", "tags": ["a\u009bb"]}]
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.list(["--full"], in: folder)
        #expect(run.status == 0)
        #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(run.stdout == "2026-12-01        Red \u{FFFD}[31mtitle\u{FFFD}]0;owned\u{FFFD} \\u{9B}2Jdone  #a\\u{9B}b\n\n")
        #expect(run.stderr.hasPrefix("warning: s/diary.json:1:12: \"title\" holds control characters (U+001B, U+0007)"))
    }

    @Test func completesTheSitesTags() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tags = try CLITests.run(["__complete", "tags", "list", "--site", "s", "--now", "2026-12-05T00:00:00Z"], in: folder)
        #expect(tags.stdout == "dog\t1 entry\nroad-trip\t1 entry\nwalk\t1 entry\n")
        let help = try CLITests.run(["--help"])
        #expect(help.stdout.contains("\n  list                  Print the diary's entries, or those with some words, tags or days.\n"))
        // --not's values are tags written @TAG: a word after --not is a word.
        let notTags = try CLITests.run(["__complete", "at-tags", "list", "--site", "s", "--now", "2026-12-05T00:00:00Z", "--not"], in: folder)
        #expect(notTags.stdout == "@dog\t1 entry\n@road-trip\t1 entry\n@walk\t1 entry\n")
        let listHelp = try CLITests.run(["list", "--help"])
        #expect(listHelp.stdout.contains("\n  --not <word>            Leave out the entries with this word, or with this tag when it starts with @ or # "
                                         + "(-not too, as jrnl writes it); repeat for several.\n"))
    }
}
