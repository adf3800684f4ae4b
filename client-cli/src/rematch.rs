//! `mancala rematch GAME`: after a game ends, ask the opponent for another (the same variant, options and
//! clock, sides swapped), or agree to the one they asked for: the first of the two to run it offers, the
//! second's offer agrees. Waits until the rematch is made, keeps its seat on this machine and prints
//! `rematch GAMEID seat SIDE`; `mancala play --resume GAMEID` plays it. `--decline` declines an offer.

use crate::online::api::Api;
use crate::online::model::Note;
use crate::online::seats;
use crate::online::session::Session;
use anyhow::{Context, Result, bail};
use mancala_protocol::{ClientMsg, RematchAction};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The finished game (its seat must be kept on this machine).
    pub game: String,
    /// Decline the opponent's offer instead.
    #[arg(long)]
    pub decline: bool,
}

pub async fn run(args: &Args) -> Result<()> {
    let api = Api::new(&args.server.server);
    let saved = seats::find(&api.base, &args.game)
        .with_context(|| format!("no seat of game {} on {} is kept on this machine", args.game, api.base))?;
    let base = api.base.clone();
    let mut session = Session::open(api, &saved.game, Some(saved.token)).await?;
    let action = if args.decline { RematchAction::Decline } else { RematchAction::Offer };
    let mut sent = false;
    loop {
        for note in session.recv().await? {
            match note {
                Note::Synced if !sent => {
                    if session.model.outcome().is_none() {
                        bail!("game {} is not over: a rematch is asked for after the end", args.game);
                    }
                    if session.model.rematch.is_none() {
                        session.send(ClientMsg::Rematch { id: Some("rematch".into()), action }).await?;
                    }
                    sent = true;
                }
                Note::Accepted { id: Some(id) } if id == "rematch" && args.decline => {
                    println!("declined");
                    session.close().await;
                    return Ok(());
                }
                Note::Rejected { code, reason, .. } => bail!("rejected {code}: {reason}"),
                Note::RematchOffer { by: Some(side) } if session.model.seat == Some(side) => {
                    println!("rematch offered: waiting for the opponent");
                }
                Note::Rematch(next) => {
                    let seat = next.seat.context("the server sent the rematch without this player's seat")?;
                    seats::keep(&base, &seat)
                        .with_context(|| format!("cannot keep the seat in {}", seats::path().display()))?;
                    println!("rematch {} seat {}", next.game, seat.seat);
                    session.close().await;
                    return Ok(());
                }
                _ => {}
            }
        }
    }
}
