//! Puzzles from players' games (docs/puzzles.md, "Puzzles from players' games") through a real server:
//! two accounts play rated Kubuguza games over WebSockets, South resigning right after a blunder the
//! review marks. The server reviews every rated game by itself, and its miner turns the position after
//! the blunder into the puzzle this test expects (found here first with the same library, the same small
//! budgets): the same game played twice gives one puzzle (its id is its position's), a game whose
//! blunder leaves no clear puzzle gives none, and with `--puzzle-mining false` nothing is mined (while a
//! control server with it on mines the same game) until a server with it on starts on the same database. On SQLite, and once on PostgreSQL.
//!
//! The lines are made with the review's own judgement: every decision but the blunder is the review's
//! best (so the review marks nothing else), and the blunder is South's worst decision at a turn's start.

use crate::common::driver::{Table, accepted};
use crate::common::{Seat, TestServer, account, drop_db, fresh_db};
use mancala_bot::analysis::analyse;
use mancala_bot::review::{self, Mark, Thresholds};
use mancala_engine::{Decision, NoEvents, Options, Position, Side, ToMove, Variant};
use mancala_protocol::ClientMsg;
use mancala_protocol::review::REVIEW_NODES;
use mancala_puzzles::make::find::{Stats, find};
use mancala_puzzles::make::{Budgets, Here};
use mancala_puzzles::{Puzzle, Source, read_ndjson};
use mancala_server::config::Config;
use serde_json::json;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const VARIANT: Variant = Variant::Kubuguza;
/// The miner's verification budget in these servers (`--puzzle-mining-nodes`; production's is twice
/// level 8's, 2 000 000 in Kubuguza).
const NODES: u64 = 60_000;
/// The fair-play reference's budget in these servers: fair play reviews every rated game, kept cheap.
const FAIR_PLAY_NODES: u64 = 5_000;

/// A game's decisions as the server records them, South resigning after the last.
#[derive(Clone, Debug)]
struct Line {
    plies: Vec<(Side, Decision)>,
    /// The puzzle the miner is to find after the blunder (its source and rating are the server's).
    puzzle: Option<Puzzle>,
}

/// Plays forced decisions as the server does, recording them.
fn play_forced(pos: &mut Position, plies: &mut Vec<(Side, Decision)>) {
    while let ToMove::Side(side) = pos.to_move() {
        let legal = pos.legal_decisions(side);
        if legal.len() != 1 || pos.mid_turn().is_some() {
            break;
        }
        pos.apply(side, legal[0], &mut NoEvents).unwrap();
        plies.push((side, legal[0]));
    }
}

/// The review's best decision at `pos` for `side`: the review marks it nothing.
fn best(pos: &Position, side: Side, th: &Thresholds) -> Decision {
    let any = pos.legal_decisions(side)[0];
    review::judge(pos, any, REVIEW_NODES, th).expect("a judged decision").best
}

/// Plays `d` then the rest of its side's turn as the review's best, then the forced decisions.
fn play_turn(pos: &mut Position, plies: &mut Vec<(Side, Decision)>, side: Side, d: Decision, th: &Thresholds) {
    pos.apply(side, d, &mut NoEvents).unwrap();
    plies.push((side, d));
    while pos.to_move() == ToMove::Side(side) && pos.mid_turn().is_some() {
        let next = best(pos, side, th);
        pos.apply(side, next, &mut NoEvents).unwrap();
        plies.push((side, next));
    }
    play_forced(pos, plies);
}

