//! Cross-site request forgery: a browser sends the session cookie with requests that other sites make it
//! send. The policy (docs/protocol.md, "Cookies and `Origin`"):
//!
//! - A write the session cookie identifies (anything but GET, HEAD, OPTIONS) and a WebSocket handshake that
//!   carries the cookie must say where they come from, with `Origin`, and come from this site
//!   ([`check_signed_in`]): every browser sends `Origin` on such requests (on every request whose method
//!   is not GET or HEAD, and on every WebSocket handshake), so a cookie request without it is no browser's
//!   page and is refused with 403, not trusted on `SameSite=Lax` alone (a browser too old to honour
//!   `SameSite` is also one that may leave `Origin` out). A program signs its requests with a bearer token,
//!   which no browser sends on its own: those are exempt.
//! - This site is the request's own scheme, host and port. The host and port are the `Host` header's; the
//!   scheme is `https` when the proxy in front says the request came over TLS (`X-Forwarded-Proto` or
//!   `Forwarded`, as for the cookie's `Secure`), and then an `http` `Origin` on the same host is another
//!   site (a page an attacker could inject over plain HTTP) and is refused. When nothing says how the
//!   request came, an `https` `Origin` with the same host and port is accepted: TLS ends before this server
//!   (it speaks plain HTTP), and only the site's own TLS front can serve a page at its host and port. A
//!   port left out is the default of the `Origin`'s scheme (or of the known one). `null` and any other
//!   scheme are refused.
//! - Sign-up, sign-in and the other requests that make a session rather than use one check the same,
//!   with `Origin` optional ([`check_origin`]): no signing a victim into an attacker's account from
//!   another site, while a script may still sign in.

use super::AuthError;
use super::session::over_tls;
use axum::http::{HeaderMap, Method, header};

/// Does `method` change anything?
pub fn unsafe_method(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Refuses a request whose `Origin` is present and not this site.
pub fn check_origin(headers: &HeaderMap, uri: &axum::http::Uri) -> Result<(), AuthError> {
    match headers.get(header::ORIGIN) {
        None => Ok(()),
        Some(_) => check_signed_in(headers, uri),
    }
}

/// Refuses a request the session cookie identifies unless its `Origin` is this site's.
pub fn check_signed_in(headers: &HeaderMap, uri: &axum::http::Uri) -> Result<(), AuthError> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).or_else(|| uri.authority().map(|a| a.as_str()));
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Err(AuthError::CrossSite(
            "a request signed in by the session cookie must say where it comes from (`Origin`), as every \
             browser does; a program signs in with a bearer token"
                .into(),
        ));
    };
    let origin = origin.to_str().unwrap_or("").trim();
    if let Some(host) = host
        && same_site(origin, host.trim(), over_tls(headers))
    {
        return Ok(());
    }
    Err(AuthError::CrossSite(format!(
        "cross-site request refused: `Origin` {} is not this site ({}{})",
        origin.chars().take(80).collect::<String>(),
        if over_tls(headers) { "https://" } else { "" },
        host.unwrap_or("no Host header")
    )))
}

/// Is `origin` this site, whose `Host` is `host` (`tls`: the request is known to have come over TLS)?
fn same_site(origin: &str, host: &str, tls: bool) -> bool {
    let Some((scheme, authority)) = origin.split_once("://") else { return false };
    let scheme = scheme.to_ascii_lowercase();
    let default = match scheme.as_str() {
        "https" => 443,
        "http" if !tls => 80,
        _ => return false,
    };
    match (host_port(authority.trim_end_matches('/'), default), host_port(host, default)) {
        (Some(a), Some(b)) => a.0.eq_ignore_ascii_case(&b.0) && a.1 == b.1,
        _ => false,
    }
}

/// The host and port of `authority` (`host`, `host:port`, `[v6]:port`), the port `default` when left out.
fn host_port(authority: &str, default: u16) -> Option<(String, u16)> {
    if authority.is_empty() || authority.contains(['/', '@', ' ']) {
        return None;
    }
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) if !p.contains(']') && (!h.contains(':') || h.ends_with(']')) => (h, Some(p)),
        _ => (authority, None),
    };
    let port = match port {
        Some(p) => p.parse().ok()?,
        None => default,
    };
    Some((host.to_string(), port))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&str>, host: &str, proto: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        if let Some(p) = proto {
            h.insert("x-forwarded-proto", HeaderValue::from_str(p).unwrap());
        }
        h
    }

    fn signed_in(origin: Option<&str>, host: &str) -> bool {
        check_signed_in(&headers(origin, host, None), &"/api/games".parse().unwrap()).is_ok()
    }

    fn over_tls_proxy(origin: &str, host: &str) -> bool {
        check_signed_in(&headers(Some(origin), host, Some("https")), &"/api/games".parse().unwrap()).is_ok()
    }

    #[test]
    fn only_this_site() {
        assert!(signed_in(Some("http://mancala.example:8080"), "mancala.example:8080"));
        assert!(signed_in(Some("https://Mancala.Example"), "mancala.example"));
        assert!(signed_in(Some("http://mancala.example"), "mancala.example:80"), "the default port spelt out");
        assert!(!signed_in(Some("https://evil.example"), "mancala.example"));
        assert!(!signed_in(Some("http://mancala.example:9090"), "mancala.example:8080"), "another port");
        assert!(!signed_in(Some("null"), "mancala.example"), "an opaque origin");
        assert!(!signed_in(Some("file://mancala.example"), "mancala.example"), "another scheme");
        assert!(!signed_in(Some("http://mancala.example.evil.example"), "mancala.example"));
        assert!(!signed_in(Some("http://evil@mancala.example"), "mancala.example"));
        assert!(signed_in(Some("http://[::1]:8080"), "[::1]:8080"));
        assert!(!signed_in(Some("http://[::1]:8081"), "[::1]:8080"));
        assert!(unsafe_method(&Method::POST) && unsafe_method(&Method::DELETE) && !unsafe_method(&Method::GET));
    }

    #[test]
    fn a_signed_in_write_needs_an_origin_and_a_sign_in_does_not() {
        assert!(!signed_in(None, "mancala.example"));
        let uri = "/api/account/signin".parse().unwrap();
        assert!(check_origin(&headers(None, "mancala.example", None), &uri).is_ok());
        assert!(check_origin(&headers(Some("https://evil.example"), "mancala.example", None), &uri).is_err());
    }

    #[test]
    fn https_on_the_same_host_and_port_is_this_site_and_http_behind_tls_is_not() {
        // Nothing says how the request came: the site's own TLS front is the only one at that host and port.
        assert!(signed_in(Some("https://mancala.example:8080"), "mancala.example:8080"));
        assert!(signed_in(Some("https://mancala.example"), "mancala.example:443"));
        // The proxy says TLS: an http page of the same host is another origin.
        assert!(over_tls_proxy("https://mancala.example", "mancala.example"));
        assert!(!over_tls_proxy("http://mancala.example", "mancala.example"));
        assert!(!over_tls_proxy("http://mancala.example:443", "mancala.example"));
    }
}
