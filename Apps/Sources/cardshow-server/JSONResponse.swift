import Foundation
import Hummingbird

extension Response {
    /// A response whose body is `value` as JSON: dates in ISO 8601 and keys sorted, as
    /// the cardshow tool's exports write them.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = ByteBuffer(bytes: try encoder.encode(value))
        return Response(status: status,
                        headers: [.contentType: "application/json; charset=utf-8", .contentLength: "\(body.readableBytes)"],
                        body: ResponseBody(byteBuffer: body))
    }
}
