import CouponTracker
import Foundation
import Testing

@Suite struct LookupTests {
    let t: TestWallet
    let gold: UserCard
    let platinum: UserCard

    init() throws {
        t = try TestWallet()
        gold = try t.card("Gold Card", nickname: "Dining", at: Clock.epoch)
        platinum = try t.card("Platinum Card", at: Clock.epoch)
    }

    @Test func aCardIsFoundByNicknameOrTemplateNameIgnoringCase() throws {
        #expect(try t.wallet.card(named: "dining").id == gold.id)
        #expect(try t.wallet.card(named: "GOLD CARD").id == gold.id)
        #expect(try t.wallet.card(named: " platinum card ").id == platinum.id)
    }

    @Test func aNicknameWithASharpSIsFoundWrittenWithADoubleS() throws {
        let card = try t.card("Gold Card", nickname: "Straße", at: Clock.epoch)
        #expect(try t.wallet.card(named: "STRASSE").id == card.id)
    }

    @Test func aCardIsFoundByTheStartOfItsId() throws {
        #expect(try t.wallet.card(named: String(platinum.id.uuidString.prefix(8))).id == platinum.id)
    }

    @Test func anUnknownCardIsNamedInTheError() {
        #expect(throws: WalletError.cardNotFound("Sapphire")) { try t.wallet.card(named: "Sapphire") }
    }

    @Test func twoCardsOfOneTemplateAreAmbiguousByTemplateName() throws {
        _ = try t.card("Gold Card", nickname: "Business", at: Clock.epoch)
        #expect(throws: WalletError.self) { try t.wallet.card(named: "Gold Card") }
        #expect(try t.wallet.card(named: "Business").nickname == "Business")
    }

    @Test func aBenefitIsFoundByTheStartOfItsId() throws {
        let walmart = try t.benefit("Walmart+ Credit", of: platinum)
        #expect(try t.wallet.benefit(named: String(walmart.id.uuidString.prefix(6))).id == walmart.id)
    }

    @Test func twoBenefitsOfOneNameOnOneCardAreToldApartByIdNotByTheCard() throws {
        let template = try t.benefit("Resy Credit", of: platinum)
        let custom = try t.wallet.addCustomBenefit(to: platinum, name: "Resy Credit", value: 1, frequency: .monthly, now: Clock.epoch)
        #expect {
            try t.wallet.benefit(named: "Resy Credit", on: platinum)
        } throws: { error in
            let words = (error as? WalletError)?.errorDescription ?? ""
            return !words.contains("--card") && words.contains("give the benefit's id, as `coupontracker benefits` lists it")
        }
        #expect(try t.wallet.benefit(named: String(custom.id.uuidString.prefix(8)), on: platinum).id == custom.id)
        #expect(try t.wallet.benefit(named: String(template.id.uuidString.prefix(8)), on: platinum).id == template.id)
    }

    @Test func twoBenefitsOfOneNameOnTwoCardsAreToldApartByTheCard() throws {
        #expect {
            try t.wallet.benefit(named: "Uber Cash")
        } throws: { error in
            ((error as? WalletError)?.errorDescription ?? "").contains("add --card CARD")
        }
    }

    @Test func aTemplateIsFoundByNameOrId() throws {
        let template = try t.wallet.cardTemplate(named: "venture x")
        #expect(try t.wallet.cardTemplate(named: template.id.uuidString).name == "Venture X")
        #expect(throws: WalletError.templateNotFound("Venture Y")) { try t.wallet.cardTemplate(named: "Venture Y") }
    }
}
