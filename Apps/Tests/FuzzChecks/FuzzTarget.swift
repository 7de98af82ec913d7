import Foundation

/// One parser, or the predicate translator, under test with generated inputs. `init`
/// prepares what every input needs (a store, a catalog); `run` feeds one input to the
/// app's public entry points. A thrown error is the expected answer to bad input, judged
/// by `ErrorCheck`; anything wrong is thrown as a `Finding`. The libFuzzer executables in
/// `Fuzz/` stop on a finding so that libFuzzer keeps the input; `FuzzReplayTests` report it.
public protocol FuzzTarget: AnyObject {
    static var name: String { get }
    init() throws
    func run(_ data: Data) throws
}