/// Two lines from the same best play: one whose blunder gives a puzzle, one whose blunder (marked a
/// mistake or a blunder by the review) gives none at [`NODES`].
fn lines() -> &'static (Line, Line) {
    static LINES: OnceLock<(Line, Line)> = OnceLock::new();
    LINES.get_or_init(|| {
        let mut pos = Position::start(VARIANT, Options::defaults(VARIANT)).unwrap();
        let th = Thresholds::of(&pos);
        let budgets = Budgets::of(VARIANT, Some(NODES));
        let mut plies = Vec::new();
        play_forced(&mut pos, &mut plies);
        let (mut with, mut without) = (None, None);
        while with.is_none() || without.is_none() {
            let ToMove::Side(side) = pos.to_move() else { panic!("the game ended before both lines were found") };
            assert!(plies.len() < 120, "no blunder line found in 120 decisions");
            if side == Side::South && pos.mid_turn().is_none() && plies.len() >= 4 {
                let worst = analyse(&pos, 30_000).unwrap().decisions.last().unwrap().decision;
                let marked = review::judge(&pos, worst, REVIEW_NODES, &th)
                    .is_some_and(|j| matches!(j.mark, Some(Mark::Mistake | Mark::Blunder)));
                let (mut after, mut line) = (pos.clone(), plies.clone());
                play_turn(&mut after, &mut line, side, worst, &th);
                let punisher_to_move = after.to_move() == ToMove::Side(Side::North) && !after.is_over();
                if marked && punisher_to_move {
                    let source = Source::Game { game: String::new(), ply: line.len() as u32 };
                    let found = find(&after, source, 0, &budgets, &mut Here, &mut Stats::default()).unwrap();
                    match found {
                        Some(p) if with.is_none() => with = Some(Line { plies: line, puzzle: Some(p) }),
                        None if without.is_none() => without = Some(Line { plies: line, puzzle: None }),
                        _ => {}
                    }
                }
            }
            let d = best(&pos, side, &th);
            play_turn(&mut pos, &mut plies, side, d, &th);
        }
        (with.unwrap(), without.unwrap())
    })
}

/// A server for these tests: small budgets, mining on or off.
async fn server(database_url: &str, dir: Option<tempfile::TempDir>, mining: bool) -> TestServer {
    let mut config = Config::with_database(database_url);
    config.fair_play_nodes = Some(FAIR_PLAY_NODES);
    config.puzzle_mining = mining;
    config.puzzle_mining_nodes = Some(NODES);
    config.accounts_per_hour = 0;
    match dir {
        Some(dir) => TestServer::start_in(config, dir).await,
        None => TestServer::start_with(config).await,
    }
}

/// Plays `line` as a rated game, `south` creating it and `north` joining; South resigns after it.
async fn rated_game(s: &TestServer, south: &str, north: &str, line: &Line) -> String {
    let body = json!({ "variant": VARIANT.id(), "seat": "south", "rated": true });
    let created = crate::common::post_as(s, south, "/api/games", body).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let joined = crate::common::post_as(s, north, &format!("/api/games/{id}/join"), json!({})).await;
    let (south_seat, north_seat) = (created["token"].as_str().unwrap(), joined["token"].as_str().unwrap());
    let mut t = Table::open(s, &id, south_seat, north_seat).await;
    let mut pos = Position::start(VARIANT, Options::defaults(VARIANT)).unwrap();
    let mut forced = Vec::new();
    play_forced(&mut pos, &mut forced);
    let mut i = forced.len();
    while i < line.plies.len() {
        let (side, d) = line.plies[i];
        assert_eq!(pos.to_move(), ToMove::Side(side), "the line follows the game");
        let answer = t.decide(Seat::of(side), &d.notation(pos.geometry())).await;
        assert!(accepted(&answer), "{answer:?}");
        pos.apply(side, d, &mut NoEvents).unwrap();
        i += 1;
        // The server plays the forced decisions itself: the line holds them already.
        let mut server_played = Vec::new();
        play_forced(&mut pos, &mut server_played);
        assert_eq!(server_played, line.plies[i..i + server_played.len()], "the forced decisions of the line");
        i += server_played.len();
    }
    t.ws(Seat::South).say(&ClientMsg::Resign { id: Some("r".into()) }).await;
    t.ws(Seat::South).recv_until(|m| matches!(m, mancala_protocol::ServerMsg::Accepted { .. }).then_some(())).await;
    id
}

