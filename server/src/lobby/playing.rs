//! Who is in a game the lobby made: nobody is in two games from the lobby at once (lichess does the same).
//! A person paired by the lobby (a seek, quick pairing, or an accepted challenge) cannot be paired again,
//! nor post a seek, until that game is over: finished by any ending, aborted included. The lobby task
//! marks both players when it pairs them, in the same step that removes their seeks, so two pairings of
//! one person that race each other are decided one after the other, and the second is refused.
//!
//! The task never waits on the database: when someone marked asks for a pairing, the game is looked up by
//! a task of its own, and the question is asked again with the answer ([`super::command::Command::Checked`]):
//! a game that is over frees its players, a game that goes on refuses with `playing`, naming the game.
//!
//! Entries: an account's stays until its game is found over; a guest is a person per connection, so its
//! entry goes with that connection. A guest taking a seek over HTTP is a person of one request, never
//! seen again: it is not marked.

use super::person::{Person, PersonKey};
use crate::ids::GameId;
use std::collections::HashMap;

#[derive(Debug, Default)]
pub struct Playing {
    by_person: HashMap<PersonKey, GameId>,
}

impl Playing {
    /// `person` plays `game` from now on.
    pub fn start(&mut self, person: &Person, game: &GameId) {
        self.by_person.insert(person.key().clone(), game.clone());
    }

    /// The lobby game `person` is in, if any (over or not: see the module's documentation).
    pub fn game_of(&self, person: &Person) -> Option<&GameId> {
        self.by_person.get(person.key())
    }

    /// `game` is over: its players are free.
    pub fn over(&mut self, game: &GameId) {
        self.by_person.retain(|_, g| g != game);
    }

    /// `person` will never be seen again (a guest whose connection closed).
    pub fn forget(&mut self, person: &Person) {
        self.by_person.remove(person.key());
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.by_person.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{Identity, PlayerName};

    #[test]
    fn a_player_is_in_one_game_until_it_is_over() {
        let mut playing = Playing::default();
        let amina = Person::account(PlayerName::parse("amina").unwrap());
        let bob = Person::of(Identity::Guest(PlayerName::for_guest("bob").unwrap()));
        let game = GameId::random();
        playing.start(&amina, &game);
        playing.start(&bob, &game);
        assert_eq!(playing.game_of(&Person::account(PlayerName::parse("AMINA").unwrap())), Some(&game));
        assert_eq!(playing.game_of(&Person::of(Identity::Guest(PlayerName::for_guest("bob").unwrap()))), None);
        playing.over(&GameId::random());
        assert_eq!(playing.len(), 2, "another game's end frees nobody");
        playing.over(&game);
        assert_eq!(playing.len(), 0);
    }
}
