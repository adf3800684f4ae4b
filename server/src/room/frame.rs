//! What a room hands to its connections: a [`Frame`] is a typed [`ServerMsg`] that is serialised to JSON
//! at most once, by the first socket writer that sends it, and then shared by every connection of the
//! same kind of viewer. Server bots and the NDJSON stream read the typed message; only sockets and
//! streams see text.
//!
//! The frames of one event built for different kinds of viewer usually differ only in their board (the
//! player to move is offered its decisions, the others are not), while the event itself (a move's steps,
//! most of the frame) is the same: such frames share the JSON of their `event` part, made once.
//!
//! A connection's queue holds [`Outbound`] items; one item is everything one occasion sends (a change's
//! events, a catch-up, an answer), so a queue bounds how many occasions a connection may fall behind, not
//! how many plies a change has.

use mancala_protocol::ServerMsg;
use std::sync::{Arc, OnceLock};
use tokio_tungstenite::tungstenite::Utf8Bytes;

/// A message for one kind of viewer, with its JSON made on first use.
#[derive(Debug)]
pub struct Frame {
    msg: ServerMsg,
    text: OnceLock<Utf8Bytes>,
    /// For an event: the JSON of its `event` part, shared with the frames of the same event for other
    /// kinds of viewer that see it the same way.
    event_json: Option<Arc<OnceLock<Vec<u8>>>>,
}

impl Frame {
    pub fn new(msg: ServerMsg) -> Arc<Frame> {
        Arc::new(Frame { msg, text: OnceLock::new(), event_json: None })
    }

    /// A frame built with others for the same occasion: an event shares the JSON of its `event` part with
    /// `like`, a frame of the same event for another kind of viewer, when both see that part the same way.
    pub fn alongside(msg: ServerMsg, like: Option<&Frame>) -> Arc<Frame> {
        let ServerMsg::Event { v, event, .. } = &msg else { return Frame::new(msg) };
        let shared = like.and_then(|other| match (&other.msg, &other.event_json) {
            (ServerMsg::Event { v: w, event: e, .. }, Some(json)) if w == v && e == event => Some(json.clone()),
            _ => None,
        });
        let event_json = Some(shared.unwrap_or_default());
        Arc::new(Frame { msg, text: OnceLock::new(), event_json })
    }

    /// A frame received as JSON text from another node (docs/cluster.md): parsed once, its text kept as it
    /// came, so the socket writers send it without serialising it again.
    pub fn from_text(text: &str) -> Result<Arc<Frame>, serde_json::Error> {
        let msg = serde_json::from_str(text)?;
        Ok(Arc::new(Frame { msg, text: OnceLock::from(Utf8Bytes::from(text.to_string())), event_json: None }))
    }

    pub fn msg(&self) -> &ServerMsg {
        &self.msg
    }

    /// The JSON text (made once, then shared: cloning it does not copy).
    pub fn text(&self) -> Utf8Bytes {
        self.text.get_or_init(|| Utf8Bytes::from(self.json())).clone()
    }

    /// The message's JSON, exactly as [`ServerMsg::to_json`] writes it; an event with a shared `event` part
    /// is put together from that part and its own board and clocks.
    fn json(&self) -> String {
        let mut out = Vec::with_capacity(1024);
        match (&self.msg, &self.event_json) {
            (ServerMsg::Event { v, event, view, clock }, Some(shared)) => {
                let event = shared.get_or_init(|| {
                    let mut part = Vec::with_capacity(512);
                    event.write_json(&mut part);
                    part
                });
                ServerMsg::write_event_json(&mut out, *v, event, view.as_ref(), clock.as_ref());
            }
            (msg, _) => msg.write_json(&mut out),
        }
        String::from_utf8(out).expect("JSON is UTF-8")
    }

    /// The version this message carries, if it is a snapshot or an event.
    pub fn version(&self) -> Option<u64> {
        match self.msg {
            ServerMsg::Snapshot { v, .. } | ServerMsg::Event { v, .. } => Some(v),
            _ => None,
        }
    }
}

