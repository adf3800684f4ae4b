//! Rate limits on creating accounts and games, and on password checks (sign-in), per client address: over a limit, a request is refused with
//! 429 `rate_limited`, a `Retry-After` header and the seconds in the message. The WebSocket has its own
//! per-connection message rates (`ws/connection.rs`).
//!
//! Each limit is a token bucket (governor, keyed by address): `--games-per-minute N` lets a burst of N
//! games through at once, then one every 60/N s; `--accounts-per-hour N` likewise per hour. `0` turns a
//! limit off (the load tool creates thousands of games from one address: start its server with
//! `--games-per-minute 0`). An IPv6 client is keyed by its /64, which is what one host usually holds.
//!
//! Behind a reverse proxy every request comes from the proxy's address; `--client-ip-header X-Forwarded-For`
//! (or `X-Real-IP`) makes the last address in that header the client's. Set it only behind a proxy that
//! writes the header, or clients could pick their own address.

use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};

/// What is limited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `POST /api/games`.
    Games,
    /// `POST /api/players` and `POST /api/account/signup`.
    Accounts,
    /// Password checks: `POST /api/account/signin` and `POST /api/account/password`, good or bad.
    SignIn,
}

/// The rate limits of the HTTP API, shared by every request.
#[derive(Debug)]
pub struct RateLimits {
    games: Option<(DefaultKeyedRateLimiter<IpAddr>, String)>,
    accounts: Option<(DefaultKeyedRateLimiter<IpAddr>, String)>,
    sign_ins: Option<(DefaultKeyedRateLimiter<IpAddr>, String)>,
    checks: AtomicU64,
}

/// How often (in checks) the buckets of addresses that are full again are dropped.
const SWEEP_EVERY: u64 = 4096;

impl RateLimits {
    /// Limits of `games_per_minute`, `accounts_per_hour` and `sign_ins_per_minute` per address; 0 is no
    /// limit.
    pub fn new(games_per_minute: u32, accounts_per_hour: u32, sign_ins_per_minute: u32) -> RateLimits {
        let games = NonZeroU32::new(games_per_minute)
            .map(|n| (DefaultKeyedRateLimiter::keyed(Quota::per_minute(n)), format!("at most {n} new games a minute")));
        let accounts = NonZeroU32::new(accounts_per_hour)
            .map(|n| (DefaultKeyedRateLimiter::keyed(Quota::per_hour(n)), format!("at most {n} new accounts an hour")));
        let sign_ins = NonZeroU32::new(sign_ins_per_minute).map(|n| {
            (DefaultKeyedRateLimiter::keyed(Quota::per_minute(n)), format!("at most {n} password checks a minute"))
        });
        RateLimits { games, accounts, sign_ins, checks: AtomicU64::new(0) }
    }

    /// Counts one request of `limit` from `client`, or refuses it.
    pub fn check(&self, limit: Limit, client: ClientAddr) -> Result<(), ApiError> {
        let (what, bucket) = match limit {
            Limit::Games => ("new games", &self.games),
            Limit::Accounts => ("new accounts", &self.accounts),
            Limit::SignIn => ("sign-in attempts", &self.sign_ins),
        };
        let Some((limiter, rule)) = bucket else { return Ok(()) };
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            // Keys live until swept: drop the addresses whose bucket is full again.
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        limiter.check_key(&client.0).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            metrics::counter!("mancala_rate_limited", "what" => what).increment(1);
            ApiError::RateLimited {
                message: format!("too many {what} from this address ({rule})"),
                retry_after: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
            }
        })
    }
}

/// The client's address as rate limits see it (an IPv6 address cut to its /64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl ClientAddr {
    pub fn of(ip: IpAddr) -> ClientAddr {
        match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientAddr(IpAddr::V4(v4)),
                None => {
                    let s = v6.segments();
                    ClientAddr(IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0)))
                }
            },
            v4 => ClientAddr(v4),
        }
    }
}

/// The last address of a `X-Forwarded-For`-style header (the one the proxy added).
fn forwarded(value: &str) -> Option<IpAddr> {
    let last = value.rsplit(',').next()?.trim();
    last.parse().ok().or_else(|| last.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(name) = &state.config.client_ip_header {
            let ip = parts.headers.get(name.as_str()).and_then(|v| v.to_str().ok()).and_then(forwarded);
            return ip.map(ClientAddr::of).ok_or_else(|| {
                ApiError::BadRequest(format!("the `{name}` header (the client's address, from the proxy) is missing"))
            });
        }
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        Ok(ClientAddr::of(peer.unwrap_or(IpAddr::from([0, 0, 0, 0]))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_refusals_with_a_wait() {
        let limits = RateLimits::new(3, 0, 0);
        let me = ClientAddr::of("10.0.0.1".parse().unwrap());
        let other = ClientAddr::of("10.0.0.2".parse().unwrap());
        for _ in 0..3 {
            limits.check(Limit::Games, me).unwrap();
        }
        match limits.check(Limit::Games, me) {
            Err(ApiError::RateLimited { retry_after, message }) => {
                assert!((1..=20).contains(&retry_after), "{retry_after}");
                assert!(message.contains("at most 3 new games a minute"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        limits.check(Limit::Games, other).expect("another address has its own bucket");
        for _ in 0..100 {
            limits.check(Limit::Accounts, me).expect("0 is no limit");
        }
    }

    #[test]
    fn addresses_as_keys() {
        let a = ClientAddr::of("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = ClientAddr::of("2001:db8:1:2:bbbb::2".parse().unwrap());
        assert_eq!(a, b, "one /64");
        assert_ne!(a, ClientAddr::of("2001:db8:1:3::1".parse().unwrap()));
        assert_eq!(ClientAddr::of("::ffff:10.0.0.1".parse().unwrap()), ClientAddr::of("10.0.0.1".parse().unwrap()));
        assert_eq!(forwarded("203.0.113.7, 10.0.0.1"), Some("10.0.0.1".parse().unwrap()));
        assert_eq!(forwarded(" 203.0.113.7 "), Some("203.0.113.7".parse().unwrap()));
        assert_eq!(forwarded("[2001:db8::1]:443"), Some("2001:db8::1".parse().unwrap()));
        assert_eq!(forwarded("nonsense"), None);
    }
}
