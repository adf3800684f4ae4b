//! Client → server messages of a game's WebSocket: one snapshot each, and the errors that name an
//! unknown field or type or a missing field.

use super::*;
use mancala_engine::Side;
use mancala_protocol::{ChatRoom, ClientMsg, DrawAction, RematchAction, TakebackAction};

#[test]
fn client_decide() {
    pin!("client_decide", ClientMsg::Decide { id: "m1".into(), decision: "c2".into(), game: None, seat: None });
}

#[test]
fn client_decide_with_checks() {
    pin!(
        "client_decide_with_checks",
        ClientMsg::Decide {
            id: "m2".into(),
            decision: "a1:cw".into(),
            game: Some(GAME_ID.into()),
            seat: Some(Side::South)
        }
    );
}

#[test]
fn client_resign() {
    pin!("client_resign", ClientMsg::Resign { id: Some("r1".into()) });
}

#[test]
fn client_abort() {
    pin!("client_abort", ClientMsg::Abort { id: Some("a1".into()) });
}

#[test]
fn client_berserk() {
    pin!("client_berserk", ClientMsg::Berserk { id: Some("b1".into()) });
}

#[test]
fn client_claim_win() {
    pin!("client_claim_win", ClientMsg::ClaimWin { id: Some("c1".into()) });
}

#[test]
fn client_draw() {
    pin!("client_draw_offer", ClientMsg::Draw { id: Some("d1".into()), action: DrawAction::Offer });
    pin!("client_draw_accept", ClientMsg::Draw { id: Some("d2".into()), action: DrawAction::Accept });
}

#[test]
fn client_takeback() {
    pin!("client_takeback_propose", ClientMsg::Takeback { id: Some("t1".into()), action: TakebackAction::Propose });
    pin!("client_takeback_accept", ClientMsg::Takeback { id: Some("t2".into()), action: TakebackAction::Accept });
}

#[test]
fn client_rematch() {
    pin!("client_rematch_offer", ClientMsg::Rematch { id: Some("r1".into()), action: RematchAction::Offer });
    pin!("client_rematch_cancel", ClientMsg::Rematch { id: Some("r2".into()), action: RematchAction::Cancel });
}

#[test]
fn client_chat() {
    pin!("client_chat", ClientMsg::Chat { id: Some("c1".into()), room: ChatRoom::Players, text: "good luck".into() });
}

#[test]
fn client_sync() {
    pin!("client_sync", ClientMsg::Sync { v: 12 });
}

#[test]
fn client_ping() {
    pin!("client_ping", ClientMsg::Ping { id: Some("p1".into()) });
}

/// The optional `id` of `resign`, `abort`, `claim_win` and `ping` may be left out; it comes back as null.
#[test]
fn client_ids_are_optional() {
    for text in [r#"{"type":"resign"}"#, r#"{"type":"abort"}"#, r#"{"type":"claim_win"}"#, r#"{"type":"ping"}"#] {
        let msg: ClientMsg = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        round_trip(&msg);
    }
    let resign: ClientMsg = serde_json::from_str(r#"{"type":"resign"}"#).unwrap();
    assert_eq!(resign, ClientMsg::Resign { id: None });
    assert_eq!(serde_json::to_string(&resign).unwrap(), r#"{"type":"resign","id":null}"#);
}

#[test]
fn client_rejects_unknown_fields_naming_them() {
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"decide","id":"m1","decision":"c2","colour":"red"}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("colour"), "{err}");
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"sync","v":3,"since":2}"#).unwrap_err().to_string();
    assert!(err.contains("since"), "{err}");
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"ping","id":"p","extra":true}"#).unwrap_err().to_string();
    assert!(err.contains("extra"), "{err}");
}

#[test]
fn client_rejects_unknown_types_naming_them() {
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"dance","id":"x"}"#).unwrap_err().to_string();
    assert!(err.contains("dance"), "{err}");
    // The known types are listed in the error, so a client author sees what to send instead.
    assert!(err.contains("decide") && err.contains("claim_win"), "{err}");
}

#[test]
fn client_rejects_missing_fields_naming_them() {
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"decide","id":"m1"}"#).unwrap_err().to_string();
    assert!(err.contains("decision"), "{err}");
    let err = serde_json::from_str::<ClientMsg>(r#"{"id":"m1","decision":"c2"}"#).unwrap_err().to_string();
    assert!(err.contains("type"), "{err}");
}
