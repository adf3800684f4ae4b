//! One table of a bot run (`--bot LEVEL`): a game created over HTTP against a server bot (the server
//! seats it; the person's side alternates from game to game, South first), only the person's seat (and
//! the table's spectators) connected, the person playing random legal decisions after `--think-ms`, until
//! the game ends, when the table starts a new one. What it measures is the bot: its reply time, from the
//! person's decision sent to the bot's next decision received (the bot's own clock runs over the same
//! span, less the way back), how each game ended (a bot that lost on time is the figure to watch), and the
//! least time a bot had left.

use super::table::{End, Kind, SIDES, Seat, spectate};
use super::wire::{Bucket, Skim};
use super::{Ctx, Phase};
use anyhow::{Context, Result, anyhow};
use futures_util::{SinkExt, StreamExt};
use mancala_protocol::http::SeatGranted;
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Instant, sleep_until};
use tokio_tungstenite::tungstenite::Message;

/// A game against a server bot: the person's side (0 South, 1 North) and its WebSocket path.
pub(super) struct Game {
    id: String,
    side: usize,
    path: String,
}

/// Games against a server bot; the samples are the bot's reply times.
pub(super) struct AgainstBot;

impl Kind for AgainstBot {
    type Game = Game;
    type Seats = Seat;

    fn id(game: &Game) -> &str {
        &game.id
    }

    /// The person's side alternates from game to game, and from table to table.
    async fn create(ctx: &Ctx, index: usize, nth: usize) -> Result<Game> {
        create(ctx, index, (index + nth) % 2).await
    }

    async fn open(ctx: &Arc<Ctx>, game: &Game, index: usize, spectators: usize) -> Result<Seat> {
        open(ctx, game, index, spectators).await
    }

    async fn play(
        ctx: &Ctx,
        seat: Seat,
        phase: &mut watch::Receiver<Phase>,
        rng: &mut ChaCha8Rng,
        replies: &mut Vec<u32>,
    ) -> End {
        play(ctx, seat, phase, rng, replies).await
    }
}

/// Creates a game with the person on `side` against the server bot, on node `index`.
async fn create(ctx: &Ctx, index: usize, side: usize) -> Result<Game> {
    let _permit = ctx.http.acquire().await?;
    let bot = ctx.bot.as_deref().expect("a bot run names its level");
    let mut body = json!({ "variant": ctx.variant, "seat": SIDES[side], "name": "lt-person", "opponent": bot });
    if let Some((base_secs, increment_secs)) = ctx.clock {
        body["clock"] = json!({ "base_secs": base_secs, "increment_secs": increment_secs });
    }
    let created: SeatGranted = ctx.node_api(index).post("/api/games", &body).await.context("creating a game")?;
    let path = format!("{}?token={}", created.ws_path, created.token);
    Ok(Game { id: created.game.id, side, path })
}

/// Connects the person's seat, then the spectators (each in its own task from then on).
async fn open(ctx: &Arc<Ctx>, game: &Game, index: usize, spectators: usize) -> Result<Seat> {
    let conn = ctx.connect_to(index, &game.path).await?;
    let seat = Seat {
        conn,
        side: game.side,
        legal: Vec::new(),
        think_until: Instant::now(),
        pending: None,
        bucket: Bucket::new(ctx.player_rate),
        next_id: 1,
    };
    for _ in 0..spectators {
        let conn = ctx.connect_to(index, &format!("/api/games/{}/ws", game.id)).await?;
        tokio::spawn(spectate(conn, ctx.phase.subscribe()));
    }
    Ok(seat)
}

/// How a game ended, from the bot's side: `bot won: resignation`, `bot lost: timeout`, `draw: rules`, ….
fn how(winner: Option<&str>, reason: &str, bot: usize) -> String {
    let who = match winner.and_then(|w| SIDES.iter().position(|s| *s == w)) {
        Some(w) if w == bot => "bot won",
        Some(_) => "bot lost",
        None if reason == "aborted" => "no result",
        None => "draw",
    };
    format!("{who}: {reason}")
}

/// Plays one game to its end (or until the run stops or the connection fails).
async fn play(
    ctx: &Ctx,
    mut seat: Seat,
    phase: &mut watch::Receiver<Phase>,
    rng: &mut ChaCha8Rng,
    replies: &mut Vec<u32>,
) -> End {
    let stats = &ctx.stats;
    let bot = 1 - seat.side;
    let mut playing = *phase.borrow() == Phase::Play;
    // When the person's last decision was sent, until the bot's next decision arrives.
    let mut sent_at: Option<Instant> = None;
    let mut last_heard = Instant::now();
    loop {
        let mut wake = None;
        if playing {
            let now = Instant::now();
            match seat.due(now) {
                Some(due) if due > now => wake = Some(due),
                Some(_) => {
                    let text = seat.next_decision(rng);
                    sent_at = Some(Instant::now());
                    if let Err(e) = seat.conn.ws.send(Message::Text(text.into())).await {
                        return End::Failed("closed", anyhow!("send: {e}"));
                    }
                    continue;
                }
                None => {}
            }
        } else {
            last_heard = Instant::now();
        }
        let msg = tokio::select! {
            m = seat.conn.ws.next() => m,
            _ = sleep_until(wake.unwrap_or_else(Instant::now)), if wake.is_some() => continue,
            r = phase.changed() => {
                if r.is_err() || *phase.borrow() == Phase::Stop {
                    return End::Stop;
                }
                let was_playing = playing;
                playing = *phase.borrow() == Phase::Play;
                if playing && !was_playing && !ctx.think.is_zero() {
                    seat.think_until = Instant::now() + ctx.think.mul_f64(rng.random::<f64>());
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
            Some(Ok(Message::Close(f))) => return End::Failed("closed", anyhow!("closed: {f:?}")),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return End::Failed("closed", anyhow!("{e}")),
            None => return End::Failed("closed", anyhow!("the server closed the connection")),
        };
        last_heard = Instant::now();
        stats.message(text.len());
        let skim = match Skim::parse(text.as_str()) {
            Ok(s) => s,
            Err(e) => return End::Failed("protocol", e),
        };
        if let Some(c) = &skim.clock {
            stats.bot_clock(if bot == 0 { c.south_ms } else { c.north_ms });
        }
        match skim.ty {
            "snapshot" | "event" => {
                if let Some(ev) = skim.event.as_ref().filter(|_| skim.ty == "event") {
                    stats.count(&stats.events);
                    let mover = ev.side.as_deref().and_then(|s| SIDES.iter().position(|x| *x == s));
                    if ev.kind == "move"
                        && !ev.auto
                        && mover == Some(bot)
                        && let Some(t) = sent_at.take()
                        && stats.measuring()
                    {
                        replies.push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
                    }
                }
                if let Some(view) = skim.view.as_ref() {
                    if view.legal != seat.legal {
                        seat.think_until = Instant::now() + ctx.think;
                    }
                    seat.legal = view.legal.clone();
                    if let Some(o) = &view.outcome {
                        stats.outcome(how(o.winner.as_deref(), &o.reason, bot));
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
                sent_at = None;
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

#[cfg(test)]
mod tests {
    use super::how;

    #[test]
    fn an_outcome_is_told_from_the_bots_side() {
        assert_eq!(how(Some("north"), "timeout", 0), "bot lost: timeout");
        assert_eq!(how(Some("north"), "rules", 1), "bot won: rules");
        assert_eq!(how(None, "aborted", 1), "no result: aborted");
        assert_eq!(how(None, "rules", 0), "draw: rules");
    }
}
