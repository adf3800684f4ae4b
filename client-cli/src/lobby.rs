//! `mancala seek VARIANT BASE+INC [--rated]` and `mancala lobby`: finding an opponent through the
//! server's lobby WebSocket (`/api/lobby/ws`), then playing the paired game with the same board (or line
//! mode) as `mancala play`.
//!
//! - `seek` presses "quick pairing": it is paired at once with the nearest-rated waiting player who
//!   wants the same game, or waits (its seek in the lobby) until someone takes it. Ctrl-C withdraws it.
//! - `lobby` prints the open seeks as they come and go (`seek ID NAME VARIANT CLOCK casual|rated` /
//!   `gone ID`), and the games waiting for an opponent and being played, the newest 20 of each
//!   (`games waiting N live N`, then a line per game as it is now, whenever it enters a list or changes:
//!   `waiting-game ID VARIANT CLOCK SOUTH vs NORTH` / `live-game ID VARIANT CLOCK SOUTH vs NORTH ply N`,
//!   `?` for an open seat; `left-waiting ID` / `left-live ID` when it leaves one); typing a seek's id
//!   (or `accept ID`) takes it; `quit` leaves.
//!
//! Line mode prints `paired GAMEID seat SIDE` when the game is made, then the lines of `mancala play`.
//!
//! A lost lobby connection (the server restarted, a network cut) is opened again with backoff, for up to
//! a minute, as the web page does. The server keeps a seek only while its connection is open, so `seek`
//! says its seek was dropped and seeks again once reconnected; `lobby` prints the list anew. A connection
//! closed because its session or token was revoked (4001) is not opened again: log in again.

use crate::online::api::{Api, ClientError};
use crate::play::parse_clock;
use anyhow::{Context, Result, bail};
use futures_util::{SinkExt, StreamExt};
use mancala_engine::Variant;
use mancala_protocol::ClockSpec;
use mancala_protocol::http::{GameSummary, PlayerInfo, SeatGranted};
use mancala_protocol::lobby::{GameListName, LobbyClientMsg, LobbyServerMsg, Seek};
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

/// Who I am in the lobby and how to show the game.
#[derive(Debug, clap::Args)]
pub struct Who {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// Your display name (a guest).
    #[arg(long)]
    pub name: Option<String>,
    /// A player account token: you seek as that account (needed for rated games). Default: the token
    /// `mancala login` kept for this server.
    #[arg(long, env = "MANCALA_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// Plain text on stdin/stdout instead of the terminal board.
    #[arg(long)]
    pub line: bool,
}

#[derive(Debug, clap::Args)]
pub struct SeekArgs {
    /// The rule set (kubuguza, azigo, njombwa, ikibuguzo).
    pub variant: Variant,
    /// The clock: minutes+increment seconds, e.g. `5+3` (or `90s+2`), or days per move for a correspondence game, e.g. `3d`.
    pub clock: String,
    /// A rated game (needs an account token).
    #[arg(long)]
    pub rated: bool,
    #[command(flatten)]
    pub who: Who,
}

