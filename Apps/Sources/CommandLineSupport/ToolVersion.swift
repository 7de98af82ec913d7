/// The version every tool prints for `--version`: one string for all five, the version of
/// the package they are built from (no version is tagged yet; CHANGELOG.md's "Unreleased").
public enum ToolVersion {
    public static let string = "0.1.0-dev"
}
