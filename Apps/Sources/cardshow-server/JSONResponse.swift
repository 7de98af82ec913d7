import Foundation
import Hummingbird

extension Response {
    /// A response whose body is `value` as JSON: dates in ISO 8601 and keys sorted, as
    /// the cardshow tool's exports write them.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        // The same text as `.iso8601`, which on Linux makes a formatter of the C library's
        // for every date (a fifth of a page's encoding); Foundation's format style does not.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(.iso8601))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return json(encoded: try encoder.encode(value), status: status)
    }

    /// A response whose body is `json`, written already.
    static func json(encoded json: Data, status: HTTPResponse.Status = .ok) -> Response {
        let body = ByteBuffer(bytes: json)
        return Response(status: status,
                        headers: [.contentType: "application/json; charset=utf-8", .contentLength: "\(body.readableBytes)"],
                        body: ResponseBody(byteBuffer: body))
    }
}
