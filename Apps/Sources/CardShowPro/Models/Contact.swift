import Foundation
import OpenSwiftData

/// A customer, vendor or distributor, with their purchases and want list.
@Model
public final class Contact {
    #Index<Contact>([\.name])

    @Attribute(.unique) public var id: UUID
    public var name: String
    public var phone: String?
    public var email: String?
    public var role: ContactRole
    public var priority: ContactPriority

    // Metadata
    /// "Phoenix Card Show", "Facebook"
    public var metAt: String?
    public var metDate: Date?
    public var notes: String?

    // Relationships
    @Relationship(deleteRule: .cascade) public var wantList: [WantListItem]?
    @Relationship(deleteRule: .nullify) public var purchases: [SalesHistory]?

    public init(name: String, role: ContactRole, priority: ContactPriority = .medium, metDate: Date? = Date()) {
        self.id = UUID()
        self.name = name
        self.role = role
        self.priority = priority
        self.metDate = metDate
    }

    // MARK: Computed

    public var totalPurchases: Double {
        purchases?.reduce(0) { $0 + $1.salePrice } ?? 0
    }

    public var purchaseCount: Int {
        purchases?.count ?? 0
    }
}
