import Foundation
import Testing
import Trendy

/// An export file with nothing in it is said to be empty, not JSON broken at its first line.
@Suite struct EmptyExportTests {
    @Test(arguments: [Data(), Data("\u{FEFF}  \n".utf8)])
    func anEmptyExportIsSaidToBeEmptyNotInvalidJSON(_ data: Data) {
        #expect(throws: TrendyError.invalidBackup("the file is empty: give a file `trendy export` wrote")) {
            try BackupExchange.read(data)
        }
    }
}
