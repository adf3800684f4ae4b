//! Plays whole games over WebSockets: two seated clients and a spectator, random legal decisions, and
//! checks on every message (versions without gaps, no secret reaching the wrong viewer).

use super::{TestServer, Ws, pick};
use serde_json::{Value, json};
use std::time::Duration;

/// How long a table waits for a message before it calls the connection dead.
const TIMEOUT: Duration = Duration::from_secs(10);

pub struct Table {
    pub id: String,
    pub south: Ws,
    pub north: Ws,
    pub spectator: Ws,
    /// Latest view and version seen by south, north, spectator.
    pub views: [Value; 3],
    pub versions: [u64; 3],
    pub next_id: u64,
    pub variant: String,
}

/// What a spectator or an opponent must never see before the end.
pub fn check_no_secret(msg: &Value, viewer: usize, variant: &str) {
    let view = &msg["view"];
    if view.is_null() || !view["outcome"].is_null() {
        return;
    }
    if variant == "azigo" {
        for (i, side) in ["south", "north"].iter().enumerate() {
            if viewer != i {
                assert!(view["stores"][side].is_null(), "viewer {viewer} sees {side}'s store: {msg}");
            }
        }
    }
    if variant == "ikibuguzo" && view["choices"]["south"] != "pending" && view["choices"]["north"] == "pending" {
        // Only South has chosen: nobody but South may know which array.
        if viewer != 0 {
            assert_eq!(view["choices"]["south"], "hidden", "viewer {viewer}: {msg}");
            if msg["type"] == "event" {
                assert!(msg["event"]["decision"].is_null(), "{msg}");
            }
        }
    }
    if variant == "ikibuguzo"
        && view["choices"]["north"] != "pending"
        && view["choices"]["south"] == "pending"
        && viewer != 1
    {
        assert_eq!(view["choices"]["north"], "hidden", "viewer {viewer}: {msg}");
    }
    let text = msg.to_string();
    if viewer == 2 {
        assert!(view["legal"].as_array().is_some_and(|l| l.is_empty()), "spectator offered moves: {text}");
    }
}

impl Table {
    pub async fn open(server: &TestServer, id: &str, south: &str, north: &str, variant: &str) -> Table {
        let mut t = Table {
            id: id.to_string(),
            south: server.ws(id, Some(south), None).await,
            north: server.ws(id, Some(north), None).await,
            spectator: server.ws(id, None, None).await,
            views: [Value::Null, Value::Null, Value::Null],
            versions: [0; 3],
            next_id: 1,
            variant: variant.to_string(),
        };
        for i in 0..3 {
            let snap = t.ws(i).next_of("snapshot").await;
            check_no_secret(&snap, i, variant);
            t.versions[i] = snap["v"].as_u64().unwrap();
            t.views[i] = snap["view"].clone();
        }
        t
    }

    pub fn ws(&mut self, i: usize) -> &mut Ws {
        match i {
            0 => &mut self.south,
            1 => &mut self.north,
            _ => &mut self.spectator,
        }
    }

    /// Reads viewer `i`'s messages until it has seen version `v`; returns the messages read.
    pub async fn catch_up(&mut self, i: usize, v: u64) -> Vec<Value> {
        self.try_catch_up(i, v).await.expect("a message within 10 s")
    }

    /// [`Table::catch_up`], or `None` when the connection closes (or is silent for 10 s) first.
    pub async fn try_catch_up(&mut self, i: usize, v: u64) -> Option<Vec<Value>> {
        let mut seen = Vec::new();
        while self.versions[i] < v {
            let m = self.ws(i).try_next(TIMEOUT).await?;
            check_no_secret(&m, i, &self.variant.clone());
            match m["type"].as_str().unwrap() {
                "event" => {
                    let ev = m["v"].as_u64().unwrap();
                    assert_eq!(ev, self.versions[i] + 1, "viewer {i}: gap or repeat in versions: {m}");
                    self.versions[i] = ev;
                    // Only a change's last event carries the board.
                    if !m["view"].is_null() {
                        self.views[i] = m["view"].clone();
                    }
                }
                "snapshot" => {
                    self.versions[i] = m["v"].as_u64().unwrap();
                    self.views[i] = m["view"].clone();
                }
                _ => {}
            }
            seen.push(m);
        }
        Some(seen)
    }

    /// Sends `decision` for seat `i`, waits for the answer, and brings every viewer up to date.
    pub async fn decide(&mut self, i: usize, decision: &str) -> Value {
        self.try_decide(i, decision).await.expect("a message within 10 s")
    }

    /// [`Table::decide`], or `None` when a connection closes (or is silent for 10 s) on the way.
    pub async fn try_decide(&mut self, i: usize, decision: &str) -> Option<Value> {
        let id = self.next_id.to_string();
        self.next_id += 1;
        self.ws(i).try_send(json!({ "type": "decide", "id": id, "decision": decision })).await?;
        let answer = loop {
            let m = self.ws(i).try_next(TIMEOUT).await?;
            check_no_secret(&m, i, &self.variant.clone());
            match m["type"].as_str().unwrap() {
                "accepted" | "rejected" if m["id"] == id.as_str() => break m,
                // A seat whose opponent's moves are all forced plays faster than the connection's message
                // rate (20/s): the decision was dropped, unapplied; send it again, as a client would.
                "error" if m["code"] == "rate_limited" => {
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    self.ws(i).try_send(json!({ "type": "decide", "id": id, "decision": decision })).await?;
                }
                "event" => {
                    let ev = m["v"].as_u64().unwrap();
                    assert_eq!(ev, self.versions[i] + 1, "viewer {i}: gap in versions: {m}");
                    self.versions[i] = ev;
                    if !m["view"].is_null() {
                        self.views[i] = m["view"].clone();
                    }
                }
                _ => {}
            }
        };
        if answer["type"] == "accepted" {
            // Events of the change (forced decisions included) were sent before the answer; read any
            // the mover has not consumed yet, then the others.
            let target = self.versions[i].max(answer["v"].as_u64().unwrap());
            self.try_catch_up(i, target).await?;
            let target = self.versions[i];
            for j in 0..3 {
                self.try_catch_up(j, target).await?;
            }
        }
        Some(answer)
    }

    pub fn over(&self) -> bool {
        !self.views[2]["outcome"].is_null()
    }

    /// Plays random legal decisions until the end (or `max` decisions). Returns the number played.
    pub async fn play_random(&mut self, seed: &mut u64, max: usize) -> usize {
        let mut n = 0;
        while !self.over() && n < max {
            let mover = (0..2).find(|&i| self.views[i]["legal"].as_array().is_some_and(|l| !l.is_empty()));
            let Some(i) = mover else { panic!("nobody may move but the game is not over: {:?}", self.views) };
            let legal: Vec<String> =
                self.views[i]["legal"].as_array().unwrap().iter().map(|d| d.as_str().unwrap().to_string()).collect();
            let d = legal[pick(seed, legal.len())].clone();
            let answer = self.decide(i, &d).await;
            assert_eq!(answer["type"], "accepted", "{d} by {i}: {answer}");
            n += 1;
        }
        n
    }
}
