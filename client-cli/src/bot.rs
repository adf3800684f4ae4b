//! `mancala bot`: a computer player as an ordinary client of any server. It joins a game's open seat (or
//! plays a seat whose token it is given), follows the game from its seat's messages only, and sends its
//! decisions like a person would. The loop is `mancala_seat::play`, the same the server runs for its own
//! computer seats.

use crate::online::api::Api;
use crate::online::model::describe_outcome;
use crate::online::session::Session;
use anyhow::{Context, Result, bail};
use mancala_bot::Level;
use mancala_protocol::http::{GameDetail, JoinGame, SeatGranted};
use mancala_protocol::{ClientMsg, MoveEvent, OutcomeInfo, ServerMsg};
use mancala_seat::{Link, LinkError, Seat};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The game to play: its id (joins the open seat unless --token is given).
    #[arg(long)]
    pub game: String,
    /// 1 (weakest) to 8 (strongest); random, easy, medium and hard name levels 1 to 4.
    #[arg(long, default_value = "3")]
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
    // A computer player is a guest under its own name, not the account `mancala login` kept.
    let api = Api::new(&args.server.server).without_account();
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
    match play_seat(api, &args.game, token, args.level, args.seed).await? {
        Some(o) => println!("result {}", describe_outcome(&o)),
        None => bail!("the connection to the game ended before the game did"),
    }
    Ok(())
}

/// Plays the seat of `game` whose token is `token` with the computer at `level` until the game ends: its
/// result, or `None` when the connection ended first. Also what `mancala tournament join --bot` runs for
/// each game of the tournament.
pub async fn play_seat(api: Api, game: &str, token: String, level: Level, seed: u64) -> Result<Option<OutcomeInfo>> {
    let mut session = Session::open(api.clone(), game, Some(token)).await?;
    // The first message says which seat this is and which game.
    let first = session.next_msg().await?;
    let (Some(side), Some(detail)) = (session.model.seat, session.model.game.clone()) else {
        bail!("the token is not a seat of game {game}")
    };
    let seat = Seat { side, level, seed, variant: detail.variant, options: detail.options };
    let mut link = SessionLink { session, api, game: game.to_string(), first: Some(first) };
    let result = mancala_seat::play(&mut link, seat).await.context("the bot stopped")?;
    link.session.close().await;
    Ok(result)
}

/// The bot's way to the server: the seat's WebSocket (with its reconnection) and the HTTP record.
struct SessionLink {
    session: Session,
    api: Api,
    game: String,
    /// The message already read to learn the seat, handed out first.
    first: Option<ServerMsg>,
}

impl Link for SessionLink {
    async fn next(&mut self) -> Option<ServerMsg> {
        if let Some(m) = self.first.take() {
            return Some(m);
        }
        match self.session.next_msg().await {
            Ok(m) => Some(m),
            Err(e) => {
                eprintln!("connection lost: {e}");
                None
            }
        }
    }

    async fn send(&mut self, msg: ClientMsg) -> Result<(), LinkError> {
        self.session.send(msg).await.map_err(|e| LinkError(e.to_string()))
    }

    async fn record(&mut self) -> Result<Vec<MoveEvent>, LinkError> {
        let detail: GameDetail =
            self.api.get(&format!("/api/games/{}", self.game)).await.map_err(|e| LinkError(e.to_string()))?;
        // The history over HTTP has no steps; a seat's own hidden choice is put back when it is revealed.
        Ok(detail
            .record
            .into_iter()
            .map(|e| MoveEvent { ply: e.ply, side: e.side, decision: e.decision, auto: e.auto, steps: Vec::new() })
            .collect())
    }
}
