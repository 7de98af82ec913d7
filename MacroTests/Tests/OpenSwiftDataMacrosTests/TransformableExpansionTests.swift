import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Attribute(.transformable(by:))`: the property is read and written through its
/// attribute's value transformer, so its type need not be `Codable`.
@Suite struct TransformableExpansionTests {
    @Test func aTransformablePropertyIsReadAndWrittenThroughItsTransformer() {
        assertExpansion(
            #"""
            @Model
            final class Swatch {
                @Attribute(.transformable(by: ColorTransformer.self)) var color: RGBColor
                var name: String = ""

                init(color: RGBColor) { self.color = color }
            }
            """#,
            expandedSource: #"""
            final class Swatch {
            \#(expandedProperty("@Attribute(.transformable(by: ColorTransformer.self))\n    var color: RGBColor", name: "color", peer: "@Transient private var _color: _PersistedStorage<RGBColor> = .unloaded"))
            \#(expandedProperty("var name: String", name: "name", peer: #"@Transient private var _name: _PersistedStorage<String> = .loaded("")"#))

                init(color: RGBColor) { self.color = color }

                @Transient let _$observationRegistrar = Observation.ObservationRegistrar()

                @exclusivity(unchecked) @Transient var _$backingState = _ModelBackingState()

                @Transient var _$successorContext: ModelContext? = nil

                static var schemaMetadata: [Schema.PropertyMetadata] {
                    [
                        Schema.PropertyMetadata(name: "color", keypath: \Swatch.color, defaultValue: nil, metadata: Schema.Attribute(.transformable(by: ColorTransformer.self))),
                        Schema.PropertyMetadata(name: "name", keypath: \Swatch.name, defaultValue: "", metadata: nil),
                    ]
                }

                required init(_$reader reader: inout _ModelReader) throws {
                    _color = try reader.read(RGBColor.self, transformedFor: Swatch.self)
                    _name = try reader.read(String.self)
                }

                func _$encode(to writer: inout _ModelWriter) throws {
                    try writer.write(transformed: _color)
                    try writer.write(_name)
                }

                func _$faultRelationships() {
                    _color = _ModelFaulting.faulted(_color)
                    _name = _ModelFaulting.faulted(_name)
                }

                required init(backingData: any BackingData<Swatch>) {
                    self.persistentBackingData = backingData
                }
            }

            extension Swatch: nonisolated PersistentModel, nonisolated Observable {
            }
            """#
        )
    }
}
