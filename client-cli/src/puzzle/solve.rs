//! Solving one puzzle against the server: the solver's decisions are read (typed, or given on the command
//! line), checked by the engine on the puzzle's position before anything is sent, and judged by
//! `POST /api/puzzles/{id}/attempt` one by one (the whole list so far each time: the server keeps no
//! state); the opponent's replies and the solver's forced decisions it answers are played on the board.

use super::text;
use crate::line;
use crate::online::api::Api;
use anyhow::{Context, Result, anyhow, bail};
use mancala_engine::{Decision, Position, ToMove, Variant};
use mancala_protocol::puzzles::{AttemptAnswer, AttemptRequest, AttemptResult, LineDecision, PuzzleView};
use std::collections::VecDeque;
use std::io::{IsTerminal, Write};

/// Where the solver's decisions come from.
pub enum Decisions {
    /// Given on the command line, in order: an unreadable or illegal one stops the command, naming it.
    Given { left: VecDeque<String>, taken: usize },
    /// Typed on stdin, one a line (also `board`, `quit`): an unreadable or illegal one is explained and
    /// asked again.
    Typed,
}

impl Decisions {
    pub fn given(moves: &str) -> Decisions {
        Decisions::Given { left: moves.split_whitespace().map(str::to_string).collect(), taken: 0 }
    }

    /// The next decision; `None` when there is none left (the list is used up, stdin closed, `quit`).
    async fn next(&mut self, pos: &Position, show: bool) -> Result<Option<String>> {
        match self {
            Decisions::Given { left, taken } => {
                *taken += left.front().is_some() as usize;
                Ok(left.pop_front())
            }
            Decisions::Typed => loop {
                if std::io::stdin().is_terminal() {
                    eprint!("your decision (or board, quit): ");
                    std::io::stderr().flush().ok();
                }
                let Some(typed) = line::stdin_lines().await.next_line().await.context("cannot read stdin")? else {
                    return Ok(None);
                };
                match typed.trim() {
                    "" => {}
                    "quit" => return Ok(None),
                    "board" if show => print!("{}", text::position(pos, true)),
                    word => return Ok(Some(word.to_string())),
                }
            },
        }
    }

    /// A decision that cannot be played in `pos`: given, the command stops; typed, the player is told,
    /// with the legal decisions, and asked again (`Ok`).
    fn refuse(&self, pos: &Position, token: &str, reason: String) -> Result<()> {
        match self {
            Decisions::Given { taken, .. } => bail!("move {taken} `{token}`: {reason}"),
            Decisions::Typed => {
                println!("not played: {reason}");
                println!("legal:    {}", crate::json::legal_moves(pos).join(" "));
                Ok(())
            }
        }
    }
}

/// How far an attempt went.
pub struct Attempt {
    /// The last answer's result; `None` when no decision was sent.
    pub result: Option<AttemptResult>,
    /// The solver's choices sent, in notation.
    pub given: Vec<String>,
    /// Every answer of the server, in order.
    pub answers: Vec<AttemptAnswer>,
    /// The board after the decisions played (the solver's, and the replies).
    pub pos: Position,
}

impl Attempt {
    /// The attempt reached the end of the line (right) or a wrong decision.
    pub fn finished(&self) -> bool {
        matches!(self.result, Some(AttemptResult::Right | AttemptResult::Wrong))
    }
}

/// The puzzle's position, read by the engine.
pub fn start(view: &PuzzleView) -> Result<Position> {
    let variant: Variant = view.variant.parse().map_err(|e| anyhow!("puzzle {}: {e}", view.id))?;
    Position::from_text(variant, view.options, &view.position)
        .with_context(|| format!("puzzle {}: the server's position cannot be read", view.id))
}

/// Solves `view` with `input`, until the line's end, a wrong decision, or the end of the input; prints
/// what happens when `show` (else prints nothing: the caller prints JSON). `streak`: the attempts count
/// in the account's streak run.
pub async fn solve(api: &Api, view: &PuzzleView, input: &mut Decisions, streak: bool, show: bool) -> Result<Attempt> {
    let mut attempt = Attempt { result: None, given: Vec::new(), answers: Vec::new(), pos: start(view)? };
    if show {
        print!("{}", text::position(&attempt.pos, true));
    }
    while !attempt.finished() {
        let Some(token) = input.next(&attempt.pos, show).await? else { break };
        let decision = match playable(&attempt.pos, &token) {
            Ok(d) => d,
            Err(reason) => {
                input.refuse(&attempt.pos, &token, reason)?;
                continue;
            }
        };
        let notation = decision.notation(attempt.pos.geometry());
        attempt.given.push(notation.clone());
        let request = AttemptRequest { decisions: attempt.given.clone(), streak };
        let answer: AttemptAnswer = api.post(&format!("/api/puzzles/{}/attempt", view.id), &request, None).await?;
        attempt.pos.play(decision).context("a decision checked as legal was refused by the engine")?;
        if show {
            print!("{}", text::played(&view.solver, &notation, &view.solver, true));
        }
        if answer.result != AttemptResult::Wrong {
            play_reply(&mut attempt.pos, &answer.reply, view, show)?;
        }
        if show {
            if answer.result != AttemptResult::Wrong {
                print!("{}", text::position(&attempt.pos, answer.result == AttemptResult::Continue));
            }
            if answer.result != AttemptResult::Continue {
                print!("{}", text::verdict(view, &answer, &attempt.given, api.kept_token().is_some()));
            }
        }
        attempt.result = Some(answer.result);
        attempt.answers.push(answer);
    }
    Ok(attempt)
}

/// `token` read and legal in `pos`, or why not (the engine's words, which list the legal decisions).
fn playable(pos: &Position, token: &str) -> Result<Decision, String> {
    let decision = Decision::parse(token, pos.geometry()).map_err(|e| e.to_string())?;
    match pos.to_move() {
        ToMove::Side(_) => pos.clone().play(decision).map(|()| decision).map_err(|e| e.to_string()),
        _ => Err("nobody decides here".to_string()),
    }
}

/// Plays the server's reply (the opponent's decisions and the solver's forced ones) on `pos`.
fn play_reply(pos: &mut Position, reply: &[LineDecision], view: &PuzzleView, show: bool) -> Result<()> {
    for step in reply {
        let d = Decision::parse(&step.decision, pos.geometry())
            .map_err(|e| anyhow!("the server's reply {}: {e}", step.decision))?;
        pos.play(d).map_err(|e| anyhow!("the server's reply {} cannot be played: {e}", step.decision))?;
        if show {
            print!("{}", text::played(&step.side, &step.decision, &view.solver, false));
        }
    }
    Ok(())
}
