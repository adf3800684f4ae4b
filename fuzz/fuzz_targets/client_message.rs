//! Any bytes as a client's WebSocket text frame: `ClientMsg::from_text` never panics, and a message it
//! accepts serialises to JSON that reads back to the same message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_protocol::ClientMsg;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(msg) = ClientMsg::from_text(text, 4096) {
        let json = serde_json::to_string(&msg).expect("an accepted message serialises");
        let again = ClientMsg::from_text(&json, usize::MAX).expect("its JSON reads back");
        assert_eq!(msg, again);
    }
});
