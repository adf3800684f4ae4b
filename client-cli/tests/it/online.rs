//! The online commands against a real server started by the test: two `mancala play --line` processes
//! play a whole game against each other; `watch`, `games`, `show`, `export` on the result; resuming a
//! seat from the local file; and the messages for a server that is down, an unknown game, a refused move.

use crate::common::{Player, mancala, server};
use mancala_server::config::Config;
use serde_json::Value;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::process::Command;

#[tokio::test]
async fn two_line_mode_clients_play_a_whole_game() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let mut a = mancala(home.path());
    a.args([
        "play",
        "--server",
        &s.base,
        "--variant",
        "kubuguza",
        "--turn-limit",
        "40",
        "--seat",
        "south",
        "--name",
        "amina",
        "--line",
    ]);
    let mut south = Player::spawn(a);
    let game_line = south.until("game ").await;
    let game_id = game_line.split_whitespace().nth(1).unwrap().to_string();
    let invite = south.until("waiting for an opponent: invite ").await;
    let code = invite.rsplit(' ').next().unwrap().to_string();

    let mut b = mancala(home.path());
    b.args(["play", "--server", &s.base, "--join", &code, "--name", "baraka", "--line"]);
    let mut north = Player::spawn(b);
    assert!(north.until("game ").await.ends_with("seat north"));

    // A refused move is reported with the legal ones, and the player types again.
    south.until("your-turn legal: ").await;
    south.say("a1").await;
    let r = south.until("rejected ").await;
    assert!(r.starts_with("rejected illegal:") && r.contains("legal: "), "{r}");
    // Each player answers its own prompts (cycling through the legal list so the game moves on) until
    // both print the result.
    let mut results: [Option<String>; 2] = [None, None];
    let mut prompts = 0usize;
    let (mut south, mut north) = (south, north);
    while results.iter().any(Option::is_none) {
        let (i, line) = tokio::select! {
            l = south.lines.next_line(), if results[0].is_none() => (0, l),
            l = north.lines.next_line(), if results[1].is_none() => (1, l),
            _ = tokio::time::sleep(Duration::from_secs(20)) => panic!("no output for 20 s"),
        };
        let p = if i == 0 { &mut south } else { &mut north };
        let Ok(Some(line)) = line else { panic!("player {i} stopped: {:?}", p.transcript) };
        p.transcript.push(line.clone());
        if let Some(legal) = line.strip_prefix("your-turn legal: ") {
            let legal: Vec<&str> = legal.split_whitespace().collect();
            prompts += 1;
            assert!(prompts < 2000, "the game does not end");
            let d = legal[prompts % legal.len()].to_string();
            p.say(&d).await;
        } else if let Some(r) = line.strip_prefix("result ") {
            results[i] = Some(r.to_string());
        }
    }
    let mut players = [south, north];
    assert_eq!(results[0], results[1]);
    for p in players.iter_mut() {
        let status = tokio::time::timeout(Duration::from_secs(10), p.child.wait()).await.unwrap().unwrap();
        assert!(status.success());
    }

    // History commands on the finished game.
    let out = mancala(home.path()).args(["games", "--server", &s.base, "--json"]).output().await.unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(list["games"][0]["id"], game_id.as_str());
    assert_eq!(list["games"][0]["status"], "finished");
    let out = mancala(home.path()).args(["show", "--server", &s.base, &game_id]).output().await.unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("amina") && text.contains("   1. south"), "{text}");
    let out = mancala(home.path()).args(["export", "--server", &s.base, &game_id]).output().await.unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("[Variant \"kubuguza\"]") && text.contains("1. south"), "{text}");
    let out = mancala(home.path()).args(["watch", "--server", &s.base, &game_id, "--line"]).output().await.unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("seat spectator") && text.contains("result "), "{text}");
}

