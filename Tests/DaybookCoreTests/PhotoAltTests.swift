import Testing
@testable import DaybookCore

/// A photo's alt text counts in the page's digits.
struct PhotoAltTests {
    @Test func theCountIsInThePagesDigits() {
        var entry = Entry(title: "نزهة", date: ISODate(day: CalendarDay(year: 2026, month: 11, day: 25)), origin: SourceOrigin(file: "d.json", line: 1, column: 1))
        entry.photos = [EntryPhoto(path: "photos/a.jpg"), EntryPhoto(path: "photos/b.jpg")]
        let arabic = DateFormats(locale: "ar_EG", timeZone: "UTC")
        #expect(EntryPage.Photo.defaultAlt(of: entry, photo: 0, number: arabic.number) == "نزهة (١/٢)")
        #expect(EntryPage.Photo.defaultAlt(of: entry, photo: 1) == "نزهة (2/2)")
    }
}
