//! The one loop that plays a table's connected seats through a game: each seat sends its next decision
//! when it is due (think time and rate bucket), every message of every seat is read as it comes, the run's
//! phase is followed, and a table that hears nothing for `--stall-secs` fails. What a kind of table
//! measures in that game is its [`Observer`]'s: a game between people times a decision from its mover's
//! send to the opponent's event; a game against a server bot times the bot's replies.

use super::stats::Stats;
use super::table::{End, SIDES, Seat};
use super::wire::Skim;
use super::{Ctx, Phase};
use anyhow::anyhow;
use futures_util::{SinkExt, StreamExt};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Instant, sleep_until};
use tokio_tungstenite::tungstenite::Message;

/// What a kind of table measures while [`play`] plays its seats.
pub(super) trait Observer {
    /// Seat `i` has just sent a decision.
    fn sent(&mut self, i: usize);
    /// Seat `i`'s pending decision was rejected (it will not be applied).
    fn rejected(&mut self, i: usize);
    /// Seat `i` heard `skim` (a snapshot or an event) in the measured window or not (`stats.measuring()`):
    /// its samples go to `samples`.
    fn heard(&mut self, i: usize, skim: &Skim<'_>, stats: &Stats, samples: &mut Vec<u32>);
    /// The game is over in the view seat `i` heard.
    fn over(&mut self, skim: &Skim<'_>, stats: &Stats);
}

/// Plays `seats` to the game's end (or until the run stops or a connection fails).
pub(super) async fn play(
    ctx: &Ctx,
    seats: &mut [Seat],
    phase: &mut watch::Receiver<Phase>,
    rng: &mut ChaCha8Rng,
    samples: &mut Vec<u32>,
    observer: &mut impl Observer,
) -> End {
    let stats: &Stats = &ctx.stats;
    let mut playing = *phase.borrow() == Phase::Play;
    let mut last_heard = Instant::now();
    loop {
        let mut wake: Option<Instant> = None;
        if playing {
            let now = Instant::now();
            for (i, seat) in seats.iter_mut().enumerate() {
                let Some(due) = seat.due(now) else { continue };
                if due > now {
                    wake = Some(wake.map_or(due, |w| w.min(due)));
                    continue;
                }
                let text = seat.next_decision(rng);
                observer.sent(i);
                if let Err(e) = seat.conn.ws.send(Message::Text(text.into())).await {
                    return End::Failed("closed", anyhow!("{} send: {e}", SIDES[seat.side]));
                }
            }
        } else {
            last_heard = Instant::now();
        }
        let heard = futures_util::future::select_all(seats.iter_mut().map(|s| s.conn.ws.next()));
        let (msg, i, _) = tokio::select! {
            heard = heard => heard,
            _ = sleep_until(wake.unwrap_or_else(Instant::now)), if wake.is_some() => continue,
            r = phase.changed() => {
                if r.is_err() || *phase.borrow() == Phase::Stop {
                    return End::Stop;
                }
                let was_playing = playing;
                playing = *phase.borrow() == Phase::Play;
                if playing && !was_playing && !ctx.think.is_zero() {
                    // Tables start their first think at random offsets, as players who did not all sit
                    // down in the same millisecond (the warm-up lets the flat-out runs spread too).
                    for seat in seats.iter_mut() {
                        seat.think_until = Instant::now() + ctx.think.mul_f64(rng.random::<f64>());
                    }
                }
                continue;
            }
            _ = sleep_until(last_heard + ctx.stall) => {
                if playing {
                    return End::Failed("stalled", anyhow!("nothing received for {:?}", ctx.stall));
                }
                continue;
            }
        };
        let side = SIDES[seats[i].side];
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(f))) => return End::Failed("closed", anyhow!("{side} closed: {f:?}")),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return End::Failed("closed", anyhow!("{side}: {e}")),
            None => return End::Failed("closed", anyhow!("{side}: the server closed the connection")),
        };
        last_heard = Instant::now();
        stats.message(text.len());
        let skim = match Skim::parse(text.as_str()) {
            Ok(s) => s,
            Err(e) => return End::Failed("protocol", e),
        };
        let seat = &mut seats[i];
        match skim.ty {
            "snapshot" | "event" => {
                if skim.ty == "event" {
                    stats.count(&stats.events);
                }
                observer.heard(i, &skim, stats, samples);
                if let Some(view) = skim.view.as_ref() {
                    if view.legal != seat.legal {
                        seat.think_until = Instant::now() + ctx.think;
                    }
                    seat.legal = view.legal.clone();
                }
                if skim.over() {
                    observer.over(&skim, stats);
                    return End::Over;
                }
            }
            "accepted" if seat.pending.as_ref().is_some_and(|p| skim.id.as_deref() == Some(p.id.as_str())) => {
                seat.pending = None;
                stats.count(&stats.done);
            }
            "rejected" if seat.pending.as_ref().is_some_and(|p| skim.id.as_deref() == Some(p.id.as_str())) => {
                seat.pending = None;
                observer.rejected(i);
                seat.legal = skim.legal.clone();
                stats.reject(skim.code.as_deref().unwrap_or("?"));
            }
            "error" => match skim.code.as_deref() {
                Some("rate_limited") => {
                    stats.count(&stats.rate_limited);
                    if let Some(p) = seat.pending.as_mut() {
                        p.resend_at = Some(Instant::now() + Duration::from_millis(100));
                    }
                }
                code => stats.error(&format!("server:{}", code.unwrap_or("?")), text.as_str()),
            },
            _ => {}
        }
    }
}

/// The side index (0 South, 1 North) of an event's mover.
pub(super) fn mover(skim: &Skim<'_>) -> Option<usize> {
    let ev = skim.event.as_ref()?;
    ev.side.as_deref().and_then(|s| SIDES.iter().position(|x| *x == s))
}

/// Is this an event of a decision its player made (a `move`, not one the server played)?
pub(super) fn a_players_move(skim: &Skim<'_>) -> bool {
    skim.ty == "event" && skim.event.as_ref().is_some_and(|ev| ev.kind == "move" && !ev.auto)
}