/// Two line-mode players agree a draw: `draw` offers it, the other sees the offer, `decline`s it, and
/// `accept`s the next one; both print the drawn result.
#[tokio::test]
async fn two_line_mode_clients_agree_a_draw() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let mut a = mancala(home.path());
    a.args(["play", "--server", &s.base, "--variant", "kubuguza", "--seat", "south", "--name", "amina", "--line"]);
    let mut south = Player::spawn(a);
    let invite = south.until("waiting for an opponent: invite ").await;
    let code = invite.rsplit(' ').next().unwrap().to_string();
    let mut b = mancala(home.path());
    b.args(["play", "--server", &s.base, "--join", &code, "--name", "baraka", "--line"]);
    let mut north = Player::spawn(b);
    north.until("game ").await;
    south.until("your-turn legal: ").await;
    south.say("draw").await;
    assert_eq!(north.until("draw ").await, "draw offered by south");
    north.say("decline").await;
    assert_eq!(south.until("no draw").await, "no draw offer");
    south.say("draw").await;
    north.until("draw offered by south").await;
    north.say("accept").await;
    for p in [&mut south, &mut north] {
        assert_eq!(p.until("result ").await, "result draw (agreement)");
    }
}

/// Two line-mode players chat (`say …`); after the game ends, `mancala rematch` by both players (each with their own seats file): the first
/// offers and waits, the second's offer agrees; both get the new game with the sides swapped, and
/// `play --resume` plays it.
#[tokio::test]
async fn two_players_agree_a_rematch_with_the_sides_swapped() {
    let s = server().await;
    let (home_a, home_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut a = mancala(home_a.path());
    a.args(["play", "--server", &s.base, "--variant", "kubuguza", "--seat", "south", "--name", "amina", "--line"]);
    let mut south = Player::spawn(a);
    let game_id = south.until("game ").await.split_whitespace().nth(1).unwrap().to_string();
    let invite = south.until("waiting for an opponent: invite ").await;
    let code = invite.rsplit(' ').next().unwrap().to_string();
    let mut b = mancala(home_b.path());
    b.args(["play", "--server", &s.base, "--join", &code, "--name", "baraka", "--line"]);
    let mut north = Player::spawn(b);
    north.until("game ").await;
    south.until("your-turn legal: ").await;
    // A chat line first: both players print it.
    south.say("say good luck").await;
    for p in [&mut south, &mut north] {
        assert_eq!(p.until("chat ").await, "chat south amina: good luck");
    }
    south.say("resign").await;
    for p in [&mut south, &mut north] {
        assert_eq!(p.until("result ").await, "result north wins (resignation)");
    }
    let mut first = mancala(home_a.path());
    first.args(["rematch", "--server", &s.base, &game_id]);
    let mut offerer = Player::spawn(first);
    assert_eq!(offerer.until("rematch offered").await, "rematch offered: waiting for the opponent");
    let out = mancala(home_b.path()).args(["rematch", "--server", &s.base, &game_id]).output().await.unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text} {}", String::from_utf8_lossy(&out.stderr));
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!((words[0], words[2], words[3]), ("rematch", "seat", "south"), "{text}");
    let new_id = words[1].to_string();
    assert_ne!(new_id, game_id);
    assert_eq!(offerer.until("rematch ").await, format!("rematch {new_id} seat north"));
    // Asking again names the same rematch (a game has one).
    let out = mancala(home_b.path()).args(["rematch", "--server", &s.base, &game_id]).output().await.unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("rematch {new_id} seat south\n"));
    let mut again = mancala(home_b.path());
    again.args(["play", "--server", &s.base, "--resume", &new_id, "--line"]);
    let mut p = Player::spawn(again);
    assert!(p.until("game ").await.ends_with("seat south"));
    p.until("your-turn legal: ").await;
    p.say("quit").await;
}