#[derive(Debug, clap::Args)]
pub struct LobbyArgs {
    #[command(flatten)]
    pub who: Who,
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(api: &Api, who: &Who) -> Result<Socket> {
    let mut url = api.ws_url("/api/lobby/ws");
    // An explicit token, else (unless a guest name is asked for) the account `mancala login` kept.
    let kept = if who.name.is_none() { api.kept_token() } else { None };
    if let Some(t) = who.token.as_deref().or(kept) {
        url.push_str(&format!("?token={t}"));
    } else if let Some(n) = &who.name {
        url.push_str(&format!("?name={n}"));
    }
    let (socket, _) = connect_async(url).await.map_err(|e| match e {
        tokio_tungstenite::tungstenite::Error::Http(r) => {
            let body = r.body().as_ref().map(|b| String::from_utf8_lossy(b).into_owned()).unwrap_or_default();
            let message = serde_json::from_str::<mancala_protocol::http::ErrorBody>(&body)
                .map(|e| e.message)
                .unwrap_or_else(|_| format!("HTTP {}", r.status()));
            anyhow::Error::new(ClientError::Refused { status: r.status().as_u16(), code: "lobby".into(), message })
        }
        _ => anyhow::Error::new(ClientError::Down(api.base.clone())),
    })?;
    Ok(socket)
}

async fn send(socket: &mut Socket, msg: &LobbyClientMsg) -> Result<()> {
    let text = serde_json::to_string(msg).expect("lobby messages serialise");
    socket.send(Message::Text(text.into())).await.context("the lobby connection was lost")
}

/// How long reconnecting keeps trying before giving up.
const RECONNECT_FOR: Duration = Duration::from_secs(60);
/// The close code of a connection whose session or token was revoked.
const REVOKED: u16 = 4001;

/// What the lobby connection brought.
enum Next {
    Msg(LobbyServerMsg),
    /// The connection ended: why, and the server's close code if it sent one.
    Lost(String, Option<u16>),
}

/// The next lobby message, or the end of the connection.
async fn next(socket: &mut Socket) -> Result<Next> {
    loop {
        match socket.next().await {
            None => return Ok(Next::Lost("the connection closed".into(), None)),
            Some(Ok(Message::Close(frame))) => {
                let code = frame.as_ref().map(|f| u16::from(f.code));
                let why = frame.map_or("closed by the server".to_string(), |f| f.reason.to_string());
                return Ok(Next::Lost(why, code));
            }
            Some(Err(e)) => return Ok(Next::Lost(e.to_string(), None)),
            Some(Ok(Message::Text(t))) => {
                return serde_json::from_str(t.as_str())
                    .map(Next::Msg)
                    .map_err(|e| anyhow::anyhow!("unexpected lobby message `{t}`: {e}"));
            }
            Some(Ok(_)) => continue,
        }
    }
}

/// Opens the lobby again after `why` ended it, with backoff, for up to [`RECONNECT_FOR`]; a revoked
/// credential, or a refusal other than 503, is final.
async fn reconnect(api: &Api, who: &Who, why: &str, code: Option<u16>) -> Result<Socket> {
    if code == Some(REVOKED) {
        bail!("the server closed the lobby connection: {why} (run `mancala login` again)");
    }
    let start = tokio::time::Instant::now();
    let mut wait = Duration::from_millis(250);
    loop {
        tokio::time::sleep(wait).await;
        match connect(api, who).await {
            Ok(socket) => return Ok(socket),
            Err(e) => {
                let final_refusal = matches!(
                    e.downcast_ref::<ClientError>(),
                    Some(ClientError::Refused { status, .. }) if *status != 503
                );
                if final_refusal || start.elapsed() > RECONNECT_FOR {
                    return Err(e.context(format!("the lobby connection was lost ({why})")));
                }
                wait = (wait * 2).min(Duration::from_secs(5));
            }
        }
    }
}

/// A clock as `mancala seek` takes it: `5+3`, `90s+2`, `3d`, or `no-clock`.
pub fn clock_text(clock: Option<ClockSpec>) -> String {
    clock.map_or("no-clock".to_string(), |c| {
        if let Some(days) = c.days {
            format!("{days}d")
        } else if c.base_secs % 60 == 0 {
            format!("{}+{}", c.base_secs / 60, c.increment_secs)
        } else {
            format!("{}s+{}", c.base_secs, c.increment_secs)
        }
    })
}

fn describe(s: &Seek) -> String {
    let clock = clock_text(s.clock);
    let rating =
        s.rating.map_or(String::new(), |r| format!(" ({r}{})", if s.provisional == Some(true) { "?" } else { "" }));
    format!("{} {}{} {} {} {}", s.id, s.name, rating, s.variant, clock, if s.rated { "rated" } else { "casual" })
}

/// A game of a live list as it is now: `waiting-game ID VARIANT CLOCK SOUTH vs NORTH` or
/// `live-game ID VARIANT CLOCK SOUTH vs NORTH ply N`.
fn game_line(list: GameListName, g: &GameSummary) -> String {
    let name = |p: &Option<PlayerInfo>| p.as_ref().map_or("?".to_string(), |p| p.name.clone());
    let (south, north) = (name(&g.players.south), name(&g.players.north));
    let what = format!("{} {} {} {south} vs {north}", g.id, g.variant, clock_text(g.clock));
    match list {
        GameListName::Waiting => format!("waiting-game {what}"),
        GameListName::Live => format!("live-game {what} ply {}", g.plies),
    }
}

/// The lines of a message of the live game lists (none for another message).
fn list_lines(msg: &LobbyServerMsg) -> Vec<String> {
    match msg {
        LobbyServerMsg::Games { waiting, live } => {
            let mut lines = vec![format!("games waiting {} live {}", waiting.len(), live.len())];
            lines.extend(waiting.iter().map(|g| game_line(GameListName::Waiting, g)));
            lines.extend(live.iter().map(|g| game_line(GameListName::Live, g)));
            lines
        }
        LobbyServerMsg::GameAdded { list, game } | LobbyServerMsg::GameChanged { list, game } => {
            vec![game_line(*list, game)]
        }
        LobbyServerMsg::GameRemoved { list: GameListName::Waiting, id } => vec![format!("left-waiting {id}")],
        LobbyServerMsg::GameRemoved { list: GameListName::Live, id } => vec![format!("left-live {id}")],
        _ => Vec::new(),
    }
}

/// A lobby refusal as printed: a ban for leaving games (`playban`) says so, with the time left the server
/// counted (its message says it in words too; `retry_after` is exact).
fn refusal_text(code: &str, message: &str, retry_after: Option<u64>) -> String {
    match (code, retry_after) {
        ("playban", Some(secs)) => format!("banned from pairing for leaving games: {message} (retry in {secs} s)"),
        ("playban", None) => format!("banned from pairing for leaving games: {message}"),
        _ => message.to_string(),
    }
}

/// `mancala seek`.
pub async fn seek(args: &SeekArgs) -> Result<()> {
    let api = Api::new(&args.who.server.server);
    let clock = parse_clock(&args.clock)?;
    let quick = LobbyClientMsg::Quick { variant: args.variant, clock: Some(clock), rated: args.rated };
    let mut socket = connect(&api, &args.who).await?;
    // A failed send shows as the connection's end, below.
    let _ = send(&mut socket, &quick).await;
    loop {
        match next(&mut socket).await? {
            Next::Lost(why, code) => {
                if code != Some(REVOKED) {
                    println!("lost the lobby ({why}): your seek was dropped; reconnecting to seek again");
                }
                socket = reconnect(&api, &args.who, &why, code).await?;
                let _ = send(&mut socket, &quick).await;
            }
            Next::Msg(LobbyServerMsg::SeekCreated { seek }) => println!("seeking {}", describe(&seek)),
            Next::Msg(LobbyServerMsg::Error { code, message, retry_after }) => {
                let message = refusal_text(&code, &message, retry_after);
                return Err(ClientError::Refused { status: 400, code, message }.into());
            }
            Next::Msg(LobbyServerMsg::Paired(granted)) => {
                let _ = socket.close(None).await;
                return play(api, *granted, args.who.line).await;
            }
            Next::Msg(_) => {}
        }
    }
}

/// `mancala lobby`.
pub async fn lobby(args: &LobbyArgs) -> Result<()> {
    let api = Api::new(&args.who.server.server);
    let mut socket = connect(&api, &args.who).await?;
    // Shared with the game's line mode (`crate::line::stdin_lines`), so a line typed once paired is not lost.
    let mut stdin = crate::line::stdin_lines().await;
    let mut stdin_open = true;
    println!("type a seek's id to accept it, `quit` to leave");
    loop {
        tokio::select! {
            msg = next(&mut socket) => match msg? {
                Next::Lost(why, code) => {
                    if code != Some(REVOKED) {
                        println!("lost the lobby ({why}): reconnecting");
                    }
                    socket = reconnect(&api, &args.who, &why, code).await?;
                }
                Next::Msg(LobbyServerMsg::Seeks { seeks, total }) => {
                    println!("seeks {total}");
                    for s in &seeks {
                        println!("seek {}", describe(s));
                    }
                    if total > seeks.len() {
                        println!("(the newest {} of {total} are listed)", seeks.len());
                    }
                }
                Next::Msg(LobbyServerMsg::SeekAdded { seek }) => println!("seek {}", describe(&seek)),
                Next::Msg(LobbyServerMsg::SeekRemoved { id }) => println!("gone {id}"),
                Next::Msg(LobbyServerMsg::Challenge { challenge }) => {
                    println!("challenge {} from {} {}", challenge.id, challenge.from, challenge.variant);
                }
                Next::Msg(LobbyServerMsg::Error { code, message, retry_after }) => {
                    println!("refused {}", refusal_text(&code, &message, retry_after));
                }
                Next::Msg(LobbyServerMsg::Paired(granted)) => {
                    let _ = socket.close(None).await;
                    drop(stdin); // the game reads it
                    return play(api, *granted, args.who.line).await;
                }
                Next::Msg(msg) => {
                    for line in list_lines(&msg) {
                        println!("{line}");
                    }
                }
            },
            line = stdin.next_line(), if stdin_open => match line {
                Ok(Some(line)) => {
                    let word = line.trim();
                    let id = word.strip_prefix("accept ").unwrap_or(word).trim();
                    match id {
                        "" => {}
                        "quit" => return Ok(()),
                        // A failed send shows as the connection's end.
                        id => { let _ = send(&mut socket, &LobbyClientMsg::Accept { id: id.to_string() }).await; }
                    }
                }
                _ => stdin_open = false,
            },
        }
    }
}

/// Keeps the seat on disk (so `mancala play --resume` finds it) and plays the game.
async fn play(api: Api, granted: SeatGranted, line_mode: bool) -> Result<()> {
    println!("paired {} seat {}", granted.game.id, granted.seat);
    crate::play::play_granted(api, granted, line_mode).await.map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Options, Variant};
    use mancala_protocol::http::{GameStatus, Seats};

