import Foundation
import GRDB

extension DatabaseValue {
    /// The value as an error message shows it.
    var migrationDescription: String {
        switch storage {
        case .null: "nil"
        case let .int64(value): String(value)
        case let .double(value): String(value)
        case let .string(value): "\"\(value)\""
        case let .blob(data):
            data.count == 16 ? UUID(uuid: data.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }).uuidString
                             : "<\(data.count) bytes>"
        }
    }

    /// The value as an SQL literal, for `DEFAULT` clauses.
    var sqlLiteral: String {
        switch storage {
        case .null: return "NULL"
        case let .int64(value): return String(value)
        case let .double(value):
            if value.isNaN { return "NULL" }
            if value.isInfinite { return value > 0 ? "9e999" : "-9e999" }
            return "\(value)"
        case let .string(value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case let .blob(data): return "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}
