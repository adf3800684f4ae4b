//! `mancala tournament` against a real server started by the test (no pause between Swiss rounds): four
//! programs' accounts join a two-round Swiss with `join --bot 1` and play it to its end; `create`, `list`,
//! `show` and `withdraw` on an arena.

use crate::common::{Server, mancala, server_with};
use serde_json::{Value, json};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncReadExt;

/// A program's account (`POST /api/players`): its token.
async fn bot_account(base: &str, name: &str) -> String {
    let r = reqwest::Client::new().post(format!("{base}/api/players")).json(&json!({ "name": name })).send().await;
    let r = r.unwrap();
    assert!(r.status().is_success(), "POST /api/players {name}: {}", r.status());
    let v: Value = r.json().await.unwrap();
    v["token"].as_str().unwrap().to_string()
}

async fn tournament(base: &str, id: &str) -> Value {
    let r = reqwest::get(format!("{base}/api/tournaments/{id}")).await.unwrap();
    assert!(r.status().is_success(), "GET /api/tournaments/{id}: {}", r.status());
    r.json().await.unwrap()
}

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

#[tokio::test]
async fn four_bots_play_a_two_round_swiss_to_its_end() {
    let s = server_with(|c| c.round_pause_secs = 0).await;
    let home = tempfile::tempdir().unwrap();
    let names = ["alpha", "bravo", "charlie", "delta"];
    let mut tokens = Vec::new();
    for name in names {
        tokens.push(bot_account(&s.base, name).await);
    }
    // It starts a few seconds from now, once the four have joined (a Swiss that starts with fewer than two
    // players finishes at once).
    let body = json!({
        "name": "Bots' Swiss",
        "kind": "swiss",
        "variants": ["kubuguza"],
        "clock": { "base_secs": 600, "increment_secs": 0 },
        "rounds": 2,
        "bots": true,
        "starts_at": now_ms() + 6000,
    });
    let r = reqwest::Client::new()
        .post(format!("{}/api/tournaments", s.base))
        .bearer_auth(&tokens[0])
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let created: Value = r.json().await.unwrap();
    let id = created["id"].as_str().unwrap().to_string();

    let mut children = Vec::new();
    for token in &tokens {
        let mut c = mancala(home.path());
        c.args(["tournament", "join", &id, "--bot", "1", "--server", &s.base, "--token", token]);
        children.push(c.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap());
    }
    // A spectator follows it from the socket.
    let mut f = mancala(home.path());
    f.args(["tournament", "follow", &id, "--server", &s.base]);
    let follower = f.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let start = tokio::time::Instant::now();
    loop {
        let t = tournament(&s.base, &id).await;
        if t["players"] == 4 {
            assert_eq!(t["status"], "upcoming", "the four joined too late: {t}");
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(6), "the four did not join: {t}");
        // Looked at often: the four must be seen before the tournament starts.
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    // Each command plays its two games and exits when the tournament is finished.
    let mut outputs = Vec::new();
    for mut child in children {
        let status = tokio::time::timeout(Duration::from_secs(180), child.wait()).await;
        let (mut out, mut err) = (String::new(), String::new());
        if status.is_err() {
            child.kill().await.unwrap();
        }
        child.stdout.take().unwrap().read_to_string(&mut out).await.unwrap();
        child.stderr.take().unwrap().read_to_string(&mut err).await.unwrap();
        let status =
            status.unwrap_or_else(|_| panic!("a join did not end: {out}\n{err}\n{}", tournament_text(&s, &id)));
        assert!(status.unwrap().success(), "{out}\n{err}");
        outputs.push(out);
    }
    for out in &outputs {
        assert!(out.starts_with(&format!("joined Bots' Swiss ({id})")), "{out}");
        assert_eq!(out.lines().filter(|l| l.starts_with("playing ")).count(), 2, "{out}");
        assert_eq!(out.lines().filter(|l| l.starts_with("played ")).count(), 2, "{out}");
        assert!(out.contains("\nround 2 of 2\n") && out.contains("\nfinished\n"), "{out}");
    }

    let followed = tokio::time::timeout(Duration::from_secs(20), follower.wait_with_output()).await.unwrap().unwrap();
    let out = String::from_utf8_lossy(&followed.stdout);
    assert!(followed.status.success(), "{out}");
    assert!(out.starts_with(&format!("tournament {id} Bots' Swiss swiss upcoming\n")), "{out}");
    assert!(out.contains("\nstatus running\n") && out.contains("\nround 2 of 2\n"), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("result ")).count(), 4, "{out}");
    assert!(out.contains("\nfinished\n"), "{out}");

    let t = tournament(&s.base, &id).await;
    assert_eq!(t["status"], "finished", "{t}");
    assert_eq!(t["round"], 2, "{t}");
    let games = t["games"].as_array().unwrap();
    assert_eq!(games.len(), 4, "{t}");
    assert!(games.iter().all(|g| g["over"] == true), "{t}");
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 4);
    // Half-points: a game gives 2 in all (2 to its winner, or 1 to each for a draw), so a round of two
    // games gives 4 and the two rounds 8 (no byes with four players).
    assert!(t["byes"].as_array().is_none_or(Vec::is_empty), "{t}");
    let total: u64 = standings.iter().map(|l| l["score"].as_u64().unwrap()).sum();
    assert_eq!(total, 8, "{t}");
    assert!(standings.iter().all(|l| l["games"] == 2 && l["bot"] == true), "{t}");
}

