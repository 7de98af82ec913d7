import Foundation
import OpenSwiftData

/// The model the predicate target queries: one property of every kind a predicate
/// captures a value for, required and optional.
@Model
final class Probe {
    var index: Int
    var name: String
    var nickname: String?
    var count: Int
    var big: Int?
    var score: Double
    var ratio: Double?
    var born: Date
    var due: Date?
    var flag: Bool
    var maybeFlag: Bool?

    init(index: Int, name: String, nickname: String?, count: Int, big: Int?, score: Double, ratio: Double?,
         born: Date, due: Date?, flag: Bool, maybeFlag: Bool?) {
        self.index = index
        self.name = name
        self.nickname = nickname
        self.count = count
        self.big = big
        self.score = score
        self.ratio = ratio
        self.born = born
        self.due = due
        self.flag = flag
        self.maybeFlag = maybeFlag
    }
}
