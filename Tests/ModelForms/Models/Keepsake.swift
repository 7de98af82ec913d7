import Foundation
import OpenSwiftData

/// `let` properties with initial values, as public SwiftData apps write them: each
/// new keepsake gets its own, and a keepsake read back has the stored one.
@Model
final class Keepsake {
    let id = UUID()
    let createdAt: Date = .now
    @Attribute(.externalStorage) let imageData: Data = Data()
    // A value of its own for every new keepsake, unlike `Data()`, so that reading it
    // back shows whether the stored one came back.
    @Attribute(.externalStorage) let thumbnail: Data = Data(UUID().uuidString.utf8)
    let caption: String
    var note: String = ""

    init(caption: String) {
        self.caption = caption
    }
}
