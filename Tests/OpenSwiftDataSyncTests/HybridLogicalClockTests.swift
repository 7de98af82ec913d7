import Foundation
import Testing
@testable import OpenSwiftDataSync

@Suite struct HybridLogicalClockTests {
    let nodeA = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    let nodeB = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!

    @Test("moments order by milliseconds, then counter, then node")
    func totalOrder() {
        let early = HLCTimestamp(milliseconds: 10, counter: 5, node: nodeB)
        let later = HLCTimestamp(milliseconds: 11, counter: 0, node: nodeA)
        let counted = HLCTimestamp(milliseconds: 10, counter: 6, node: nodeA)
        let otherNode = HLCTimestamp(milliseconds: 10, counter: 5, node: nodeA)
        #expect(early < later)
        #expect(early < counted)
        #expect(otherNode < early)
        #expect([later, early, counted, otherNode].sorted() == [otherNode, early, counted, later])
    }

    @Test("a clock never goes backwards when the wall clock does")
    func monotoneWhenWallClockGoesBack() {
        var clock = HybridLogicalClock(node: nodeA)
        let first = clock.tick(now: Date(timeIntervalSince1970: 1000))
        let second = clock.tick(now: Date(timeIntervalSince1970: 999))
        let third = clock.tick(now: Date(timeIntervalSince1970: 999))
        #expect(first < second && second < third)
        #expect(second.milliseconds == 1_000_000 && second.counter == 1)
    }

    @Test("after receiving a moment from a clock running ahead, every tick is later than it")
    func receiveSkewedMoment() {
        var clock = HybridLogicalClock(node: nodeA)
        let ahead = HLCTimestamp(milliseconds: 5_000_000, counter: 7, node: nodeB)
        clock.receive(ahead, now: Date(timeIntervalSince1970: 1000))
        let next = clock.tick(now: Date(timeIntervalSince1970: 1000))
        #expect(next > ahead)
        #expect(next.milliseconds == 5_000_000 && next.counter == 9)
    }

    @Test("when the wall clock has caught up, ticks follow it again with counter 0")
    func followsWallClockAgain() {
        var clock = HybridLogicalClock(node: nodeA)
        clock.receive(HLCTimestamp(milliseconds: 2_000_000, counter: 3, node: nodeB), now: Date(timeIntervalSince1970: 1000))
        let next = clock.tick(now: Date(timeIntervalSince1970: 3000))
        #expect(next == HLCTimestamp(milliseconds: 3_000_000, counter: 0, node: nodeA))
    }

    @Test("a clock that has received the latest moment there is stays at it, where it made a moment past the year 9999")
    func staysAtTheLatestMoment() throws {
        var clock = HybridLogicalClock(node: nodeA)
        let last = HLCTimestamp(milliseconds: HLCTimestamp.latestMilliseconds, counter: .max, node: nodeB)
        clock.receive(last, now: Date(timeIntervalSince1970: 1000))
        let next = clock.tick(now: Date(timeIntervalSince1970: 1000))
        #expect(next.milliseconds == HLCTimestamp.latestMilliseconds && next.counter == .max)
        #expect(HLCTimestamp(next.description) == next)
    }

    @Test("a wall clock past the year 9999 reads as its last millisecond, and one before 1970 as 1970")
    func wallClockOutsideTheMomentsIsBounded() {
        var clock = HybridLogicalClock(node: nodeA)
        #expect(clock.tick(now: Date(timeIntervalSince1970: -5000)).milliseconds == 0)
        #expect(clock.tick(now: Date(timeIntervalSince1970: 1e300)).milliseconds == HLCTimestamp.latestMilliseconds)
    }

    @Test("a moment's text reads back as the same moment and sorts as moments do")
    func textRoundTrip() throws {
        let small = HLCTimestamp(milliseconds: 9, counter: 2, node: nodeA)
        let large = HLCTimestamp(milliseconds: 10, counter: 0, node: nodeA)
        #expect(HLCTimestamp(small.description) == small)
        #expect(small.description < large.description)
        #expect(HLCTimestamp("not a moment") == nil)
    }

    @Test("a moment's text is its zero-padded milliseconds and counter and its node's uuidString", arguments: [
        (Int64(0), UInt32(0)), (Int64(9), UInt32(2)), (Int64(1_767_225_600_123), UInt32(4_000_000_000)),
        (Int64(253_402_300_799_999), UInt32(1)), (Int64(-5), UInt32(7)), (Int64.max, UInt32.max), (Int64.min, UInt32(0)),
    ] as [(Int64, UInt32)])
    func textIsFixedWidth(milliseconds: Int64, counter: UInt32) {
        for node in [nodeA, HLCTimestamp.zero.node, UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!, UUID()] {
            let moment = HLCTimestamp(milliseconds: milliseconds, counter: counter, node: node)
            #expect(moment.description == String(format: "%015lld-%010u-", milliseconds, counter) + node.uuidString)
        }
    }

    @Test("moments of one millisecond and counter order as their nodes' text does")
    func nodesOrderAsTheirText() {
        let nodes = (0..<200).map { _ in UUID() } + [nodeA, nodeB, HLCTimestamp.zero.node]
        let moments = nodes.map { HLCTimestamp(milliseconds: 10, counter: 1, node: $0) }
        #expect(moments.sorted().map(\.node.uuidString) == nodes.map(\.uuidString).sorted())
    }

    @Test("a moment after the year 9999, before 1970 or with a sign is not a moment, in text and in JSON")
    func momentsOutOfRangeAreRefused() throws {
        let node = nodeA.uuidString
        for text in ["9223372036854775807-4294967295-\(node)", "253402300800000-0-\(node)", "-5-0-\(node)", "+5-0-\(node)", "5-+0-\(node)"] {
            #expect(HLCTimestamp(text) == nil, "\(text)")
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(HLCTimestamp.self, from: Data("\"\(text)\"".utf8)) }
        }
        let earlier = #"{"milliseconds": 9223372036854775807, "counter": 0, "node": "\#(node)"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HLCTimestamp.self, from: Data(earlier.utf8)) }
        let last = HLCTimestamp(milliseconds: HLCTimestamp.latestMilliseconds, counter: .max, node: nodeA)
        #expect(HLCTimestamp(last.description) == last)
    }
}
