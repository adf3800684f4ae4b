//! One table of the game run: a game created over HTTP, its two seats and its spectators connected, and
//! random legal decisions played as fast as allowed (after `--think-ms`, within the player's rate) until
//! the game ends, when the table starts a new game. The latency of a decision runs from the mover's send
//! to the opponent's receipt of the event that applied it.

use super::stats::Stats;
use super::wire::{Bucket, Skim};
use super::{Conn, Ctx, Phase};
use anyhow::{Context, Result, anyhow};
use futures_util::{SinkExt, StreamExt};
use mancala_protocol::http::SeatGranted;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Instant, sleep, sleep_until};
use tokio_tungstenite::tungstenite::Message;

pub(super) const SIDES: [&str; 2] = ["south", "north"];

/// How a game ended for the table.
pub(super) enum End {
    Over,
    Stop,
    Failed(&'static str, anyhow::Error),
}

pub(super) struct Game {
    id: String,
    /// South's and North's seat tokens.
    tokens: [String; 2],
}

pub(super) struct Seat {
    pub(super) conn: Conn,
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

/// What a kind of table does with each of its games: make it, connect it, play it to its end. The loop
/// around them, the same for every kind, is [`run`].
pub(super) trait Kind {
    type Game;
    type Seats;
    /// The game's id, for the errors.
    fn id(game: &Self::Game) -> &str;
    /// Makes the table's `nth` game (from 0) on node `index`.
    async fn create(ctx: &Ctx, index: usize, nth: usize) -> Result<Self::Game>;
    /// Connects the table's players and its `spectators`.
    async fn open(ctx: &Arc<Ctx>, game: &Self::Game, index: usize, spectators: usize) -> Result<Self::Seats>;
    /// Plays the game to its end (or until the run stops or a connection fails), adding the samples of
    /// the measured window to `samples`.
    async fn play(
        ctx: &Ctx,
        seats: Self::Seats,
        phase: &mut watch::Receiver<Phase>,
        rng: &mut ChaCha8Rng,
        samples: &mut Vec<u32>,
    ) -> End;
}

/// Plays games of kind `K` until the run stops, each made, connected and played in turn, counting the
/// table created and ready once; returns the samples (µs) of the measured window.
pub(super) async fn run<K: Kind>(ctx: Arc<Ctx>, index: usize, spectators: usize) -> Vec<u32> {
    let mut rng = ChaCha8Rng::seed_from_u64(index as u64);
    let mut phase = ctx.phase.subscribe();
    let mut samples = Vec::new();
    let (mut created, mut ready) = (false, false);
    let mut nth = 0;
    while *phase.borrow() != Phase::Stop {
        let game = match K::create(&ctx, index, nth).await {
            Ok(g) => g,
            Err(e) => {
                ctx.stats.error("http", format!("{e:#}"));
                backoff(&mut phase).await;
                continue;
            }
        };
        nth += 1;
        if !created {
            created = true;
            ctx.created.fetch_add(1, Ordering::Relaxed);
            if phase.wait_for(|p| *p >= Phase::Connect).await.is_err() {
                break;
            }
        }
        let seats = match K::open(&ctx, &game, index, spectators).await {
            Ok(s) => s,
            Err(e) => {
                ctx.stats.error("connect", format!("{e:#}"));
                backoff(&mut phase).await;
                continue;
            }
        };
        if !ready {
            ready = true;
            ctx.ready.fetch_add(1, Ordering::Relaxed);
        }
        match K::play(&ctx, seats, &mut phase, &mut rng, &mut samples).await {
            End::Over => ctx.stats.count(&ctx.stats.games_finished),
            End::Stop => break,
            End::Failed(kind, e) => {
                ctx.stats.error(kind, format!("game {}: {e:#}", K::id(&game)));
                backoff(&mut phase).await;
            }
        }
    }
    samples
}

/// Games between two people (the tool plays both seats).
pub(super) struct People;

impl Kind for People {
    type Game = Game;
    type Seats = [Seat; 2];

    fn id(game: &Game) -> &str {
        &game.id
    }

    async fn create(ctx: &Ctx, index: usize, _nth: usize) -> Result<Game> {
        create(ctx, index).await
    }

    async fn open(ctx: &Arc<Ctx>, game: &Game, index: usize, spectators: usize) -> Result<[Seat; 2]> {
        open(ctx, game, index, spectators).await
    }

