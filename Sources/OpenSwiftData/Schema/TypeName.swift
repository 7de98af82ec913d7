/// The name a type is written with, unqualified (`Contact`, `Box<Int>`): what
/// `String(describing:)` says of a type, without that initialiser's casts to the printing
/// protocols. The first of those casts in a process scans every protocol conformance the
/// program holds (two million instructions in a program the size of the benchmarks'),
/// paid by whoever opens the first store.
func unqualifiedName(of type: Any.Type) -> String {
    _typeName(type, qualified: false)
}
