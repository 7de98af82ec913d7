import Foundation

extension ModelConfiguration {
    /// Where a configuration's store lives when it is shared by a group of programs:
    /// SwiftData's app group container.
    ///
    /// Apple's platforms give each app group a directory; here a group is a folder of
    /// that name in ``ModelConfiguration/defaultDirectory``, so that every program
    /// naming the same group finds the same store. `.automatic` and `.none` keep the
    /// store in the default directory itself.
    public struct GroupContainer: Hashable, Sendable {
        let identifier: String?

        /// The default location (on Apple's platforms, the app's first app group if
        /// it has one; here, the default directory).
        public static var automatic: GroupContainer { GroupContainer(identifier: nil) }

        /// Not a group's location: the default directory.
        public static var none: GroupContainer { GroupContainer(identifier: nil) }

        /// The folder of the group named `groupName` in the default directory.
        public static func identifier(_ groupName: String) -> GroupContainer { GroupContainer(identifier: groupName) }
    }
}
