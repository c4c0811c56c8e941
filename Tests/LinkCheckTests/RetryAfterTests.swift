import Foundation
@testable import IndexSiteLinks
import Testing

/// `Retry-After` as seconds or as an HTTP date (RFC 9110, 10.2.3), read without Foundation's date formatters.
@Suite struct RetryAfterTests {
    @Test func secondsAndHTTPDates() {
        typealias Session = LinkChecker.Session
        #expect(Session.retryAfterSeconds("120") == 120)
        #expect(Session.retryAfterSeconds(" 0 ") == 0)
        #expect(Session.httpDate("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(Session.httpDate("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(Session.httpDate("Tue, 29 Feb 2028 23:59:60 GMT") == Date(timeIntervalSince1970: 1_835_481_600))
        let now = Date(timeIntervalSince1970: 784_111_777 - 30)
        #expect(Session.retryAfterSeconds("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == 30)
        // A date already past waits nothing; text that is neither is not a wait.
        #expect(Session.retryAfterSeconds("Sun, 06 Nov 1994 08:49:37 GMT", now: now.addingTimeInterval(100)) == 0)
        for bad in ["soon", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
                    "Sun, 06 Nov 1994 24:00:00 GMT", "Sunday, 06-Nov-94 08:49:37 GMT"] {
            #expect(Session.retryAfterSeconds(bad) == nil, "\(bad)")
        }
    }
}