/// Waits (three minutes at most: reviews and mining run in the background, behind everything else) until
/// every game of `ids` is mined; answers the puzzles each gave as its mark counts them.
async fn mined(s: &TestServer, ids: &[&str]) -> Vec<i64> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&s.database_url).await.expect("the test's database");
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        let mut counts = Vec::new();
        for id in ids {
            let row: Option<i64> =
                sqlx::query_scalar("SELECT CAST(puzzles AS BIGINT) FROM puzzle_mining WHERE game_id = $1")
                    .bind(*id)
                    .fetch_optional(&pool)
                    .await
                    .unwrap();
            counts.extend(row);
        }
        if counts.len() == ids.len() {
            return counts;
        }
        assert!(Instant::now() < deadline, "{} of {} games mined", counts.len(), ids.len());
        crate::common::poll::tick().await;
    }
}

/// The served puzzles found in the games `ids`, from the export.
async fn from_games(s: &TestServer, ids: &[&str]) -> Vec<Puzzle> {
    let (status, text) = s.get_text("/api/puzzles/export").await;
    assert_eq!(status, 200, "{text}");
    read_ndjson(&text)
        .unwrap()
        .into_iter()
        .filter(|p| matches!(&p.source, Source::Game { game, .. } if ids.contains(&game.as_str())))
        .collect()
}

