//! Challenges: an offer from one account to another named account, held by the lobby task until the
//! challenged accepts or declines it (or the challenger withdraws it). They live in memory: a restart
//! forgets them (docs/lobby.md).

use super::person::Person;
use super::seek::GameSpec;
use crate::game::unix_ms;
use crate::ids::PlayerName;
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
    pub fn add(&mut self, from: Person, to: PlayerName, spec: GameSpec) -> Challenge {
        let view = Challenge {
            id: crate::ids::token()[..12].to_string(),
            from: from.name.as_str().to_string(),
            to: to.as_str().to_string(),
            variant: spec.variant,
            options: spec.options,
            clock: spec.clock,
            rated: spec.rated,
            created_at: unix_ms() as u64,
        };
        self.open.push(Open { view: view.clone(), from, spec });
        view
    }

    pub fn get(&self, id: &str) -> Option<Open> {
        self.open.iter().find(|c| c.view.id == id).cloned()
    }

    pub fn remove(&mut self, id: &str) -> Option<Open> {
        let i = self.open.iter().position(|c| c.view.id == id)?;
        Some(self.open.remove(i))
    }

    /// The challenges to and from `person` (accounts only; a guest has none).
    pub fn of(&self, person: &Person) -> ChallengeList {
        let mut list = ChallengeList { incoming: Vec::new(), outgoing: Vec::new() };
        if !person.registered {
            return list;
        }
        for c in &self.open {
            if c.from.same(person) {
                list.outgoing.push(c.view.clone());
            } else if c.view.to.eq_ignore_ascii_case(person.name.as_str()) {
                list.incoming.push(c.view.clone());
            }
        }
        list
    }
}
