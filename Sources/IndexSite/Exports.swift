// The library's public face: `Build` and `Scaffold` here, the values every stage shares (entries, sections, settings,
// diagnostics, source files), and each stage's public entry point, so a program can also run one stage alone (parse
// a CSV, section entries, render a list's pages) as the library-consumer tests do.
@_exported import IndexSiteCore
@_exported import IndexSiteLoad
@_exported import IndexSiteParse
@_exported import IndexSiteRender
@_exported import IndexSiteSection
@_exported import IndexSiteWrite
