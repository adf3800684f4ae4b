//! `mancala play`: create a game (variant, options, seat, clock), join one by invite code, link or id, or
//! resume a seat kept on disk; then play it in the terminal board, or in line mode (`--line`, or when
//! stdout is not a terminal).

use crate::GameArgs;
use crate::line;
use crate::online::api::Api;
use crate::online::seats::{self, SavedSeat};
use crate::online::session::Session;
use anyhow::{Context, Result, bail};
use mancala_protocol::ClockSpec;
use mancala_protocol::http::{CreateGame, HandicapPatch, JoinGame, OptionsPatch, SeatChoice, SeatGranted};
use std::io::IsTerminal;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// Create a game of this variant (with the option flags below).
    #[command(flatten)]
    pub game: Option<GameArgs>,
    /// Your seat in a game you create.
    #[arg(long, value_parser = ["south", "north", "random"], default_value = "random")]
    pub seat: String,
    /// A clock for a game you create: minutes+increment seconds, e.g. `5+3` (or `90s+2` for seconds), or days per move for a correspondence game (`1d`, `2d`, `3d`, `5d`, `7d`, `10d`, `14d`).
    #[arg(long, value_name = "BASE+INC")]
    pub clock: Option<String>,
    /// Do not let the server play forced decisions (exactly one legal decision at a turn's start).
    #[arg(long)]
    pub no_auto_forced: bool,
    /// A rated game: both players need an account (`--token`); the result changes their ratings.
    #[arg(long)]
    pub rated: bool,
    /// Play against the computer at this level (1 weakest to 8 strongest; random, easy, medium and hard
    /// name levels 1 to 4): it takes the other seat.
    #[arg(long, value_name = "LEVEL", requires = "variant")]
    pub against: Option<mancala_bot::Level>,
    /// Join a game: its invite code, invite link, or game id.
    #[arg(long, value_name = "CODE|LINK|ID", conflicts_with_all = ["variant", "resume"])]
    pub join: Option<String>,
    /// Resume a game whose seat is kept on this machine.
    #[arg(long, value_name = "GAME", conflicts_with = "variant")]
    pub resume: Option<String>,
    /// Your display name.
    #[arg(long)]
    pub name: Option<String>,
    /// An account token (an API token, or a player token from `POST /api/players`): links the game to that
    /// account. Default: the token `mancala login` kept for this server.
    #[arg(long, env = "MANCALA_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// Plain text on stdin/stdout instead of the terminal board.
    #[arg(long)]
    pub line: bool,
}

/// Parses `5+3` (minutes + seconds), `90s+2`, or `3d` (correspondence: days per move).
pub fn parse_clock(text: &str) -> Result<ClockSpec> {
    if let Some(days) = text.strip_suffix('d') {
        return match days.parse::<u32>() {
            Ok(d) if ClockSpec::DAYS.contains(&d) => Ok(ClockSpec::correspondence(d)),
            _ => bail!("bad --clock `{text}`: days per move are one of {:?}", ClockSpec::DAYS),
        };
    }
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let base_secs = match base.strip_suffix('s') {
        Some(s) => s.parse::<u32>().ok(),
        None => base.parse::<u32>().ok().map(|m| m * 60),
    };
    let (Some(base_secs), Ok(increment_secs)) = (base_secs, inc.parse::<u32>()) else {
        bail!("bad --clock `{text}`: expected minutes+increment like `5+3`, `90s+2`, or days per move like `3d`");
    };
    Ok(ClockSpec::fischer(base_secs, increment_secs))
}

