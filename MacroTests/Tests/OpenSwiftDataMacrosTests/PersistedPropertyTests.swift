@testable import OpenSwiftDataMacroExpansions
import SwiftSyntax
import Testing

/// The peer's initial value and the type `@Model` infers for a property that has no
/// type annotation.
@Suite struct PersistedPropertyTests {
    @Test func peerIsLoadedWithTheInitializer() {
        assertPersistedProperty(
            "var startDate: Date = Date.now", expandsTo: "var startDate: Date", name: "startDate",
            peer: "@Transient private var _startDate: _PersistedStorage<Date> = .loaded(Date.now)"
        )
    }

    @Test func peerOfOptionalWithoutInitializerIsLoadedWithNil() {
        assertPersistedProperty(
            "var notes: String?", expandsTo: "var notes: String?", name: "notes",
            peer: "@Transient private var _notes: _PersistedStorage<String?> = .loaded(nil)"
        )
    }

    @Test func peerOfOptionalSpelledOptionalIsLoadedWithNil() {
        assertPersistedProperty(
            "var notes: Optional<String>", expandsTo: "var notes: Optional<String>", name: "notes",
            peer: "@Transient private var _notes: _PersistedStorage<Optional<String>> = .loaded(nil)"
        )
        assertPersistedProperty(
            "var notes: Swift.Optional<String>", expandsTo: "var notes: Swift.Optional<String>", name: "notes",
            peer: "@Transient private var _notes: _PersistedStorage<Swift.Optional<String>> = .loaded(nil)"
        )
    }

    @Test func implicitlyUnwrappedOptionalIsStoredAsOptional() {
        assertPersistedProperty(
            "var notes: String!", expandsTo: "var notes: String!", name: "notes",
            peer: "@Transient private var _notes: _PersistedStorage<String?> = .loaded(nil)"
        )
    }

    @Test func peerOfOptionalWithInitializerIsLoadedWithTheInitializer() {
        assertPersistedProperty(
            #"var notes: String? = "none""#, expandsTo: "var notes: String?", name: "notes",
            peer: #"@Transient private var _notes: _PersistedStorage<String?> = .loaded("none")"#
        )
    }

    @Test func peerOfNonOptionalWithoutInitializerIsUnloaded() {
        assertPersistedProperty(
            "var endDate: Date", expandsTo: "var endDate: Date", name: "endDate",
            peer: "@Transient private var _endDate: _PersistedStorage<Date> = .unloaded"
        )
    }

    @Test func backtickedNameKeepsItsBackticksOnlyWhereSwiftNeedsThem() {
        assertExpansion(
            """
            final class M {
                @_PersistedProperty var `default`: Int = 0
            }
            """,
            expandedSource: """
            final class M {
                var `default`: Int {
                    @storageRestrictions(initializes: _default)
                    init(initialValue) {
                        _default = .loaded(initialValue)
                    }
                    get {
                        _$backingState._noteRead()
                        _$observationRegistrar.access(self, keyPath: \\.`default`)
                        if case .loaded(let value) = _default {
                            return value
                        }
                        let value = _$resolve(\\.`default`, _default)
                        _default = .loaded(value)
                        return value
                    }
                    set {
                        let oldValue = _default
                        if _$backingState.mayBeObserved {
                            _$observationRegistrar.withMutation(of: self, keyPath: \\.`default`) {
                                _default = .loaded(newValue)
                            }
                        } else {
                            _default = .loaded(newValue)
                        }
                        _$didSet(\\.`default`, from: oldValue, to: newValue)
                    }
                }

                @Transient private var _default: _PersistedStorage<Int> = .loaded(0)
            }
            """
        )
    }

    // MARK: Types inferred from literal initializers

    @Test func integerLiteralIsInt() {
        assertPersistedProperty(
            "var count = 0", expandsTo: "var count", name: "count",
            peer: "@Transient private var _count: _PersistedStorage<Int> = .loaded(0)"
        )
    }

    @Test func negativeIntegerLiteralIsInt() {
        assertPersistedProperty(
            "var offset = -1", expandsTo: "var offset", name: "offset",
            peer: "@Transient private var _offset: _PersistedStorage<Int> = .loaded(-1)"
        )
    }

    @Test func floatLiteralIsDouble() {
        assertPersistedProperty(
            "var ratio = 1.5", expandsTo: "var ratio", name: "ratio",
            peer: "@Transient private var _ratio: _PersistedStorage<Double> = .loaded(1.5)"
        )
    }

    @Test func stringLiteralIsString() {
        assertPersistedProperty(
            #"var name = "x""#, expandsTo: "var name", name: "name",
            peer: #"@Transient private var _name: _PersistedStorage<String> = .loaded("x")"#
        )
    }

