import Foundation

// A `let` relationship of a fetched model. The generated `init(_$reader:)` must give
// it a value, and the reader has the related row's key but no context, so it gets a
// placeholder: a stand-in of the destination holding the key (`ConstantRelationship`).
// Once the fetch has read its rows and put its registered models back, the context
// writes the registered model of that key over the placeholder, before the fetch
// returns: no code outside the engine sees a placeholder.
extension ModelContext {
    /// Replaces the placeholders of the models `RowMaterializer` made, in as few
    /// fetches as there are destination types. The destinations fetched here may
    /// have placeholders of their own, which the next round replaces.
    func resolveConstantRelationships() {
        guard !isResolvingPlaceholders else { return }
        isResolvingPlaceholders = true
        defer { isResolvingPlaceholders = false }
        while !modelsWithPlaceholders.isEmpty {
            let models = modelsWithPlaceholders
            modelsWithPlaceholders = []
            var placeholders: [(model: any PersistentModel, relationship: Schema.Relationship, key: Int64)] = []
            var keys: [ObjectIdentifier: (type: any PersistentModel.Type, keys: [Int64])] = [:]
            for model in models {
                for relationship in type(of: model)._$entity.constantRelationships {
                    guard let placeholder = relationship.access.get(model).first, ConstantRelationship.isPlaceholder(placeholder),
                          var key = (placeholder as? any PersistentModel)?._$backingState.rowID else { continue }
                    if key == ConstantRelationship.unknownKey {
                        // The second side of a one-to-one pair: the key is in the other side's column.
                        do {
                            guard let related = try store(of: type(of: model)._$entity).relatedKey(
                                of: model._$backingState.rowID, entity: type(of: model)._$entity, relationship: relationship,
                                editingState: editingState) else {
                                if relationship.isOptional { relationship.access.replacePlaceholder?(model, nil) } else { noteMissing(relationship, of: model) }
                                continue
                            }
                            key = related
                        } catch {
                            noteMissing(relationship, of: model)
                            continue
                        }
                    }
                    placeholders.append((model, relationship, key))
                    keys[ObjectIdentifier(relationship.destinationType), default: (relationship.destinationType, [])].keys.append(key)
                }
            }
            var found: [ObjectIdentifier: [Int64: AnyObject]] = [:]
            for (id, wanted) in keys {
                do {
                    found[id] = try wanted.type._modelsForPlaceholders(in: self, keys: wanted.keys)
                } catch {
                    Log.logger.error("cannot load the \(wanted.type) models that 'let' relationships refer to: \(error)")
                }
            }
            for (model, relationship, key) in placeholders {
                if let related = found[ObjectIdentifier(relationship.destinationType)]?[key] {
                    relationship.access.replacePlaceholder?(model, related)
                } else {
                    noteMissing(relationship, of: model)
                }
            }
        }
    }

    /// The placeholder stays: it reads as a deleted model with stand-in values, and
    /// the next save or fetch throws.
    private func noteMissing(_ relationship: Schema.Relationship, of model: any PersistentModel) {
        noteLoadFailure(.corruptValue(entity: type(of: model)._$entityName, property: relationship.name,
                                      reason: "the \(relationship.destination) it refers to cannot be read or no longer exists"))
    }
}

extension PersistentModel {
    /// The models of the keys, registered ones first, the rest read in one fetch.
    static func _modelsForPlaceholders(in context: ModelContext, keys: [Int64]) throws -> [Int64: AnyObject] {
        var found: [Int64: AnyObject] = [:]
        var missing: [Int64] = []
        let registered = context.registry(for: Self.self).models
        for key in Set(keys) {
            if let model = registered[key] { found[key] = model } else { missing.append(key) }
        }
        for model in try context.models(Self.self, keys: missing) {
            found[model._$backingState.rowID] = model
        }
        return found
    }
}
