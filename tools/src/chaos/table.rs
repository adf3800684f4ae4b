//! One table of a chaos run: creates a game over HTTP and takes its other seat (retrying while the server
//! is down), plays both seats to the end, and starts the next game, until the run stops.

use super::ledger::Ledger;
use super::seat::{self, SeatEnd};
use super::{Ctx, Phase};
use crate::api::Refused;
use anyhow::Result;
use mancala_protocol::http::SeatGranted;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::sleep;

/// Plays games one after another until the run stops.
pub async fn run(ctx: Arc<Ctx>, index: usize) {
    let mut round = 0u64;
    while *ctx.phase.borrow() == Phase::Play {
        let variant = ctx.variants[(index + round as usize) % ctx.variants.len()].clone();
        let Some((game, tokens)) = open(&ctx, &variant).await else { break };
        ctx.ledger.game(&game, &variant);
        let seed = ctx.seed ^ (index as u64) << 32 ^ round << 1;
        let south = tokio::spawn(seat::play(ctx.clone(), game.clone(), 0, tokens[0].clone(), seed));
        let north = tokio::spawn(seat::play(ctx.clone(), game.clone(), 1, tokens[1].clone(), seed | 1));
        let (south, north) = (south.await, north.await);
        match (south, north) {
            (Ok(SeatEnd::Over), Ok(SeatEnd::Over)) => Ledger::count(&ctx.ledger.games_finished),
            (Ok(_), Ok(_)) => {}
            (Err(e), _) | (_, Err(e)) => ctx.ledger.error("panic", format!("game {game}: {e}")),
        }
        round += 1;
    }
}

/// A new game with both seats taken: its id and the South and North tokens. `None` once the run stops.
async fn open(ctx: &Ctx, variant: &str) -> Option<(String, [String; 2])> {
    while *ctx.phase.borrow() == Phase::Play {
        match create(ctx, variant).await {
            Ok(Some(game)) => return Some(game),
            // The join was refused: the game was joined by a first try whose answer was lost in a kill.
            // That game is left as it is (nobody plays it) and another one created.
            Ok(None) => {}
            // The server is down or starting.
            Err(_) => sleep(Duration::from_millis(100)).await,
        }
    }
    None
}

async fn create(ctx: &Ctx, variant: &str) -> Result<Option<(String, [String; 2])>> {
    let mut body = json!({ "variant": variant, "seat": "south", "name": "chaos-south" });
    if let Some(limit) = ctx.turn_limit {
        body["options"] = json!({ "turn_limit": limit });
    }
    let created: SeatGranted = ctx.api.post("/api/games", &body).await?;
    let id = created.game.id;
    let path = format!("/api/games/{id}/join");
    for _ in 0..100 {
        match ctx.api.post::<_, SeatGranted>(&path, &json!({ "name": "chaos-north" })).await {
            Ok(joined) => return Ok(Some((id, [created.token, joined.token]))),
            Err(e) if e.downcast_ref::<Refused>().is_some_and(|r| r.status == 409) => return Ok(None),
            Err(_) => sleep(Duration::from_millis(100)).await,
        }
        if *ctx.phase.borrow() != Phase::Play {
            break;
        }
    }
    Ok(None)
}