    #[test]
    fn a_ban_is_printed_with_the_time_left() {
        let text =
            refusal_text("playban", "you left too many games (3 aborted): no new games for 14 min 59 s", Some(899));
        assert!(text.starts_with("banned from pairing for leaving games: you left"), "{text}");
        assert!(text.ends_with("(retry in 899 s)"), "{text}");
        assert_eq!(refusal_text("busy", "the lobby is busy", None), "the lobby is busy");
    }

    #[test]
    fn the_lines_of_the_game_lists() {
        let amina = Some(PlayerInfo { name: "amina".into(), registered: false });
        let game = GameSummary {
            id: "g7Kq2ZtR4m".into(),
            variant: Variant::Kubuguza,
            options: Options::defaults(Variant::Kubuguza),
            status: GameStatus::Waiting,
            players: Seats { south: amina, north: None },
            clock: Some(ClockSpec::fischer(300, 3)),
            auto_forced: true,
            rated: false,
            previews: false,
            plies: 0,
            berserk: None,
            result: None,
            created_at: 1,
            updated_at: 1,
            invite_code: None,
        };
        let games = LobbyServerMsg::Games { waiting: vec![game.clone()], live: vec![] };
        assert_eq!(list_lines(&games), ["games waiting 1 live 0", "waiting-game g7Kq2ZtR4m kubuguza 5+3 amina vs ?"]);
        let changed =
            LobbyServerMsg::GameChanged { list: GameListName::Live, game: Box::new(GameSummary { plies: 7, ..game }) };
        assert_eq!(list_lines(&changed), ["live-game g7Kq2ZtR4m kubuguza 5+3 amina vs ? ply 7"]);
        let removed = LobbyServerMsg::GameRemoved { list: GameListName::Live, id: "g7Kq2ZtR4m".into() };
        assert_eq!(list_lines(&removed), ["left-live g7Kq2ZtR4m"]);
    }
}
