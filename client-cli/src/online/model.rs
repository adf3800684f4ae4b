//! The client's picture of one game, built only from what the server sent this connection: the last
//! snapshot, then every event applied on top (the view each event carries replaces the board), the
//! clocks, the opponent's presence, the last move's steps (for showing its sowing lap by lap), and the
//! record as this viewer saw it. The line mode and the TUI both draw from a `GameModel`.

use mancala_protocol::http::GameSummary;
use mancala_protocol::{
    BoardView, ChatLine, ClockState, GameEvent, MoveEvent, NextGame, OutcomeInfo, Presence, ServerMsg, Side,
};
use std::time::Instant;

/// Something the user should be told about, produced while applying a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A decision was applied (ply, side, notation or `None` when hidden, auto).
    Moved {
        ply: u32,
        side: Side,
        decision: Option<String>,
        auto: bool,
    },
    /// The server accepted the message with this id.
    Accepted {
        id: Option<String>,
    },
    /// The server refused the message with this id.
    Rejected {
        id: Option<String>,
        code: String,
        reason: String,
        legal: Vec<String>,
    },
    /// An error not tied to a message (malformed input, rate limit).
    Error {
        code: String,
        message: String,
    },
    /// The game ended.
    Ended(OutcomeInfo),
    /// A fresh snapshot replaced the state (connect, resync, game start).
    Synced,
    PresenceChanged,
    /// The pending draw offer changed: `by` offers one, or none is pending (declined, lapsed, or over).
    DrawOffer {
        by: Option<Side>,
    },
    /// The pending takeback proposal changed: `by` proposes one, or none is pending.
    TakebackOffer {
        by: Option<Side>,
    },
    /// Decisions were taken back at `by`'s request: the game is back after ply `ply`.
    TookBack {
        by: Side,
        ply: u32,
    },
    /// `side` berserked (a tournament game): half its time is gone, and its increment.
    Berserked {
        side: Side,
    },
    /// After the end, the pending rematch offer changed: `by` offers one, or none is pending.
    RematchOffer {
        by: Option<Side>,
    },
    /// The rematch was made (with this player's seat in it, for a player).
    Rematch(NextGame),
    /// A line said in a chat room this viewer reads.
    Chat(ChatLine),
}

#[derive(Clone, Debug, Default)]
pub struct GameModel {
    pub game: Option<GameSummary>,
    pub seat: Option<Side>,
    /// The last version applied.
    pub v: u64,
    pub view: Option<BoardView>,
    pub clock: Option<ClockState>,
    /// When `clock` was received (to count the running side down locally).
    pub clock_at: Option<Instant>,
    pub presence: Option<Presence>,
    /// The player whose draw offer is pending.
    pub draw_offer: Option<Side>,
    /// The player whose takeback proposal is pending.
    pub takeback_offer: Option<Side>,
    /// After the end: the player whose rematch offer is pending, and the rematch once made.
    pub rematch_offer: Option<Side>,
    pub rematch: Option<NextGame>,
    /// The chat lines this viewer reads, oldest first.
    pub chat: Vec<ChatLine>,
    pub last_move: Option<MoveEvent>,
    /// The decisions seen, in order: (ply, side, notation or `?` when hidden).
    pub record: Vec<(u32, Side, String)>,
}

impl GameModel {
    /// Applies one server message and says what the user should hear about.
    pub fn apply(&mut self, msg: ServerMsg) -> Vec<Note> {
        let mut notes = Vec::new();
        match msg {
            ServerMsg::Snapshot {
                v,
                seat,
                game,
                view,
                clock,
                presence,
                draw_offer,
                takeback_offer,
                rematch_offer,
                rematch,
                chat,
                ..
            } => {
                self.v = v;
                self.chat = chat;
                self.draw_offer = draw_offer;
                self.takeback_offer = takeback_offer;
                self.rematch_offer = rematch_offer;
                if let Some(next) = rematch {
                    self.rematch = Some(next.clone());
                    notes.push(Note::Rematch(next));
                }
                self.seat = seat;
                self.game = Some(game);
                self.set_clock(clock);
                self.presence = Some(presence);
                self.view = Some(view);
                notes.push(Note::Synced);
                if let Some(o) = self.outcome() {
                    notes.push(Note::Ended(o));
                }
            }
            ServerMsg::Event { v, event, view, clock } => {
                if v <= self.v {
                    return notes; // already applied (a resend after a reconnect)
                }
                self.v = v;
                // Only the last event of a change carries the board and the clocks: the events before it
                // are steps to replay on the way.
                let ended = view.as_ref().and_then(|view| view.outcome.clone());
                if let Some(view) = view {
                    self.view = Some(view);
                    self.set_clock(clock);
                }
                match event {
                    GameEvent::Start { game } => {
                        self.game = Some(game);
                        notes.push(Note::Synced);
                    }
                    GameEvent::Move { mv } => {
                        let shown = mv.decision.clone().unwrap_or_else(|| "?".to_string());
                        self.record.push((mv.ply, mv.side, shown));
                        notes.push(Note::Moved {
                            ply: mv.ply,
                            side: mv.side,
                            decision: mv.decision.clone(),
                            auto: mv.auto,
                        });
                        self.last_move = Some(mv);
                    }
                    GameEvent::Takeback { by, ply } => {
                        self.record.retain(|(n, ..)| *n <= ply);
                        self.last_move = None;
                        notes.push(Note::TookBack { by, ply });
                    }
                    GameEvent::Berserk { side } => {
                        if let Some(b) = self.game.as_mut().and_then(|g| g.berserk.as_mut()) {
                            match side {
                                Side::South => b.south = true,
                                Side::North => b.north = true,
                            }
                        }
                        notes.push(Note::Berserked { side });
                    }
                    GameEvent::End { .. } => {}
                }
                if let Some(o) = ended {
                    if let Some(g) = self.game.as_mut() {
                        g.result = Some(o.clone());
                        g.status = mancala_protocol::http::GameStatus::Finished;
                    }
                    notes.push(Note::Ended(o));
                }
            }
            ServerMsg::Accepted { id, .. } => notes.push(Note::Accepted { id }),
            ServerMsg::Rejected { id, code, reason, legal } => {
                notes.push(Note::Rejected { id, code: code_id(code), reason, legal })
            }
            ServerMsg::Error { code, message } => notes.push(Note::Error { code: code_id(code), message }),
            ServerMsg::Presence { presence } => {
                self.presence = Some(presence);
                notes.push(Note::PresenceChanged);
            }
            ServerMsg::DrawOffer { by } => {
                self.draw_offer = by;
                notes.push(Note::DrawOffer { by });
            }
            ServerMsg::TakebackOffer { by } => {
                self.takeback_offer = by;
                notes.push(Note::TakebackOffer { by });
            }
            ServerMsg::RematchOffer { by } => {
                self.rematch_offer = by;
                notes.push(Note::RematchOffer { by });
            }
            ServerMsg::Rematch { next } => {
                self.rematch = Some(next.clone());
                notes.push(Note::Rematch(next));
            }
            ServerMsg::Chat { line } => {
                self.chat.push(line.clone());
                notes.push(Note::Chat(line));
            }
            ServerMsg::Pong { .. } => {}
        }
        notes
    }

