import Foundation

/// A hybrid logical clock (Kulkarni et al., 2014): it gives moments close to the wall
/// clock that never go backwards, and after it has seen a moment from another node,
/// it only gives later ones, however far that node's wall clock runs ahead.
///
/// It is a value: the sync client keeps its last moment in the store, so that the
/// clock stays monotone across launches.
///
/// It never makes a moment after the last millisecond of the year 9999
/// (``HLCTimestamp/latestMilliseconds``), which no text of a moment can name: a wall clock
/// past it reads as that millisecond, and a clock that has reached that millisecond's last
/// counter stays there. No server takes such a moment (see ``SyncServer``'s clock lead),
/// so a clock only gets there from a store edited by hand.
public struct HybridLogicalClock: Sendable, Hashable {
    /// The node whose moments this clock makes.
    public let node: UUID
    /// The latest moment the clock has made or seen.
    public private(set) var latest: HLCTimestamp

    /// A clock for `node`, continuing after `latest` (a clock that has made nothing starts at ``HLCTimestamp/zero``).
    public init(node: UUID, latest: HLCTimestamp = .zero) {
        self.node = node
        self.latest = latest
    }

    /// A new moment, for a local event that happened at wall-clock time `now`: later
    /// than every moment made or seen before, and no earlier than `now`.
    public mutating func tick(now: Date = Date()) -> HLCTimestamp {
        let wall = Self.milliseconds(now)
        if wall > latest.milliseconds {
            latest = HLCTimestamp(milliseconds: wall, counter: 0, node: node)
        } else {
            latest = Self.advanced(latest.milliseconds, counter: latest.counter, node: node)
        }
        return latest
    }

    /// Takes in a moment another node made, so that every later ``tick(now:)`` is after it.
    public mutating func receive(_ remote: HLCTimestamp, now: Date = Date()) {
        let wall = Self.milliseconds(now)
        let top = max(wall, latest.milliseconds, remote.milliseconds)
        let counter: UInt32
        if top == latest.milliseconds && top == remote.milliseconds {
            counter = max(latest.counter, remote.counter)
        } else if top == latest.milliseconds {
            counter = latest.counter
        } else if top == remote.milliseconds {
            counter = remote.counter
        } else {
            // The wall clock is ahead of both: nothing received needs outrunning.
            latest = HLCTimestamp(milliseconds: top, counter: 0, node: node)
            return
        }
        latest = Self.advanced(top, counter: counter, node: node)
    }

    /// The moment after (`milliseconds`, `counter`); a counter at its limit moves on to the
    /// next millisecond, and at the latest millisecond stays at its limit.
    private static func advanced(_ milliseconds: Int64, counter: UInt32, node: UUID) -> HLCTimestamp {
        if counter < .max { return HLCTimestamp(milliseconds: milliseconds, counter: counter + 1, node: node) }
        if milliseconds < HLCTimestamp.latestMilliseconds { return HLCTimestamp(milliseconds: milliseconds + 1, counter: 0, node: node) }
        return HLCTimestamp(milliseconds: HLCTimestamp.latestMilliseconds, counter: .max, node: node)
    }

    /// The wall clock's milliseconds since 1970, within the moments a clock makes (a date
    /// before 1970 reads as 1970, one after the year 9999 as its last millisecond).
    static func milliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard milliseconds > 0 else { return 0 }
        guard milliseconds < Double(HLCTimestamp.latestMilliseconds) else { return HLCTimestamp.latestMilliseconds }
        return Int64(milliseconds)
    }
}
