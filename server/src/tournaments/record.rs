//! A tournament as typed values, read from its stored record: the settings, the players, and every
//! pairing with what became of its game. What the director decides and what viewers see are functions of
//! this (and the time), so every node reading the same rows comes to the same answers.

use super::queries::{EntrantRow, TournamentRecord, TournamentRow};
use crate::game::UnixMs;
use mancala_engine::{Side, Variant};
use mancala_protocol::ClockSpec;
use mancala_protocol::tournament::{TournamentKind, TournamentStatus};
use std::collections::BTreeMap;

/// The settings and state of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub id: String,
    pub name: String,
    pub kind: TournamentKind,
    pub variants: Vec<Variant>,
    pub clock: ClockSpec,
    pub rated: bool,
    pub bots: bool,
    /// Arena: its games allow berserk.
    pub berserk: bool,
    pub private: bool,
    pub created_by: Option<String>,
    pub starts_at: u64,
    pub minutes: Option<u32>,
    pub rounds: Option<u32>,
    pub status: TournamentStatus,
    /// Swiss rounds (arena waves) paired so far.
    pub round: u32,
    pub version: u64,
}

impl Settings {
    /// An arena's end (unix ms).
    pub fn ends_at(&self) -> Option<u64> {
        self.minutes.map(|m| self.starts_at + u64::from(m) * 60_000)
    }

    /// A medley's interval between variants: the arena's length shared equally.
    pub fn medley_interval_ms(&self) -> Option<u64> {
        let n = self.variants.len() as u64;
        (n > 1).then(|| self.minutes.map(|m| u64::from(m) * 60_000 / n)).flatten()
    }

    /// The variant games paired at `now` play.
    pub fn variant_at(&self, now: u64) -> Variant {
        let interval = self.medley_interval_ms().unwrap_or(0);
        *mancala_tournament::arena::variant_at(self.starts_at, now, interval, &self.variants)
            .unwrap_or(&self.variants[0])
    }
}

/// How a tournament's game ended, as the tournament counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// Not made yet (its pairing committed, its game not), or being played.
    Pending {
        made: bool,
    },
    Won(Side),
    Draw,
    /// Aborted: `absent` is the side that did not play (who aborted it, or who did not make their first
    /// decision in time).
    Aborted {
        absent: Side,
    },
}

impl Played {
    pub fn is_over(self) -> bool {
        !matches!(self, Played::Pending { .. })
    }
}

/// A game of the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TGame {
    pub id: String,
    pub round: u32,
    /// The variant it was paired in (`None`: a row that does not say, which the server never writes).
    pub variant: Option<Variant>,
    /// The players' keys.
    pub seats: [String; 2],
    /// Each seat's token while the game is not over (South first).
    pub tokens: [Option<String>; 2],
    pub played: Played,
    pub plies: u32,
    pub reason: Option<String>,
    /// When it ended (its row's last update): the order of an arena's score sheet.
    pub ended_at: u64,
    /// Whether each player berserked (South first): a berserk win scores an extra point.
    pub berserks: [bool; 2],
}

impl TGame {
    pub fn side_of(&self, key: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.seats[s.index()] == key)
    }
}

/// A tournament, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    pub settings: Settings,
    pub players: Vec<EntrantRow>,
    /// By round, then game id.
    pub games: Vec<TGame>,
    /// (round, player key)
    pub byes: Vec<(u32, String)>,
    /// The blocks between its players, (blocker, blocked) by key: filled by the director before it
    /// pairs, which keeps such pairs apart (`crate::tournaments::plan`); empty as read.
    pub blocks: Vec<(String, String)>,
}

