import OpenSwiftData

/// W2's `Item` as an OpenSwiftData model: ten integer attributes.
@Model
public final class ItemModel {
    public var i0: Int
    public var i1: Int
    public var i2: Int
    public var i3: Int
    public var i4: Int
    public var i5: Int
    public var i6: Int
    public var i7: Int
    public var i8: Int
    public var i9: Int

    public init(_ n: Int) {
        i0 = n; i1 = n; i2 = n; i3 = n; i4 = n
        i5 = n; i6 = n; i7 = n; i8 = n; i9 = n
    }

    public var item: Item { Item(i0: i0, i1: i1, i2: i2, i3: i3, i4: i4, i5: i5, i6: i6, i7: i7, i8: i8, i9: i9) }
}
