//! `mancala puzzle`: solve the server's puzzles in the terminal (docs/puzzles.md, "In the terminal").
//! Which puzzle: the daily one (no argument), one by id, the next one near the account's puzzle rating
//! (`--next`, `--game`, `--theme`; signed in with `mancala login`, else near 1500), or a streak
//! (`--streak`: harder each time, until the first miss). Decisions are typed one a line, or given with
//! `--moves` for scripts; `--json` prints one object instead of text. Once a puzzle is over, a signed-in
//! player votes on it (asked, or `--vote up|down`).

mod solve;
mod text;
mod vote;

use crate::online::api::{Api, ClientError};
use anyhow::Result;
use mancala_protocol::puzzles::{AttemptResult, DailyPuzzle, PuzzleView, VoteAnswer};
use solve::{Attempt, Decisions};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// A puzzle's id (16 hex digits). Without it: the daily puzzle, or the next one with `--next`.
    #[arg(value_name = "ID")]
    pub id: Option<String>,
    /// The next puzzle for you: one you have not tried, near your puzzle rating (near 1500 when not
    /// signed in).
    #[arg(long, conflicts_with = "id")]
    pub next: bool,
    /// A streak: puzzles harder each time, until the first miss.
    #[arg(long, conflicts_with_all = ["id", "next", "moves", "json"])]
    pub streak: bool,
    /// Only puzzles of this game (implies `--next` unless `--streak`).
    #[arg(long, value_name = "GAME", conflicts_with = "id",
          value_parser = ["kubuguza", "ikibuguzo", "njombwa", "azigo"])]
    pub game: Option<String>,
    /// Only puzzles with this theme, e.g. relay_capture, endgame (implies `--next` unless `--streak`).
    #[arg(long, value_name = "THEME", conflicts_with = "id")]
    pub theme: Option<String>,
    /// The decisions to send, in order, in notation, separated by spaces (instead of typing them): the
    /// solver's choices only, as the attempt route takes them. The command stops after them, or at the
    /// line's end or a wrong one.
    #[arg(long, value_name = "DECISIONS")]
    pub moves: Option<String>,
    /// Print one JSON object (the puzzle, and with `--moves` every answer) instead of text; nothing is
    /// asked.
    #[arg(long)]
    pub json: bool,
    /// Vote on the puzzle after the attempt (a signed-in account that has tried it): up, a good puzzle;
    /// down, wrong or dull. Without it, the vote is asked once the line is over.
    #[arg(long, value_name = "VOTE", conflicts_with = "streak")]
    pub vote: Option<vote::Vote>,
}

pub async fn run(args: &Args) -> Result<()> {
    let api = Api::new(&args.server.server);
    if args.streak {
        return streak(&api, args).await;
    }
    vote::check_given(&api, args.vote)?;
    let (view, date) = chosen(&api, args).await?;
    let show = !args.json;
    if show {
        print!("{}", text::header(&view, date.as_deref()));
    }
    let mut input = match &args.moves {
        Some(moves) => Decisions::given(moves),
        None if args.json => Decisions::given(""),
        None => Decisions::Typed,
    };
    let attempt = solve::solve(&api, &view, &mut input, false, show).await?;
    // Given, the vote is sent whatever this run reached: the server takes it from an account with an
    // attempt of the puzzle, this one or an earlier one, and names the refusal otherwise.
    let voted = match args.vote {
        Some(v) => Some((v, vote::send(&api, &view.id, v).await?)),
        None => None,
    };
    if args.json {
        println!("{}", json(&view, date.as_deref(), &attempt, voted.as_ref().map(|(_, a)| a)));
        return Ok(());
    }
    if !attempt.finished() {
        println!("unfinished: the line goes on; nothing is recorded until it ends or a decision is wrong");
    }
    match (&voted, &input) {
        (Some((v, answer)), _) => print!("{}", vote::text(*v, answer)),
        (None, Decisions::Typed) if attempt.finished() => vote::ask(&api, &view.id).await?,
        _ => {}
    }
    Ok(())
}

/// The puzzle the arguments choose, and the day when it is the daily one.
async fn chosen(api: &Api, args: &Args) -> Result<(PuzzleView, Option<String>)> {
    if let Some(id) = &args.id {
        return Ok((api.get(&format!("/api/puzzles/{}", encode(id))).await?, None));
    }
    if args.next || args.game.is_some() || args.theme.is_some() {
        // Signed: the server picks near the account's rating, among the puzzles it has not tried.
        let path = format!("/api/puzzles/next{}", filter(args, None));
        return Ok((api.get_signed(&path, None).await?, None));
    }
    let daily: DailyPuzzle = api.get("/api/puzzles/daily").await?;
    Ok((daily.puzzle, Some(daily.date)))
}

/// `?game=…&theme=…&after=…` with what is given.
fn filter(args: &Args, after: Option<&str>) -> String {
    let pairs = [("game", args.game.as_deref()), ("theme", args.theme.as_deref()), ("after", after)];
    let parts: Vec<String> =
        pairs.iter().filter_map(|(k, v)| v.map(|v| format!("{k}={}", encode(v)))).collect::<Vec<_>>();
    if parts.is_empty() { String::new() } else { format!("?{}", parts.join("&")) }
}

/// Percent-encodes everything but letters, digits, `-` and `_` (the server's message names a bad value).
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A streak: the easiest puzzle first, then each time one rated above the last solved, until a miss,
/// the end of the input, or no harder puzzle. The run is counted here (a guest's is nobody else's);
/// signed in, the server keeps the account's run and best too.
async fn streak(api: &Api, args: &Args) -> Result<()> {
    let mut input = Decisions::Typed;
    let mut after: Option<String> = None;
    let mut run = 0u32;
    loop {
        let path = format!("/api/puzzles/streak/next{}", filter(args, after.as_deref()));
        let view: PuzzleView = match api.get(&path).await {
            Ok(v) => v,
            Err(ClientError::Refused { status: 404, .. }) if run > 0 => {
                println!("streak complete: {run} solved, no harder puzzle left");
                return Ok(());
            }
            Err(e) => return Err(e.into()),
        };
        println!("streak puzzle {}", run + 1);
        print!("{}", text::header(&view, None));
        let attempt = solve::solve(api, &view, &mut input, true, true).await?;
        match attempt.result {
            Some(AttemptResult::Right) => {
                run += 1;
                println!("streak: {run} solved");
                after = Some(view.id);
            }
            Some(AttemptResult::Wrong) => {
                println!("streak over: {run} solved");
                return Ok(());
            }
            _ => {
                println!("streak stopped: {run} solved");
                return Ok(());
            }
        }
    }
}

/// `--json`: the puzzle, its day when daily, the decisions sent and every answer, the result (`null`
/// when nothing was sent), and the position reached with its legal decisions (what to send next when
/// the line goes on), and the puzzle's votes after `--vote` (`null` without).
fn json(view: &PuzzleView, date: Option<&str>, attempt: &Attempt, voted: Option<&VoteAnswer>) -> serde_json::Value {
    serde_json::json!({
        "puzzle": view,
        "date": date,
        "decisions": attempt.given,
        "answers": attempt.answers,
        "result": attempt.result,
        "position": attempt.pos.to_text(),
        "legal_moves": crate::json::legal_moves(&attempt.pos),
        "vote": voted,
    })
}
