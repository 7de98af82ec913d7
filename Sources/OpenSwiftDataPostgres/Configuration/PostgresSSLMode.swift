#if PostgreSQL
import PostgresNIO

/// Whether and how the connection is encrypted: libpq's `sslmode` values, with
/// libpq's meaning (PostgreSQL documentation, "SSL Support", table "SSL Mode Descriptions").
public enum PostgresSSLMode: String, Sendable, Hashable, CaseIterable {
    /// Never TLS.
    case disable
    /// TLS when the server offers it, without checking its certificate (libpq's default).
    case prefer
    /// TLS always, without checking the certificate.
    case require
    /// TLS always, with a certificate signed by a trusted authority.
    case verifyCA = "verify-ca"
    /// TLS always, with a trusted certificate issued for the host.
    case verifyFull = "verify-full"

    /// PostgresNIO's TLS setting for this mode.
    func tls() throws(PostgresStoreError) -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch self {
        case .disable: return .disable
        case .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        do {
            let context = try NIOSSLContext(configuration: configuration)
            return self == .prefer ? .prefer(context) : .require(context)
        } catch {
            throw .tlsUnavailable(reason: "\(error)")
        }
    }
}
#endif
