//! Rate limits on creating accounts and games, on challenges, and on password checks (sign-in), per client
//! address and, for games and challenges, per account too: over a limit, a request is refused with 429
//! `rate_limited`, a `Retry-After` header and the seconds in the message (the lobby socket says the same
//! in an `error` message with `retry_after`). The WebSocket has its own per-connection message rates
//! (`ws/connection.rs`).
//!
//! Each limit is a token bucket (governor, keyed by address, and by account name): `--games-per-minute N`
//! lets a burst of N games through at once, then one every 60/N s; `--accounts-per-hour N` likewise per
//! hour. `0` turns a limit off (the load tool creates thousands of games from one address: start its
//! server with `--games-per-minute 0`). An IPv6 client is keyed by its /64, which is what one host
//! usually holds.
//!
//! Every way of making a game takes the games bucket of whoever makes it ([`Limit::Games`]): `POST
//! /api/games`, posting a lobby seek (a quick pairing that finds nobody posts one), taking a seek (HTTP,
//! socket, or quick pairing), accepting a challenge. A lobby game thus costs each of its two players one.
//! Creating a challenge takes the challenges bucket ([`Limit::Challenges`]). A lesson step's check and a
//! move preview, which make the engine play, take the engine bucket ([`Limit::Engine`]). A puzzle's attempt
//! (every decision sent) and vote take the puzzles bucket ([`Limit::Puzzles`]).
//!
//! Behind a reverse proxy every request comes from the proxy's address; `--client-ip-header X-Forwarded-For`
//! (or `X-Real-IP`) makes the last address in that header the client's. Set it only behind a proxy that
//! writes the header, or clients could pick their own address.

use crate::edge::error::ApiError;
pub use crate::ids::ClientAddr;
use crate::ids::PlayerName;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};

/// What is limited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Every way of making a game (see the module's documentation).
    Games,
    /// `POST /api/players` and `POST /api/account/signup`.
    Accounts,
    /// Password checks: `POST /api/account/signin` and `POST /api/account/password`, good or bad.
    SignIn,
    /// `POST /api/challenges`.
    Challenges,
    /// Requests the engine answers by playing a position: a lesson step's check, a move preview, an analysis.
    Engine,
    /// A puzzle's attempt (each decision sent) and vote.
    Puzzles,
}

/// One limit: a bucket per address and one per account, refilled at the same rate.
#[derive(Debug)]
struct Bucket {
    by_address: DefaultKeyedRateLimiter<IpAddr>,
    by_account: DefaultKeyedRateLimiter<String>,
    rule: String,
}

impl Bucket {
    fn new(quota: Option<(NonZeroU32, bool)>, rule: impl Fn(u32) -> String) -> Option<Bucket> {
        let (n, hourly) = quota?;
        let quota = if hourly { Quota::per_hour(n) } else { Quota::per_minute(n) };
        Some(Bucket {
            by_address: DefaultKeyedRateLimiter::keyed(quota),
            by_account: DefaultKeyedRateLimiter::keyed(quota),
            rule: rule(n.get()),
        })
    }

    fn sweep(&self) {
        self.by_address.retain_recent();
        self.by_address.shrink_to_fit();
        self.by_account.retain_recent();
        self.by_account.shrink_to_fit();
    }
}

/// The rate limits of the HTTP API and the lobby, shared by every request.
#[derive(Debug)]
pub struct RateLimits {
    games: Option<Bucket>,
    accounts: Option<Bucket>,
    sign_ins: Option<Bucket>,
    challenges: Option<Bucket>,
    engine: Option<Bucket>,
    puzzles: Option<Bucket>,
    checks: AtomicU64,
}

/// How often (in checks) the buckets of addresses that are full again are dropped.
const SWEEP_EVERY: u64 = 4096;

/// Per minute (`false`) or per hour (`true`), `None` when `n` is 0 (no limit).
fn per(n: u32, hourly: bool) -> Option<(NonZeroU32, bool)> {
    NonZeroU32::new(n).map(|n| (n, hourly))
}

impl RateLimits {
    /// The limits the command line sets.
    pub fn of(c: &crate::config::Config) -> RateLimits {
        RateLimits::new(c.games_per_minute, c.accounts_per_hour, c.sign_ins_per_minute, c.challenges_per_minute)
            .with_engine_requests(c.engine_requests_per_minute)
            .with_puzzle_requests(c.puzzle_requests_per_minute)
    }

    /// Limits of `games_per_minute`, `accounts_per_hour`, `sign_ins_per_minute` and
    /// `challenges_per_minute`; 0 is no limit.
    pub fn new(
        games_per_minute: u32,
        accounts_per_hour: u32,
        sign_ins_per_minute: u32,
        challenges_per_minute: u32,
    ) -> RateLimits {
        RateLimits {
            games: Bucket::new(per(games_per_minute, false), |n| {
                format!("at most {n} new games a minute; seeks and challenges count")
            }),
            accounts: Bucket::new(per(accounts_per_hour, true), |n| format!("at most {n} new accounts an hour")),
            sign_ins: Bucket::new(per(sign_ins_per_minute, false), |n| format!("at most {n} password checks a minute")),
            challenges: Bucket::new(per(challenges_per_minute, false), |n| format!("at most {n} challenges a minute")),
            engine: None,
            puzzles: None,
            checks: AtomicU64::new(0),
        }
    }