impl Tournament {
    pub fn read(record: TournamentRecord) -> Result<Tournament, String> {
        let TournamentRecord { tournament, players, pairings } = record;
        let settings = Settings::read(&tournament)?;
        let mut byes = Vec::new();
        let mut games: BTreeMap<(u32, String), TGame> = BTreeMap::new();
        for p in pairings {
            let round = u32::try_from(p.pairing.round).map_err(|_| "a negative round".to_string())?;
            let Some(id) = p.pairing.game_id.clone() else {
                byes.push((round, p.pairing.player_key));
                continue;
            };
            let side = match p.pairing.side.as_deref() {
                Some("south") => Side::South,
                Some("north") => Side::North,
                other => return Err(format!("pairing side {other:?}")),
            };
            let plies = p.plies.unwrap_or(0).max(0) as u32;
            let played = played(&p.status, &p.winner, &p.reason, &p.aborted_by, plies)?;
            let game = games.entry((round, id.clone())).or_insert_with(|| TGame {
                id,
                round,
                variant: p.pairing.variant.as_deref().and_then(|v| v.parse().ok()),
                seats: Default::default(),
                tokens: Default::default(),
                played,
                plies,
                reason: p.reason.clone(),
                ended_at: p.updated_at.unwrap_or(0).max(0) as u64,
                berserks: p.berserks,
            });
            game.seats[side.index()] = p.pairing.player_key;
            game.tokens[side.index()] = p.pairing.token;
        }
        Ok(Tournament { settings, players, games: games.into_values().collect(), byes, blocks: Vec::new() })
    }

    /// The player of key `key`.
    pub fn player(&self, key: &str) -> Option<&EntrantRow> {
        self.players.iter().find(|p| p.player_key == key)
    }

    /// The games of `key`, by round.
    pub fn games_of<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a TGame> + 'a {
        self.games.iter().filter(move |g| g.side_of(key).is_some())
    }

    /// The game of `key` that is not over, if any.
    pub fn current_game<'a>(&'a self, key: &'a str) -> Option<&'a TGame> {
        self.games_of(key).find(|g| !g.played.is_over())
    }
}

impl Settings {
    /// The settings of a stored tournament (an error names a value the server never writes).
    pub fn read(t: &TournamentRow) -> Result<Settings, String> {
        let kind = match t.kind.as_str() {
            "arena" => TournamentKind::Arena,
            "swiss" => TournamentKind::Swiss,
            other => return Err(format!("tournament kind {other:?}")),
        };
        let status = match t.status.as_str() {
            "upcoming" => TournamentStatus::Upcoming,
            "running" => TournamentStatus::Running,
            "finished" => TournamentStatus::Finished,
            other => return Err(format!("tournament status {other:?}")),
        };
        let variants = t
            .variants
            .split(',')
            .map(|v| v.parse::<Variant>().map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        if variants.is_empty() {
            return Err("a tournament without a variant".into());
        }
        let num = |v: Option<i64>| v.and_then(|v| u32::try_from(v).ok());
        Ok(Settings {
            id: t.id.clone(),
            name: t.name.clone(),
            kind,
            variants,
            clock: ClockSpec::fischer(t.clock_base_secs as u32, t.clock_increment_secs as u32),
            rated: t.rated,
            bots: t.bots,
            berserk: t.berserk,
            private: t.password_hash.is_some(),
            created_by: t.created_by.clone(),
            starts_at: t.starts_at.max(0) as u64,
            minutes: num(t.minutes),
            rounds: num(t.rounds),
            status,
            round: num(Some(t.round)).unwrap_or(0),
            version: t.version.max(0) as u64,
        })
    }
}

/// What the `games` row says (`status` `None`: the game is not made yet).
fn played(
    status: &Option<String>,
    winner: &Option<String>,
    reason: &Option<String>,
    aborted_by: &Option<String>,
    plies: u32,
) -> Result<Played, String> {
    let side = |s: &str| match s {
        "south" => Ok(Side::South),
        "north" => Ok(Side::North),
        other => Err(format!("side {other:?}")),
    };
    Ok(match status.as_deref() {
        None => Played::Pending { made: false },
        Some("finished") if reason.as_deref() == Some("aborted") => {
            let absent = match aborted_by {
                Some(s) => side(s)?,
                // The server aborted it: the first decision missing was South's when none was made.
                None if plies == 0 => Side::South,
                None => Side::North,
            };
            Played::Aborted { absent }
        }
        Some("finished") => match winner {
            Some(w) => Played::Won(side(w)?),
            None => Played::Draw,
        },
        Some(_) => Played::Pending { made: true },
    })
}

/// Now, in unix milliseconds.
pub fn now_ms() -> u64 {
    UnixMs::now().wire()
}
