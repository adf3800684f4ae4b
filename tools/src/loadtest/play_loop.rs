//! The loop that plays one game of a table through its connected seats (both of a game between people, the
//! person's alone against a server bot): each seat sends a random legal decision once its think time is
//! over and its rate allows, sends again what the server dropped for the rate limit, and reads its
//! socket; the run's phases start, pause and stop it; a silence longer than `--stall` fails it. What a
//! kind of table measures in the messages is its [`Measure`].

use super::stats::Stats;
use super::table::{End, SIDES};
use super::wire::{Bucket, Skim, SkimOutcome};
use super::{Conn, Ctx, Phase};
use anyhow::anyhow;
use futures_util::{SinkExt, StreamExt};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde_json::json;
use std::task::Poll;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Instant, sleep_until};
use tokio_tungstenite::tungstenite::{self, Message};

pub(super) struct Seat {
    pub(super) conn: Conn,
    /// 0 South, 1 North.
    pub(super) side: usize,
    pub(super) legal: Vec<String>,
    /// When the decision in `legal` may be sent (the think time starts when the view arrives).
    pub(super) think_until: Instant,
    pub(super) pending: Option<Pending>,
    pub(super) bucket: Bucket,
    pub(super) next_id: u64,
}

pub(super) struct Pending {
    pub(super) id: String,
    pub(super) text: String,
    /// Set when the server dropped the message (rate limit): send it again then.
    pub(super) resend_at: Option<Instant>,
}

impl Seat {
    /// A seat of `side` on `conn`, with nothing to decide yet.
    pub(super) fn new(conn: Conn, side: usize, bucket: Bucket) -> Seat {
        Seat { conn, side, legal: Vec::new(), think_until: Instant::now(), pending: None, bucket, next_id: 1 }
    }

    /// When this seat wants to send next, if it does: at `now` or before when it may send now.
    pub(super) fn due(&self, now: Instant) -> Option<Instant> {
        let ready = self.bucket.ready_at(now);
        match &self.pending {
            Some(p) => p.resend_at.map(|t| t.max(ready)),
            None if !self.legal.is_empty() => Some(self.think_until.max(ready)),
            None => None,
        }
    }

    /// The decision to send now (when [`Seat::due`] says so): the unanswered one again, else a random
    /// legal one under a fresh id. It takes a token of the rate bucket and stays pending until answered.
    pub(super) fn next_decision(&mut self, rng: &mut ChaCha8Rng) -> String {
        let (id, text) = match self.pending.take() {
            Some(p) => (p.id, p.text),
            None => {
                let pick = rng.random_range(0..self.legal.len());
                let id = self.next_id.to_string();
                self.next_id += 1;
                (id.clone(), json!({ "type": "decide", "id": id, "decision": self.legal[pick] }).to_string())
            }
        };
        self.bucket.take();
        self.pending = Some(Pending { id, text: text.clone(), resend_at: None });
        text
    }
}

/// What a kind of table measures in its game's messages.
pub(super) trait Measure {
    /// A `move` event by `mover` (not played by the server) has reached the seat of the other side,
    /// `receiver`: the start of the sample it ends, taken from `sent_at` (when each side's last decision
    /// was sent), if it ends one.
    fn sample(&self, mover: usize, receiver: usize, sent_at: &mut [Option<Instant>; 2]) -> Option<Instant>;
    /// Every message read, for what else the kind counts.
    fn skimmed(&self, _stats: &Stats, _skim: &Skim<'_>) {}
    /// The game ended so.
    fn ended(&self, _stats: &Stats, _outcome: &SkimOutcome) {}
}

/// Plays one game through `seats` to its end (or until the run stops or a connection fails), adding the
/// samples `measure` takes in the measured window to `samples` (µs).
pub(super) async fn play(
    ctx: &Ctx,
    seats: &mut [Seat],
    measure: &impl Measure,
    phase: &mut watch::Receiver<Phase>,
    rng: &mut ChaCha8Rng,
    samples: &mut Vec<u32>,
) -> End {
    let stats: &Stats = &ctx.stats;
    let mut playing = *phase.borrow() == Phase::Play;
    // When each side's last decision was sent, until the sample it starts ends.
    let mut sent_at: [Option<Instant>; 2] = [None, None];
    let mut last_heard = Instant::now();
    let mut first = 0;
    loop {
        let mut wake: Option<Instant> = None;
        if playing {
            let now = Instant::now();
            for seat in seats.iter_mut() {
                let Some(due) = seat.due(now) else { continue };
                if due > now {
                    wake = Some(wake.map_or(due, |w| w.min(due)));
                    continue;
                }
                let text = seat.next_decision(rng);
                sent_at[seat.side] = Some(Instant::now());
                if let Err(e) = seat.conn.ws.send(Message::Text(text.into())).await {
                    return End::Failed("closed", anyhow!("{} send: {e}", SIDES[seat.side]));
                }
            }
        } else {
            last_heard = Instant::now();
        }
        // The seat read first alternates, so that one busy socket cannot keep the other waiting.
        first = (first + 1) % seats.len();
        let (i, msg) = tokio::select! {
            m = next_message(seats, first) => m,
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
        measure.skimmed(stats, &skim);
        let seat = &mut seats[i];
        match skim.ty {
            "snapshot" | "event" => {
                if skim.ty == "event" {
                    stats.count(&stats.events);
                    if let Some(ev) = &skim.event
                        && ev.kind == "move"
                        && !ev.auto
                        && let Some(mover) = ev.side.as_deref().and_then(|s| SIDES.iter().position(|x| *x == s))
                        && mover != seat.side
                        && let Some(t) = measure.sample(mover, seat.side, &mut sent_at)
                        && stats.measuring()
                    {
                        samples.push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
                    }
                }
                if let Some(view) = skim.view.as_ref() {
                    if view.legal != seat.legal {
                        seat.think_until = Instant::now() + ctx.think;
                    }
                    seat.legal = view.legal.clone();
                    if let Some(o) = &view.outcome {
                        measure.ended(stats, o);
                        return End::Over;
                    }
                }
            }
            "accepted" if seat.pending.as_ref().is_some_and(|p| skim.id.as_deref() == Some(p.id.as_str())) => {
                seat.pending = None;
                stats.count(&stats.done);
            }
            "rejected" if seat.pending.as_ref().is_some_and(|p| skim.id.as_deref() == Some(p.id.as_str())) => {
                seat.pending = None;
                sent_at[seat.side] = None;
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

type Received = Option<Result<Message, tungstenite::Error>>;

/// The next message of any seat's socket, with the seat's index; the seat at `first` is polled first.
async fn next_message(seats: &mut [Seat], first: usize) -> (usize, Received) {
    let n = seats.len();
    std::future::poll_fn(|cx| {
        for k in 0..n {
            let i = (first + k) % n;
            if let Poll::Ready(m) = seats[i].conn.ws.poll_next_unpin(cx) {
                return Poll::Ready((i, m));
            }
        }
        Poll::Pending
    })
    .await
}
