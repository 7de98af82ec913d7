/// A model that a library of this package adds to the schema of every app that uses it,
/// such as the sync client's notes. Two apps' stores both hold it, so it never tells
/// whose store a file is: an app recognises its store by its own models only.
package protocol SharedBookkeepingModel: PersistentModel {}
