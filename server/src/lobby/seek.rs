//! A seek inside the lobby: who offers what game, checked once when it is made ([`GameSpec::check`]), and
//! the rules of who may take it ([`Seek::compatible`], [`Seek::admits`]).

use super::error::LobbyError;
use super::person::Person;
use crate::game::{UnixMs, clock};
use crate::ids::ClientAddr;
use crate::ids::{ConnId, SeekId};
use mancala_engine::{Options, Variant};
use mancala_protocol::ClockSpec;
use mancala_protocol::http::OptionsPatch;
use mancala_protocol::lobby;

/// The rating assumed for someone without one (a guest, or before ratings exist): Glicko-2's start.
pub const DEFAULT_RATING: i32 = 1500;

/// The game a seek or a challenge offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub variant: Variant,
    pub options: Options,
    pub clock: Option<ClockSpec>,
    pub rated: bool,
}

impl GameSpec {
    /// The spec of a request, checked: options valid for the variant, a sane clock, rated only for accounts.
    pub fn check(
        variant: Variant,
        patch: Option<OptionsPatch>,
        clock: Option<ClockSpec>,
        rated: bool,
        by: &Person,
    ) -> Result<GameSpec, LobbyError> {
        let options =
            patch.unwrap_or_default().new_game(variant).map_err(|e| LobbyError::BadRequest(format!("options: {e}")))?;
        options.validate(variant).map_err(|e| LobbyError::BadRequest(format!("options: {e}")))?;
        if let Some(c) = &clock {
            clock::check_spec(c).map_err(LobbyError::BadRequest)?;
        }
        if rated && !by.who.is_account() {
            return Err(LobbyError::Forbidden("a rated game needs an account: sign in, or seek a casual game".into()));
        }
        Ok(GameSpec { variant, options, clock, rated })
    }
}

/// The seek a client names: one that cannot be a seek id is no open seek either.
pub fn parse_id(text: &str) -> Result<SeekId, LobbyError> {
    text.parse().map_err(|e| LobbyError::NotFound(format!("no open seek: {e}")))
}

/// A rating range `[min, max]`, checked.
pub fn check_range(range: Option<[i32; 2]>) -> Result<Option<[i32; 2]>, LobbyError> {
    match range {
        Some([min, max]) if min > max => {
            Err(LobbyError::BadRequest(format!("range: the minimum {min} is above the maximum {max}")))
        }
        Some([min, max]) if min < 0 || max > 4000 => {
            Err(LobbyError::BadRequest("range: ratings go from 0 to 4000".to_string()))
        }
        r => Ok(r),
    }
}

/// A person's rating in a variant, as the lobby shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    pub rating: i32,
    pub provisional: bool,
}

/// An open seek. `conn` is the connection it lives with (a lobby socket or an HTTP stream), `addr` the
/// client address it came from (the per-address limit counts it).
#[derive(Clone, Debug)]
pub struct Seek {
    pub id: SeekId,
    pub by: Person,
    pub addr: ClientAddr,
    pub rating: Option<Shown>,
    pub spec: GameSpec,
    pub range: Option<[i32; 2]>,
    pub created_at: UnixMs,
    pub conn: ConnId,
}

impl Seek {
    /// The rating used for ranges and nearness.
    pub fn rating_value(&self) -> i32 {
        self.rating.map_or(DEFAULT_RATING, |r| r.rating)
    }

    /// Same game: variant, options, clock and rated.
    pub fn compatible(&self, spec: &GameSpec) -> bool {
        self.spec == *spec
    }

    /// Does the seek's range let someone rated `rating` take it?
    pub fn admits(&self, rating: i32) -> bool {
        self.range.is_none_or(|[min, max]| (min..=max).contains(&rating))
    }

    pub fn view(&self) -> lobby::Seek {
        lobby::Seek {
            id: self.id.to_string(),
            name: self.by.name().as_str().to_string(),
            registered: self.by.who.is_account(),
            rating: self.rating.map(|r| r.rating),
            provisional: self.rating.map(|r| r.provisional),
            variant: self.spec.variant,
            options: self.spec.options,
            clock: self.spec.clock,
            rated: self.spec.rated,
            range: self.range,
            created_at: self.created_at.wire(),
        }
    }
}
