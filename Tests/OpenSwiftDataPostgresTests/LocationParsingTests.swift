#if PostgreSQL
import Testing
@testable import OpenSwiftDataPostgres

/// `postgres://` URLs: what is read from them, and what is refused and how it is said.
struct LocationParsingTests {
    private func problem(_ url: String) -> PostgresURLProblem? {
        do {
            _ = try PostgresStoreLocation(url: url)
            return nil
        } catch {
            if case let .invalidURL(problem) = error.kind { return problem }
            return nil
        }
    }

    @Test func readsEveryPartOfAURL() throws {
        let location = try PostgresStoreLocation(
            url: "postgresql://app%40corp:s%3Acret%2F@db.internal:6543/inventory?sslmode=require&schema=shop&connect_timeout=3&application_name=cards")
        #expect(location.user == "app@corp")
        #expect(location.password == "s:cret/")
        #expect(location.host == "db.internal")
        #expect(location.port == 6543)
        #expect(location.database == "inventory")
        #expect(location.sslMode == .require)
        #expect(location.schema == "shop")
        #expect(location.connectTimeout == 3)
        #expect(location.applicationName == "cards")
    }

    @Test func leavesOutPortAndSSLModeForTheirDefaults() throws {
        let location = try PostgresStoreLocation(url: "postgres://osd@localhost/osd_test")
        #expect(location.port == 5432)
        #expect(location.sslMode == .prefer)
        #expect(location.password == nil)
        #expect(location.schema == nil)
    }

    @Test func readsAnIPv6HostInBrackets() throws {
        let location = try PostgresStoreLocation(url: "postgres://osd:pw@[::1]:5433/osd_test")
        #expect(location.host == "::1")
        #expect(location.port == 5433)
    }

    @Test func refusesTextThatIsNotAURL() {
        #expect(problem("osd_test") == .notAURL)
        #expect(problem("osd_test")?.description.contains("postgres://user:password@host:5432/database") == true)
    }

    @Test func refusesAnotherScheme() {
        #expect(problem("mysql://u:p@h/db") == .unsupportedScheme("mysql"))
    }

    @Test func refusesAURLWithoutDatabaseName() {
        #expect(problem("postgres://u:p@h:5432") == .missingDatabase)
        #expect(problem("postgres://u:p@h:5432/") == .missingDatabase)
        #expect(problem("postgres://u:p@h:5432/")?.description.contains("names no database") == true)
    }

    @Test(arguments: ["abc", "0", "70000", "", "-1", "54 32"])
    func refusesABadPort(_ port: String) {
        #expect(problem("postgres://u:p@h:\(port)/db") == .invalidPort(port))
    }

    @Test func saysWhatABadPortShouldBe() throws {
        let error = try #require(problem("postgres://u:p@h:abc/db"))
        #expect(error.description.contains("\"abc\" is not a number from 1 to 65535"))
    }

    @Test func refusesAURLWithoutUserOrHost() {
        #expect(problem("postgres://h:5432/db") == .missingUser)
        #expect(problem("postgres://u:p@:5432/db") == .missingHost)
    }

    @Test func refusesAMisspeltParameter() {
        #expect(problem("postgres://u:p@h/db?ssl_mode=disable") == .unknownParameter("ssl_mode"))
    }

    @Test func refusesAnUnknownSSLMode() {
        #expect(problem("postgres://u:p@h/db?sslmode=on") == .unsupportedSSLMode("on"))
    }

    @Test func refusesAnUndecodableEscape() {
        #expect(problem("postgres://u:%ZZ@h/db") == .invalidPercentEncoding(part: "password"))
    }

    @Test func neverShowsThePassword() throws {
        let location = try PostgresStoreLocation(url: "postgres://osd:topsecret@127.0.0.1:5432/osd_test")
        #expect(!location.description.contains("topsecret"))
        #expect(location.description == "postgres://osd:***@127.0.0.1:5432/osd_test")
        #expect(problem("postgres://osd:topsecret@h:99999/db")?.description.contains("topsecret") == false)
    }

    @Test func namesTheURLInTheErrorsDescription() {
        let error = PostgresStoreError.invalidURL(.missingDatabase)
        #expect(error.description.hasPrefix("The PostgreSQL URL cannot be used: it names no database"))
    }
}
#endif
