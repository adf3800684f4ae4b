//! `rematch`: another game between the same players once this one is over, with the same variant, options
//! and clock, sides swapped, rated if this one was (lichess's rematch). A player offers, the opponent
//! accepts (or offers too) or declines, the offerer may cancel; against a server bot the bot accepts at
//! once. At most one offer is pending and a player makes at most [`MAX_OFFERS`] in a game; a game has at
//! most one rematch. The offers and the rematch's seats are the room's memory, not the game's record: a
//! room loaded again has none (the rematch game itself is stored like any game).

use crate::game::{LiveGame, NewGame, Occupant, Refusal, UnixMs};
use crate::ids::{self, GameId};
use crate::room::bot_seat;
use crate::room::create::Opponent;
use mancala_engine::{BySide, Options, RULES_VERSION, Side};
use mancala_protocol::http::{GameStatus, GameSummary, SeatGranted};
use mancala_protocol::{ErrorCode, NextGame, RematchAction};

/// The rematch offers a player may make in one game.
pub const MAX_OFFERS: u8 = 3;

/// The room's rematch: the pending offer, how many each player made, and the rematch once asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rematch {
    pub offer: Option<Side>,
    made: BySide<u8>,
    pub next: Next,
}

/// Where the rematch stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Next {
    /// Not agreed yet.
    #[default]
    None,
    /// Agreed: the game is being made.
    Making,
    /// Made: its id, and each seat's grant in it, by the side the player had in *this* game (`None` for a
    /// server bot's seat).
    Made { game: GameId, seats: BySide<Option<Box<SeatGranted>>> },
}

impl Rematch {
    /// The rematch as the viewer in `seat` of this game may see it (a player sees its own seat's token).
    pub fn next_for(&self, seat: Option<Side>) -> Option<NextGame> {
        match &self.next {
            Next::Made { game, seats } => {
                Some(NextGame { game: game.to_string(), seat: seat.and_then(|s| seats[s].clone()) })
            }
            _ => None,
        }
    }
}

/// What a `rematch` message does.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The pending offer changed (offered, declined, cancelled): the room keeps this and says so.
    Offer(Rematch),
    /// Both agreed: the room makes the game ([`plan`]).
    Agreed,
}

/// The answer to `side`'s `action`; `bot` when the opponent is a server bot (which accepts any offer).
pub fn run(game: &LiveGame, state: &Rematch, side: Side, action: RematchAction, bot: bool) -> Result<Outcome, Refusal> {
    if game.status != GameStatus::Finished {
        return Err(Refusal::new(ErrorCode::WrongPhase, "the game is not over: a rematch is offered after the end"));
    }
    match &state.next {
        Next::None => {}
        Next::Making => return Err(Refusal::new(ErrorCode::WrongPhase, "the rematch is being made")),
        Next::Made { game, .. } => {
            return Err(Refusal::new(ErrorCode::WrongPhase, format!("the rematch was made already: game `{game}`")));
        }
    }
    let theirs = state.offer == Some(side.other());
    let mine = state.offer == Some(side);
    use RematchAction::*;
    match action {
        Accept | Offer if theirs => Ok(Outcome::Agreed),
        Offer if mine => Err(Refusal::new(ErrorCode::WrongPhase, "your rematch offer is pending already")),
        Offer if state.made[side] >= MAX_OFFERS => Err(Refusal::new(
            ErrorCode::RateLimited,
            format!("you offered a rematch {MAX_OFFERS} times in this game already (at most {MAX_OFFERS})"),
        )),
        Offer if bot => Ok(Outcome::Agreed),
        Offer => {
            let mut made = state.made;
            made[side] += 1;
            Ok(Outcome::Offer(Rematch { offer: Some(side), made, next: Next::None }))
        }
        Decline if theirs => Ok(Outcome::Offer(Rematch { offer: None, ..state.clone() })),
        Cancel if mine => Ok(Outcome::Offer(Rematch { offer: None, ..state.clone() })),
        Accept | Decline => Err(Refusal::new(ErrorCode::WrongPhase, "your opponent offers no rematch")),
        Cancel => Err(Refusal::new(ErrorCode::WrongPhase, "you offer no rematch")),
    }
}

/// A rematch to make: the game, its opponent, and each person's token by the side they had in the finished
/// game (the creator's is the side opposite its new one: the sides are swapped).
#[derive(Debug)]
pub struct Plan {
    pub new: NewGame,
    pub opponent: Opponent,
    pub tokens: BySide<Option<String>>,
}

/// A rematch made (its summary, and each person's side and token in it by their side in the finished
/// game), or why it could not be.
pub type Made = Result<(GameSummary, BySide<Option<(Side, String)>>), String>;

/// The rematch of `game` to make: the new game (the first person's seat as its creator, on the other
/// side), its opponent, and each person's new seat token by the side they had in `game`.
pub fn plan(game: &LiveGame, now: UnixMs) -> Option<Plan> {
    let seat = |s: Side| game.seats[s].as_ref();
    let person = |s: Side| seat(s).filter(|o| bot_seat::level_of(o.name()).is_none());
    let creator = Side::BOTH.into_iter().find(|&s| person(s).is_some())?;
    let mut tokens = BySide::both(None);
    let mut occupant = |s: Side| {
        let token = ids::token();
        let o = Occupant { who: seat(s)?.who.clone(), token_hash: ids::token_hash(&token) };
        tokens[s] = Some(token);
        Some(o)
    };
    let first = occupant(creator)?;
    let other = creator.other();
    let opponent = match seat(other).and_then(|o| bot_seat::level_of(o.name())) {
        Some(level) => Opponent::Bot(level),
        None => Opponent::Person(occupant(other)?),
    };
    let new = NewGame {
        id: GameId::random(),
        variant: game.variant,
        // A new game plays the current reading of the rules, whatever the one it follows was played under
        // (docs/rules.md#rules-versions).
        options: Options { rules_version: RULES_VERSION, ..game.options },
        // Sides swapped: whoever played South plays North.
        creator: (creator.other(), first),
        invite_code: None,
        clock: game.clock.as_ref().map(|c| c.spec),
        auto_forced: game.auto_forced,
        rated: game.rated,
        previews: game.previews,
        // A rematch is no tournament game.
        berserk: false,
        now_ms: now,
    };
    Some(Plan { new, opponent, tokens })
}
