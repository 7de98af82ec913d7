import Foundation
import OpenSwiftData

// W12's schema: forty entities, the size of a large app's model layer, each with a
// few attributes and a to-one relationship to the next (the fortieth to the first),
// so that opening a container has forty tables and forty relationships to check.
// Plain Swift, written out: the size of the schema is what is measured. Only
// `StartupEntity01` holds rows.

/// All forty entity types, for the container's schema.
var startupEntityTypes: [any PersistentModel.Type] {
    [
        StartupEntity01.self, StartupEntity02.self, StartupEntity03.self, StartupEntity04.self, StartupEntity05.self,
        StartupEntity06.self, StartupEntity07.self, StartupEntity08.self, StartupEntity09.self, StartupEntity10.self,
        StartupEntity11.self, StartupEntity12.self, StartupEntity13.self, StartupEntity14.self, StartupEntity15.self,
        StartupEntity16.self, StartupEntity17.self, StartupEntity18.self, StartupEntity19.self, StartupEntity20.self,
        StartupEntity21.self, StartupEntity22.self, StartupEntity23.self, StartupEntity24.self, StartupEntity25.self,
        StartupEntity26.self, StartupEntity27.self, StartupEntity28.self, StartupEntity29.self, StartupEntity30.self,
        StartupEntity31.self, StartupEntity32.self, StartupEntity33.self, StartupEntity34.self, StartupEntity35.self,
        StartupEntity36.self, StartupEntity37.self, StartupEntity38.self, StartupEntity39.self, StartupEntity40.self,
    ]
}

@Model
public final class StartupEntity01 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity02?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity02 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity03?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity03 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity04?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity04 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity05?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity05 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity06?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity06 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity07?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity07 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity08?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity08 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity09?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity09 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity10?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity10 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity11?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity11 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity12?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity12 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity13?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity13 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity14?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity14 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity15?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity15 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity16?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity16 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity17?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity17 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity18?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity18 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity19?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity19 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity20?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity20 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity21?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity21 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity22?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity22 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity23?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity23 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity24?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity24 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity25?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity25 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity26?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity26 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity27?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity27 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity28?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity28 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity29?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity29 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity30?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity30 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity31?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity31 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity32?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity32 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity33?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity33 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity34?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity34 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity35?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity35 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity36?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity36 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity37?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity37 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity38?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity38 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity39?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity39 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity40?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}

@Model
public final class StartupEntity40 {
    public var name: String
    public var value: Int
    public var createdAt: Date
    public var note: String?
    public var next: StartupEntity01?

    public init(name: String, value: Int, createdAt: Date) {
        self.name = name
        self.value = value
        self.createdAt = createdAt
    }
}