fn tournament_text(s: &Server, id: &str) -> String {
    format!("(see {}/api/tournaments/{id})", s.base)
}

/// Runs `mancala ARGS` to its end: (success, stdout, stderr).
async fn run(home: &std::path::Path, args: &[&str]) -> (bool, String, String) {
    let out = mancala(home).args(args).output().await.unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn create_list_show_and_withdraw() {
    let s = server_with(|c| c.round_pause_secs = 0).await;
    let home = tempfile::tempdir().unwrap();
    let token = bot_account(&s.base, "echo").await;
    let other = bot_account(&s.base, "foxtrot").await;
    let (ok, out, err) = run(
        home.path(),
        &[
            "tournament",
            "create",
            "--server",
            &s.base,
            "--token",
            &token,
            "--name",
            "Evening Arena",
            "--arena",
            "30",
            "--variant",
            "kubuguza",
            "--variant",
            "njombwa",
            "--clock",
            "3+2",
            "--in",
            "60",
            "--bots",
        ],
    )
    .await;
    assert!(ok, "{out}\n{err}");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("created ") && first.ends_with(" Evening Arena"), "{out}");
    let id = first.split_whitespace().nth(1).unwrap().to_string();
    assert!(out.contains("arena, kubuguza,njombwa, 3+2, casual bots, by echo"), "{out}");

    // Without an account: refused before asking the server.
    let (ok, _, err) = run(home.path(), &["tournament", "join", &id, "--bot", "1", "--server", &s.base]).await;
    assert!(!ok && err.contains("mancala login"), "{err}");

    let (ok, out, err) = run(home.path(), &["tournament", "list", "--server", &s.base]).await;
    assert!(ok, "{err}");
    let line = out.lines().find(|l| l.contains(&id)).unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("Evening Arena  arena  kubuguza,njombwa  3+2  casual bots  0 players  starts "), "{line}");
    assert!(out.starts_with("upcoming (1)\n"), "{out}");

    // `foxtrot` joins through the API; `show` as foxtrot says so, and `withdraw` takes it back.
    let r = reqwest::Client::new()
        .post(format!("{}/api/tournaments/{id}/join", s.base))
        .bearer_auth(&other)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    let (ok, out, err) = run(home.path(), &["tournament", "show", &id, "--server", &s.base, "--token", &other]).await;
    assert!(ok, "{err}");
    assert!(out.contains("you have joined") && out.contains("foxtrot (bot)"), "{out}");
    let (ok, out, err) =
        run(home.path(), &["tournament", "show", &id, "--server", &s.base, "--token", &other, "--json"]).await;
    assert!(ok, "{err}");
    let view: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(view["me"]["joined"], true);
    let (ok, out, err) =
        run(home.path(), &["tournament", "withdraw", &id, "--server", &s.base, "--token", &other]).await;
    assert!(ok && out == format!("withdrawn from Evening Arena ({id})\n"), "{out}\n{err}");
    let view = tournament(&s.base, &id).await;
    assert_eq!(view["standings"][0]["withdrawn"], true, "{view}");

    // A refused request says the server's reason.
    let (ok, _, err) = run(home.path(), &["tournament", "show", "nosuchtour", "--server", &s.base]).await;
    assert!(!ok && err.starts_with("error: "), "{err}");
}

