//! The one way to make a game, for every path that makes one (`POST /api/games` with or without a
//! computer opponent, a lobby pairing, an accepted challenge): the game is made from a [`NewGame`], its
//! room started through the registry (which takes its lease), the other seat filled at once when its
//! player is known, and each seat's grant written by [`granted`].

use super::bot_seat::{self, BotSeat};
use super::{AskError, Registry};
use crate::game::{LiveGame, NewGame, Occupant, clock};
use crate::ids::{self, Identity};
use mancala_engine::{OptionsError, Side};
use mancala_protocol::http::{GameSummary, SeatGranted};

/// Who takes the seat the creator leaves.
#[derive(Clone, Debug)]
pub enum Opponent {
    /// Nobody yet: the game waits for someone with its invite.
    Open,
    /// A server bot of this level, at once.
    Bot(mancala_bot::Level),
    /// A known person (a pairing's second player), at once.
    Person(Occupant),
}

/// A game made (its room runs): its summary once the opponent (if any) sat down, and the opponent's side.
#[derive(Debug)]
pub struct Made {
    pub summary: GameSummary,
    pub opponent_side: Option<Side>,
}

/// Why a game could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// The rule set's options do not make a game.
    #[error("options: {0}")]
    Options(#[from] OptionsError),
    /// The registry or the room refused (the server stops, a seat the game does not allow), or the room
    /// stopped.
    #[error(transparent)]
    Room(#[from] AskError),
}

/// Makes the game of `new` and seats `opponent`.
pub async fn make(rooms: &Registry, mut new: NewGame, opponent: Opponent) -> Result<Made, CreateError> {
    let (variant, options) = (new.variant, new.options);
    new.clock = new.clock.map(|c| clock::with_day(c, rooms.config().day));
    let game = LiveGame::new(new)?;
    // The game is stored by its room's first commit.
    let room = rooms.create(game).await?;
    let (summary, opponent_side) = match opponent {
        Opponent::Open => (room.summary().await?, None),
        Opponent::Person(seat) => {
            let (side, summary) = room.join(seat).await?;
            (summary, Some(side))
        }
        Opponent::Bot(level) => {
            // The computer takes the other seat at once, exactly as a person joining would.
            let name = bot_seat::seat_name(level);
            let seat = Occupant { who: Identity::Guest(name), token_hash: ids::token_hash(&ids::token()) };
            let (side, summary) = room.join(seat).await?;
            rooms.seat_bot(&room, BotSeat { side, level, variant, options, seed: rand::random() });
            (summary, Some(side))
        }
    };
    metrics::counter!("mancala_games_created").increment(1);
    Ok(Made { summary, opponent_side })
}

/// The grant of a seat: the game, the seat, its token (shown to that player only), where to connect, and
/// the invite when the game has one.
pub fn granted(game: GameSummary, seat: Side, token: String) -> SeatGranted {
    let invite_code = game.invite_code.clone();
    SeatGranted {
        ws_path: format!("/api/games/{}/ws", game.id),
        invite_path: invite_code.as_ref().map(|c| format!("/api/invites/{c}")),
        invite_code,
        game,
        seat,
        token,
    }
}
