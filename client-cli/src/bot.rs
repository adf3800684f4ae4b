//! `mancala bot`: a computer player as an ordinary client of any server. It joins a game's open seat (or
//! plays a seat whose token it is given), follows the game from its seat's messages only, and sends its
//! decisions like a person would. The bot logic is `mancala_bot::follower`, the same the server uses for
//! its own computer seats.

use crate::online::api::Api;
use crate::online::model::{Note, describe_outcome};
use crate::online::session::Session;
use anyhow::{Context, Result, bail};
use mancala_bot::Level;
use mancala_bot::follower::Follower;
use mancala_protocol::http::{GameDetail, JoinGame, SeatGranted};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The game to play: its id (joins the open seat unless --token is given).
    #[arg(long)]
    pub game: String,
    /// random, easy, medium or hard.
    #[arg(long, default_value = "medium")]
    pub level: Level,
    /// Play this seat (its seat token) instead of joining.
    #[arg(long, env = "MANCALA_SEAT_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// Display name when joining.
    #[arg(long)]
    pub name: Option<String>,
    /// Seed of the bot's random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub async fn run(args: &Args) -> Result<()> {
    let api = Api::new(&args.server.server);
    let token = match &args.token {
        Some(t) => t.clone(),
        None => {
            let name = args.name.clone().unwrap_or_else(|| format!("{}-computer", args.level));
            let granted: SeatGranted =
                api.post(&format!("/api/games/{}/join", args.game), &JoinGame { name: Some(name) }, None).await?;
            eprintln!("joined game {} as {}", granted.game.id, granted.seat);
            granted.token
        }
    };
    let mut session = Session::open(api.clone(), &args.game, Some(token)).await?;
    let mut follower: Option<Follower> = None;
    let mut waiting = false;
    loop {
        let notes = session.recv().await?;
        for note in notes {
            match note {
                Note::Synced => follower = None, // rebuilt below from the record
                Note::Moved { .. } => {
                    if let (Some(f), Some(mv)) = (follower.as_mut(), session.model.last_move.as_ref())
                        && f.on_move(mv).is_err()
                    {
                        follower = None;
                    }
                }
                Note::Accepted { .. } => waiting = false,
                Note::Rejected { reason, .. } => {
                    eprintln!("refused: {reason}");
                    waiting = false;
                    follower = None;
                }
                Note::Ended(o) => {
                    println!("result {}", describe_outcome(&o));
                    session.close().await;
                    return Ok(());
                }
                _ => {}
            }
        }
        let Some(seat) = session.model.seat else { bail!("the token is not a seat of game {}", args.game) };
        if follower.is_none() {
            let detail: GameDetail = api.get(&format!("/api/games/{}", args.game)).await?;
            let record: Vec<_> = detail.record.into_iter().map(|e| (e.side, e.decision, Vec::new())).collect();
            let g = &detail.game;
            follower = Some(
                Follower::new(seat, args.level, args.seed, g.variant, g.options, &record)
                    .context("cannot rebuild the game from its record")?,
            );
        }
        if !waiting && session.model.my_turn() {
            let f = follower.as_mut().expect("built above");
            if let Some(d) = f.decide() {
                session.decide(&d).await?;
                waiting = true;
            } else {
                follower = None;
            }
        }
    }
}
