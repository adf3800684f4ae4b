//! The lobby task's challenges (docs/lobby.md, "Challenges"): one is sent to the account challenged,
//! answered by it (accepted: the game is made as a pairing is; declined) or withdrawn by its challenger,
//! and withdrawn with the other offers of an account whose standing changed. Held by [`Challenges`]; this
//! is what the task does with them, one command at a time like the rest of the pool.
//!
//! [`Challenges`]: crate::lobby::challenge::Challenges

use super::Pool;
use crate::ids::{ChallengeId, GameId, PlayerName};
use crate::lobby::blocks::KeptApart;
use crate::lobby::error::LobbyError;
use crate::lobby::pairing::{Deliver, Pairing, Player};
use crate::lobby::person::{Person, PersonKey};
use crate::lobby::seek::GameSpec;
use mancala_protocol::http::SeatGranted;
use mancala_protocol::lobby::{self, LobbyServerMsg};
use tokio::sync::oneshot;

impl Pool {
    /// `from` challenges the account `to`, which is told at once on its lobby sockets.
    pub(super) fn challenge(
        &mut self,
        from: Person,
        to: PlayerName,
        spec: GameSpec,
        reply: oneshot::Sender<Result<lobby::Challenge, LobbyError>>,
    ) {
        let challenge = self.challenges.add(from, to, spec);
        if let Ok(c) = &challenge {
            let to_key = Person::account(challenge_to(c)).key().clone();
            let msg = LobbyServerMsg::Challenge { challenge: c.clone() };
            self.tell_account(&to_key, msg);
        }
        let _ = reply.send(challenge);
    }

    /// `by` answers challenge `id`: the challenged accepts or declines it, the challenger withdraws it.
    pub(super) fn answer(
        &mut self,
        by: Person,
        id: &ChallengeId,
        accept: bool,
        reply: oneshot::Sender<Result<Option<SeatGranted>, LobbyError>>,
    ) {
        let Some(c) = self.challenges.get(id) else {
            let _ = reply.send(Err(LobbyError::NotFound(format!("no open challenge `{id}`"))));
            return;
        };
        let challenged = Person::account(challenge_to(&c.view));
        let to_me = challenged.same(&by);
        let from_me = c.from.same(&by);
        // The challenged may accept or decline; the challenger may only withdraw.
        let withdrawing = from_me && !accept;
        if !to_me && !withdrawing {
            let _ = reply.send(Err(LobbyError::NotFound(format!("no open challenge `{id}` to you"))));
            return;
        }
        if !accept {
            self.challenges.remove(id);
            // The other side is told: the challenger of a decline, the challenged of a withdrawal.
            let (reason, notify) =
                if to_me { ("declined", c.from.key().clone()) } else { ("withdrawn", challenged.key().clone()) };
            let msg = LobbyServerMsg::ChallengeGone { id: id.to_string(), reason: reason.to_string() };
            self.tell_account(&notify, msg);
            let _ = reply.send(Ok(None));
            return;
        }
        // A block made since the challenge was sent ends it.
        if self.blocks.between(c.from.key(), by.key()) {
            self.challenges.remove(id);
            let _ = reply.send(Err(LobbyError::Blocked));
            return;
        }
        // The challenger gets the seat on a lobby socket of theirs: without one nobody could give it.
        let Some(conn) = self.conns_of(c.from.key()).into_iter().find(|id| self.conns[id].feed) else {
            let _ = reply.send(Err(LobbyError::Conflict(format!(
                "{} is not in the lobby now (no lobby socket open): the challenge stays; try later",
                c.from.name()
            ))));
            return;
        };
        self.challenges.remove(id);
        let game = GameId::random();
        self.start_game(&game, &c.from, &by, true);
        let challenger = self.player(c.from, Some(conn));
        let accepter = Player { person: by, to: Deliver::Answer(reply), credential: None };
        self.spawn(Pairing { game, spec: c.spec, first: challenger, second: accepter });
    }

    /// Account `key`'s challenges held here go (only the rated ones if `rated_only`): both sides are told
    /// it is `cancelled`.
    pub(super) fn withdraw_challenges(&mut self, key: &PersonKey, rated_only: bool) {
        for c in self.challenges.withdraw(key, rated_only) {
            let msg = LobbyServerMsg::ChallengeGone { id: c.view.id.clone(), reason: "cancelled".to_string() };
            let to = Person::account(challenge_to(&c.view)).key().clone();
            self.tell_account(c.from.key(), msg.clone());
            self.tell_account(&to, msg);
        }
    }
}

fn challenge_to(c: &lobby::Challenge) -> PlayerName {
    PlayerName::parse(&c.to).expect("a challenge's `to` is a checked name")
}