#[tokio::test]
async fn a_seat_is_resumed_from_the_local_file() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let mut a = mancala(home.path());
    a.args(["play", "--server", &s.base, "--variant", "njombwa", "--seat", "north", "--line"]);
    let mut p = Player::spawn(a);
    let game_id = p.until("game ").await.split_whitespace().nth(1).unwrap().to_string();
    p.say("quit").await;
    let _ = p.child.wait().await;
    let mut again = mancala(home.path());
    again.args(["play", "--server", &s.base, "--resume", &game_id, "--line"]);
    let mut p = Player::spawn(again);
    assert!(p.until("game ").await.ends_with("seat north"));
    p.say("quit").await;
}

#[tokio::test]
async fn errors_say_what_is_wrong() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let out = mancala(home.path()).args(["games", "--server", "http://127.0.0.1:9"]).output().await.unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot reach the server"), "{out:?}");
    let out = mancala(home.path()).args(["show", "--server", &s.base, "nosuchgame"]).output().await.unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game with id `nosuchgame`"), "{out:?}");
    let out = mancala(home.path()).args(["watch", "--server", &s.base, "nosuchgame", "--line"]).output().await.unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let out = mancala(home.path())
        .args(["play", "--server", &s.base, "--join", "ZZZZZZZZ", "--line"])
        .output()
        .await
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ZZZZZZZZ"), "{out:?}");
}

/// Drives a line-mode player until it prints its result.
async fn play_out(p: &mut Player) -> String {
    let mut n = 0usize;
    loop {
        let line = p.line().await.unwrap_or_else(|| panic!("no result; got {:?}", p.transcript));
        if let Some(legal) = line.strip_prefix("your-turn legal: ") {
            let legal: Vec<&str> = legal.split_whitespace().collect();
            n += 1;
            let d = legal[n % legal.len()].to_string();
            p.say(&d).await;
        } else if let Some(r) = line.strip_prefix("result ") {
            return r.to_string();
        }
    }
}

#[tokio::test]
async fn a_person_plays_the_computer_on_the_server_and_through_mancala_bot() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    // The server's own computer player.
    let mut a = mancala(home.path());
    a.args(["play", "--server", &s.base, "--variant", "kubuguza", "--turn-limit", "30", "--against", "easy", "--line"]);
    let mut p = Player::spawn(a);
    play_out(&mut p).await;
    // `mancala bot` as an ordinary client joining a game.
    let mut a = mancala(home.path());
    a.args(["play", "--server", &s.base, "--variant", "njombwa", "--turn-limit", "25", "--seat", "south", "--line"]);
    let mut p = Player::spawn(a);
    let id = p.until("game ").await.split_whitespace().nth(1).unwrap().to_string();
    let mut b = mancala(home.path());
    b.args(["bot", "--server", &s.base, "--game", &id, "--level", "medium"]);
    let bot = b.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let result = play_out(&mut p).await;
    let out = tokio::time::timeout(Duration::from_secs(20), bot.wait_with_output()).await.unwrap().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), format!("result {result}"));
}

#[tokio::test]
async fn a_line_mode_player_reconnects_by_itself_after_a_server_restart() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("restart.db").display());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let base = format!("http://{addr}");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let first = tokio::spawn(mancala_server::run(listener, Config::with_database(&url), async {
        let _ = stopped.await;
    }));
    let home = tempfile::tempdir().unwrap();
    let mut a = mancala(home.path());
    a.args(["play", "--server", &base, "--variant", "kubuguza", "--turn-limit", "30", "--seat", "south", "--line"]);
    let mut south = Player::spawn(a);
    let code = south.until("waiting for an opponent: invite ").await.rsplit(' ').next().unwrap().to_string();
    let mut b = mancala(home.path());
    b.args(["play", "--server", &base, "--join", &code, "--line"]);
    let mut north = Player::spawn(b);
    // One decision each, then the server goes away and comes back on the same address.
    let legal = south.until("your-turn legal: ").await;
    south.say(legal.split_whitespace().nth(2).unwrap()).await;
    let legal = north.until("your-turn legal: ").await;
    north.say(legal.split_whitespace().nth(2).unwrap()).await;
    south.until("move 2 north").await;
    let _ = stop.send(());
    first.await.unwrap().unwrap();
    let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
    let (_stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(mancala_server::run(listener, Config::with_database(&url), async {
        let _ = stopped.await;
    }));
    // Both clients reconnect on their own and the game is played to its end.
    let (r1, r2) = tokio::join!(play_out(&mut south), play_out(&mut north));
    assert_eq!(r1, r2);
    assert!(!south.transcript.iter().any(|l| l.starts_with("error")), "{:?}", south.transcript);
}