pub async fn run(args: &Args) -> Result<()> {
    let api = Api::new(&args.server.server);
    let (game_id, token) = if let Some(game) = &args.resume {
        let saved = seats::find(&api.base, game)
            .with_context(|| format!("no seat of game {game} on {} is kept on this machine", api.base))?;
        (saved.game, saved.token)
    } else if let Some(target) = &args.join {
        let body = JoinGame { name: args.name.clone() };
        let path = join_path(target);
        let granted: SeatGranted = api.post(&path, &body, args.token.as_deref()).await?;
        keep(&api, &granted)?;
        (granted.game.id, granted.token)
    } else if let Some(game) = &args.game {
        let options = game.options()?;
        let body = CreateGame {
            variant: Some(game.variant),
            options: Some(OptionsPatch {
                width: Some(options.width),
                turn_limit: Some(options.turn_limit.unwrap_or(0)),
                handicap: Some(HandicapPatch { south: options.handicap.south, north: options.handicap.north }),
                rules_version: None,
            }),
            seat: match args.seat.as_str() {
                "south" => SeatChoice::South,
                "north" => SeatChoice::North,
                _ => SeatChoice::Random,
            },
            name: args.name.clone(),
            clock: args.clock.as_deref().map(parse_clock).transpose()?,
            auto_forced: Some(!args.no_auto_forced),
            opponent: args.against.map(|level| format!("bot:{level}")),
            rated: args.rated,
            previews: None,
        };
        let granted: SeatGranted = api.post("/api/games", &body, args.token.as_deref()).await?;
        keep(&api, &granted)?;
        if let Some(code) = &granted.invite_code {
            eprintln!("invite your opponent: mancala play --join {code}   (or {}/api/invites/{code})", api.base);
        }
        (granted.game.id, granted.token)
    } else {
        bail!("say what to play: --variant ID to create a game, --join CODE to join one, or --resume GAME");
    };
    let mut session = Session::open(api, &game_id, Some(token)).await?;
    if args.line || !std::io::stdout().is_terminal() {
        line::run(&mut session, true).await?;
    } else {
        crate::tui::run(&mut session).await?;
    }
    session.close().await;
    Ok(())
}

/// The join path for an invite code (8 letters/digits), an invite link, or a game id.
fn join_path(target: &str) -> String {
    let t = target.trim().trim_end_matches('/');
    if let Some(code) = t.split("/api/invites/").nth(1) {
        return format!("/api/invites/{}/join", code.trim_end_matches("/join"));
    }
    if let Some(id) = t.split("/api/games/").nth(1) {
        return format!("/api/games/{}/join", id.split('/').next().unwrap_or(id));
    }
    let is_code = t.len() == 8 && t.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
    if is_code { format!("/api/invites/{t}/join") } else { format!("/api/games/{t}/join") }
}

/// Keeps a granted seat on disk (so `mancala play --resume` finds it) and plays its game in the terminal
/// board, or in line mode (`line_mode`, or when stdout is not a terminal). True when the game ended there
/// (false: line mode's `quit` or the end of stdin left it going on). `mancala seek`, `mancala lobby` and
/// `mancala tournament join` play their games through it.
pub async fn play_granted(api: Api, granted: SeatGranted, line_mode: bool) -> Result<bool> {
    keep(&api, &granted)?;
    let mut session = Session::open(api, &granted.game.id, Some(granted.token)).await?;
    let ended = if line_mode || !std::io::stdout().is_terminal() {
        line::run(&mut session, true).await?
    } else {
        crate::tui::run(&mut session).await?;
        session.model.outcome().is_some()
    };
    session.close().await;
    Ok(ended)
}

fn keep(api: &Api, granted: &SeatGranted) -> Result<()> {
    seats::save(SavedSeat {
        server: api.base.clone(),
        game: granted.game.id.clone(),
        seat: granted.seat.to_string(),
        token: granted.token.clone(),
        variant: granted.game.variant.to_string(),
    })
    .with_context(|| format!("cannot keep the seat in {}", seats::path().display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_targets_and_clocks_parse() {
        assert_eq!(join_path("ABCD2345"), "/api/invites/ABCD2345/join");
        assert_eq!(join_path("http://h:1/api/invites/ABCD2345"), "/api/invites/ABCD2345/join");
        assert_eq!(join_path("aB3dE6gH9k"), "/api/games/aB3dE6gH9k/join");
        assert_eq!(parse_clock("5+3").unwrap(), ClockSpec::fischer(300, 3));
        assert_eq!(parse_clock("90s").unwrap(), ClockSpec::fischer(90, 0));
        assert!(parse_clock("five").unwrap_err().to_string().contains("--clock `five`"));
        assert_eq!(parse_clock("3d").unwrap(), ClockSpec::correspondence(3));
        assert!(parse_clock("4d").unwrap_err().to_string().contains("days per move"));
    }
}