    fn set_clock(&mut self, clock: Option<ClockState>) {
        self.clock_at = clock.as_ref().map(|_| Instant::now());
        self.clock = clock;
    }

    pub fn outcome(&self) -> Option<OutcomeInfo> {
        self.view.as_ref().and_then(|v| v.outcome.clone())
    }

    /// The decisions this seat may make now.
    pub fn legal(&self) -> &[String] {
        self.view.as_ref().map(|v| v.legal.as_slice()).unwrap_or(&[])
    }

    /// Is it this seat's decision now?
    pub fn my_turn(&self) -> bool {
        !self.legal().is_empty()
    }

    /// A side's remaining milliseconds now, counting the running side down since the clock was received,
    /// once the server's wait for the sowing just made (`held_ms`) is over.
    pub fn remaining_ms(&self, side: Side) -> Option<u64> {
        let c = self.clock.as_ref()?;
        let base = match side {
            Side::South => c.south_ms,
            Side::North => c.north_ms,
        };
        let elapsed = self.clock_at.map(|t| t.elapsed().as_millis() as u64).unwrap_or(0).saturating_sub(c.held_ms);
        Some(if c.running.contains(&side) { base.saturating_sub(elapsed) } else { base })
    }

    /// Is `side`'s player connected (as far as we know)?
    pub fn present(&self, side: Side) -> Option<bool> {
        self.presence.map(|p| match side {
            Side::South => p.south,
            Side::North => p.north,
        })
    }
}

/// The wire id of an error code (`not_your_turn`, …).
pub fn code_id(code: mancala_protocol::ErrorCode) -> String {
    serde_json::to_value(code).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// "south wins (no-legal-move)" / "draw (turn-limit)" / "aborted"; a rated game adds both rating changes:
/// "north wins (resignation); south 1500 → 1338? (−162), north 1500 → 1662? (+162)" (`?`: provisional).
pub fn describe_outcome(o: &OutcomeInfo) -> String {
    let result = match (&o.winner, o.reason.as_str()) {
        (_, "aborted") => "aborted".to_string(),
        (Some(w), r) => format!("{w} wins ({r})"),
        (None, r) => format!("draw ({r})"),
    };
    let Some(r) = &o.ratings else { return result };
    let change = |c: &mancala_protocol::RatingChange| {
        let delta = c.after - c.before;
        let sign = if delta < 0 { "−" } else { "+" };
        format!("{} → {}{} ({sign}{})", c.before, c.after, if c.provisional { "?" } else { "" }, delta.abs())
    };
    format!("{result}; south {}, north {}", change(&r.south), change(&r.north))
}

#[cfg(test)]
mod outcome_tests {
    use super::*;
    use mancala_protocol::{RatingChange, RatingChanges};

    #[test]
    fn a_rated_result_shows_both_changes() {
        let mut o = OutcomeInfo {
            winner: Some(mancala_engine::Side::North),
            reason: "resignation".into(),
            ratings: None,
            late: None,
        };
        assert_eq!(describe_outcome(&o), "north wins (resignation)");
        o.ratings = Some(RatingChanges {
            south: RatingChange { before: 1500, after: 1338, provisional: true },
            north: RatingChange { before: 1712, after: 1720, provisional: false },
        });
        assert_eq!(describe_outcome(&o), "north wins (resignation); south 1500 → 1338? (−162), north 1712 → 1720 (+8)");
    }
}