    /// These limits with `per_minute` engine requests ([`Limit::Engine`]); 0 is no limit.
    pub fn with_engine_requests(mut self, per_minute: u32) -> RateLimits {
        self.engine = Bucket::new(per(per_minute, false), |n| {
            format!("at most {n} lesson checks, move previews and analyses a minute")
        });
        self
    }

    /// These limits with `per_minute` puzzle attempts and votes ([`Limit::Puzzles`]); 0 is no limit.
    pub fn with_puzzle_requests(mut self, per_minute: u32) -> RateLimits {
        self.puzzles =
            Bucket::new(per(per_minute, false), |n| format!("at most {n} puzzle attempts and votes a minute"));
        self
    }

    /// Counts one request of `limit` from `client`, or refuses it.
    pub fn check(&self, limit: Limit, client: ClientAddr) -> Result<(), ApiError> {
        self.check_for(limit, client, None)
    }

    /// Counts one request of `limit` from `client`, made by `account` when signed in (its own bucket,
    /// whatever address it comes from), or refuses it.
    pub fn check_for(&self, limit: Limit, client: ClientAddr, account: Option<&PlayerName>) -> Result<(), ApiError> {
        let (what, bucket) = match limit {
            Limit::Games => ("new games", &self.games),
            Limit::Accounts => ("new accounts", &self.accounts),
            Limit::SignIn => ("sign-in attempts", &self.sign_ins),
            Limit::Challenges => ("challenges", &self.challenges),
            Limit::Engine => ("lesson checks, move previews and analyses", &self.engine),
            Limit::Puzzles => ("puzzle attempts and votes", &self.puzzles),
        };
        let Some(bucket) = bucket else { return Ok(()) };
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            // Keys live until swept: drop the addresses whose bucket is full again.
            bucket.sweep();
        }
        let refuse = |whose: &str, not_until: governor::NotUntil<_>| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            metrics::counter!("mancala_rate_limited", "what" => what).increment(1);
            ApiError::RateLimited {
                message: format!("too many {what} from this {whose} ({})", bucket.rule),
                retry_after: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
            }
        };
        bucket.by_address.check_key(&client.0).map_err(|n| refuse("address", n))?;
        match account {
            Some(name) => bucket.by_account.check_key(&name.key()).map_err(|n| refuse("account", n)),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_refusals_with_a_wait() {
        let limits = RateLimits::new(3, 0, 0, 0);
        let me = ClientAddr::of("10.0.0.1".parse().unwrap());
        let other = ClientAddr::of("10.0.0.2".parse().unwrap());
        for _ in 0..3 {
            limits.check(Limit::Games, me).unwrap();
        }
        match limits.check(Limit::Games, me) {
            Err(ApiError::RateLimited { retry_after, message }) => {
                assert!((1..=20).contains(&retry_after), "{retry_after}");
                assert!(message.contains("at most 3 new games a minute"), "{message}");
                assert!(message.contains("from this address"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        limits.check(Limit::Games, other).expect("another address has its own bucket");
        for _ in 0..100 {
            limits.check(Limit::Accounts, me).expect("0 is no limit");
        }
    }

    #[test]
    fn an_account_has_its_bucket_whatever_its_address() {
        let limits = RateLimits::new(2, 0, 0, 0);
        let amina = PlayerName::parse("amina").unwrap();
        for i in 0..2 {
            let addr = ClientAddr::of(format!("10.0.1.{i}").parse().unwrap());
            limits.check_for(Limit::Games, addr, Some(&amina)).unwrap();
        }
        let elsewhere = ClientAddr::of("10.0.2.1".parse().unwrap());
        match limits.check_for(Limit::Games, elsewhere, Some(&PlayerName::parse("AMINA").unwrap())) {
            Err(ApiError::RateLimited { message, .. }) => assert!(message.contains("from this account"), "{message}"),
            other => panic!("{other:?}"),
        }
        limits.check_for(Limit::Games, elsewhere, None).expect("a guest from there is not amina");
    }

    #[test]
    fn addresses_as_keys() {
        let a = ClientAddr::of("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = ClientAddr::of("2001:db8:1:2:bbbb::2".parse().unwrap());
        assert_eq!(a, b, "one /64");
        assert_ne!(a, ClientAddr::of("2001:db8:1:3::1".parse().unwrap()));
        assert_eq!(ClientAddr::of("::ffff:10.0.0.1".parse().unwrap()), ClientAddr::of("10.0.0.1".parse().unwrap()));
    }
}
