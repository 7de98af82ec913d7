// On platforms without Apple's SwiftData, `import SwiftData` brings in OpenSwiftData,
// so a model file written for SwiftData compiles unchanged.
@_exported import OpenSwiftData
