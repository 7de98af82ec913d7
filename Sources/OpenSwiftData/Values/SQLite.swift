// The SQLite C API, as GRDB links it on each platform.
#if canImport(GRDBSQLite)
@_exported import GRDBSQLite
#else
@_exported import SQLite3
#endif
