import Foundation

/// The line (counting from 1) where a file stops being valid JSON, so that a refusal can
/// name it. JSONDecoder does not say where; JSONSerialization names the byte where it
/// stopped ("around character 57"), a number it could not hold, or the end of the file.
enum JSONSyntaxLine {
    static func line(in data: Data) -> Int {
        let bytes = [UInt8](data)
        func line(at offset: Int) -> Int { 1 + bytes.prefix(max(0, offset)).count(where: { $0 == 0x0A }) }
        let reason: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return 1
        } catch {
            reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        }
        if let match = reason.firstMatch(of: /line (\d+)/), let number = Int(match.1) { return number }
        if let match = reason.firstMatch(of: /character (\d+)/), let offset = Int(match.1) { return line(at: offset) }
        if let match = reason.firstMatch(of: /Number (\S+) is not representable/),
           let range = data.range(of: Data(match.1.utf8)) {
            return line(at: range.lowerBound - data.startIndex)
        }
        // The text ran out (an unclosed string, object or array): the last line.
        return line(at: bytes.count)
    }
}
