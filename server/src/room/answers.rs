//! The answers a room remembers so that a client may resend a message with the same id and get the same
//! answer, nothing applied twice: every accepted decision of the game (rebuilt from the record after a
//! restart, since the record keeps each decision's client id), and the last refusals.

use crate::game::{LiveGame, Refusal};
use mancala_engine::Side;
use std::collections::{HashMap, VecDeque};

/// Refused client ids remembered per game.
const REFUSALS_KEPT: usize = 256;

/// The answer to a client id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// Accepted; the version of the event that applied it.
    Accepted(u64),
    Refused(Refusal),
}

#[derive(Debug, Default)]
pub(super) struct Answers {
    accepted: HashMap<(Side, String), u64>,
    refused: VecDeque<((Side, String), Refusal)>,
}

impl Answers {
    /// The accepted decisions of a game's record.
    pub fn of(game: &LiveGame) -> Answers {
        let accepted = game
            .record
            .iter()
            .filter_map(|p| Some(((p.side, p.client_id.clone()?), game.version_of_ply(p.n))))
            .collect();
        Answers { accepted, refused: VecDeque::new() }
    }

    /// The answer already given to `id` from `side`.
    pub fn get(&self, side: Side, id: &str) -> Option<Answer> {
        if let Some(&v) = self.accepted.get(&(side, id.to_string())) {
            return Some(Answer::Accepted(v));
        }
        self.refused.iter().find(|(k, _)| k.0 == side && k.1 == id).map(|(_, r)| Answer::Refused(r.clone()))
    }

    /// Remembers an answer. A refusal for want of storage is not remembered: a retry may succeed.
    pub fn remember(&mut self, side: Side, id: String, answer: &Answer) {
        match answer {
            Answer::Accepted(v) => {
                self.accepted.insert((side, id), *v);
            }
            Answer::Refused(r) if r.code == mancala_protocol::ErrorCode::Unavailable => {}
            Answer::Refused(r) => {
                if self.refused.len() == REFUSALS_KEPT {
                    self.refused.pop_front();
                }
                self.refused.push_back(((side, id), r.clone()));
            }
        }
    }
}
