/// A model that checks its own values before every save.
///
/// `ModelContext.save()` calls `validate()` on each inserted or changed model that
/// conforms; the first error thrown aborts the whole save, nothing is written, and
/// the context keeps its pending changes. SwiftData has no such hook.
public protocol ValidatingModel: PersistentModel {
    func validate() throws
}
