import Foundation

/// The ID of a benefit that a template update adds to a card of the wallet.
///
/// Each device of a synced wallet that runs `sync-templates` with the newer file adds the
/// template's new benefits to the card itself; named by the card and the template's benefit,
/// not drawn at random, the benefits the devices add are one model to sync, where each
/// device's copy was kept and the card listed every new benefit twice, its value counted twice.
enum TemplateBenefitID {
    /// The ID of the benefit made from the template benefit `templateBenefit` on the card `card`.
    static func make(card: UUID, templateBenefit: UUID) -> UUID {
        NamedUUID.make(NamedUUID.bytes(of: card) + NamedUUID.bytes(of: templateBenefit) + Array("template benefit".utf8))
    }
}
