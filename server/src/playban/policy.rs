//! The rule of the penalties for leaving games, without I/O: a person's outcomes (oldest first) replayed
//! into the bans they earned, the one in effect at a time, and the refusal of a pairing under it (its
//! words, its time left).
//!
//! - A bad outcome (`abort`, `no_start`, `leave`, `sitting`) starts a ban when no ban is in effect and,
//!   among the person's outcomes of the last [`WINDOW`] since their last ban started, the bad ones
//!   outnumber the good ones by [`THRESHOLD`] or more: each good game wears off one bad one.
//! - The ban's length grows with the bans that started in the [`MEMORY`] before it: 15 min, 1 h, 3 h,
//!   then 24 h; every [`GOOD_PER_STEP`] good games since the latest of them take one step back.

use crate::game::{Conduct, UnixMs};
use std::time::Duration;

/// The outcomes a ban is decided from: those of the last 24 h.
pub const WINDOW: Duration = Duration::from_secs(24 * 3600);
/// Bad outcomes more than good ones (within the window) that start a ban.
pub const THRESHOLD: usize = 3;
/// How long a ban counts toward the length of the next.
pub const MEMORY: Duration = Duration::from_secs(7 * 24 * 3600);
/// Good games that take the next ban's length one step back.
pub const GOOD_PER_STEP: usize = 5;
/// The lengths of a first ban and of each one after it.
pub const LENGTHS: [Duration; 4] = [
    Duration::from_secs(15 * 60),
    Duration::from_secs(3600),
    Duration::from_secs(3 * 3600),
    Duration::from_secs(24 * 3600),
];

/// A ban: from `started` (the bad outcome that earned it) for `length`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ban {
    pub started: UnixMs,
    pub length: Duration,
    /// The bad outcomes that earned it (those of the window since the previous ban), by kind.
    pub bad: Vec<(Conduct, usize)>,
    /// Its index in the replayed outcomes.
    at: usize,
}

impl Ban {
    pub fn until(&self) -> UnixMs {
        self.started.plus(self.length)
    }

    /// Why, in words: `2 aborted, 1 left`.
    pub fn why(&self) -> String {
        let word = |c: Conduct| match c {
            Conduct::Abort => "aborted",
            Conduct::NoStart => "never started",
            Conduct::Leave => "left",
            Conduct::Sitting => "let the clock run out in a lost position",
            Conduct::Good => "played",
        };
        self.bad.iter().map(|(c, n)| format!("{n} {}", word(*c))).collect::<Vec<_>>().join(", ")
    }
}

/// The bans `outcomes` (oldest first) earned, oldest first.
pub fn replay(outcomes: &[(UnixMs, Conduct)]) -> Vec<Ban> {
    let mut bans: Vec<Ban> = Vec::new();
    for (i, &(at, conduct)) in outcomes.iter().enumerate() {
        if !conduct.is_bad() || bans.last().is_some_and(|b| b.until() > at) {
            continue;
        }
        let since_ban = bans.last().map_or(0, |b| b.at + 1);
        let window_start = UnixMs::from_millis(at.millis() - WINDOW.as_millis() as i64);
        let counted: Vec<Conduct> =
            outcomes[since_ban..=i].iter().filter(|(t, _)| *t >= window_start).map(|&(_, c)| c).collect();
        let bad = counted.iter().filter(|c| c.is_bad()).count();
        if bad < THRESHOLD + (counted.len() - bad) {
            continue;
        }
        let memory_start = UnixMs::from_millis(at.millis() - MEMORY.as_millis() as i64);
        let recent = bans.iter().filter(|b| b.started > memory_start).count();
        let good_since = outcomes[since_ban..=i].iter().filter(|(_, c)| !c.is_bad()).count();
        let step = if recent == 0 { 0 } else { recent.saturating_sub(good_since / GOOD_PER_STEP) };
        let mut by_kind: Vec<(Conduct, usize)> = Vec::new();
        for c in counted.into_iter().filter(|c| c.is_bad()) {
            match by_kind.iter_mut().find(|(k, _)| *k == c) {
                Some((_, n)) => *n += 1,
                None => by_kind.push((c, 1)),
            }
        }
        bans.push(Ban { started: at, length: LENGTHS[step.min(LENGTHS.len() - 1)], bad: by_kind, at: i });
    }
    bans
}

/// The oldest outcome that may count at `now`: the window of the oldest ban that still counts toward the
/// next one.
pub fn counted_since(now: UnixMs) -> UnixMs {
    UnixMs::from_millis(now.millis() - (MEMORY + WINDOW).as_millis() as i64)
}

/// The ban in effect at `now`, if any.
pub fn in_effect(outcomes: &[(UnixMs, Conduct)], now: UnixMs) -> Option<Ban> {
    replay(outcomes).pop().filter(|b| b.until() > now)
}

/// The refusal of a pairing under a ban: why, the time left and until when, in words, and the seconds
/// until a pairing may be asked again. Its text is the message every edge sends (code `playban`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("you left too many games ({why}): no new games for {left}, until {until_text}")]
pub struct Banned {
    pub why: String,
    pub left: String,
    pub until_text: String,
    pub retry_after: u64,
}

/// The refusal of a pairing under `ban` at `now`.
pub fn refusal(ban: &Ban, now: UnixMs) -> Banned {
    let until = ban.until();
    let retry_after = until.since(now).as_millis().div_ceil(1000) as u64;
    Banned { why: ban.why(), left: left_text(retry_after), until_text: utc(until), retry_after }
}

