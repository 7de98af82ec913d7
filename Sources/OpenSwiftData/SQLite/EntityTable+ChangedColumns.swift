extension EntityTable {
    /// The update of a saved model's changed columns (see `ChangedProperties`).
    struct ChangedColumnsUpdate {
        let sql: String
        /// The statement parameter of each property, or -1 for one the update leaves
        /// alone; numbered as in `updateSQL`, so the row's key is the last parameter.
        let parameters: [Int32]
        /// False when no changed property has a column (only a to-many relationship
        /// changed): the statement then only checks that the row is still there.
        let setsColumns: Bool
    }

    func update(changing changes: ChangedProperties) -> ChangedColumnsUpdate {
        if changes.isAll { return ChangedColumnsUpdate(sql: updateSQL, parameters: columnForProperty, setsColumns: !columns.isEmpty) }
        let table = name.quotedIdentifier
        let key = "\"Z_PK\" = ?\(columns.count + 1)"
        var parameters = columnForProperty
        var sets: [String] = []
        for (index, parameter) in columnForProperty.enumerated() where parameter > 0 {
            if changes.contains(index) {
                sets.append("\(columns[Int(parameter) - 1].quotedIdentifier) = ?\(parameter)")
            } else {
                parameters[index] = -1
            }
        }
        if sets.isEmpty {
            return ChangedColumnsUpdate(sql: "SELECT 1 FROM \(table) WHERE \(key)", parameters: parameters, setsColumns: false)
        }
        return ChangedColumnsUpdate(sql: "UPDATE \(table) SET \(sets.joined(separator: ", ")) WHERE \(key)",
                                    parameters: parameters, setsColumns: true)
    }
}
