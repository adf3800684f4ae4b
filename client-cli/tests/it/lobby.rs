//! `mancala seek` and `mancala lobby` against a real server started by the test: two `seek` processes
//! are paired into one game and both reach its board; `lobby` lists a seek live and accepts it; both
//! come back after the server restarts, `seek` seeking again; `lobby` shows the waiting and live games as
//! they change.

use crate::common::{Player, mancala, server};
use mancala_server::config::Config;

/// `mancala ARGS` with `home`, talked to line by line.
fn spawn(home: &std::path::Path, args: &[&str]) -> Player {
    let mut cmd = mancala(home);
    cmd.args(args);
    Player::spawn(cmd)
}

/// `paired GAME seat SIDE` → (GAME, SIDE).
fn paired(line: &str) -> (String, String) {
    let w: Vec<&str> = line.split_whitespace().collect();
    (w[1].to_string(), w[3].to_string())
}

#[tokio::test]
async fn two_seek_commands_are_paired_and_play() {
    let s = server().await;
    let base = s.base.clone();
    let home = tempfile::tempdir().unwrap();
    let mut a = spawn(home.path(), &["seek", "kubuguza", "5+3", "--server", &base, "--name", "amina", "--line"]);
    let seeking = a.until("seeking ").await;
    assert!(seeking.contains("amina kubuguza 5+3 casual"), "{seeking}");
    let mut b = spawn(home.path(), &["seek", "kubuguza", "5+3", "--server", &base, "--name", "baraka", "--line"]);
    let (game_a, seat_a) = paired(&a.until("paired ").await);
    let (game_b, seat_b) = paired(&b.until("paired ").await);
    assert_eq!(game_a, game_b);
    assert_ne!(seat_a, seat_b);
    // Both are in the game with the play UI (line mode): its first line names the game and the seat.
    assert_eq!(a.until("game ").await, format!("game {game_a} kubuguza seat {seat_a}"));
    assert_eq!(b.until("game ").await, format!("game {game_b} kubuguza seat {seat_b}"));
    let (south, _north) = if seat_a == "south" { (&mut a, &mut b) } else { (&mut b, &mut a) };
    let legal = south.until("your-turn legal: ").await;
    let first = legal.trim_start_matches("your-turn legal: ").split_whitespace().next().unwrap().to_string();
    south.say(&first).await;
    south.until(&format!("move 1 south {first}")).await;
}

#[tokio::test]
async fn the_lobby_command_lists_a_seek_and_accepts_it() {
    let s = server().await;
    let base = s.base.clone();
    let home = tempfile::tempdir().unwrap();
    let mut watcher = spawn(home.path(), &["lobby", "--server", &base, "--name", "baraka", "--line"]);
    watcher.until("seeks 0").await;
    let mut seeker = spawn(home.path(), &["seek", "azigo", "10+5", "--server", &base, "--name", "amina", "--line"]);
    seeker.until("seeking ").await;
    let game = watcher_takes_amina(&mut watcher, &mut seeker).await;
    assert!(watcher.until("game ").await.starts_with(&format!("game {game} azigo")));
}

/// `POST` `body` to `path`; the answer's JSON.
async fn post(base: &str, path: &str, body: serde_json::Value) -> serde_json::Value {
    let r = reqwest::Client::new().post(format!("{base}{path}")).json(&body).send().await.unwrap();
    assert!(r.status().is_success(), "{path}: {}", r.status());
    r.json().await.unwrap()
}

#[tokio::test]
async fn the_lobby_command_shows_the_waiting_and_live_games() {
    let s = server().await;
    let base = s.base.clone();
    let home = tempfile::tempdir().unwrap();
    let mut watcher = spawn(home.path(), &["lobby", "--server", &base, "--name", "baraka", "--line"]);
    watcher.until("games waiting 0 live 0").await;
    let created = post(&base, "/api/games", serde_json::json!({ "variant": "njombwa", "name": "amina" })).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let waiting = watcher.until("waiting-game ").await;
    assert!(waiting.starts_with(&format!("waiting-game {id} njombwa no-clock ")), "{waiting}");
    assert!(waiting.contains("amina"), "{waiting}");
    post(&base, &format!("/api/games/{id}/join"), serde_json::json!({ "name": "kwame" })).await;
    watcher.until(&format!("left-waiting {id}")).await;
    let live = watcher.until("live-game ").await;
    // Forced decisions are played on their own (`auto_forced`): only that the line counts plies is checked.
    assert!(live.starts_with(&format!("live-game {id} njombwa ")) && live.contains(" ply "), "{live}");
}

/// The watcher (`lobby`) finds amina's Azigo 10+5 seek in its list and takes it: both are paired into one
/// game, on opposite seats. Returns the game's id.
async fn watcher_takes_amina(watcher: &mut Player, seeker: &mut Player) -> String {
    let listed = watcher.until("seek ").await;
    assert!(listed.contains(" amina azigo 10+5 casual"), "{listed}");
    let id = listed.split_whitespace().nth(1).unwrap().to_string();
    watcher.say(&id).await;
    let (game_w, seat_w) = paired(&watcher.until("paired ").await);
    let (game_s, seat_s) = paired(&seeker.until("paired ").await);
    assert_eq!(game_w, game_s);
    assert_ne!(seat_w, seat_s);
    game_w
}

/// A server on `addr` (a fixed port, so it can be started there again) over the database `url`; stopped
/// (gracefully: its sockets get 1001) by the sender, whose task ends when it has.
async fn serve_at(
    addr: std::net::SocketAddr,
    url: &str,
) -> (tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_reuseaddr(true).unwrap();
    socket.bind(addr).unwrap();
    let listener = socket.listen(64).unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = Config::with_database(url);
    let task = tokio::spawn(async move {
        let _ = mancala_server::run(listener, config, async {
            let _ = stopped.await;
        })
        .await;
    });
    (stop, task)
}

#[tokio::test]
async fn seek_and_lobby_reconnect_when_the_server_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("cli.db").display());
    let addr = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let base = format!("http://{addr}");
    let (stop, server) = serve_at(addr, &url).await;
    let home = tempfile::tempdir().unwrap();
    let mut watcher = spawn(home.path(), &["lobby", "--server", &base, "--name", "baraka", "--line"]);
    watcher.until("seeks 0").await;
    let mut seeker = spawn(home.path(), &["seek", "azigo", "10+5", "--server", &base, "--name", "amina", "--line"]);
    seeker.until("seeking ").await;
    watcher.until("seek ").await;
    // The server restarts: both say so and come back; the seeker seeks again (the server forgot its seek).
    stop.send(()).unwrap();
    server.await.unwrap();
    let lost = seeker.until("lost the lobby").await;
    assert!(lost.contains("your seek was dropped"), "{lost}");
    watcher.until("lost the lobby").await;
    let (_stop, _server) = serve_at(addr, &url).await;
    let again = seeker.until("seeking ").await;
    assert!(again.contains(" amina azigo 10+5 casual"), "{again}");
    watcher_takes_amina(&mut watcher, &mut seeker).await;
}
