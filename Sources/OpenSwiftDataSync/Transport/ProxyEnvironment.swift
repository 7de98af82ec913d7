import Foundation

/// The proxy a program's environment names for a server, as libcurl (and so `URLSession` on
/// Linux) reads it: `http_proxy` for an `http` address, `HTTPS_PROXY` or `https_proxy` for
/// an `https` one, `ALL_PROXY` or `all_proxy` for either, unless `NO_PROXY` or `no_proxy`
/// lists the server's host (a name, a domain it ends in, or `*`).
struct ProxyEnvironment {
    let variables: [String: String]

    init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// Whether a request to `server` would go through a proxy.
    func proxies(_ server: URL) -> Bool {
        guard let host = server.host?.lowercased(), !host.isEmpty else { return false }
        let names = server.scheme?.lowercased() == "https"
            ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
            : ["http_proxy", "all_proxy", "ALL_PROXY"]
        guard names.contains(where: { variables[$0]?.trimmingCharacters(in: .whitespaces).isEmpty == false }) else { return false }
        let exempt = (variables["no_proxy"] ?? variables["NO_PROXY"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        return !exempt.contains { entry in
            if entry == "*" { return true }
            let domain = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            return host == domain || host.hasSuffix("." + domain)
        }
    }
}
