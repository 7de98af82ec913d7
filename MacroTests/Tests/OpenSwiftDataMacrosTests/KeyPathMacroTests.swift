import OpenSwiftDataMacroExpansions
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `#Unique` and `#Index`, expanded inside a class as they are in a model.
@Suite struct KeyPathMacroTests {
    private let keyPathMacros: [String: MacroSpec] = [
        "Unique": MacroSpec(type: UniqueMacro.self),
        "Index": MacroSpec(type: IndexMacro.self),
    ]

    @Test func uniqueListsThePropertyNamesOfEachConstraint() {
        assertExpansion(
            #"""
            final class Trip {
                #Unique<Trip>([\.name, \Trip.startDate], [\.code])
            }
            """#,
            expandedSource: """
            final class Trip {
                static var _$uniquenessConstraints: [[String]] {
                    [["name", "startDate"], ["code"]]
                }
            }
            """,
            macros: keyPathMacros
        )
    }

    @Test func indexListsThePropertyNamesOfEachIndex() {
        assertExpansion(
            #"""
            final class Trip {
                #Index<Trip>([\.name], [\.startDate, \.endDate])
            }
            """#,
            expandedSource: """
            final class Trip {
                static var _$indexes: [[String]] {
                    [["name"], ["startDate", "endDate"]]
                }
            }
            """,
            macros: keyPathMacros
        )
    }

    @Test func typedIndexesListThePropertyNamesOfEachBinaryAndRTreeIndex() {
        assertExpansion(
            #"""
            final class Place {
                #Index<Place>(.binary([\.name]), .rtree([\.latitude, \.longitude]))
            }
            """#,
            expandedSource: """
            final class Place {
                static var _$indexes: [[String]] {
                    [["name"], ["latitude", "longitude"]]
                }
            }
            """,
            macros: keyPathMacros
        )
    }

    @Test func aTypedIndexKindIsNotAcceptedByUnique() {
        assertExpansion(
            #"""
            final class Place {
                #Unique<Place>(.binary([\.name]))
            }
            """#,
            expandedSource: """
            final class Place {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: #"'#Unique' takes arrays of key-path literals, as in '[\.name, \.date]'; write each argument as an array literal of key paths"#,
                    line: 2, column: 20)
            ],
            macros: keyPathMacros
        )
    }

    @Test func backtickedPropertyNameIsListedWithoutBackticks() {
        assertExpansion(
            #"""
            final class Trip {
                #Index<Trip>([\.`default`])
            }
            """#,
            expandedSource: """
            final class Trip {
                static var _$indexes: [[String]] {
                    [["default"]]
                }
            }
            """,
            macros: keyPathMacros
        )
    }

    @Test func keyPathMacrosInPublicClassArePublic() {
        assertExpansion(
            #"""
            public final class Trip {
                #Unique<Trip>([\.name])
                #Index<Trip>([\.name])
            }
            """#,
            expandedSource: """
            public final class Trip {
                public static var _$uniquenessConstraints: [[String]] {
                    [["name"]]
                }
                public static var _$indexes: [[String]] {
                    [["name"]]
                }
            }
            """,
            macros: keyPathMacros
        )
    }

    @Test func argumentThatIsNotAnArrayIsRejected() {
        assertExpansion(
            #"""
            final class Trip {
                #Unique<Trip>(Trip.keyPaths)
            }
            """#,
            expandedSource: """
            final class Trip {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: #"'#Unique' takes arrays of key-path literals, as in '[\.name, \.date]'; write each argument as an array literal of key paths"#,
                    line: 2, column: 19
                ),
            ],
            macros: keyPathMacros
        )
    }

    @Test func elementThatIsNotAKeyPathLiteralIsRejected() {
        assertExpansion(
            #"""
            final class Trip {
                #Index<Trip>([\.name, Trip.dateKeyPath])
            }
            """#,
            expandedSource: """
            final class Trip {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: #"'#Index' takes key-path literals only, such as '\.name'; replace this expression with a key path to a property of the model"#,
                    line: 2, column: 27
                ),
            ],
            macros: keyPathMacros
        )
    }

    @Test func anIndexOnAFieldOfACodableAttributeListsItsDottedPath() {
        assertExpansion(
            #"""
            final class Trip {
                #Index<Trip>([\.address.city], [\.name, \.address.geo.zone])
            }
            """#,
            expandedSource: """
            final class Trip {
                static var _$indexes: [[String]] {
                    [["address.city"], ["name", "address.geo.zone"]]
                }
            }
            """,
            macros: keyPathMacros
        )
    }

    @Test func nestedKeyPathIsRejectedWithFixIt() {
        assertExpansion(
            #"""
            final class Trip {
                #Unique<Trip>([\.owner.name, \.code])
            }
            """#,
            expandedSource: """
            final class Trip {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: #"'#Unique' key paths must name a property of the model itself; replace this key path with '\.owner'"#,
                    line: 2, column: 20,
                    fixIts: [FixItSpec(message: #"Replace with '\.owner'"#)]
                ),
            ],
            macros: keyPathMacros,
            applyFixIts: [#"Replace with '\.owner'"#],
            fixedSource: #"""
            final class Trip {
                #Unique<Trip>([\.owner, \.code])
            }
            """#
        )
    }

    @Test func emptyKeyPathArrayIsRejected() {
        assertExpansion(
            #"""
            final class Trip {
                #Index<Trip>([\.name], [])
            }
            """#,
            expandedSource: """
            final class Trip {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'#Index' cannot take an empty array; list at least one key path, or remove the array",
                    line: 2, column: 28
                ),
            ],
            macros: keyPathMacros
        )
    }

    @Test func macroWithoutArgumentsIsRejected() {
        assertExpansion(
            """
            final class Trip {
                #Unique<Trip>()
            }
            """,
            expandedSource: """
            final class Trip {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: #"'#Unique' needs at least one array of key paths, as in '#Unique<Model>([\.name])'"#,
                    line: 2, column: 5
                ),
            ],
            macros: keyPathMacros
        )
    }
}
