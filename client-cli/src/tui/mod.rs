//! The terminal board of `mancala play` and `mancala watch` (ratatui): the board from the viewer's own
//! side, both players with their presence and clocks, the last move replayed lap by lap, the legal
//! decisions chosen with the arrows or typed in notation, and a message line.
//!
//! [`run`] owns the terminal (restored on every way out, a panic included) and the loop; [`screen::draw`]
//! draws a frame from the [`GameModel`] and the [`App`] state alone; [`board`] is the board widget,
//! [`anim`] the replay of a move, [`app`] the keys (listed there).
//!
//! The loop keeps one `session.recv()` future alive across ticks and keys (dropping it every tick would
//! restart the session's reconnection each time), so it draws from its own copy of the model, taken
//! after every message. The future is dropped only to send something.

mod anim;
mod app;
mod board;
mod screen;
#[cfg(test)]
mod tests;

pub use app::{Action, App};
pub use screen::draw;

use crate::online::api::ClientError;
use crate::online::model::{GameModel, Note};
use crate::online::session::Session;
use crossterm::event::{Event, EventStream, KeyCode, KeyEventKind, KeyModifiers};
use futures_util::StreamExt;
use mancala_protocol::{ClientMsg, NextGame};
use ratatui::DefaultTerminal;
use std::future::Future;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How often the screen is redrawn without news (clocks, replay).
const TICK: Duration = Duration::from_millis(100);

/// Restores the terminal when dropped (on return, on `?`, while unwinding).
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Plays (or watches) the session's game on the terminal until the user quits. The game goes on at the
/// server after quitting. Returns the connection's error when it was lost for good.
pub async fn run(session: &mut Session) -> anyhow::Result<()> {
    let _restore = Restore; // first: a failure half-way through the setup is undone too
    let terminal = ratatui::try_init()?; // also restores the terminal before a panic message
    let mut ui = Ui { terminal, events: EventStream::new(), tick: tokio::time::interval(TICK), last: Instant::now() };
    ui.tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut model = session.model.clone();
    let mut app = App::new(&model);
    app.reconnects = session.reconnects;
    let mut lost: Option<ClientError> = None;
    loop {
        let woke = ui.wait(&mut app, &model, session.recv(), true, lost.is_none()).await?;
        match woke {
            Woke::Done(Ok(notes)) => {
                model = session.model.clone();
                // A rematch's seat is kept on disk at once, so `mancala play --resume` finds it.
                for note in &notes {
                    if let Note::Rematch(NextGame { seat: Some(seat), .. }) = note {
                        let _ = crate::online::seats::keep(&session.api.base, seat);
                    }
                }
                app.on_notes(&notes, &model);
                if session.reconnects != app.reconnects {
                    app.on_reconnected(session.reconnects);
                }
            }
            Woke::Done(Err(e)) => {
                app.on_lost(&e.to_string());
                lost = Some(e);
            }
            Woke::Act(action) => {
                app.on_sent(&action);
                match ui.wait(&mut app, &model, perform(session, &action), false, true).await? {
                    Woke::Done(Ok(())) => {}
                    Woke::Done(Err(e)) => {
                        app.on_lost(&e.to_string());
                        lost = Some(e);
                    }
                    Woke::Act(_) | Woke::Quit => break,
                }
            }
            Woke::Quit => break,
        }
    }
    session.close().await;
    match lost {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

/// Sends what the user asked for.
async fn perform(session: &mut Session, action: &Action) -> Result<(), ClientError> {
    match action {
        Action::Decide(d) => session.decide(d).await.map(drop),
        Action::Resign => session.send(ClientMsg::Resign { id: Some("resign".into()) }).await,
        Action::Abort => session.send(ClientMsg::Abort { id: Some("abort".into()) }).await,
        Action::ClaimWin => session.send(ClientMsg::ClaimWin { id: Some("claim-win".into()) }).await,
        Action::Draw(action) => session.send(ClientMsg::Draw { id: Some("draw".into()), action: *action }).await,
        Action::Berserk => session.send(ClientMsg::Berserk { id: Some("berserk".into()) }).await,
        Action::Takeback(action) => {
            session.send(ClientMsg::Takeback { id: Some("takeback".into()), action: *action }).await
        }
        Action::Say(text) => {
            let msg = ClientMsg::Chat {
                id: Some("say".into()),
                room: mancala_protocol::ChatRoom::Players,
                text: text.clone(),
            };
            session.send(msg).await
        }
        Action::Rematch(action) => {
            session.send(ClientMsg::Rematch { id: Some("rematch".into()), action: *action }).await
        }
        Action::Quit => Ok(()),
    }
}

/// Why [`Ui::wait`] returned.
enum Woke<T> {
    /// The future finished.
    Done(T),
    /// The user asked for something to be sent.
    Act(Action),
    Quit,
}

/// The terminal and what wakes the loop besides the server.
struct Ui {
    terminal: DefaultTerminal,
    events: EventStream,
    tick: tokio::time::Interval,
    last: Instant,
}

impl Ui {
    /// Redraws on every key, resize and tick until `fut` finishes (polled only when `active`), the user
    /// asks for an action (only with `keys`; otherwise keys other than quitting are ignored) or quits.
    async fn wait<F: Future>(
        &mut self,
        app: &mut App,
        model: &GameModel,
        fut: F,
        keys: bool,
        active: bool,
    ) -> std::io::Result<Woke<F::Output>> {
        let mut fut = std::pin::pin!(fut);
        loop {
            self.terminal.draw(|f| draw(f, model, app))?;
            tokio::select! {
                out = &mut fut, if active => return Ok(Woke::Done(out)),
                event = self.events.next() => match event {
                    Some(Ok(Event::Key(key))) if keys => match app.on_key(key, model) {
                        Some(Action::Quit) => return Ok(Woke::Quit),
                        Some(action) => return Ok(Woke::Act(action)),
                        None => {}
                    },
                    Some(Ok(Event::Key(key))) => {
                        let ctrl_c = key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
                        if key.kind != KeyEventKind::Release && (ctrl_c || key.code == KeyCode::Char('q')) {
                            return Ok(Woke::Quit);
                        }
                    }
                    Some(Ok(_)) => {}
                    Some(Err(e)) => return Err(e),
                    None => return Ok(Woke::Quit),
                },
                _ = self.tick.tick() => {
                    let now = Instant::now();
                    let unix_ms = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64);
                    app.tick(unix_ms.unwrap_or_default(), now.duration_since(self.last).as_millis() as u64);
                    self.last = now;
                }
            }
        }
    }
}