/// Frames sent together, in order.
pub type Frames = Arc<[Arc<Frame>]>;

/// One item of a connection's queue.
#[derive(Clone, Debug)]
pub enum Outbound {
    /// Messages to send in this order.
    Frames(Frames),
    /// Close the connection with this code and reason.
    Close(u16, &'static str),
}

impl Outbound {
    /// One message on its own.
    pub fn one(msg: ServerMsg) -> Outbound {
        Outbound::Frames(Arc::new([Frame::new(msg)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An event as a client receives it: a move with its steps, the board and the clocks.
    const MOVE: &str = r#"{"type":"event","v":7,"event":{"kind":"move","ply":6,"side":"north","decision":"c3","auto":false,"steps":["lift c3 3 acw","drop d3","drop e3","drop f3","capture f2 2 f3","turn_end south"]},"view":{"variant":"kubuguza","rows":4,"columns":8,"holes":[1,1,1,1,0,0,0,0,0,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,0,0,0,0,0,0,0,0],"stores":{"south":null,"north":null},"to_move":"south","turn":7,"choices":{"south":"pending","north":"pending"},"legal":["a1","b1"],"outcome":null},"clock":{"base_secs":300,"increment_secs":5,"south_ms":299000,"north_ms":287000,"running":["south"]}}"#;

    fn event(text: &str) -> ServerMsg {
        serde_json::from_str(text).expect("a server message")
    }

    fn without(msg: &ServerMsg, view: bool, clock: bool) -> ServerMsg {
        let ServerMsg::Event { v, event, view: b, clock: c } = msg.clone() else { panic!("an event") };
        ServerMsg::Event { v, event, view: b.filter(|_| view), clock: c.filter(|_| clock) }
    }

    #[test]
    fn a_frame_put_together_from_a_shared_event_is_the_message_as_serde_writes_it() {
        let full = event(MOVE);
        let end = event(
            r#"{"type":"event","v":9,"event":{"kind":"end","outcome":{"winner":"south","reason":"resignation"}}}"#,
        );
        for msg in
            [full.clone(), without(&full, false, false), without(&full, true, false), without(&full, false, true), end]
        {
            let frame = Frame::alongside(msg.clone(), None);
            assert!(frame.event_json.is_some());
            assert_eq!(frame.text().as_str(), msg.to_json(), "{msg:?}");
        }
        assert_eq!(Frame::alongside(full.clone(), None).text().as_str(), MOVE);
    }

    #[test]
    fn frames_of_one_event_share_its_json_when_they_see_it_the_same() {
        let mover = event(MOVE);
        let mut other = mover.clone();
        if let ServerMsg::Event { view: Some(view), .. } = &mut other {
            view.legal.clear();
        }
        let first = Frame::alongside(mover.clone(), None);
        let second = Frame::alongside(other.clone(), Some(&first));
        let shared = |a: &Frame, b: &Frame| Arc::ptr_eq(a.event_json.as_ref().unwrap(), b.event_json.as_ref().unwrap());
        assert!(shared(&first, &second), "the same move, boards apart");
        assert_eq!(second.text().as_str(), other.to_json());
        assert_eq!(first.text().as_str(), mover.to_json());

        // Another version, or a move seen otherwise (a secret decision), makes its own.
        let mut hidden = mover.clone();
        if let ServerMsg::Event { event: mancala_protocol::GameEvent::Move { mv }, .. } = &mut hidden {
            mv.decision = None;
        }
        let third = Frame::alongside(hidden.clone(), Some(&first));
        assert!(!shared(&first, &third));
        assert_eq!(third.text().as_str(), hidden.to_json());
        let later = event(&MOVE.replace(r#""v":7"#, r#""v":8"#));
        assert!(!shared(&first, &Frame::alongside(later, Some(&first))));
        // Messages that are not events are made whole.
        assert!(Frame::alongside(ServerMsg::Accepted { id: None, v: 7 }, Some(&first)).event_json.is_none());
    }
}
