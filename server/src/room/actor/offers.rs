//! The room's offers between players, which are its memory and not the game's record: draw offers and
//! takeback proposals during the game ([`draw`], [`takeback`]) and the rematch after it ([`rematch`]),
//! made through the rooms like any game.

use super::{Origin, Room, not_seated};
use crate::blocks;
use crate::game::{Refusal, UnixMs};
use crate::ids::{GameId, Identity};
use crate::room::answers::Answer;
use crate::room::commands::{draw, rematch, takeback};
use crate::room::create::{self, granted};
use crate::room::projection::ViewerKind;
use crate::room::{Command, ConnId, Outbound, bot_seat};
use mancala_engine::Side;
use mancala_protocol::{ErrorCode, RematchAction, ServerMsg, TakebackAction};
use tokio::sync::mpsc::OwnedPermit;
use tokio::time::Instant;

impl Room {
    /// Keeps `offers` and tells every connection the pending offer, if it changed.
    pub(super) fn set_draw(&mut self, offers: draw::Offers) {
        let changed = offers.pending != self.draw.pending;
        self.draw = offers;
        if changed {
            let by = offers.pending;
            self.conns.broadcast(|_| ServerMsg::DrawOffer { by });
        }
    }

    /// Keeps `proposals` and tells every connection the pending takeback proposal, if it changed.
    pub(super) fn set_takeback(&mut self, proposals: takeback::Proposals) {
        let changed = proposals.pending != self.takeback.pending;
        self.takeback = proposals;
        if changed {
            let by = proposals.pending;
            self.conns.broadcast(|_| ServerMsg::TakebackOffer { by });
        }
    }

    /// `side`'s `takeback` message. A server bot accepts a proposal at once (a player learning the game
    /// against the computer may take back a slip, as on lichess); it proposes none.
    pub(super) async fn takeback(
        &mut self,
        conn: ConnId,
        permit: OwnedPermit<Outbound>,
        id: Option<String>,
        side: Side,
        action: TakebackAction,
    ) {
        let (now, at) = (Instant::now(), UnixMs::now());
        let mut kept = self.takeback;
        let mut outcome = takeback::run(&self.game, kept, side, action, now, at);
        if let Ok(takeback::Outcome::Kept(p)) = &outcome
            && p.pending == Some(side)
            && self.is_bot_seat(side.other())
        {
            kept = *p;
            outcome = takeback::run(&self.game, kept, side.other(), TakebackAction::Accept, now, at);
        }
        match outcome {
            Err(r) => self.refuse(conn, permit, id, r),
            Ok(takeback::Outcome::Agreed(change)) => {
                let origin = Origin { conn, permit, id, first: false };
                if self.commit(*change, Some(origin)).await.is_ok() {
                    self.set_takeback(kept.settled());
                }
            }
            Ok(takeback::Outcome::Kept(proposals)) => {
                self.reply(conn, permit, id, Answer::Accepted(self.game.version()));
                self.set_takeback(proposals);
            }
        }
    }

    /// A connection that was not sent a snapshot (it resumed with the events it lacked) is told the
    /// offers a snapshot would have carried.
    pub(super) fn send_offers(&mut self, conn: ConnId, kind: ViewerKind) {
        if let Some(by) = self.draw.pending.filter(|_| !self.game.is_over()) {
            self.conns.send_presence(conn, ServerMsg::DrawOffer { by: Some(by) });
        }
        if let Some(by) = self.takeback.pending.filter(|_| !self.game.is_over()) {
            self.conns.send_presence(conn, ServerMsg::TakebackOffer { by: Some(by) });
        }
        if let Some(by) = self.rematch.offer {
            self.conns.send_presence(conn, ServerMsg::RematchOffer { by: Some(by) });
        }
        if let Some(next) = self.rematch.next_for(kind.seat()) {
            self.conns.send_presence(conn, ServerMsg::Rematch { next });
        }
    }

    fn is_bot_seat(&self, side: Side) -> bool {
        self.game.seats[side].as_ref().is_some_and(|o| bot_seat::level_of(o.name()).is_some())
    }

