//! One seat of a chaos game, a client as docs/protocol.md tells one to behave: it plays random legal
//! decisions, and when its connection is lost (the server was killed) it reconnects with `?v=` the last
//! version it holds, applies what comes (events in order, or a snapshot that supersedes them), and sends
//! an unanswered `decide` again with the same `id`. On every connection it checks that versions only
//! increase: an event is exactly the next version, a snapshot is never behind what it held (a snapshot
//! behind would be the server having forgotten acknowledged events).

use super::ledger::{Ack, Ledger, SIDES, unix_ms};
use super::{Ctx, Phase};
use futures_util::{SinkExt, StreamExt};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::{Instant, sleep, sleep_until, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How a seat ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatEnd {
    /// The game is over and every decision of the seat was answered.
    Over,
    /// The run stopped.
    Stopped,
}

/// How a connection ended.
enum Session {
    End(SeatEnd),
    /// Lost (killed server, closed, unreadable or silent): reconnect.
    Lost,
}

struct Pending {
    id: String,
    decision: String,
    sent: Instant,
    /// The first resend after a reconnection (unix ms).
    resent_at_ms: Option<u64>,
}

/// What the seat knows of its game.
struct State {
    game: String,
    side: usize,
    /// The last version received.
    version: u64,
    legal: Vec<String>,
    /// An event without a board arrived: the board (and `legal`) come with the change's last event.
    stale: bool,
    over: bool,
    pending: Option<Pending>,
    next_id: u64,
    think_until: Instant,
    /// Reconnected with `?v=`: the first versioned message shows how the server resumed.
    resuming: bool,
}

impl State {
    fn who(&self) -> String {
        format!("game {} {}", self.game, SIDES[self.side])
    }

    fn key(&self, id: &str) -> (String, usize, String) {
        (self.game.clone(), self.side, id.to_string())
    }

    fn take_view(&mut self, view: &Value, think: Duration) {
        self.legal = view["legal"]
            .as_array()
            .map_or_else(Vec::new, |l| l.iter().filter_map(|d| d.as_str().map(str::to_string)).collect());
        self.over = !view["outcome"].is_null();
        self.stale = false;
        self.think_until = Instant::now() + think;
    }
}

/// Plays the seat until its game is over, or the run stops.
pub async fn play(ctx: Arc<Ctx>, game: String, side: usize, token: String, seed: u64) -> SeatEnd {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut phase = ctx.phase.subscribe();
    let mut s = State {
        game,
        side,
        version: 0,
        legal: Vec::new(),
        stale: false,
        over: false,
        pending: None,
        next_id: 1,
        think_until: Instant::now(),
        resuming: false,
    };
    let mut connected_before = false;
    loop {
        if let Some(end) = finished(&ctx, &s, *phase.borrow()) {
            return end;
        }
        let v = if s.version > 0 { format!("&v={}", s.version) } else { String::new() };
        let url = format!("{}/api/games/{}/ws?token={token}{v}", ctx.ws_base, s.game);
        let ws = match timeout(Duration::from_secs(5), tokio_tungstenite::connect_async(url.as_str())).await {
            Ok(Ok((ws, _))) => ws,
            // The server is down or starting: try again soon.
            _ => {
                sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        if connected_before {
            Ledger::count(&ctx.ledger.reconnects);
            s.resuming = s.version > 0;
        }
        connected_before = true;
        match session(&ctx, &mut s, ws, &mut phase, &mut rng).await {
            Session::End(end) => return end,
            Session::Lost => {}
        }
    }
}

/// Whether the seat is done, given the run's phase.
fn finished(ctx: &Ctx, s: &State, phase: Phase) -> Option<SeatEnd> {
    match &s.pending {
        None if s.over => Some(SeatEnd::Over),
        None if phase >= Phase::Drain => Some(SeatEnd::Stopped),
        Some(p) if phase == Phase::Done => {
            ctx.ledger.unresolved.lock().unwrap().insert(s.key(&p.id));
            Some(SeatEnd::Stopped)
        }
        _ => None,
    }
}

async fn send(ws: &mut Ws, id: &str, decision: &str) -> bool {
    let text = json!({ "type": "decide", "id": id, "decision": decision }).to_string();
    ws.send(Message::Text(text.into())).await.is_ok()
}

async fn session(
    ctx: &Ctx,
    s: &mut State,
    mut ws: Ws,
    phase: &mut watch::Receiver<Phase>,
    rng: &mut ChaCha8Rng,
) -> Session {
    if let Some(p) = s.pending.as_mut() {
        // Unanswered when the connection was lost: perhaps applied, perhaps not; the same id tells.
        p.sent = Instant::now();
        p.resent_at_ms.get_or_insert_with(unix_ms);
        Ledger::count(&ctx.ledger.resent);
        if !send(&mut ws, &p.id, &p.decision).await {
            return Session::Lost;
        }
    }
    loop {
        let now_phase = *phase.borrow();
        if let Some(end) = finished(ctx, s, now_phase) {
            let _ = ws.close(None).await;
            return Session::End(end);
        }
        let may_send = now_phase == Phase::Play && s.pending.is_none() && !s.over && !s.stale && !s.legal.is_empty();
        if may_send && Instant::now() >= s.think_until {
            let decision = s.legal[rng.random_range(0..s.legal.len())].clone();
            let id = s.next_id.to_string();
            s.next_id += 1;
            Ledger::count(&ctx.ledger.decisions_sent);
            if !send(&mut ws, &id, &decision).await {
                s.pending = Some(Pending { id, decision, sent: Instant::now(), resent_at_ms: None });
                return Session::Lost;
            }
            s.pending = Some(Pending { id, decision, sent: Instant::now(), resent_at_ms: None });
            continue;
        }
        let wake = if may_send { s.think_until } else { Instant::now() + Duration::from_millis(500) };
        tokio::select! {
            m = ws.next() => match m {
                Some(Ok(Message::Text(t))) => {
                    if !handle(ctx, s, &mut ws, t.as_str()).await {
                        return Session::Lost;
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return Session::Lost,
                Some(Ok(_)) => {}
            },
            _ = sleep_until(wake) => {}
            _ = phase.changed() => {}
        }
        if let Some(p) = &s.pending
            && p.sent.elapsed() > ctx.answer_timeout
        {
            ctx.ledger.error("no_answer", format!("{}: no answer to id {} in {:?}", s.who(), p.id, ctx.answer_timeout));
            return Session::Lost;
        }
    }
}

/// Handles one server message; `false` when the connection should be dropped (and opened again).
async fn handle(ctx: &Ctx, s: &mut State, ws: &mut Ws, text: &str) -> bool {
    let ledger = &ctx.ledger;
    let Ok(m) = serde_json::from_str::<Value>(text) else {
        ledger.error("protocol", format!("{}: not JSON: {text}", s.who()));
        return false;
    };
    let id_matches = |s: &State| s.pending.as_ref().is_some_and(|p| m["id"].as_str() == Some(p.id.as_str()));
    match m["type"].as_str().unwrap_or("") {
        "snapshot" => {
            let v = m["v"].as_u64().unwrap_or(0);
            if v < s.version {
                ledger.error("snapshot_behind", format!("{}: snapshot v={v} after v={}", s.who(), s.version));
            }
            if std::mem::take(&mut s.resuming) {
                Ledger::count(&ledger.resumed_by_snapshot);
            }
            s.version = v;
            s.take_view(&m["view"], ctx.think);
        }
        "event" => {
            let v = m["v"].as_u64().unwrap_or(0);
            if v != s.version + 1 {
                ledger.error("version_order", format!("{}: event v={v} after v={}", s.who(), s.version));
                return false;
            }
            if std::mem::take(&mut s.resuming) {
                Ledger::count(&ledger.resumed_by_events);
            }
            s.version = v;
            if m["view"].is_null() {
                s.stale = true;
            } else {
                s.take_view(&m["view"], ctx.think);
            }
        }
        "accepted" if id_matches(s) => {
            let p = s.pending.take().expect("pending");
            let v = m["v"].as_u64().unwrap_or(0);
            if v == 0 {
                ledger.error("protocol", format!("{}: accepted without a version: {text}", s.who()));
            }
            ledger.ack(Ack {
                game: s.game.clone(),
                side: s.side,
                id: p.id,
                decision: p.decision,
                ply: v.saturating_sub(1),
                resent_at_ms: p.resent_at_ms,
            });
        }
        "rejected" if id_matches(s) => {
            let code = m["code"].as_str().unwrap_or("?");
            if code == "unavailable" {
                // Not stored, not remembered: the same id again, a little later.
                Ledger::count(&ledger.unavailable);
                sleep(Duration::from_millis(200)).await;
                let p = s.pending.as_mut().expect("pending");
                p.sent = Instant::now();
                return send(ws, &p.id, &p.decision).await;
            }
            let p = s.pending.take().expect("pending");
            ledger.error(&format!("rejected:{code}"), format!("{}: {} (id {}): {text}", s.who(), p.decision, p.id));
            ledger.refused.lock().unwrap().insert(s.key(&p.id));
        }
        "accepted" | "rejected" => {
            ledger.error("unexpected_answer", format!("{}: {text}", s.who()));
        }
        "error" if m["code"] == "rate_limited" => {
            Ledger::count(&ledger.rate_limited);
            sleep(Duration::from_millis(100)).await;
            if let Some(p) = s.pending.as_mut() {
                p.sent = Instant::now();
                return send(ws, &p.id, &p.decision).await;
            }
        }
        "error" => {
            ledger.error(&format!("error:{}", m["code"].as_str().unwrap_or("?")), format!("{}: {text}", s.who()))
        }
        _ => {}
    }
    true
}
