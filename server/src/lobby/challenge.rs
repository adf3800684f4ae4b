//! Challenges: an offer from one account to another named account, held by the lobby task until the
//! challenged accepts or declines it (or the challenger withdraws it). They live in memory: a restart
//! forgets them (docs/lobby.md). A challenger holds at most [`MAX_PENDING_CHALLENGES`] at once, and one
//! to a given person (how many it sends a minute is the challenges rate limit's).

use super::error::LobbyError;
use super::limits::{COUNT_RETRY_SECS, MAX_PENDING_CHALLENGES};
use super::person::{Person, PersonKey};
use super::seek::GameSpec;
use crate::game::UnixMs;
use crate::ids::{ChallengeId, PlayerName};
use mancala_protocol::lobby::{Challenge, ChallengeList};

#[derive(Clone, Debug)]
pub struct Open {
    pub view: Challenge,
    pub from: Person,
    pub spec: GameSpec,
}

#[derive(Debug, Default)]
pub struct Challenges {
    open: Vec<Open>,
}

impl Challenges {
    /// A new challenge, unless `from` has too many pending or one to `to` already.
    pub fn add(&mut self, from: Person, to: PlayerName, spec: GameSpec) -> Result<Challenge, LobbyError> {
        let mine = || self.open.iter().filter(|c| c.from.same(&from));
        if let Some(c) = mine().find(|c| c.view.to.eq_ignore_ascii_case(to.as_str())) {
            return Err(LobbyError::Conflict(format!(
                "you challenge {to} already (challenge {}): withdraw it first, or wait for the answer",
                c.view.id
            )));
        }
        if mine().count() >= MAX_PENDING_CHALLENGES {
            return Err(LobbyError::Limited {
                message: format!(
                    "you have {MAX_PENDING_CHALLENGES} challenges waiting for an answer (at most \
                     {MAX_PENDING_CHALLENGES}): withdraw one first"
                ),
                retry_after: COUNT_RETRY_SECS,
            });
        }
        let view = Challenge {
            id: ChallengeId::random().to_string(),
            from: from.name().as_str().to_string(),
            to: to.as_str().to_string(),
            variant: spec.variant,
            options: spec.options,
            clock: spec.clock,
            rated: spec.rated,
            created_at: UnixMs::now().wire(),
        };
        self.open.push(Open { view: view.clone(), from, spec });
        Ok(view)
    }

    pub fn get(&self, id: &ChallengeId) -> Option<Open> {
        self.open.iter().find(|c| c.view.id == id.as_str()).cloned()
    }

    pub fn remove(&mut self, id: &ChallengeId) -> Option<Open> {
        let i = self.open.iter().position(|c| c.view.id == id.as_str())?;
        Some(self.open.remove(i))
    }

    /// Takes out the challenges from and to the account `key` (only the rated ones if `rated_only`).
    pub fn withdraw(&mut self, key: &PersonKey, rated_only: bool) -> Vec<Open> {
        let PersonKey::Account(name) = key else { return Vec::new() };
        let (gone, kept): (Vec<Open>, Vec<Open>) = std::mem::take(&mut self.open).into_iter().partition(|c| {
            let theirs = c.from.key() == key || c.view.to.eq_ignore_ascii_case(name);
            theirs && (c.spec.rated || !rated_only)
        });
        self.open = kept;
        gone
    }

    /// The challenges to and from `person` (accounts only; a guest has none).
    pub fn of(&self, person: &Person) -> ChallengeList {
        let mut list = ChallengeList { incoming: Vec::new(), outgoing: Vec::new() };
        if !person.who.is_account() {
            return list;
        }
        for c in &self.open {
            if c.from.same(person) {
                list.outgoing.push(c.view.clone());
            } else if c.view.to.eq_ignore_ascii_case(person.name().as_str()) {
                list.incoming.push(c.view.clone());
            }
        }
        list
    }
}
