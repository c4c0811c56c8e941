/// IndexSite's version: the one place it is written, printed by `indexsite --version`.
public enum IndexSiteVersion {
    /// The released version, semantic versioning.
    public static let current = "0.1.0"
}