/// A person plays both games of a two-round Swiss in line mode (`bravo`: this test answers its prompts),
/// against three programs with `--bot`; `echo` joins and is stopped with Ctrl-C before the start, which
/// withdraws it.
#[tokio::test]
async fn a_person_plays_in_line_mode_and_ctrl_c_withdraws() {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let s = server_with(|c| c.round_pause_secs = 0).await;
    let home = tempfile::tempdir().unwrap();
    let names = ["alpha", "bravo", "charlie", "delta", "echo"];
    let mut tokens = Vec::new();
    for name in names {
        tokens.push(bot_account(&s.base, name).await);
    }
    let body = json!({
        "name": "Four and one",
        "kind": "swiss",
        "variants": ["kubuguza"],
        "clock": { "base_secs": 600, "increment_secs": 0 },
        "rounds": 2,
        "bots": true,
        "starts_at": now_ms() + 6000,
    });
    let r = reqwest::Client::new()
        .post(format!("{}/api/tournaments", s.base))
        .bearer_auth(&tokens[0])
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let id = r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_string();

    let spawn = |token: &str, extra: &[&str]| {
        let mut c = mancala(home.path());
        c.args(["tournament", "join", &id, "--server", &s.base, "--token", token]).args(extra);
        c.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()
    };
    let mut echo = spawn(&tokens[4], &["--bot", "1"]);
    let mut echo_out = BufReader::new(echo.stdout.take().unwrap()).lines();
    let joined = tokio::time::timeout(Duration::from_secs(10), echo_out.next_line()).await.unwrap().unwrap();
    assert!(joined.unwrap().starts_with("joined Four and one"));
    // Ctrl-C withdraws it.
    let pid = echo.id().unwrap().to_string();
    assert!(std::process::Command::new("kill").args(["-INT", &pid]).status().unwrap().success());
    let status = tokio::time::timeout(Duration::from_secs(10), echo.wait()).await.unwrap().unwrap();
    assert!(status.success());
    let mut rest = Vec::new();
    while let Ok(Some(l)) = echo_out.next_line().await {
        rest.push(l);
    }
    assert_eq!(rest.last().map(String::as_str), Some("withdrawn"), "{rest:?}");
    let t = tournament(&s.base, &id).await;
    let line = t["standings"].as_array().unwrap().iter().find(|l| l["name"] == "echo").cloned().unwrap();
    assert_eq!(line["withdrawn"], true, "{t}");

    // The programs' output goes to files, shown if the person's side stops.
    let logs = tempfile::tempdir().unwrap();
    let mut bots = Vec::new();
    for i in [0, 2, 3] {
        let out = std::fs::File::create(logs.path().join(names[i])).unwrap();
        let err = std::fs::File::create(logs.path().join(format!("{}.err", names[i]))).unwrap();
        let mut c = mancala(home.path());
        c.args(["tournament", "join", &id, "--server", &s.base, "--token", &tokens[i], "--bot", "1"]);
        bots.push(c.stdout(out).stderr(err).spawn().unwrap());
    }
    let logged = || {
        let mut text = String::new();
        for name in ["alpha", "charlie", "delta"] {
            for file in [name.to_string(), format!("{name}.err")] {
                let log = std::fs::read_to_string(logs.path().join(&file)).unwrap_or_default();
                text.push_str(&format!("--- {file}\n{log}\n"));
            }
        }
        text
    };
    let mut bravo = spawn(&tokens[1], &["--line"]);
    let mut stdin = bravo.stdin.take().unwrap();
    let mut lines = BufReader::new(bravo.stdout.take().unwrap()).lines();
    let mut transcript: Vec<String> = Vec::new();
    loop {
        let l = tokio::time::timeout(Duration::from_secs(60), lines.next_line()).await;
        let Ok(Ok(Some(l))) = l else { panic!("bravo stopped: {transcript:#?}\n{}", logged()) };
        transcript.push(l.clone());
        // The first legal decision each time, at once: the computers' decisions come faster than the
        // server's rate limit lets through, and a dropped one is sent again.
        if let Some(legal) = l.strip_prefix("your-turn legal: ") {
            let first = legal.split_whitespace().next().unwrap();
            stdin.write_all(format!("{first}\n").as_bytes()).await.unwrap();
        }
        if l == "finished" {
            break;
        }
    }
    let text = transcript.join("\n");
    // Each game is played with `mancala play`'s line mode: its `game` line names the seat, its `result`
    // line ends it.
    let playing: Vec<&String> = transcript.iter().filter(|l| l.starts_with("playing ")).collect();
    assert_eq!(playing.len(), 2, "{text}");
    for p in playing {
        let game = p.split_whitespace().nth(1).unwrap();
        assert!(text.contains(&format!("\ngame {game} kubuguza seat ")), "{text}");
        assert!(text.contains(&format!("\nresult {game} ")), "{text}");
    }
    for child in bots.iter_mut().chain([&mut bravo]) {
        let status = tokio::time::timeout(Duration::from_secs(20), child.wait()).await.unwrap().unwrap();
        assert!(status.success());
    }
    assert!(!text.contains("you are withdrawn"), "{text}");
    let t = tournament(&s.base, &id).await;
    assert_eq!(t["status"], "finished", "{t}");
    let games = t["games"].as_array().unwrap();
    assert_eq!(games.len(), 4, "{t}");
    // Every game played (a seat that makes no first decision in time has its game aborted, and is withdrawn).
    assert!(games.iter().all(|g| g["over"] == true && g["reason"] != "aborted"), "{t}");
    let bravo_line = t["standings"].as_array().unwrap().iter().find(|l| l["name"] == "bravo").cloned().unwrap();
    assert!(bravo_line["games"] == 2 && bravo_line.get("withdrawn").is_none(), "{t}");
}
