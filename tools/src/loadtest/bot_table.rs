//! One table of a bot run (`--bot LEVEL`): a game created over HTTP against a server bot (the server
//! seats it; the person's side alternates from game to game, South first), only the person's seat (and
//! the table's spectators) connected, the person playing random legal decisions after `--think-ms`, until
//! the game ends, when the table starts a new one. What it measures is the bot: its reply time, from the
//! person's decision sent to the bot's next decision received (the bot's own clock runs over the same
//! span, less the way back), how each game ended (a bot that lost on time is the figure to watch), and the
//! least time a bot had left.

use super::play_loop::{self, Measure, Seat};
use super::stats::Stats;
use super::table::{End, Kind, SIDES, spectate};
use super::wire::{Bucket, Skim, SkimOutcome};
use super::{Ctx, Phase};
use anyhow::{Context, Result};
use mancala_protocol::http::SeatGranted;
use rand::rngs::ChaCha8Rng;
use serde_json::json;
use std::sync::Arc;
use tokio::sync::watch;
use tokio::time::Instant;

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
        let mut seat = seat;
        let measure = BotReplies { bot: 1 - seat.side };
        play_loop::play(ctx, std::slice::from_mut(&mut seat), &measure, phase, rng, replies).await
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
    let seat = Seat::new(conn, game.side, Bucket::new(ctx.player_rate));
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

/// The bot's reply times, how its games ended and the least time it had left.
struct BotReplies {
    /// The bot's side (0 South, 1 North).
    bot: usize,
}

impl Measure for BotReplies {
    /// From the person's decision sent to the bot's next decision received.
    fn sample(&self, _mover: usize, receiver: usize, sent_at: &mut [Option<Instant>; 2]) -> Option<Instant> {
        sent_at[receiver].take()
    }

    fn skimmed(&self, stats: &Stats, skim: &Skim<'_>) {
        if let Some(c) = &skim.clock {
            stats.bot_clock(if self.bot == 0 { c.south_ms } else { c.north_ms });
        }
    }

    fn ended(&self, stats: &Stats, outcome: &SkimOutcome) {
        stats.outcome(how(outcome.winner.as_deref(), &outcome.reason, self.bot));
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
