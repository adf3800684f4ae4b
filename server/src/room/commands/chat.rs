//! `chat`: a line said in one of a game's two rooms. The players' room is the two players' own, during
//! the game and after it; the spectators' room is written by spectators signed in to an account (a guest
//! chats in its own games only), and the players read it once the game is over, as lichess keeps
//! spectators from talking to the players during a game. A line is 1 to [`CHAT_MAX_CHARS`] characters,
//! control characters made spaces; each author says at most one line a second and [`MAX_BY_ONE`] in a
//! game, and a game holds at most [`MAX_LINES`].

use crate::game::{LiveGame, Refusal, UnixMs};
use crate::ids::PlayerName;
use crate::room::projection::ViewerKind;
use mancala_engine::Side;
use mancala_protocol::http::GameStatus;
use mancala_protocol::{CHAT_MAX_CHARS, ChatLine, ChatRoom, ErrorCode};

/// The lines a game holds, both rooms together.
pub const MAX_LINES: usize = 1000;
/// The lines one author says in a game.
pub const MAX_BY_ONE: usize = 200;
/// The least time between two lines of one author.
pub const MIN_GAP_MS: u64 = 1000;

/// Who says a line: a player in its seat, or a spectator by its account (`None`: not signed in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Author {
    Player(Side),
    Spectator(Option<PlayerName>),
}

/// Does a viewer of `kind` read `room` in `game`?
pub fn reads(kind: ViewerKind, room: ChatRoom, game: &LiveGame) -> bool {
    match room {
        ChatRoom::Players => kind.seat().is_some(),
        ChatRoom::Spectators => kind.seat().is_none() || game.status == GameStatus::Finished,
    }
}

/// The line `author` says in `room`, or why not.
pub fn run(
    game: &LiveGame,
    lines: &[ChatLine],
    author: &Author,
    room: ChatRoom,
    text: &str,
    now: UnixMs,
) -> Result<ChatLine, Refusal> {
    let (by, side) = match (author, room) {
        (Author::Player(side), ChatRoom::Players) => {
            let seat = game.seats[*side].as_ref().ok_or_else(|| Refusal::new(ErrorCode::NotSeated, "no seat"))?;
            (seat.name().to_string(), Some(*side))
        }
        (Author::Player(_), ChatRoom::Spectators) => {
            return Err(Refusal::new(
                ErrorCode::NotSeated,
                "the spectators' room is the spectators': say it to your opponent in the players' room",
            ));
        }
        (Author::Spectator(_), ChatRoom::Players) => {
            return Err(Refusal::new(ErrorCode::NotSeated, "the players' room is the two players' own"));
        }
        (Author::Spectator(None), ChatRoom::Spectators) => {
            return Err(Refusal::new(ErrorCode::NotSeated, "sign in to an account to chat as a spectator"));
        }
        (Author::Spectator(Some(name)), ChatRoom::Spectators) => (name.to_string(), None),
    };
    let text: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let text = text.trim();
    if text.is_empty() {
        return Err(Refusal::new(ErrorCode::Malformed, "a chat line needs some words"));
    }
    let chars = text.chars().count();
    if chars > CHAT_MAX_CHARS {
        return Err(Refusal::new(
            ErrorCode::TooLarge,
            format!("a chat line holds at most {CHAT_MAX_CHARS} characters, not {chars}"),
        ));
    }
    if lines.len() >= MAX_LINES {
        return Err(Refusal::new(ErrorCode::RateLimited, format!("this game's chat is full ({MAX_LINES} lines)")));
    }
    let mine: Vec<&ChatLine> = lines.iter().filter(|l| l.by == by && l.side == side).collect();
    if mine.len() >= MAX_BY_ONE {
        return Err(Refusal::new(ErrorCode::RateLimited, format!("you said {MAX_BY_ONE} lines in this game already")));
    }
    if mine.last().is_some_and(|l| now.wire() < l.at + MIN_GAP_MS) {
        return Err(Refusal::new(ErrorCode::RateLimited, "one line a second at most"));
    }
    Ok(ChatLine { room, by, side, text: text.to_string(), at: now.wire(), n: Some(lines.len() as u64 + 1) })
}
