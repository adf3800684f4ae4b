//! The screen's own state, apart from the game: the selected decision, the notation being typed, the
//! resignation being confirmed, the replay of the last move, the message line and the clock of the screen
//! (for "you may claim the win in …"). Keys and server notes change it; [`App::on_key`] says what to send.
//!
//! Keys for a player whose game is on:
//! - `←`/`→` (or `Tab`/`Shift-Tab`): cycle through the legal decisions (holes in screen order, then the
//!   others: `:cw`, `store`, `opening:N`, `pass`); `Enter` sends the selected one;
//! - letters, digits and `:` type notation (`c2`, `a1:cw`, `opening:2`); `Enter` sends it, `Backspace`
//!   erases, `Esc` clears;
//! - `r` resign (asks `y`/`n`), `a` abort, `c` claim the win, `d` offer a draw (or agree to the one
//!   offered; `accept` and `decline` typed), `q` quit (the game goes on at the server);
//! - `"` starts a chat line to the opponent (any character then, spaces too): `Enter` says it, `Esc`
//!   drops it (after the end too).
//!   When the letter could start a legal decision (`a1`, `c2`, Azigo's `q1`, `r1`) it is typed instead, and
//!   `Enter` on that single letter runs the command;
//! - `Ctrl-C` quits at any time.
//!
//! Once the game is over a player has `m` (offer a rematch, or agree to the one offered), `n` (decline it)
//! and `q`; a spectator has only `q` (and `Ctrl-C`).

use super::anim::Anim;
use super::board::{parse_hole, screen_pos};
use crate::online::model::{GameModel, Note, describe_outcome};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use mancala_protocol::{BoardView, DrawAction, Presence, RematchAction, Side, TakebackAction};

/// What the user asked for, to be sent by the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Decide(String),
    Resign,
    Abort,
    ClaimWin,
    /// Offer a draw (which accepts the opponent's pending offer), accept it, or decline it.
    Draw(DrawAction),
    /// In a casual game: propose a takeback (which accepts the opponent's pending proposal), accept it, or
    /// decline it.
    Takeback(TakebackAction),
    /// In a tournament game that allows it: berserk (half one's time, for an extra point on a win).
    Berserk,
    /// After the end: offer a rematch (which accepts the opponent's pending offer), or decline it.
    Rematch(RematchAction),
    /// Say a line to the opponent (the players' chat room).
    Say(String),
    Quit,
}

/// How a message is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Error,
    Result,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
}

/// The screen's state.
#[derive(Clone, Debug, Default)]
pub struct App {
    /// Notation typed so far.
    pub input: String,
    /// The decision chosen with the arrows (the first legal one when unset or no longer legal).
    pub selected: Option<String>,
    pub message: Option<Message>,
    /// Waiting for `y` to resign.
    pub confirm_resign: bool,
    pub anim: Option<Anim>,
    /// Unix milliseconds now (set on every tick).
    pub now_ms: u64,
    /// The session's reconnection count last seen.
    pub reconnects: u32,
    /// The connection is gone for good (the reason); only quitting is left.
    pub lost: Option<String>,
    /// The board before the last server message, to replay the next move from.
    last_view: Option<BoardView>,
    last_presence: Option<Presence>,
}

impl App {
    pub fn new(model: &GameModel) -> App {
        App { last_view: model.view.clone(), last_presence: model.presence, ..App::default() }
    }

    fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some(Message { text: text.into(), tone });
    }

    /// May this user make decisions now or later (a seated player, game not over, connection alive)?
    pub fn interactive(&self, model: &GameModel) -> bool {
        model.seat.is_some() && model.outcome().is_none() && self.lost.is_none()
    }

    /// The legal decisions in arrow order: the holes as they appear on screen (top line first, left to
    /// right), then every other decision in the server's order.
    pub fn choices(model: &GameModel) -> Vec<String> {
        let Some(view) = &model.view else { return Vec::new() };
        let flipped = model.seat == Some(Side::North);
        let mut holes: Vec<((u8, u8), &String)> = Vec::new();
        let mut others = Vec::new();
        for d in &view.legal {
            match parse_hole(d) {
                Some((c, r)) if c < view.columns && r <= view.rows => {
                    holes.push((screen_pos(view.rows, view.columns, flipped, c, r), d))
                }
                _ => others.push(d.clone()),
            }
        }
        holes.sort();
        holes.into_iter().map(|(_, d)| d.clone()).chain(others).collect()
    }

    /// The decision Enter sends when nothing is typed.
    pub fn selection(&self, model: &GameModel) -> Option<String> {
        let choices = App::choices(model);
        match &self.selected {
            Some(s) if choices.contains(s) => Some(s.clone()),
            _ => choices.into_iter().next(),
        }
    }

    fn cycle(&mut self, model: &GameModel, forward: bool) {
        let choices = App::choices(model);
        if choices.is_empty() {
            return;
        }
        let at = self.selection(model).and_then(|s| choices.iter().position(|c| *c == s)).unwrap_or(0);
        let n = choices.len();
        let next = if forward { (at + 1) % n } else { (at + n - 1) % n };
        self.selected = Some(choices[next].clone());
        self.input.clear();
    }

    /// Handles one key; returns what to send, if anything.
    pub fn on_key(&mut self, key: KeyEvent, model: &GameModel) -> Option<Action> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Some(Action::Quit);
        }
        self.anim = None; // any key ends the replay, so the legal decisions show at once
        if self.confirm_resign {
            self.confirm_resign = false;
            if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                return Some(Action::Resign);
            }
            self.say(Tone::Info, "not resigning");
            return None;
        }
        if let Some(action) = self.chat_key(key, model) {
            return action;
        }
        if model.seat.is_some() && model.outcome().is_some() && self.lost.is_none() {
            // After the end a player may ask for a rematch (or agree to one) with `m`, or decline with `n`.
            return match key.code {
                KeyCode::Char('m' | 'M') => Some(Action::Rematch(RematchAction::Offer)),
                KeyCode::Char('n' | 'N') if model.rematch_offer.is_some() => {
                    Some(Action::Rematch(RematchAction::Decline))
                }
                KeyCode::Char('q' | 'Q') => Some(Action::Quit),
                _ => None,
            };
        }
        if !self.interactive(model) {
            return matches!(key.code, KeyCode::Char('q' | 'Q')).then_some(Action::Quit);
        }
        match key.code {
            KeyCode::Esc => {
                self.input.clear();
                self.message = None;
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Left | KeyCode::BackTab => self.cycle(model, false),
            KeyCode::Right | KeyCode::Tab => self.cycle(model, true),
            KeyCode::Enter => return self.enter(model),
            KeyCode::Char(ch) => {
                let ch = ch.to_ascii_lowercase();
                let starts_legal = model.legal().iter().any(|d| d.starts_with(ch));
                if self.input.is_empty() && !starts_legal && command(ch).is_some() {
                    return self.command(ch);
                }
                if ch.is_ascii_alphanumeric() || ch == ':' {
                    self.input.push(ch);
                }
            }
            _ => {}
        }
        None
    }

    /// A player's chat line: `"` starts one (the input then takes any character, spaces too), Enter says
    /// it, Esc drops it. `None` when the key is not the chat's.
    fn chat_key(&mut self, key: KeyEvent, model: &GameModel) -> Option<Option<Action>> {
        let chatting = self.input.starts_with('"');
        if model.seat.is_none() || self.lost.is_some() || !(chatting || key.code == KeyCode::Char('"')) {
            return None;
        }
        if !chatting && !self.input.is_empty() {
            return None;
        }
        Some(match key.code {
            KeyCode::Enter => {
                let line = std::mem::take(&mut self.input);
                let text = line.trim_start_matches('"').trim().to_string();
                (!text.is_empty()).then_some(Action::Say(text))
            }
            KeyCode::Esc => {
                self.input.clear();
                None
            }
            KeyCode::Backspace => {
                self.input.pop();
                None
            }
            KeyCode::Char(ch) if self.input.chars().count() <= mancala_protocol::CHAT_MAX_CHARS => {
                self.input.push(ch);
                None
            }
            _ => None,
        })
    }

    fn enter(&mut self, model: &GameModel) -> Option<Action> {
        let typed = std::mem::take(&mut self.input);
        let typed = typed.trim();
        if typed.is_empty() {
            return match self.selection(model) {
                Some(d) => Some(Action::Decide(d)),
                None => {
                    self.say(Tone::Info, "it is not your decision now");
                    None
                }
            };
        }
        let mut chars = typed.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) if command(ch).is_some() => self.command(ch),
            _ => match typed {
                "resign" | "abort" | "claim" | "draw" | "quit" => self.command(typed.chars().next().unwrap_or('q')),
                "accept" => Some(Action::Draw(DrawAction::Accept)),
                "decline" => Some(Action::Draw(DrawAction::Decline)),
                "berserk" => Some(Action::Berserk),
                "takeback" => Some(Action::Takeback(TakebackAction::Propose)),
                "takeback accept" => Some(Action::Takeback(TakebackAction::Accept)),
                "takeback decline" => Some(Action::Takeback(TakebackAction::Decline)),
                _ => Some(Action::Decide(typed.to_string())),
            },
        }
    }

    fn command(&mut self, ch: char) -> Option<Action> {
        let action = command(ch)?;
        if action == Action::Resign {
            self.confirm_resign = true;
            return None;
        }
        Some(action)
    }

    /// The user asked for `action` and it is being sent.
    pub fn on_sent(&mut self, action: &Action) {
        match action {
            Action::Decide(d) => self.say(Tone::Info, format!("sent {d}")),
            Action::Resign => self.say(Tone::Info, "resigning…"),
            Action::Abort => self.say(Tone::Info, "aborting…"),
            Action::ClaimWin => self.say(Tone::Info, "claiming the win…"),
            Action::Draw(DrawAction::Offer) => self.say(Tone::Info, "offering a draw…"),
            Action::Draw(DrawAction::Accept) => self.say(Tone::Info, "accepting the draw…"),
            Action::Draw(DrawAction::Decline) => self.say(Tone::Info, "declining the draw…"),
            Action::Takeback(TakebackAction::Propose) => self.say(Tone::Info, "proposing a takeback…"),
            Action::Takeback(TakebackAction::Accept) => self.say(Tone::Info, "accepting the takeback…"),
            Action::Takeback(TakebackAction::Decline) => self.say(Tone::Info, "declining the takeback…"),
            Action::Berserk => self.say(Tone::Info, "berserking…"),
            Action::Rematch(RematchAction::Decline) => self.say(Tone::Info, "declining the rematch…"),
            Action::Rematch(_) => self.say(Tone::Info, "asking for a rematch…"),
            Action::Say(_) => {}
            Action::Quit => {}
        }
    }

    /// What the server said, after `model` took it in.
    pub fn on_notes(&mut self, notes: &[Note], model: &GameModel) {
        for note in notes {
            match note {
                Note::Moved { side, .. } => {
                    let replay = match (&self.last_view, &model.last_move, &model.view) {
                        (Some(before), Some(mv), Some(after)) => Anim::start(before, mv, after),
                        _ => None,
                    };
                    self.anim = replay;
                    if Some(*side) == model.seat {
                        self.message = None; // "sent c2" is answered by the move itself
                    }
                }
                Note::Accepted { .. } => {
                    if self.message.as_ref().is_some_and(|m| m.tone == Tone::Info) {
                        self.message = None;
                    }
                }
                Note::Rejected { reason, legal, .. } => {
                    let mut text = format!("refused: {reason}");
                    if !legal.is_empty() && !reason.contains("legal") {
                        text.push_str(&format!(" — legal: {}", legal.join(" ")));
                    }
                    self.say(Tone::Error, text);
                }
                Note::Error { code, message } => self.say(Tone::Error, format!("error ({code}): {message}")),
                Note::Ended(o) => {
                    let mut text = describe_outcome(o);
                    if let Some(seat) = model.seat {
                        text.push_str(match o.winner {
                            Some(w) if w == seat => " — you win",
                            Some(_) => " — you lose",
                            None => "",
                        });
                    }
                    self.say(Tone::Result, text);
                }
                Note::Synced => {}
                Note::PresenceChanged => self.presence_changed(model),
                Note::DrawOffer { by: Some(side) } if model.seat == Some(*side) => {
                    self.say(Tone::Info, "you offer a draw");
                }
                Note::DrawOffer { by: Some(side) } => {
                    let who = super::screen::player_name(model, *side);
                    let text = if model.seat.is_some() {
                        format!("{who} offers a draw: d to agree, or type decline")
                    } else {
                        format!("{who} offers a draw")
                    };
                    self.say(Tone::Info, text);
                }
                Note::DrawOffer { by: None } => self.say(Tone::Info, "no draw offer pending"),
                Note::TakebackOffer { by: Some(side) } if model.seat == Some(*side) => {
                    self.say(Tone::Info, "you propose a takeback");
                }
                Note::TakebackOffer { by: Some(side) } => {
                    let who = super::screen::player_name(model, *side);
                    let text = if model.seat.is_some() {
                        format!("{who} proposes a takeback: t to agree, or type takeback decline")
                    } else {
                        format!("{who} proposes a takeback")
                    };
                    self.say(Tone::Info, text);
                }
                Note::TakebackOffer { by: None } => {}
                Note::TookBack { by, ply } => {
                    self.anim = None;
                    let who = super::screen::player_name(model, *by);
                    self.say(Tone::Info, format!("taken back at {who}'s request: back after move {ply}"));
                }
                Note::Berserked { side } => {
                    let who = super::screen::player_name(model, *side);
                    self.say(Tone::Info, format!("{who} berserks: half the time, no increment"));
                }
                Note::RematchOffer { by: Some(side) } if model.seat == Some(*side) => {
                    self.say(Tone::Info, "you offer a rematch");
                }
                Note::RematchOffer { by: Some(side) } => {
                    let who = super::screen::player_name(model, *side);
                    self.say(Tone::Info, format!("{who} offers a rematch: m to agree, n to decline"));
                }
                Note::RematchOffer { by: None } => self.say(Tone::Info, "no rematch offer pending"),
                Note::Chat(line) => self.say(Tone::Info, crate::line::chat_line(line)),
                Note::Rematch(next) => {
                    let text = match &next.seat {
                        Some(seat) => format!("rematch: you play {} — mancala play --resume {}", seat.seat, next.game),
                        None => format!("rematch: mancala watch {}", next.game),
                    };
                    self.say(Tone::Result, text);
                }
            }
        }
        self.last_view = model.view.clone();
        self.last_presence = model.presence;
    }

    fn presence_changed(&mut self, model: &GameModel) {
        let (Some(before), Some(now)) = (self.last_presence, model.presence) else { return };
        for side in Side::BOTH {
            let was = if side == Side::South { before.south } else { before.north };
            let is = if side == Side::South { now.south } else { now.north };
            if was != is && model.seat != Some(side) {
                let who = super::screen::player_name(model, side);
                self.say(Tone::Info, if is { format!("{who} connected") } else { format!("{who} disconnected") });
            }
        }
    }

    /// The session had to reconnect (its counter is now `count`).
    pub fn on_reconnected(&mut self, count: u32) {
        self.reconnects = count;
        if self.message.as_ref().is_none_or(|m| m.tone == Tone::Info) {
            self.say(Tone::Info, "the connection dropped; reconnected and back in sync");
        }
    }

    /// The connection is gone for good.
    pub fn on_lost(&mut self, reason: &str) {
        self.lost = Some(reason.to_string());
        self.say(Tone::Error, format!("{reason} — press q to quit"));
    }

    /// Time passed: `now_ms` is the wall clock, `elapsed_ms` since the last tick.
    pub fn tick(&mut self, now_ms: u64, elapsed_ms: u64) {
        self.now_ms = now_ms;
        if let Some(a) = &mut self.anim {
            a.advance(elapsed_ms);
            if a.finished() {
                self.anim = None;
            }
        }
    }
}

/// The command of a key (`r`, `a`, `c`, `q`).
fn command(ch: char) -> Option<Action> {
    match ch {
        'r' => Some(Action::Resign),
        'a' => Some(Action::Abort),
        'c' => Some(Action::ClaimWin),
        'd' => Some(Action::Draw(DrawAction::Offer)),
        't' => Some(Action::Takeback(TakebackAction::Propose)),
        'b' => Some(Action::Berserk),
        'm' => Some(Action::Rematch(RematchAction::Offer)),
        'q' => Some(Action::Quit),
        _ => None,
    }
}