/// A time left as `14 min 59 s`, `2 h 05 min`.
pub fn left_text(secs: u64) -> String {
    match secs {
        s if s >= 3600 => format!("{} h {:02} min", s / 3600, (s % 3600).div_ceil(60).min(59)),
        s if s >= 60 => format!("{} min {:02} s", s / 60, s % 60),
        s => format!("{s} s"),
    }
}

/// A time as `2026-11-23 01:05:09 UTC`.
fn utc(at: UnixMs) -> String {
    let u = crate::game::utc::Utc::of(at);
    format!("{}-{:02}-{:02} {:02}:{:02}:{:02} UTC", u.year, u.month, u.day, u.hour, u.minute, u.second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Conduct::{Abort, Good, Leave};

    const MIN: i64 = 60_000;

    fn at(minutes: i64) -> UnixMs {
        UnixMs::from_millis(1_795_000_000_000 + minutes * MIN)
    }

    fn lengths(outcomes: &[(UnixMs, Conduct)]) -> Vec<u64> {
        replay(outcomes).iter().map(|b| b.length.as_secs() / 60).collect()
    }

    #[test]
    fn three_bad_outcomes_in_a_day_ban_for_15_minutes() {
        let two = [(at(0), Abort), (at(1), Leave)];
        assert_eq!(lengths(&two), Vec::<u64>::new());
        let three = [(at(0), Abort), (at(1), Leave), (at(2), Abort)];
        let bans = replay(&three);
        assert_eq!(lengths(&three), [15]);
        assert_eq!(bans[0].started, at(2));
        assert_eq!(bans[0].why(), "2 aborted, 1 left");
        assert!(in_effect(&three, at(16)).is_some());
        assert!(in_effect(&three, at(17)).is_none());
        // Spread over more than a day, they do not.
        let spread = [(at(0), Abort), (at(1), Abort), (at(24 * 60 + 1), Abort)];
        assert_eq!(lengths(&spread), Vec::<u64>::new());
    }

    #[test]
    fn bans_escalate_with_recent_bans() {
        let mut o = Vec::new();
        let mut t = 0;
        for _ in 0..5 {
            t += 24 * 60 + 1;
            for _ in 0..3 {
                o.push((at(t), Abort));
                t += 1;
            }
        }
        assert_eq!(lengths(&o), [15, 60, 180, 24 * 60, 24 * 60]);
        // A week after, the first step again.
        let late = [(at(0), Abort), (at(1), Abort), (at(2), Abort)];
        let mut o2 = late.to_vec();
        o2.extend(late.iter().map(|&(t, c)| (t.plus(MEMORY + Duration::from_secs(3600)), c)));
        assert_eq!(lengths(&o2), [15, 15]);
    }

    #[test]
    fn good_games_wear_it_off() {
        // Each good game cancels a bad one.
        let mixed = [(at(0), Abort), (at(1), Good), (at(2), Abort), (at(3), Abort)];
        assert_eq!(lengths(&mixed), Vec::<u64>::new());
        let mixed = [(at(0), Abort), (at(1), Good), (at(2), Abort), (at(3), Abort), (at(4), Leave)];
        assert_eq!(lengths(&mixed), [15]);
        // Five good games after a ban take the next one a step back.
        let mut o = vec![(at(0), Abort), (at(1), Abort), (at(2), Abort)];
        o.extend((0..5).map(|i| (at(20 + i), Good)));
        o.extend((0..8).map(|i| (at(30 + i), Abort)));
        assert_eq!(lengths(&o), [15, 15]);
        let mut o = vec![(at(0), Abort), (at(1), Abort), (at(2), Abort)];
        o.extend((0..4).map(|i| (at(20 + i), Good)));
        o.extend((0..7).map(|i| (at(30 + i), Abort)));
        assert_eq!(lengths(&o), [15, 60]);
    }

    #[test]
    fn outcomes_during_a_ban_do_not_start_another() {
        let o = [(at(0), Abort), (at(1), Abort), (at(2), Abort), (at(3), Leave), (at(4), Leave), (at(5), Leave)];
        assert_eq!(lengths(&o), [15]);
        // After it, they count toward the next.
        let mut o = o.to_vec();
        o.push((at(30), Abort));
        assert_eq!(lengths(&o), [15, 60]);
    }

    #[test]
    fn a_refusal_says_why_how_long_and_until_when() {
        let three = [(at(0), Abort), (at(1), Leave), (at(2), Abort)];
        let ban = in_effect(&three, at(2)).expect("banned");
        // A tenth of a second into the ban: the seconds left are rounded up.
        let r = refusal(&ban, UnixMs::from_millis(at(2).millis() + 100));
        assert_eq!((r.retry_after, r.left.as_str()), (900, "15 min 00 s"));
        assert_eq!(r.until_text, utc(at(17)));
        assert_eq!(
            r.to_string(),
            format!("you left too many games (2 aborted, 1 left): no new games for 15 min 00 s, until {}", utc(at(17)))
        );
        assert_eq!(refusal(&ban, at(16)).retry_after, 60);
    }

    #[test]
    fn the_history_read_reaches_the_window_of_the_oldest_ban_that_counts() {
        assert_eq!(counted_since(at(8 * 24 * 60)), at(0));
    }

    #[test]
    fn times_are_shown_in_utc_and_left_in_words() {
        assert_eq!(utc(UnixMs::from_millis(0)), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(UnixMs::from_millis(1_795_396_336_837)), "2026-11-23 01:12:16 UTC");
        assert_eq!(left_text(899), "14 min 59 s");
        assert_eq!(left_text(3 * 3600), "3 h 00 min");
        assert_eq!(left_text(9), "9 s");
    }
}
