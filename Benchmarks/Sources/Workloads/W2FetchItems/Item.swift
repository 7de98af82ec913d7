/// GRDB's own fetch-performance model: ten integer attributes.
public struct Item: Equatable, Sendable {
    public var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int

    public init(i0: Int, i1: Int, i2: Int, i3: Int, i4: Int, i5: Int, i6: Int, i7: Int, i8: Int, i9: Int) {
        (self.i0, self.i1, self.i2, self.i3, self.i4) = (i0, i1, i2, i3, i4)
        (self.i5, self.i6, self.i7, self.i8, self.i9) = (i5, i6, i7, i8, i9)
    }
}