    @Test func booleanLiteralIsBool() {
        assertPersistedProperty(
            "var ok = true", expandsTo: "var ok", name: "ok",
            peer: "@Transient private var _ok: _PersistedStorage<Bool> = .loaded(true)"
        )
    }

    @Test func dateInitializerIsDate() {
        assertPersistedProperty(
            "var d = Date()", expandsTo: "var d", name: "d",
            peer: "@Transient private var _d: _PersistedStorage<Date> = .loaded(Date())"
        )
    }

    @Test func dateNowIsDate() {
        assertPersistedProperty(
            "var d = Date.now", expandsTo: "var d", name: "d",
            peer: "@Transient private var _d: _PersistedStorage<Date> = .loaded(Date.now)"
        )
    }

    @Test func uuidInitializerIsUUID() {
        assertPersistedProperty(
            "var id = UUID()", expandsTo: "var id", name: "id",
            peer: "@Transient private var _id: _PersistedStorage<UUID> = .loaded(UUID())"
        )
    }

    @Test func typeAnnotationWinsOverLiteral() {
        assertPersistedProperty(
            "var ratio: Float = 1", expandsTo: "var ratio: Float", name: "ratio",
            peer: "@Transient private var _ratio: _PersistedStorage<Float> = .loaded(1)"
        )
    }

    // MARK: Types inferred from initializers that name them

    @Test func staticMemberOfATypeIsThatType() {
        assertPersistedProperty(
            "var amount = Decimal.zero", expandsTo: "var amount", name: "amount",
            peer: "@Transient private var _amount: _PersistedStorage<Decimal> = .loaded(Decimal.zero)"
        )
    }

    @Test func enumCaseSpelledWithItsTypeIsThatType() {
        assertPersistedProperty(
            "var kind = Kind.a", expandsTo: "var kind", name: "kind",
            peer: "@Transient private var _kind: _PersistedStorage<Kind> = .loaded(Kind.a)"
        )
    }

    @Test func caseOfANestedTypeIsTheNestedType() {
        assertPersistedProperty(
            "var kind = Trip.Kind.a", expandsTo: "var kind", name: "kind",
            peer: "@Transient private var _kind: _PersistedStorage<Trip.Kind> = .loaded(Trip.Kind.a)"
        )
    }

    @Test func initialiserWithoutArgumentsIsItsType() {
        assertPersistedProperty(
            "var amount = Decimal()", expandsTo: "var amount", name: "amount",
            peer: "@Transient private var _amount: _PersistedStorage<Decimal> = .loaded(Decimal())"
        )
    }

    @Test func emptyArrayOfATypeIsAnArrayOfIt() {
        assertPersistedProperty(
            "var tags = [Tag]()", expandsTo: "var tags", name: "tags",
            peer: "@Transient private var _tags: _PersistedStorage<[Tag]> = .loaded([Tag]())"
        )
    }

    @Test func emptyDictionaryOfTypesIsADictionaryOfThem() {
        assertPersistedProperty(
            "var scores = [String: Int]()", expandsTo: "var scores", name: "scores",
            peer: "@Transient private var _scores: _PersistedStorage<[String: Int]> = .loaded([String: Int]())"
        )
    }

    @Test func genericTypeInitialiserIsThatType() {
        assertPersistedProperty(
            "var codes = Set<String>()", expandsTo: "var codes", name: "codes",
            peer: "@Transient private var _codes: _PersistedStorage<Set<String>> = .loaded(Set<String>())"
        )
    }

    @Test func arrayLiteralOfOneEvidentTypeIsAnArrayOfIt() {
        assertPersistedProperty(
            #"var tags = ["a", "b"]"#, expandsTo: "var tags", name: "tags",
            peer: #"@Transient private var _tags: _PersistedStorage<[String]> = .loaded(["a", "b"])"#
        )
    }

    @Test func coercionIsTheTypeCoercedTo() {
        assertPersistedProperty(
            "var count = 0 as Int64", expandsTo: "var count", name: "count",
            peer: "@Transient private var _count: _PersistedStorage<Int64> = .loaded(0 as Int64)"
        )
    }

    // MARK: Initializers whose type is not evident

    @Test(arguments: ["makeTotal()", "Decimal(string: \"1\")", "value.total", "Kind.make()", "[]", "[1, \"a\"]", "Trip.self", "nil"])
    func initializerWithoutAnEvidentTypeInfersNothing(_ initializer: String) {
        #expect(PropertyAnalysis.inferredType(of: ExprSyntax(stringLiteral: initializer)) == nil)
    }
}
