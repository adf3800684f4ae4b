//! Reading one client text frame: size, rate and shape checks, each with its own error code and a message
//! that says what was wrong. Nothing here touches the game.

use mancala_protocol::{ClientMsg, ErrorCode};

/// The message types a client may send (for telling "unknown type" from "bad fields").
const TYPES: [&str; 6] = ["decide", "resign", "abort", "claim_win", "sync", "ping"];

/// Parses a client text frame.
pub fn parse(text: &str, max_bytes: usize) -> Result<ClientMsg, (ErrorCode, String)> {
    if text.len() > max_bytes {
        return Err((ErrorCode::TooLarge, format!("message of {} bytes; the limit is {max_bytes}", text.len())));
    }
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| (ErrorCode::Malformed, format!("not JSON: {e}")))?;
    let Some(kind) = value.get("type") else {
        return Err((ErrorCode::Malformed, "missing field `type`".to_string()));
    };
    let Some(kind) = kind.as_str().map(str::to_string) else {
        return Err((ErrorCode::Malformed, "field `type` must be a string".to_string()));
    };
    if !TYPES.contains(&kind.as_str()) {
        return Err((ErrorCode::UnknownType, format!("unknown message type `{kind}` (known: {})", TYPES.join(", "))));
    }
    serde_json::from_value(value).map_err(|e| (ErrorCode::Malformed, format!("bad `{kind}` message: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bad_input_says_what_is_wrong() {
        let err = |t: &str| parse(t, 100).unwrap_err();
        assert_eq!(err("{").0, ErrorCode::Malformed);
        assert_eq!(err("{}").1, "missing field `type`");
        assert_eq!(err(r#"{"type":"dance"}"#).0, ErrorCode::UnknownType);
        let (code, msg) = err(r#"{"type":"decide","id":"1"}"#);
        assert_eq!(code, ErrorCode::Malformed);
        assert!(msg.contains("decision"), "{msg}");
        let (code, msg) = err(r#"{"type":"decide","id":"1","decision":"c2","extra":1}"#);
        assert_eq!(code, ErrorCode::Malformed);
        assert!(msg.contains("extra"), "{msg}");
        assert_eq!(parse(&"x".repeat(101), 100).unwrap_err().0, ErrorCode::TooLarge);
        assert_eq!(
            parse(r#"{"type":"decide","id":"7","decision":"c2"}"#, 100).unwrap(),
            ClientMsg::Decide { id: "7".into(), decision: "c2".into(), game: None, seat: None }
        );
    }
}
