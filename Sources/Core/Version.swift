/// IndexSite's version: the one place it is written, printed by `indexsite --version`.
public enum IndexSiteVersion {
    /// The released version, semantic versioning.
    public static let current = "0.1.0"
    /// The GitHub repository IndexSite's releases and action are published from: the workflow `indexsite init` writes
    /// names its action as `<repository>@v<current>`.
    public static let repository = "indexsite/indexsite"
}