/// `got` is `expected` found in one of `games`: the same position, line, goal and themes, its source the
/// game and the decisions before the position.
fn is_expected(got: &Puzzle, expected: &Puzzle, games: &[&str]) {
    assert_eq!(got.id, expected.id);
    assert_eq!((&got.position, &got.solution), (&expected.position, &expected.solution));
    assert_eq!((got.goal, &got.themes), (expected.goal, &expected.themes));
    let Source::Game { game, ply } = &got.source else { panic!("{:?}", got.source) };
    let Source::Game { ply: expected_ply, .. } = &expected.source else { unreachable!() };
    assert!(games.contains(&game.as_str()), "{game}");
    assert_eq!(ply, expected_ply);
    assert!((900.0..=2600.0).contains(&got.rating), "{}", got.rating);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blunder_becomes_one_puzzle_however_often_it_is_played_and_a_game_without_a_clear_one_adds_none() {
    let (with, without) = lines();
    let expected = with.puzzle.as_ref().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let s = server(&url, Some(dir), true).await;
    let (south, north) = (account(&s, "blunderer").await, account(&s, "punisher").await);
    let first = rated_game(&s, &south, &north, with).await;
    let again = rated_game(&s, &south, &north, with).await;
    let none = rated_game(&s, &south, &north, without).await;
    let counts = mined(&s, &[&first, &again, &none]).await;
    assert_eq!(counts, [1, 1, 0], "each blunder game gives its puzzle, the other none");
    let found = from_games(&s, &[&first, &again, &none]).await;
    assert_eq!(found.len(), 1, "the same position is one puzzle: {found:?}");
    is_expected(&found[0], expected, &[&first, &again]);
    let (status, served) = s.get(&format!("/api/puzzles/{}", expected.id)).await;
    assert_eq!(status, 200, "{served}");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_mining_off_nothing_is_mined_until_a_server_with_it_on_starts() {
    let (with, _) = lines();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let s = server(&url, Some(dir), false).await;
    // A control with mining on, playing the same game just after: once it has mined its game, a miner of
    // the first server would have had as long (its review was stored first).
    let control_dir = tempfile::tempdir().unwrap();
    let control_url = format!("sqlite://{}", control_dir.path().join("t.db").display());
    let control = server(&control_url, Some(control_dir), true).await;
    let (south, north) = (account(&s, "blunderer").await, account(&s, "punisher").await);
    let id = rated_game(&s, &south, &north, with).await;
    let (c_south, c_north) = (account(&control, "blunderer").await, account(&control, "punisher").await);
    let control_id = rated_game(&control, &c_south, &c_north, with).await;
    // The review is stored (fair play reviews every rated game), so a miner would have it.
    let deadline = Instant::now() + Duration::from_secs(120);
    while s.get(&format!("/api/games/{id}/review")).await.0 != 200 {
        assert!(Instant::now() < deadline, "the review is stored");
        crate::common::poll::tick().await;
    }
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    // Fair play's figures come after the review too: a miner would have had as long.
    let figures = "SELECT COUNT(*) FROM fair_play WHERE game_id = $1";
    while sqlx::query_scalar::<_, i64>(figures).bind(&id).fetch_one(&pool).await.unwrap() < 2 {
        assert!(Instant::now() < deadline, "fair play's figures are stored");
        crate::common::poll::tick().await;
    }
    assert_eq!(mined(&control, &[&control_id]).await, [1], "the control mines the same game");
    control.stop().await;
    let marks: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM puzzle_mining").fetch_one(&pool).await.unwrap();
    assert_eq!(marks, 0, "nothing is mined with the setting off");
    assert!(from_games(&s, &[&id]).await.is_empty());
    let (url, dir) = s.stop().await;
    let restarted = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let s = server(&url, dir, true).await;
    assert_eq!(mined(&s, &[&id]).await, [1], "the sweep finds the game reviewed while mining was off");
    let at: i64 =
        sqlx::query_scalar("SELECT at FROM puzzle_mining WHERE game_id = $1").bind(&id).fetch_one(&pool).await.unwrap();
    assert!(at >= restarted, "mined by the server started with it on, not before");
    pool.close().await;
    is_expected(&from_games(&s, &[&id]).await[0], with.puzzle.as_ref().unwrap(), &[&id]);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blunder_becomes_one_puzzle_on_postgres() {
    let Some((base, url)) = fresh_db("puzzle_mining").await else { return };
    let (with, _) = lines();
    let s = server(&url, None, true).await;
    let (south, north) = (account(&s, "blunderer").await, account(&s, "punisher").await);
    let first = rated_game(&s, &south, &north, with).await;
    let again = rated_game(&s, &south, &north, with).await;
    assert_eq!(mined(&s, &[&first, &again]).await, [1, 1]);
    let found = from_games(&s, &[&first, &again]).await;
    assert_eq!(found.len(), 1, "{found:?}");
    is_expected(&found[0], with.puzzle.as_ref().unwrap(), &[&first, &again]);
    s.stop().await;
    drop_db(&base, &url).await;
}

/// What mining costs at the production budgets (BENCHMARKS.md, "Puzzles from players' games"): each
/// line's candidate (the position after its blunder) searched as the server's miner does, on one thread,
/// timed. Run with `cargo test --workspace --test it -- puzzle_mining::cost --ignored --nocapture`.
#[test]
#[ignore]
fn cost_at_production_budgets() {
    let (with, without) = lines();
    let budgets = Budgets::of(VARIANT, None);
    for (name, line) in [("a puzzle", with), ("no puzzle", without)] {
        let mut pos = Position::start(VARIANT, Options::defaults(VARIANT)).unwrap();
        for &(side, d) in &line.plies {
            pos.apply(side, d, &mut NoEvents).unwrap();
        }
        let source = Source::Game { game: String::new(), ply: line.plies.len() as u32 };
        let mut stats = Stats::default();
        let (started, cpu) = (Instant::now(), thread_cpu_seconds());
        let found = find(&pos, source, 0, &budgets, &mut Here, &mut stats).unwrap();
        eprintln!(
            "{name}: {:.1} s of CPU ({:.1} s wall), found {:?}, phases (wall) {:?}, rejected {:?}",
            thread_cpu_seconds() - cpu,
            started.elapsed().as_secs_f64(),
            found.map(|p| (p.goal, p.solution.len(), p.rating)),
            stats.seconds,
            stats.rejected
        );
    }
}

/// This thread's CPU time so far (user and system), from `/proc` (Linux; clock ticks of 1/100 s): the
/// machine is shared, so wall time says little of what a search costs.
fn thread_cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of all.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (tick(11) + tick(12)) / 100.0
}
