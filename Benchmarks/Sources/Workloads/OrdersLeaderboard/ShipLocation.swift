/// One ship-to address of the generated `Orders` table (see `NorthwindOrders`).
struct ShipLocation {
    var name: String
    var address: String
    var city: String
    var region: String
    var postalCode: String?
    var country: String

    /// Northwind's ship countries with some of their cities, and the region Northwind's
    /// `update.sql` gives each country.
    static let places: [(country: String, region: String, cities: [String])] = [
        ("Argentina", "South America", ["Buenos Aires"]),
        ("Austria", "Western Europe", ["Graz", "Salzburg"]),
        ("Belgium", "Western Europe", ["Bruxelles", "Charleroi"]),
        ("Brazil", "South America", ["Rio de Janeiro", "São Paulo", "Campinas", "Resende"]),
        ("Canada", "North America", ["Vancouver", "Montréal", "Tsawassen"]),
        ("Denmark", "Northern Europe", ["København", "Århus"]),
        ("Finland", "Scandinavia", ["Helsinki", "Oulu"]),
        ("France", "Western Europe", ["Paris", "Lyon", "Marseille", "Nantes", "Strasbourg", "Lille", "Reims", "Toulouse"]),
        ("Germany", "Western Europe", ["Berlin", "München", "Frankfurt a.M.", "Köln", "Aachen", "Stuttgart", "Mannheim", "Leipzig"]),
        ("Ireland", "British Isles", ["Cork"]),
        ("Italy", "Southern Europe", ["Torino", "Bergamo", "Reggio Emilia"]),
        ("Mexico", "Central America", ["México D.F."]),
        ("Norway", "Scandinavia", ["Stavern"]),
        ("Poland", "Eastern Europe", ["Warszawa"]),
        ("Portugal", "Southern Europe", ["Lisboa"]),
        ("Spain", "Southern Europe", ["Madrid", "Barcelona", "Sevilla"]),
        ("Sweden", "Northern Europe", ["Luleå", "Bräcke"]),
        ("Switzerland", "Western Europe", ["Genève", "Bern"]),
        ("UK", "British Isles", ["London", "Cowes"]),
        ("USA", "North America", ["Seattle", "Portland", "Boise", "Albuquerque", "Anchorage", "Eugene", "San Francisco", "Kirkland"]),
        ("Venezuela", "South America", ["Caracas", "San Cristóbal", "Barquisimeto"]),
    ]

    static let nameStarts = ["Blauer", "Great", "Old", "North", "Royal", "Golden", "Lazy", "Hungry", "Island", "Seven",
                             "Lonesome", "Laughing", "Grand", "Petit", "Bella", "Santa", "Alpine", "Nordic", "Eastern", "Western"]
    static let nameEnds = ["Delikatessen", "Market", "Trading", "Provisions", "Gourmet", "Bistro", "Comidas", "Épicerie",
                           "Käsehaus", "Spezialitäten", "Foods", "Mercado", "Alimentari", "Supermarket", "Grocers", "Importadora"]
    static let nameSuffixes = ["", "", " Co.", " Ltda.", " GmbH", " S.A.", " & Cie"]
    static let streets = ["Obere Str.", "Avda. de la Constitución", "Mataderos", "Berguvsvägen", "Forsterstr.", "rue des Artisans",
                          "Calle del Sol", "Kirchgasse", "Walserweg", "Via dei Mille", "Rua do Mercado", "ul. Długa",
                          "Åkergatan", "Torikatu", "Main St.", "Baker Blvd.", "Crowther Way", "Rue du Commerce"]

    static func make(_ rng: inout SplitMix64) -> ShipLocation {
        let place = rng.pick(places)
        let postalCode: String? = switch place.country {
        case "Ireland": nil
        case "UK": "\(letters(2, &rng))\(rng.int(in: 1...9)) \(rng.int(in: 1...9))\(letters(2, &rng))"
        case "Canada": "\(letters(1, &rng))\(rng.int(in: 1...9))\(letters(1, &rng)) \(rng.int(in: 1...9))\(letters(1, &rng))\(rng.int(in: 1...9))"
        case "Austria", "Belgium", "Denmark", "Norway", "Switzerland": "\(rng.int(in: 1000...9999))"
        default: "\(rng.int(in: 10000...99999))"
        }
        return ShipLocation(
            name: rng.pick(nameStarts) + " " + rng.pick(nameEnds) + rng.pick(nameSuffixes),
            address: "\(rng.pick(streets)) \(rng.int(in: 1...250))",
            city: rng.pick(place.cities),
            region: place.region,
            postalCode: postalCode,
            country: place.country
        )
    }

    static func letters(_ count: Int, _ rng: inout SplitMix64) -> String {
        String((0..<count).map { _ in Character(UnicodeScalar(UInt8(65 + rng.int(in: 0...25)))) })
    }
}
