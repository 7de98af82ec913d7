#if !PostgreSQL
/// What a program that names the PostgreSQL store meets when the package was added
/// without its `PostgreSQL` trait: the compiler's error says what to add.
@available(*, unavailable, message: "The PostgreSQL store needs OpenSwiftData's PostgreSQL trait: add traits: [\"PostgreSQL\"] to the .package(url:) line that names OpenSwiftData")
public struct PostgresConfiguration {}
#endif