    /// `side`'s `rematch` message. Between two accounts of whom one blocks the other, an offer reaches
    /// nobody and none is accepted (read from the database, so a block made on any node holds at once).
    pub(super) async fn rematch(
        &mut self,
        conn: ConnId,
        permit: OwnedPermit<Outbound>,
        id: Option<String>,
        side: Side,
        action: RematchAction,
    ) {
        if self.is_bot_seat(side) && !matches!(action, RematchAction::Accept | RematchAction::Decline) {
            // A server bot answers offers; it makes none of its own.
            return self.refuse(conn, permit, id, not_seated());
        }
        if matches!(action, RematchAction::Offer | RematchAction::Accept)
            && let Some(refusal) = self.blocked(side).await
        {
            return self.refuse(conn, permit, id, refusal);
        }
        let bot = self.is_bot_seat(side.other());
        match rematch::run(&self.game, &self.rematch, side, action, bot) {
            Err(r) => self.refuse(conn, permit, id, r),
            Ok(rematch::Outcome::Offer(state)) => {
                self.reply(conn, permit, id, Answer::Accepted(self.game.version()));
                self.set_rematch_offer(state);
            }
            Ok(rematch::Outcome::Agreed) => {
                self.reply(conn, permit, id, Answer::Accepted(self.game.version()));
                self.make_rematch();
            }
        }
    }

    /// Why `side` may not play its opponent again, if one of the two accounts blocks the other.
    async fn blocked(&self, side: Side) -> Option<Refusal> {
        let account = |s: Side| match self.game.seats[s].as_ref().map(|o| &o.who) {
            Some(Identity::Account(name)) => Some(name.clone()),
            _ => None,
        };
        let (me, them) = (account(side)?, account(side.other())?);
        let (my_key, their_key) = (me.key(), them.key());
        let (mine, theirs) = match tokio::try_join!(
            blocks::queries::is_blocked(&self.store, &my_key, &their_key),
            blocks::queries::is_blocked(&self.store, &their_key, &my_key)
        ) {
            Ok(found) => found,
            Err(e) => {
                return Some(Refusal::new(
                    ErrorCode::Unavailable,
                    format!("the server could not check the players' blocks ({e}): try again"),
                ));
            }
        };
        if mine {
            Some(Refusal::new(ErrorCode::Blocked, format!("you block {them}: unblock them first")))
        } else if theirs {
            Some(Refusal::new(ErrorCode::Blocked, format!("{them} does not accept a rematch from you")))
        } else {
            None
        }
    }

    fn set_rematch_offer(&mut self, state: rematch::Rematch) {
        let changed = state.offer != self.rematch.offer;
        self.rematch = state;
        if changed {
            let by = self.rematch.offer;
            self.conns.broadcast(|_| ServerMsg::RematchOffer { by });
        }
    }

    /// Makes the agreed rematch in a task of its own (the new game's room is started and its seats taken
    /// while this room goes on); the result comes back as [`Command::RematchMade`].
    fn make_rematch(&mut self) {
        let (Some(rooms), Some(me), Some(rematch::Plan { new, opponent, tokens })) =
            (self.rooms.upgrade(), self.conns.room(), rematch::plan(&self.game, UnixMs::now()))
        else {
            return self.rematch_made(Err("the server is shutting down".into()));
        };
        let mut state = self.rematch.clone();
        (state.offer, state.next) = (None, rematch::Next::Making);
        self.set_rematch_offer(state);
        let creator = new.creator.0;
        tokio::spawn(async move {
            // Each person's new side as the made game has it: the creator's, and the one the other sat in.
            let made = create::make(&rooms, new, opponent).await.map_err(|e| e.to_string()).map(|m| {
                let other = m.opponent_side.unwrap_or(creator.other());
                // The creator had the side opposite its new one.
                let side_of = |old: Side| if old == creator.other() { creator } else { other };
                (m.summary, tokens.map(|old, t| t.map(|t| (side_of(old), t))))
            });
            let _ = me.send(Command::RematchMade { made: Box::new(made) }).await;
        });
    }

    /// The rematch is made: each player's connections get their seat, the spectators the game to follow.
    pub(super) fn rematch_made(&mut self, made: rematch::Made) {
        let (summary, tokens) = match made {
            Ok(made) => made,
            Err(reason) => {
                tracing::warn!(game = %self.game.id, %reason, "the rematch could not be made");
                self.rematch.next = rematch::Next::None;
                return self.conns.broadcast(|_| ServerMsg::RematchOffer { by: None });
            }
        };
        let Ok(game) = summary.id.parse::<GameId>() else { return };
        let seats = tokens.map(|_, t| t.map(|(side, token)| Box::new(granted(summary.clone(), side, token))));
        self.rematch.next = rematch::Next::Made { game, seats };
        let rematch = &self.rematch;
        self.conns.broadcast(|kind| ServerMsg::Rematch { next: rematch.next_for(kind.seat()).expect("made") });
    }
}
