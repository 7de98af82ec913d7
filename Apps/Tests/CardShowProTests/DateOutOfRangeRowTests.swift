import Foundation
import Testing

/// Dates another program stored (a store edited by hand, or a tool of its own) that no
/// calendar or clock holds, 10^300 seconds from 1970: the tool meets them in words, where
/// converting them to whole days, minutes or hours stopped the process.
@Suite("A row whose date no calendar holds")
struct DateOutOfRangeRowTests: HandEditedStoreSuite {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test func aCardAcquiredOnADateNoCalendarHoldsIsRefusedAtItsNextSaveInWords() throws {
        let added = try tool.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58", "--store", store, "--json"])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String)
        try setInStore("UPDATE InventoryCard SET acquiredDate = 1e300")
        let updated = try tool.run(["card", "update", String(id.prefix(8)), "--value", "6", "--store", store])
        #expect(updated.status == 1, "\(updated.stderr)")
        #expect(updated.stderr.contains("A card can't be acquired in the future"), "\(updated.stderr)")
    }

    @Test func aCachedPriceOfADateNoClockShowsIsShownSayingSo() throws {
        #expect(try tool.run(["price", "set", "base1-4", "--market", "10", "--store", store]).status == 0)
        try setInStore("UPDATE CachedPrice SET timestamp = -1e300")
        let shown = try tool.run(["price", "show", "base1-4", "--store", store])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("from Manual, of a date no clock shows, EXPIRED"), "\(shown.stdout)")
    }

    @Test func aGradingSubmissionSentOnADateNoCalendarHoldsIsListed() throws {
        let added = try tool.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58", "--store", store, "--json"])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String)
        #expect(try tool.run(["grading", "submit", "--card", id, "--company", "psa", "--cost", "20", "--store", store]).status == 0)
        try setInStore("UPDATE GradingSubmission SET submissionDate = -1e300")
        let listed = try tool.run(["grading", "list", "--store", store])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("PSA"), "\(listed.stdout)")
    }

    /// The days out of a submission sent 10^300 seconds from 1970 read -9223372036854775808.
    @Test(arguments: ["1e300", "-1e300"])
    func aGradingSubmissionSentOnADateNoCalendarHoldsShowsItsDaysOutAsUnknown(sent: String) throws {
        let added = try tool.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58", "--store", store, "--json"])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String)
        #expect(try tool.run(["grading", "submit", "--card", id, "--company", "psa", "--cost", "20", "--store", store]).status == 0)
        try setInStore("UPDATE GradingSubmission SET submissionDate = \(sent)")
        let listed = try tool.run(["grading", "list", "--store", store])
        #expect(listed.status == 0, "\(listed.stderr)")
        let row = try #require(listed.stdout.split(separator: "\n").first { $0.contains("PSA") })
        #expect(row.split(separator: " ").last == "—", "\(listed.stdout)")
    }

    @Test func anEventReportWhoseTimesNoClockShowsShowsItsDurationAsUnknown() throws {
        #expect(try tool.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58", "--store", store]).status == 0)
        #expect(try tool.run(["event", "start", "--name", "Show", "--location", "Hall", "--store", store]).status == 0)
        #expect(try tool.run(["event", "end", "--store", store]).status == 0)
        try setInStore("UPDATE Event SET endTime = 1e300")
        let report = try tool.run(["event", "report", "--store", store])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("Duration:       —"), "\(report.stdout)")
    }

    /// An export wrote such a date as Foundation writes it (a year of six digits, or -4712),
    /// and `cardshow import` refused that export whole: a backup that imports nothing.
    @Test(arguments: [("acquiredDate", "1e300", "--acquired DATE", "an acquired date"),
                      ("lastPriceUpdate", "-1e300", "--value DOLLARS", "a price date")])
    func aCardWithADateNoCalendarHoldsIsRefusedByTheExportNamingItAndLeftOutWithSkipUnreadable(
        column: String, value: String, fix: String, what: String) throws {
        for arguments in [["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58"],
                          ["card", "add", "--name", "Mew", "--set", "Promo", "--number", "8"]] {
            #expect(try tool.run(arguments + ["--store", store]).status == 0)
        }
        let listed = try tool.run(["card", "list", "--json", "--store", store])
        let cards = (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []
        let id = String(try #require(cards.first { $0["name"] as? String == "Pikachu" }?["id"] as? String).prefix(8))
        try setInStore("UPDATE InventoryCard SET \(column) = \(value) WHERE name = 'Pikachu'")
        let backup = directory.file("backup.json").path

        let refused = try tool.run(["export", "--format", "json", "--output", backup, "--store", store])
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stderr.contains("Pikachu #58 (\(id)) has \(what) outside the years CardShow Pro keeps (from 1900 to 2199), "
                                        + "which another program stored: an export holding it could not be imported, so nothing was exported."),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("`cardshow card update \(id) \(fix)`, or `cardshow export --skip-unreadable` exports the other cards."),
                "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: backup))

        let salvaged = try tool.run(["export", "--format", "json", "--output", backup, "--skip-unreadable", "--store", store])
        #expect(salvaged.status == 0, "\(salvaged.stderr)")
        #expect(salvaged.stderr.contains("Skipped: Pikachu #58 (\(id)) has \(what) outside the years"), "\(salvaged.stderr)")
        #expect(salvaged.stdout.contains("Exported 1 card to"), "\(salvaged.stdout)")
        let imported = try tool.run(["import", backup, "--store", directory.file("other.store").path])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    /// `card show` of a card another program gave an acquired date 10^300 seconds from 1970
    /// and a value of 10^300 dollars: the date read "506713-02-07", and the value and profit
    /// filled their lines with a hundred groups of zeros.
    @Test func aCardShownWithADateNoCalendarHoldsAndAValueOfThreeHundredDigitsSaysSoInShortLines() throws {
        #expect(try tool.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58", "--cost", "2", "--store", store]).status == 0)
        try setInStore("UPDATE InventoryCard SET acquiredDate = 1e300, marketValue = 1e300")
        let shown = try tool.run(["card", "show", "Pikachu", "--store", store])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Acquired:   outside 1900–2199"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Value:      $1E300"), "\(shown.stdout)")
        #expect(shown.stdout.contains("(ROI 5E301%)"), "\(shown.stdout)")
        #expect(shown.stdout.split(separator: "\n").allSatisfy { $0.count < 100 }, "\(shown.stdout)")
    }

    @Test func aNegativeValueOfTwentyDigitsIsWrittenAsAPowerOfTenWithItsSignBeforeTheDollar() throws {
        #expect(try tool.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58", "--store", store]).status == 0)
        try setInStore("UPDATE InventoryCard SET marketValue = -2.5e20")
        let listed = try tool.run(["card", "list", "--store", store])
        #expect(listed.stdout.contains("-$2.5E20"), "\(listed.stdout)")
    }
}
