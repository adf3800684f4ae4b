//! The first answers a page's client would wait for, written into its HTML as JSON data, so a phone on a
//! slow network draws the board without that round trip once the modules are in:
//!
//! - `#first-answer`: `{"get": path, "answer": …}`, what `GET path` answers this request (the lesson, a
//!   puzzle), made by the same function as that API route. The client's `call` (web/app/js/net/api.js)
//!   takes it, once, for its first `GET` of exactly that path and asks the server otherwise.
//!
//! A game's page holds no snapshot: taking one means joining the room as a spectator (the players would
//! see a spectator come and go at every page load, a finished game's room would be loaded for its HTML,
//! and the page would wait on the room), so its board still waits for its socket.

use super::html::json_data;
use serde::Serialize;

/// The id of the API answer's data block.
pub const ANSWER: &str = "first-answer";

/// The data block saying that `GET path` answers `answer`.
pub fn answer(path: &str, answer: &impl Serialize) -> Option<String> {
    let answer = serde_json::to_value(answer).ok()?;
    Some(json_data(ANSWER, &serde_json::json!({ "get": path, "answer": answer })))
}
