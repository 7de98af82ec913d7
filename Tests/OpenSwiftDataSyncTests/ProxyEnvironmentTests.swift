import Foundation
import Testing
@testable import OpenSwiftDataSync

/// Which servers the environment's proxy variables send through a proxy, as libcurl reads
/// them: a transport on SwiftNIO leaves those requests to `URLSession`, which goes through it.
@Suite struct ProxyEnvironmentTests {
    static let http = URL(string: "http://sync.example.com:8080")!
    static let https = URL(string: "https://sync.example.com")!

    @Test func noProxyVariableSendsNothingThroughAProxy() {
        #expect(!ProxyEnvironment([:]).proxies(Self.http))
        #expect(!ProxyEnvironment(["PATH": "/usr/bin"]).proxies(Self.https))
    }

    @Test func anHTTPProxySendsHTTPAddressesThroughItAndNotHTTPSOnes() {
        let environment = ProxyEnvironment(["http_proxy": "http://proxy:3128"])
        #expect(environment.proxies(Self.http))
        #expect(!environment.proxies(Self.https))
    }

    @Test func anHTTPSProxyInEitherCaseSendsHTTPSAddressesThroughIt() {
        #expect(ProxyEnvironment(["HTTPS_PROXY": "http://proxy:3128"]).proxies(Self.https))
        #expect(ProxyEnvironment(["https_proxy": "http://proxy:3128"]).proxies(Self.https))
        #expect(!ProxyEnvironment(["https_proxy": "http://proxy:3128"]).proxies(Self.http))
    }

    /// libcurl reads `http_proxy` in small letters only: a CGI program's `HTTP_PROXY` comes from
    /// a request's `Proxy:` header.
    @Test func anHTTPProxyInCapitalsIsNotRead() {
        #expect(!ProxyEnvironment(["HTTP_PROXY": "http://proxy:3128"]).proxies(Self.http))
    }

    @Test func anAllProxySendsEitherThroughIt() {
        #expect(ProxyEnvironment(["ALL_PROXY": "socks5://proxy:1080"]).proxies(Self.http))
        #expect(ProxyEnvironment(["all_proxy": "socks5://proxy:1080"]).proxies(Self.https))
    }

    @Test(arguments: ["sync.example.com", "example.com", ".example.com", "localhost, example.com", "*"])
    func aHostOrDomainInNoProxyGoesStraightToTheServer(exempt: String) {
        #expect(!ProxyEnvironment(["http_proxy": "http://proxy:3128", "no_proxy": exempt]).proxies(Self.http))
    }

    @Test func aDomainThatOnlyEndsTheSameLettersIsNotExempt() {
        #expect(ProxyEnvironment(["http_proxy": "http://proxy:3128", "NO_PROXY": "ample.com"]).proxies(Self.http))
    }

    @Test func anEmptyProxyVariableIsNone() {
        #expect(!ProxyEnvironment(["http_proxy": "  "]).proxies(Self.http))
    }
}
