//! Cross-site request forgery: a browser sends the session cookie with requests that other sites make it
//! send. `SameSite=Lax` already keeps it off cross-site POSTs in current browsers; on top of that, a
//! cookie-authenticated unsafe request (anything but GET, HEAD, OPTIONS) whose `Origin` header is present
//! must come from this server's own origin (its host and port equal the `Host` header), or it is refused
//! with 403. A request without `Origin` (curl, an old browser on a same-origin form) is let through: a
//! browser always sends `Origin` on a cross-origin POST. Bearer-token requests are exempt (a token is never
//! sent by a browser on its own). Sign-up and sign-in check the same (no signing a victim into an
//! attacker's account from another site).

use super::AuthError;
use axum::http::{HeaderMap, Method, header};

/// Does `method` change anything?
pub fn unsafe_method(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Refuses a request whose `Origin` is present and not this server's.
pub fn check_origin(headers: &HeaderMap, uri: &axum::http::Uri) -> Result<(), AuthError> {
    let Some(origin) = headers.get(header::ORIGIN) else { return Ok(()) };
    let origin = origin.to_str().unwrap_or("").trim();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).or_else(|| uri.authority().map(|a| a.as_str()));
    let authority = origin.split_once("://").map(|(_, rest)| rest.trim_end_matches('/'));
    match (authority, host) {
        (Some(a), Some(h)) if a.eq_ignore_ascii_case(h.trim()) => Ok(()),
        _ => Err(AuthError::CrossSite(format!(
            "cross-site request refused: `Origin` {} is not this server ({})",
            origin.chars().take(80).collect::<String>(),
            host.unwrap_or("no Host header")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn check(origin: Option<&str>, host: &str) -> bool {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        check_origin(&h, &"/api/games".parse().unwrap()).is_ok()
    }

    #[test]
    fn only_this_origin_or_none() {
        assert!(check(None, "mancala.example:8080"));
        assert!(check(Some("http://mancala.example:8080"), "mancala.example:8080"));
        assert!(check(Some("https://Mancala.Example"), "mancala.example"));
        assert!(!check(Some("https://evil.example"), "mancala.example"));
        assert!(!check(Some("http://mancala.example:9090"), "mancala.example:8080"), "another port");
        assert!(!check(Some("null"), "mancala.example"), "an opaque origin");
        assert!(!check(Some("http://mancala.example.evil.example"), "mancala.example"));
        assert!(unsafe_method(&Method::POST) && unsafe_method(&Method::DELETE) && !unsafe_method(&Method::GET));
    }
}
