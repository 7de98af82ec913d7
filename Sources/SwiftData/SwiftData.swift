// On platforms without Apple's SwiftData, `import SwiftData` brings in OpenSwiftData,
// so a model file written for SwiftData compiles unchanged. Apple's module re-exports
// Foundation and Observation, so this one does too.
@_exported import Foundation
@_exported import Observation
@_exported import OpenSwiftData
