//! The forbidden words and names: refused at sign-up, at a token account's registration and in a guest's
//! name (`name_forbidden`), and in a chat line (`rejected` with `chat_forbidden_words`, the socket staying
//! open for the next line); the operator's own list (`--forbidden-words`) replaces the built-in one.

use crate::common;

use common::{TestServer, answer};
use mancala_protocol::{ChatRoom, ClientMsg, ErrorCode, ServerMsg};
use serde_json::{Value, json};

fn say(id: &str, text: &str) -> ClientMsg {
    ClientMsg::Chat { id: Some(id.to_string()), room: ChatRoom::Players, text: text.to_string() }
}

fn forbidden(status: u16, body: &Value) {
    assert_eq!((status, body["error"].as_str()), (400, Some("name_forbidden")), "{body}");
}

#[tokio::test]
async fn forbidden_names_and_chat_lines_are_refused_with_their_codes() {
    let s = TestServer::start().await;
    let signup = |name: &str| json!({ "name": name, "password": "mango tree 42" });
    let (status, body) = s.post("/api/account/signup", signup("Conn4rd_du_74")).await;
    forbidden(status, &body);
    assert!(body["message"].as_str().unwrap().contains("connard"), "the word is named: {body}");
    let (status, body) = s.post("/api/account/signup", signup("TheModerator")).await;
    forbidden(status, &body);
    let (status, body) = s.post("/api/players", json!({ "name": "mancala_team" })).await;
    forbidden(status, &body);
    assert_eq!(s.post("/api/account/signup", signup("computer_fan")).await.0, 201, "not `pute`");
    // A guest naming itself, creating a game or seeking.
    let (status, body) = s.post("/api/games", json!({ "variant": "kubuguza", "name": "SalePute" })).await;
    forbidden(status, &body);
    let (status, body) = s.post("/api/lobby/seeks", json!({ "variant": "kubuguza", "name": "salope" })).await;
    forbidden(status, &body);

    // A chat line: refused, nothing said, the socket goes on.
    let (id, south, north) = s.new_game(json!({ "variant": "kubuguza", "seat": "south", "name": "amina" })).await;
    let mut ws = s.ws(&id, Some(&south), None).await;
    let mut other = s.ws(&id, Some(&north), None).await;
    match answer(&mut ws, &say("c1", "espèce de CONNARD")).await {
        ServerMsg::Rejected { code, reason, .. } => {
            assert_eq!(code, ErrorCode::ChatForbiddenWords);
            assert!(reason.contains("connard"), "{reason}");
        }
        other => panic!("a forbidden line said: {other:?}"),
    }
    let m = answer(&mut ws, &say("c2", "well played, merci")).await;
    assert!(matches!(m, ServerMsg::Accepted { .. }), "{m:?}");
    let line = other
        .recv_until(|m| match m {
            ServerMsg::Chat { line } => Some(line),
            _ => None,
        })
        .await;
    assert_eq!(line.text, "well played, merci", "the refused line never reached the opponent");
    s.stop().await;
}

#[tokio::test]
async fn the_operator_s_list_replaces_the_built_in_one() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("words.txt");
    std::fs::write(&list, "# ours\nmango\nname: boss\n").unwrap();
    let mut config =
        mancala_server::config::Config::with_database(&format!("sqlite://{}", dir.path().join("m.db").display()));
    config.forbidden_words = Some(list);
    let s = TestServer::start_in(config, dir).await;
    let signup = |name: &str| json!({ "name": name, "password": "long enough 42" });
    let (status, body) = s.post("/api/account/signup", signup("MangoLover")).await;
    forbidden(status, &body);
    let (status, body) = s.post("/api/account/signup", signup("big_boss")).await;
    forbidden(status, &body);
    assert_eq!(s.post("/api/account/signup", signup("moderator_x")).await.0, 201, "the built-in list is replaced");
    let (id, south, _) = s.new_game(json!({ "variant": "kubuguza", "seat": "south", "name": "amina" })).await;
    let mut ws = s.ws(&id, Some(&south), None).await;
    let m = answer(&mut ws, &say("c1", "MANGO!")).await;
    assert!(matches!(m, ServerMsg::Rejected { code: ErrorCode::ChatForbiddenWords, .. }), "{m:?}");
    let m = answer(&mut ws, &say("c2", "a boss move")).await;
    assert!(matches!(m, ServerMsg::Accepted { .. }), "a name-only entry is said in chat: {m:?}");
    s.stop().await;
}

#[tokio::test]
async fn a_list_with_a_bad_line_stops_the_server_with_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("words.txt");
    std::fs::write(&list, "mango\n!!!\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .args(["--database-url", &format!("sqlite://{}", dir.path().join("m.db").display())])
        .args(["--addr", "127.0.0.1:0", "--forbidden-words"])
        .arg(&list)
        .env_remove("DATABASE_URL")
        .output()
        .expect("mancala-server runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
}
