import CouponTracker
import Foundation
import Testing

/// An export or template file with nothing in it is said to be empty, not JSON broken at its first line.
@Suite struct EmptyFileTests {
    @Test(arguments: [Data(), Data("\u{FEFF}  \n".utf8)])
    func anEmptyExportIsSaidToBeEmptyNotInvalidJSON(_ data: Data) {
        #expect(throws: ExchangeError.emptyFile(file: "wallet.json")) { try Wallet.decodeExport(data, file: "wallet.json") }
    }

    @Test(arguments: [Data(), Data("\u{FEFF}  \n".utf8)])
    func anEmptyTemplateFileIsSaidToBeEmptyNotInvalidJSON(_ data: Data) {
        #expect(throws: TemplateError.emptyFile(file: "cards.json")) { try CardDatabase.decode(data, file: "cards.json", now: Date()) }
    }
}
