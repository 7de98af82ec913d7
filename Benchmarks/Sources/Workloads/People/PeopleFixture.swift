/// Deterministic people. Fifty first names, so the W3 predicate `firstName == "Jane"`
/// selects about 2% of the rows; ages 18...90, so sorting by age has many ties.
public enum PeopleFixture {
    public static let firstNames = [
        "Jane", "John", "Mary", "James", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William",
        "Elizabeth", "David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles",
        "Karen", "Christopher", "Nancy", "Daniel", "Lisa", "Matthew", "Betty", "Anthony", "Margaret", "Mark",
        "Sandra", "Donald", "Ashley", "Steven", "Kimberly", "Paul", "Emily", "Andrew", "Donna", "Joshua",
        "Michelle", "Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "George", "Deborah", "Timothy",
    ]

    public static let lastNames = [
        "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
        "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
        "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
        "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
        "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
    ]

    /// `count` people; the same `seed` always gives the same people.
    public static func make(count: Int, seed: UInt64 = 0x5EED_0001) -> [Person] {
        var rng = SplitMix64(seed: seed)
        var people: [Person] = []
        people.reserveCapacity(count)
        for _ in 0..<count {
            people.append(Person(
                id: rng.uuid(),
                firstName: rng.pick(firstNames),
                lastName: rng.pick(lastNames),
                age: rng.int(in: 18...90)
            ))
        }
        return people
    }
}