/// Runs `cmd` with `input` on stdin.
async fn with_stdin(mut cmd: Command, input: &str) -> std::process::Output {
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).await.unwrap();
    drop(stdin);
    tokio::time::timeout(Duration::from_secs(20), child.wait_with_output()).await.unwrap().unwrap()
}

#[tokio::test]
async fn login_keeps_a_token_that_play_sends_and_logout_revokes_it() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let http = reqwest::Client::new();
    let up = serde_json::json!({ "name": "Amina", "password": "mango tree 42" });
    let r = http.post(format!("{}/api/account/signup", s.base)).json(&up).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let account = |token: String| {
        let http = http.clone();
        let url = format!("{}/api/account", s.base);
        async move { http.get(url).bearer_auth(token).send().await.unwrap().status().as_u16() }
    };
    let tokens = home.path().join("tokens.json");
    let login = |name: &str| {
        let mut c = mancala(home.path());
        c.args(["login", "--server", &s.base, name, "--password-stdin"]);
        c
    };

    // A wrong password: the server's answer, exit 2, nothing kept.
    let out = with_stdin(login("amina"), "mango tree 43\n").await;
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("wrong name or password"), "{out:?}");
    assert!(!tokens.exists());

    // The right one (the name in any case): a token kept owner-only, that the server knows.
    let out = with_stdin(login("AMINA"), "mango tree 42\n").await;
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("as Amina"), "{out:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&tokens).unwrap().permissions().mode() & 0o777, 0o600);
    }
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(&tokens).unwrap()).unwrap();
    let token = kept[0]["token"].as_str().unwrap().to_string();
    assert_eq!(kept[0]["server"], s.base.as_str());
    assert_eq!(account(token.clone()).await, 200);
    let listed: Value = http
        .get(format!("{}/api/account/tokens", s.base))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(listed[0]["label"].as_str().unwrap().starts_with("mancala-cli on "), "{listed}");

    // `play` sends it: the game is Amina's, on a registered seat.
    let mut play = mancala(home.path());
    play.args(["play", "--server", &s.base, "--variant", "kubuguza", "--line"]);
    let mut p = Player::spawn(play);
    p.until("game ").await;
    let list: Value =
        http.get(format!("{}/api/games?player=amina", s.base)).send().await.unwrap().json().await.unwrap();
    let game = &list["games"][0];
    let seats = [&game["players"]["south"], &game["players"]["north"]];
    assert!(seats.contains(&&serde_json::json!({ "name": "Amina", "registered": true })), "{list}");
    p.say("quit").await;

    // Logout revokes it on the server and forgets it; a second logout has nothing to do.
    let out = mancala(home.path()).args(["logout", "--server", &s.base]).output().await.unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(account(token).await, 401, "the token is revoked");
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(&tokens).unwrap()).unwrap();
    assert_eq!(kept, serde_json::json!([]));
    let out = mancala(home.path()).args(["logout", "--server", &s.base]).output().await.unwrap();
    assert!(out.status.success() && String::from_utf8_lossy(&out.stdout).contains("not signed in"), "{out:?}");
}

