//! Reading one client text frame into a [`ClientMsg`]: the size check, a `decide` in its plain form read by
//! hand (`quick.rs`), else the check for repeated keys ([`crate::strict`]) then serde, and on failure an
//! [`ErrorCode`] with a sentence that says what was wrong. The list of message types is the enum's own
//! (serde names the known variants when the `type` is unknown), never a list kept by hand beside it.
//!
//! Shared by the server (every WebSocket text frame goes through [`ClientMsg::from_text`]) and the fuzz
//! target that feeds it arbitrary bytes.

use crate::ws::{ClientMsg, ErrorCode};

/// A client frame that could not be read: the code clients match on and a readable reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboundError {
    pub code: ErrorCode,
    pub message: String,
}

impl InboundError {
    fn new(code: ErrorCode, message: impl Into<String>) -> InboundError {
        InboundError { code, message: message.into() }
    }
}

impl ClientMsg {
    /// Parses a client text frame of at most `max_bytes` bytes.
    pub fn from_text(text: &str, max_bytes: usize) -> Result<ClientMsg, InboundError> {
        if text.len() > max_bytes {
            return Err(InboundError::new(
                ErrorCode::TooLarge,
                format!("message of {} bytes; the limit is {max_bytes}", text.len()),
            ));
        }
        // The common message in its plain form, read without serde (`quick.rs`); anything else goes on.
        if let Some(msg) = crate::quick::decide(text) {
            return Ok(msg);
        }
        // A repeated key is refused before the parse, which would keep the last one or say only "duplicate
        // field" (`strict.rs`).
        if let Some(path) = crate::strict::first_duplicate(text.as_bytes()) {
            return Err(InboundError::new(ErrorCode::Malformed, crate::strict::duplicate_message(&path)));
        }
        // The common case costs one parse; only a refused message is looked at again to say why.
        serde_json::from_str(text).map_err(|e| explain(text, e))
    }
}

/// Why `text` is not a client message.
fn explain(text: &str, error: serde_json::Error) -> InboundError {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return InboundError::new(ErrorCode::Malformed, format!("not JSON: {e}")),
    };
    let Some(object) = value.as_object() else {
        return InboundError::new(ErrorCode::Malformed, "a message is a JSON object with a `type`");
    };
    let kind = match object.get("type") {
        None => return InboundError::new(ErrorCode::Malformed, "missing field `type`"),
        Some(serde_json::Value::String(kind)) => kind,
        Some(_) => return InboundError::new(ErrorCode::Malformed, "field `type` must be a string"),
    };
    let reason = error.to_string();
    // serde's own words for a tag that names no variant, with the variants the enum has.
    if reason.starts_with("unknown variant") {
        let reason = reason.split(" at line").next().unwrap_or(&reason);
        return InboundError::new(ErrorCode::UnknownType, format!("unknown message type: {reason}"));
    }
    InboundError::new(ErrorCode::Malformed, format!("bad `{kind}` message: {reason}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> InboundError {
        ClientMsg::from_text(text, 100).unwrap_err()
    }

    #[test]
    fn each_bad_input_says_what_is_wrong() {
        assert_eq!(err("{").code, ErrorCode::Malformed);
        assert!(err("{").message.starts_with("not JSON"), "{:?}", err("{"));
        assert_eq!(err("{}").message, "missing field `type`");
        assert_eq!(err("[1]").code, ErrorCode::Malformed);
        assert_eq!(err(r#"{"type":3}"#).message, "field `type` must be a string");
        let unknown = err(r#"{"type":"dance"}"#);
        assert_eq!(unknown.code, ErrorCode::UnknownType);
        // The known types come from the enum itself.
        for known in ["decide", "resign", "abort", "claim_win", "sync", "ping"] {
            assert!(unknown.message.contains(known), "{unknown:?}");
        }
        let missing = err(r#"{"type":"decide","id":"1"}"#);
        assert_eq!(missing.code, ErrorCode::Malformed);
        assert!(missing.message.contains("decision"), "{missing:?}");
        let extra = err(r#"{"type":"decide","id":"1","decision":"c2","extra":1}"#);
        assert_eq!(extra.code, ErrorCode::Malformed);
        assert!(extra.message.contains("extra"), "{extra:?}");
        assert_eq!(err(&"x".repeat(101)).code, ErrorCode::TooLarge);
        let repeated = err(r#"{"type":"decide","id":"1","decision":"c2","decision":"c3"}"#);
        assert_eq!(repeated.code, ErrorCode::Malformed);
        assert!(repeated.message.starts_with("duplicate key `decision`"), "{repeated:?}");
        assert!(err(r#"{"type":"ping","type":"sync","v":1}"#).message.contains("duplicate key `type`"));
    }

    #[test]
    fn good_messages_parse() {
        assert_eq!(
            ClientMsg::from_text(r#"{"type":"decide","id":"7","decision":"c2"}"#, 100).unwrap(),
            ClientMsg::Decide { id: "7".into(), decision: "c2".into(), game: None, seat: None }
        );
        assert_eq!(ClientMsg::from_text(r#"{"type":"sync","v":3}"#, 100).unwrap(), ClientMsg::Sync { v: 3 });
    }
}
