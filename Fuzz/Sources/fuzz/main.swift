import EngineFuzzChecks
import FuzzSupport

// libFuzzer's runtime, linked whole, refers to this symbol; the driver is given the
// chosen target's entry point instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func unusedTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { 0 }

FuzzDriver.main(targets: EngineFuzzTargets.all)
