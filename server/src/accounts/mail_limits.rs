//! The limits on mail (`--mails-per-hour N`, 0: none): each client address may make N mail requests an
//! hour ("Forgot your password?", an address to confirm), over which it is refused with 429 `rate_limited`
//! and `Retry-After` like every other limit; and each account and each address may be sent N mails an hour,
//! over which nothing is sent and the answer stays the same (a "Forgot your password?" must not tell
//! whether a name or address is known, so its limit per account cannot be a refusal). Held by the edge's
//! state, asked by the routes that mail (`routes/email.rs`, `routes/forgot.rs`).

use crate::ids::ClientAddr;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::IpAddr;
use std::num::NonZeroU32;

/// A client address over its mail requests: refused until `retry_after` seconds have passed (429).
#[derive(Debug, thiserror::Error)]
#[error("too many mail requests from this address (at most {per_hour} an hour)")]
pub struct TooManyMailRequests {
    pub per_hour: u32,
    pub retry_after: u64,
}

/// The buckets of mail requests and of mails sent.
#[derive(Debug)]
pub struct MailLimits {
    buckets: Option<(DefaultKeyedRateLimiter<IpAddr>, DefaultKeyedRateLimiter<String>)>,
    per_hour: u32,
}

impl MailLimits {
    /// `per_hour` requests per client address and mails per account and per address; 0 is no limit.
    pub fn new(per_hour: u32) -> MailLimits {
        let buckets = NonZeroU32::new(per_hour).map(|n| {
            let quota = Quota::per_hour(n);
            (DefaultKeyedRateLimiter::keyed(quota), DefaultKeyedRateLimiter::keyed(quota))
        });
        MailLimits { buckets, per_hour }
    }

    /// Counts one mail request from `client`, or refuses it.
    pub fn request(&self, client: ClientAddr) -> Result<(), TooManyMailRequests> {
        let Some((by_client, _)) = &self.buckets else { return Ok(()) };
        by_client.check_key(&client.0).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            metrics::counter!("mancala_rate_limited", "what" => "mail requests").increment(1);
            TooManyMailRequests {
                per_hour: self.per_hour,
                retry_after: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
            }
        })
    }

    /// May one more mail go to every one of `recipients` (an account's key, then an address's)? Each is
    /// counted in turn until one is over its limit: then nothing is sent (the ones after it are not
    /// counted), and the error is the seconds until that one may be sent a mail again.
    pub fn send_to(&self, recipients: &[&str]) -> Result<(), u64> {
        let Some((_, by_recipient)) = &self.buckets else { return Ok(()) };
        for r in recipients {
            if let Err(not_until) = by_recipient.check_key(&r.to_string()) {
                metrics::counter!("mancala_mails_held").increment(1);
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                return Err(wait.as_secs() + u64::from(wait.subsec_nanos() > 0));
            }
        }
        Ok(())
    }

    /// The limit, for messages.
    pub fn per_hour(&self) -> u32 {
        self.per_hour
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_refused_per_address_with_a_wait() {
        let limits = MailLimits::new(2);
        let me = ClientAddr::of("10.0.0.1".parse().unwrap());
        limits.request(me).unwrap();
        limits.request(me).unwrap();
        let refused = limits.request(me).expect_err("a third request this hour");
        assert!(refused.retry_after > 60, "{}", refused.retry_after);
        assert!(refused.to_string().contains("at most 2 an hour"), "{refused}");
        limits.request(ClientAddr::of("10.0.0.2".parse().unwrap())).expect("another address");
    }

    #[test]
    fn mails_are_held_per_recipient() {
        let limits = MailLimits::new(2);
        assert!(limits.send_to(&["amani", "a@example.org"]).is_ok());
        assert!(limits.send_to(&["amani", "b@example.org"]).is_ok());
        let wait = limits.send_to(&["amani", "c@example.org"]).expect_err("the account's third mail this hour");
        assert!((1..=1800).contains(&wait), "{wait}");
        assert!(limits.send_to(&["c@example.org"]).is_ok(), "the held mail spent nothing of c's");
        assert!(limits.send_to(&["c@example.org"]).is_ok());
        assert!(limits.send_to(&["c@example.org"]).is_err());
        let none = MailLimits::new(0);
        assert!((0..100).all(|_| none.send_to(&["amani"]).is_ok()));
    }
}
