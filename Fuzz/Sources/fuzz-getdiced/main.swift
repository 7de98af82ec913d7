import FuzzSupport

// Get Diced's target on its own: it needs neither the engine nor its macros, so it
// builds in a fraction of the time.
@_cdecl("LLVMFuzzerTestOneInput")
public func unusedTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { 0 }

FuzzDriver.main(targets: [DeckListTarget.self])
