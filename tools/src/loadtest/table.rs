//! One table of the game run: a game created over HTTP, its two seats and its spectators connected, and
//! random legal decisions played as fast as allowed (after `--think-ms`, within the player's rate) until
//! the game ends, when the table starts a new game (the loop of a game is [`play_loop`]'s). The latency of
//! a decision runs from the mover's send to the opponent's receipt of the event that applied it.

use super::play_loop::{self, Measure, Seat};
use super::wire::{Bucket, Skim};
use super::{Conn, Ctx, Phase};
use anyhow::{Context, Result, anyhow};
use futures_util::StreamExt;
use mancala_protocol::http::SeatGranted;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Instant, sleep};
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
        let mut seats = seats;
        play_loop::play(ctx, &mut seats, &Latency, phase, rng, latencies).await
    }
}

/// A decision's latency: from the mover's send to the opponent's receipt of the event that applied it.
struct Latency;

impl Measure for Latency {
    fn sample(&self, mover: usize, _receiver: usize, sent_at: &mut [Option<Instant>; 2]) -> Option<Instant> {
        sent_at[mover].take()
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
        seats.push(Seat::new(conn, side, Bucket::new(ctx.player_rate)));
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
