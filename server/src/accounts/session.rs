//! Browser sessions: a random id in the `mancala_session` cookie (`HttpOnly`, `SameSite=Lax`, `Path=/`,
//! `Secure` when the request came over TLS), its SHA-256 in the `sessions` table. A session lasts
//! [`IDLE`] after it was last used; its `last_seen` is refreshed at most every [`REFRESH`] (one
//! write an hour per active browser, not one per request).

use super::AuthError;
use super::queries::AccountWrite;
use crate::game::UnixMs;
use crate::ids::{self, PlayerName, TokenHash};
use crate::store::{Store, Write};
use axum::http::{HeaderMap, HeaderValue, header};
use std::time::Duration;

/// The cookie's name.
pub const COOKIE: &str = "mancala_session";
/// A session unused this long is over (30 days).
pub const IDLE: Duration = Duration::from_secs(30 * 24 * 3600);
/// `last_seen` is refreshed when older than this (an hour).
pub const REFRESH: Duration = Duration::from_secs(3600);

/// The value of the request's cookie `name`, if it sends one.
pub fn read_cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.trim())
}

/// The session id of the request's cookie, if it has one of the right shape (32 letters and digits).
pub fn cookie_id(headers: &HeaderMap) -> Option<String> {
    read_cookie(headers, COOKIE)
        .map(|value| value.trim_matches('"').to_string())
        .filter(|id| id.len() == 32 && id.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// Did the request come over TLS? The server speaks plain HTTP itself; behind a TLS-terminating proxy,
/// `X-Forwarded-Proto: https` (or `Forwarded: proto=https`) says so. A client that sends it over plain
/// HTTP only gets a cookie its browser will not send back.
pub fn over_tls(headers: &HeaderMap) -> bool {
    let text = |name| headers.get(name).and_then(|v: &HeaderValue| v.to_str().ok()).map(str::to_ascii_lowercase);
    if let Some(proto) = text("x-forwarded-proto") {
        return proto.split(',').next().is_some_and(|p| p.trim() == "https");
    }
    text("forwarded").is_some_and(|f| {
        f.split(',').next().unwrap_or("").split(';').any(|kv| kv.trim().trim_matches('"') == "proto=https")
    })
}

fn cookie(value: &str, max_age_secs: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_secs}{secure}"))
        .expect("a session id is a valid header value")
}

/// The `Set-Cookie` value that holds session `id` (for as long as the session can live).
pub fn set_cookie(id: &str, secure: bool) -> HeaderValue {
    cookie(id, IDLE.as_secs() as i64, secure)
}

/// The `Set-Cookie` value that removes the cookie.
pub fn clear_cookie(secure: bool) -> HeaderValue {
    cookie("", 0, secure)
}

/// The writes that start a session for `name` (and sweep the sessions that are over); returns its id.
pub fn start(name: &PlayerName) -> (String, Vec<Write>) {
    let id = ids::token();
    let now = UnixMs::now();
    let writes = vec![
        Write::feature(AccountWrite::DeleteExpiredSessions { now }),
        Write::feature(AccountWrite::InsertSession {
            id_hash: ids::token_hash(&id),
            player_key: name.key(),
            now,
            expires_at: now.plus(IDLE),
        }),
    ];
    (id, writes)
}

/// Refreshes a session seen at `last_seen` if that is over [`REFRESH`] ago, without making the request
/// wait for the write (a failed refresh only shortens the session).
pub fn touch(store: &Store, id_hash: &TokenHash, last_seen: UnixMs) {
    let now = UnixMs::now();
    if now.since(last_seen) < REFRESH {
        return;
    }
    let store = store.clone();
    let write = AccountWrite::TouchSession { id_hash: id_hash.clone(), now, expires_at: now.plus(IDLE) };
    tokio::spawn(async move {
        if let Err(e) = store.write(vec![Write::feature(write)]).await {
            tracing::debug!(error = %e, "session refresh not stored");
        }
    });
}

/// Signs out: deletes the session `id_hash`.
pub async fn end(store: &Store, id_hash: &TokenHash) -> Result<(), AuthError> {
    store.write(vec![Write::feature(AccountWrite::DeleteSession { id_hash: id_hash.clone() })]).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn the_cookie_is_found_among_others() {
        let id = "a".repeat(32);
        assert_eq!(cookie_id(&headers(&[("cookie", &format!("x=1; {COOKIE}={id}; y=2"))])), Some(id.clone()));
        assert_eq!(cookie_id(&headers(&[("cookie", "x=1"), ("cookie", &format!("{COOKIE}={id}"))])), Some(id));
        assert_eq!(cookie_id(&headers(&[("cookie", &format!("{COOKIE}=short"))])), None);
        assert_eq!(cookie_id(&headers(&[("cookie", &format!("not_{COOKIE}={}", "a".repeat(32)))])), None);
    }

    #[test]
    fn cookies_are_http_only_lax_and_secure_behind_tls() {
        let plain = set_cookie("abc", false);
        let plain = plain.to_str().unwrap();
        assert!(plain.contains("HttpOnly") && plain.contains("SameSite=Lax") && plain.contains("Path=/"), "{plain}");
        assert!(!plain.contains("Secure"), "{plain}");
        assert!(set_cookie("abc", true).to_str().unwrap().ends_with("; Secure"));
        assert!(clear_cookie(false).to_str().unwrap().contains("Max-Age=0"));
        assert!(over_tls(&headers(&[("x-forwarded-proto", "https")])));
        assert!(!over_tls(&headers(&[("x-forwarded-proto", "http")])));
        assert!(over_tls(&headers(&[("forwarded", "for=1.2.3.4;proto=https")])));
        assert!(!over_tls(&headers(&[])));
    }
}
