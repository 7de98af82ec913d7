// A second process for the engine's tests: it writes to a store file in a loop while
// the test, and other copies of this program, use the same file.
//
//     StoreWorkload insert STORE WRITER COUNT   one save per row, with a count every tenth
//
// It prints nothing on success and exits 0; on any error it prints the error and exits 1.
import Foundation
import OpenSwiftData

@Model final class Tally {
    var writer: String
    var sequence: Int
    init(writer: String, sequence: Int) {
        self.writer = writer
        self.sequence = sequence
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 5, arguments[1] == "insert", let count = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: StoreWorkload insert STORE WRITER COUNT\n".utf8))
    exit(2)
}
let writer = arguments[3]
var step = "opening the store"
do {
    let container = try ModelContainer(for: Tally.self, configurations: ModelConfiguration(url: URL(fileURLWithPath: arguments[2])))
    for sequence in 0..<count {
        let context = ModelContext(container)
        context.insert(Tally(writer: writer, sequence: sequence))
        step = "saving row \(sequence)"
        try context.save()
        if sequence % 10 == 0 {
            step = "counting after row \(sequence)"
            _ = try context.fetchCount(FetchDescriptor<Tally>(predicate: #Predicate { $0.writer == writer }))
        }
    }
} catch {
    FileHandle.standardError.write(Data("\(writer), \(step): \(error)\n".utf8))
    exit(1)
}
