import Foundation

/// An event's results, as `cardshow event report` prints them.
public struct EventReport: Codable, Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var location: String
    public var date: Date
    public var isActive: Bool
    public var startTime: Date?
    public var endTime: Date?
    /// Seconds.
    public var duration: TimeInterval?
    public var totalRevenue: Double
    public var totalProfit: Double
    public var cardsCount: Int
    public var cardsSold: Int
    public var averageSale: Double
    public var sellThroughRate: Double
    public var tradeCount: Int

    public init(_ event: Event) {
        id = event.id
        name = event.name
        location = event.location
        date = event.date
        isActive = event.isActive
        startTime = event.startTime
        endTime = event.endTime
        duration = event.duration
        totalRevenue = event.totalRevenue
        totalProfit = event.totalProfit
        cardsCount = event.cardsCount
        cardsSold = event.cardsSold
        averageSale = event.averageSale
        sellThroughRate = event.sellThroughRate
        tradeCount = event.trades?.count ?? 0
    }
}