#[tokio::test]
async fn login_asks_for_the_code_of_an_account_with_two_step_sign_in() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let http = reqwest::Client::new();
    let up = serde_json::json!({ "name": "Baraka", "password": "mango tree 42" });
    let r = http.post(format!("{}/api/account/signup", s.base)).json(&up).send().await.unwrap();
    let cookie = r.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string();
    let post = |path: &str, body: Value| {
        http.post(format!("{}{path}", s.base)).header("cookie", &cookie).header("origin", &s.base).json(&body).send()
    };
    let setup: Value = post("/api/account/twostep/setup", Value::Null).await.unwrap().json().await.unwrap();
    let secret = totp_rs::Secret::Encoded(setup["secret"].as_str().unwrap().into()).to_bytes().unwrap();
    let totp = totp_rs::TOTP::new(totp_rs::Algorithm::SHA1, 6, 0, 30, secret).unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let on = post("/api/account/twostep/enable", serde_json::json!({ "code": totp.generate(now) })).await.unwrap();
    let on: Value = on.json().await.unwrap();
    let backup = on["backup_codes"][0].as_str().unwrap().to_string();
    let login = || {
        let mut c = mancala(home.path());
        c.args(["login", "--server", &s.base, "baraka", "--password-stdin"]);
        c
    };
    // A wrong code: the server's words, nothing kept.
    let out = with_stdin(login(), "mango tree 42\nzzzzz-zzzzz\n").await;
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("wrong code"), "{out:?}");
    assert!(!home.path().join("tokens.json").exists());
    // No code at all.
    let out = with_stdin(login(), "mango tree 42\n").await;
    assert!(!out.status.success(), "{out:?}");
    // A backup code on the second line.
    let out = with_stdin(login(), &format!("mango tree 42\n{backup}\n")).await;
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("as Baraka"), "{out:?}");
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(home.path().join("tokens.json")).unwrap()).unwrap();
    let token = kept[0]["token"].as_str().unwrap();
    let r = http.get(format!("{}/api/account", s.base)).bearer_auth(token).send().await.unwrap();
    assert_eq!(r.status(), 200);
}

#[tokio::test]
async fn block_unblock_and_blocks_use_the_kept_token_or_say_how_to_sign_in() {
    let s = server().await;
    let home = tempfile::tempdir().unwrap();
    let http = reqwest::Client::new();
    let player = |name: &'static str| {
        let http = http.clone();
        let url = format!("{}/api/players", s.base);
        async move {
            let r = http.post(url).json(&serde_json::json!({ "name": name })).send().await.unwrap();
            let body: Value = r.json().await.unwrap();
            body["token"].as_str().unwrap().to_string()
        }
    };
    let amina = player("amina").await;
    player("Baraka").await;
    let run = |args: &[&str], token: Option<&str>| {
        let mut c = mancala(home.path());
        c.args(args).args(["--server", &s.base]);
        if let Some(t) = token {
            c.env("MANCALA_TOKEN", t);
        }
        c
    };

    // Without an account: exit 2, and how to get one.
    let out = run(&["blocks"], None).output().await.unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("mancala login"), "{out:?}");

    let out = run(&["block", "baraka"], Some(amina.as_str())).output().await.unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("blocked Baraka"), "{out:?}");
    let out = run(&["blocks"], Some(amina.as_str())).output().await.unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Baraka\n");
    // The server's refusals, in its words: yourself, nobody.
    let out = run(&["block", "amina"], Some(amina.as_str())).output().await.unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("you cannot block yourself"), "{out:?}");
    let out = run(&["block", "nobody"], Some(amina.as_str())).output().await.unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("no account named `nobody`"), "{out:?}");

    let out = run(&["unblock", "BARAKA"], Some(amina.as_str())).output().await.unwrap();
    assert!(out.status.success(), "{out:?}");
    let out = run(&["blocks"], Some(amina.as_str())).output().await.unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "you block nobody\n");
    let out = run(&["unblock", "baraka"], Some(amina.as_str())).output().await.unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("you do not block `baraka`"), "{out:?}");
}
