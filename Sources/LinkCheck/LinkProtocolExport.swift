/// The link-check messages (`LinkOutcome`, `LinkProbeRequest`) are part of this target's API: whoever checks a site's
/// links reads its outcomes.
@_exported import IndexSiteLinkProtocol
