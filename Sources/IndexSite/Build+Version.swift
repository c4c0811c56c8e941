import IndexSiteCore
import IndexSiteCollation

extension Build {
    /// "0.1.0 (ICU 72.1, CLDR 42.0)": IndexSite's version and the ICU and CLDR versions it sorts, letters and dates with,
    /// since those decide where an entry is filed as much as IndexSite's own code does.
    public static var versionDescription: String { "\(IndexSiteVersion.current) (\(icuVersions))" }
}
