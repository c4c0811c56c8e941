/// Every stage asks the engine for its loops, sorts and background work: imported with Core, the values they pass on.
@_exported import IndexSiteEngine
