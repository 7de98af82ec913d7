import ArgumentParser
import CommandLineSupport
import Foundation
import GetDiced

/// The `--db` option every command takes.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The Get Diced database file.", valueName: "PATH"),
        completion: .file())
    var db: String = DataFolder.defaultStore(app: "getdiced", file: "getdiced.db").path

    var path: String { UserPath.expanded(db) }

    /// Refuses a --db that cannot name a database file: empty, a folder, a pipe or a device,
    /// a symbolic link that leads nowhere, an empty file.
    func checkPath() throws {
        guard !db.isEmpty else { throw ToolError("The --db path is empty: give the path of the database file.") }
        if let problem = StoreLink.problem(at: path, storeName: "Get Diced database", option: "--db") { throw ToolError(problem) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ToolError("\(TerminalText.quoted(path)) is a folder, not a Get Diced database: give the path of the database file with --db")
        }
        if let kind = StorePath.specialKind(atPath: path) {
            throw ToolError("\(TerminalText.quoted(path)) is \(kind), not a Get Diced database: a database is an ordinary file. "
                            + "Nothing was changed. Give the path of the database file with --db.")
        }
        if let problem = StorePath.streamProblem(at: path, tool: "getdiced", what: "database") { throw ToolError(problem) }
        if let problem = StorePath.deletedFileProblem(at: path, what: "database", option: "--db") { throw ToolError(problem) }
        // getdiced makes a database beside its path and then names it, so an empty file there is never one of its own.
        if (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int == 0 {
            throw ToolError("\(TerminalText.quoted(path)) is an empty file, not a Get Diced database, so getdiced will not use it. "
                            + "Nothing was changed. Check the --db path; if you want a new database there, delete the empty file "
                            + "and run `getdiced init --catalog PATH --db \(TerminalText.quoted(path))`.")
        }
        if let problem = FileNameLength.problem(path, adding: 8, for: "SQLite keeps the database's journal beside it under that "
                                                + "name with -journal added", what: "database", option: "--db") {
            throw ToolError(problem)
        }
    }

    /// Refuses a --db whose name is too long for the copy `init` prepares beside it
    /// (`NAME.partial-PID-UUID`, and SQLite's `-journal` for that copy): a new database is
    /// made there and then given its name, so a name that fits a database may not fit it.
    func checkNewPath() throws {
        let added = ".partial-\(getpid())-".utf8.count + 36 + "-journal".utf8.count
        if let problem = FileNameLength.problem(path, adding: added, for: "getdiced makes a new database beside it under a "
                                                + "longer name first, NAME.partial-PID-UUID with SQLite's -journal",
                                                what: "database", option: "--db") {
            throw ToolError(problem)
        }
    }

    /// Opens the database; the default one is created from $GETDICED_CATALOG when
    /// it does not exist yet and that variable is set.
    func open() throws -> GetDicedDatabase {
        try checkPath()
        let isDefault = path == DataFolder.defaultStore(app: "getdiced", file: "getdiced.db").path
        if isDefault, !FileManager.default.fileExists(atPath: path) {
            guard let catalog = ProcessInfo.processInfo.environment[DefaultDatabasePath.catalogVariable],
                  !catalog.isEmpty
            else {
                throw ToolError("""
                    No database at \(path) yet; create it with `getdiced init --catalog PATH` \
                    (or set $\(DefaultDatabasePath.catalogVariable) to a catalog file).
                    """)
            }
            // The path checked is the path read: `GETDICED_CATALOG='~/catalog.db'` passed the
            // check and was then opened as a file named `~` in the current folder.
            let catalogPath = UserPath.expanded(catalog)
            try InputFile.check(catalogPath, what: "catalog")
            try checkNewPath()
            if let problem = CreationMask.problem(creating: path, what: "database", tool: "getdiced") {
                throw ToolError(problem)
            }
            Output.note("Creating \(path.forTerminal) from $\(DefaultDatabasePath.catalogVariable) (\(catalog.forTerminal)).")
            do {
                return try GetDicedDatabase.initialize(at: path, fromCatalog: catalogPath)
            } catch GetDicedError.databaseAlreadyExists(_) {
                // Another getdiced, started at once, made it first from the same catalog: use it.
            }
        }
        let database = try GetDicedDatabase.open(at: path)
        Output.noteMigration(database.migrationReport, path: path)
        return database
    }
}