    async fn play(
        ctx: &Ctx,
        seats: [Seat; 2],
        phase: &mut watch::Receiver<Phase>,
        rng: &mut ChaCha8Rng,
        latencies: &mut Vec<u32>,
    ) -> End {
        play(ctx, seats, phase, rng, latencies).await
    }
}

async fn backoff(phase: &mut watch::Receiver<Phase>) {
    tokio::select! {
        _ = sleep(Duration::from_millis(500)) => {}
        _ = phase.wait_for(|p| *p == Phase::Stop) => {}
    }
}

/// Creates a game (South) and takes its other seat (North), on node `index` (its owner, with several).
async fn create(ctx: &Ctx, index: usize) -> Result<Game> {
    let _permit = ctx.http.acquire().await?;
    let mut body = json!({ "variant": ctx.variant, "seat": "south", "name": "lt-south" });
    if let Some((base_secs, increment_secs)) = ctx.clock {
        body["clock"] = json!({ "base_secs": base_secs, "increment_secs": increment_secs });
    }
    let api = ctx.node_api(index);
    let created: SeatGranted = api.post("/api/games", &body).await.context("creating a game")?;
    let id = created.game.id.clone();
    let joined: SeatGranted =
        api.post(&format!("/api/games/{id}/join"), &json!({ "name": "lt-north" })).await.context("joining")?;
    Ok(Game { id, tokens: [created.token, joined.token] })
}

/// Connects both seats, then the spectators (each in its own task from then on): on the game's node, or
/// (`--cross-node`) North and the spectators on the next one.
async fn open(ctx: &Arc<Ctx>, game: &Game, index: usize, spectators: usize) -> Result<[Seat; 2]> {
    let mut seats = Vec::with_capacity(2);
    let other = index + usize::from(ctx.cross_node);
    for (side, token) in game.tokens.iter().enumerate() {
        let node = if side == 0 { index } else { other };
        let conn = ctx.connect_to(node, &format!("/api/games/{}/ws?token={token}", game.id)).await?;
        let bucket = Bucket::new(ctx.player_rate);
        seats.push(Seat {
            conn,
            side,
            legal: Vec::new(),
            think_until: Instant::now(),
            pending: None,
            bucket,
            next_id: 1,
        });
    }
    for _ in 0..spectators {
        let conn = ctx.connect_to(other, &format!("/api/games/{}/ws", game.id)).await?;
        tokio::spawn(spectate(conn, ctx.phase.subscribe()));
    }
    seats.try_into().map_err(|_| anyhow!("two seats"))
}

/// A spectator: reads and counts events until its game ends or the run stops.
pub(super) async fn spectate(mut conn: Conn, mut phase: watch::Receiver<Phase>) {
    let ctx = conn.ctx.clone();
    loop {
        tokio::select! {
            m = conn.ws.next() => match m {
                Some(Ok(Message::Text(t))) => match Skim::parse(t.as_str()).inspect(|_| ctx.stats.message(t.len())) {
                    Ok(s) => {
                        if s.ty == "event" {
                            ctx.stats.count(&ctx.stats.events);
                        }
                        if s.over() {
                            break;
                        }
                    }
                    Err(e) => {
                        ctx.stats.error("protocol", e);
                        break;
                    }
                },
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    ctx.stats.error("closed", format!("spectator: {e}"));
                    break;
                }
                None => {
                    ctx.stats.error("closed", "spectator: the server closed the connection");
                    break;
                }
            },
            r = phase.changed() => if r.is_err() || *phase.borrow() == Phase::Stop {
                break;
            },
        }
    }
}

/// Plays one game to its end (or until the run stops or a connection fails).
async fn play(
    ctx: &Ctx,
    mut seats: [Seat; 2],
    phase: &mut watch::Receiver<Phase>,
    rng: &mut ChaCha8Rng,
    latencies: &mut Vec<u32>,
) -> End {
    let stats: &Stats = &ctx.stats;
    let mut playing = *phase.borrow() == Phase::Play;
    // When each side's last decision was sent, until the opponent sees its event.
    let mut sent_at: [Option<Instant>; 2] = [None, None];
    let mut last_heard = Instant::now();
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
        }
        if !playing {
            last_heard = Instant::now();
        }
        let [south, north] = &mut seats;
        let (i, msg) = tokio::select! {
            m = south.conn.ws.next() => (0, m),
            m = north.conn.ws.next() => (1, m),
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
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(f))) => return End::Failed("closed", anyhow!("{} closed: {f:?}", SIDES[i])),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return End::Failed("closed", anyhow!("{}: {e}", SIDES[i])),
            None => return End::Failed("closed", anyhow!("{}: the server closed the connection", SIDES[i])),
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
                    if let Some(ev) = &skim.event
                        && ev.kind == "move"
                        && !ev.auto
                        && let Some(mover) = ev.side.as_deref().and_then(|s| SIDES.iter().position(|x| *x == s))
                        && mover != i
                        && let Some(t) = sent_at[mover].take()
                        && stats.measuring()
                    {
                        latencies.push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
                    }
                }
                if let Some(view) = skim.view.as_ref() {
                    if view.legal != seat.legal {
                        seat.think_until = Instant::now() + ctx.think;
                    }
                    seat.legal = view.legal.clone();
                }
                if skim.over() {
                    return End::Over;
                }
            }
            "accepted" if seat.pending.as_ref().is_some_and(|p| skim.id.as_deref() == Some(p.id.as_str())) => {
                seat.pending = None;
                stats.count(&stats.done);
            }
            "rejected" if seat.pending.as_ref().is_some_and(|p| skim.id.as_deref() == Some(p.id.as_str())) => {
                seat.pending = None;
                sent_at[i] = None;
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
