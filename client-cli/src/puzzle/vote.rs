//! Voting on a puzzle after trying it, as the web page offers (`POST /api/puzzles/{id}/vote`): up (a good
//! puzzle) or down (wrong or dull); enough down votes retire it (docs/puzzles.md). Only an account votes,
//! on a puzzle it has an attempt of (the server answers 409 otherwise): a guest is told so. Given by
//! `--vote up|down` for scripts, else asked once the line is over when stdin is typed on.

use crate::line;
use crate::online::api::Api;
use anyhow::{Context, Result, bail};
use mancala_protocol::puzzles::{VoteAnswer, VoteRequest};
use std::io::{IsTerminal, Write};

/// A vote: `up` or `down`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Vote {
    Up,
    Down,
}

impl Vote {
    fn word(self) -> &'static str {
        match self {
            Vote::Up => "up",
            Vote::Down => "down",
        }
    }
}

/// What a guest is told instead of being asked.
pub const GUEST: &str = "vote: sign in (mancala login) to vote on puzzles";

/// `--vote` needs an account: refused before anything is sent, so a script learns it at once.
pub fn check_given(api: &Api, vote: Option<Vote>) -> Result<()> {
    if vote.is_some() && api.kept_token().is_none() {
        bail!("`--vote`: voting needs an account; sign in with `mancala login`");
    }
    Ok(())
}

/// Sends `vote` on puzzle `id`; the puzzle's votes after it.
pub async fn send(api: &Api, id: &str, vote: Vote) -> Result<VoteAnswer> {
    let request = VoteRequest { up: vote == Vote::Up };
    Ok(api.post(&format!("/api/puzzles/{id}/vote"), &request, None).await?)
}

/// `voted up: 3 up, 1 down` (and `, retired` when the votes retired it).
pub fn text(vote: Vote, answer: &VoteAnswer) -> String {
    let retired = if answer.retired { ", retired: it is served no more" } else { "" };
    format!("voted {}: {} up, {} down{retired}\n", vote.word(), answer.up, answer.down)
}

/// Asks a signed-in player for a vote (`up`, `down`, or an empty line or the end of stdin for none) and
/// sends it; a word that is not one is asked again. A guest is told voting needs an account.
pub async fn ask(api: &Api, id: &str) -> Result<()> {
    if api.kept_token().is_none() {
        println!("{GUEST}");
        return Ok(());
    }
    println!("vote: up (a good puzzle), down (wrong or dull), or an empty line to skip");
    loop {
        if std::io::stdin().is_terminal() {
            eprint!("your vote (up, down, or Enter): ");
            std::io::stderr().flush().ok();
        }
        let Some(typed) = line::stdin_lines().await.next_line().await.context("cannot read stdin")? else {
            return Ok(());
        };
        let vote = match typed.trim() {
            "" | "quit" => return Ok(()),
            "up" => Vote::Up,
            "down" => Vote::Down,
            other => {
                println!("not a vote: `{other}`; type up, down, or an empty line");
                continue;
            }
        };
        print!("{}", text(vote, &send(api, id, vote).await?));
        return Ok(());
    }
}
