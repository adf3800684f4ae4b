//! The line mode of `mancala play` and `mancala watch`: plain text on stdout, decisions read from stdin,
//! for scripts and tests (and terminals without a TUI). Every line starts with a keyword:
//!
//! ```text
//! game GAMEID kubuguza seat south        who and what (seat spectator when watching)
//! waiting for an opponent: invite CODE   until the second player joins
//! board                                   followed by the board, as South sees it
//! move 3 north c3                         a decision (`?` when hidden, `auto` when the server played it)
//! your-turn legal: h2 g2 f2 e2            type one of them (or resign, abort, claim, draw, takeback, berserk, board, quit)
//! rejected illegal: … legal: h2 g2        the server refused; type again
//! presence south here, north away, 2 watching (claim the win from 1795238203060)
//! draw offered by south                   type accept or decline (or draw, which accepts)
//! no draw offer                           the offer was declined, lapsed, or the game ended
//! takeback proposed by north              type `takeback accept` or `takeback decline` (`takeback` proposes)
//! takeback by north: back after move 4    decisions were taken back; the board follows
//! berserk north                           north berserked: half its time gone (type `berserk` to berserk)
//! chat north kwame: good luck             a chat line (type `say WORDS` to say one to your opponent)
//! result south wins (no-legal-move)       and the command exits
//! ```

use crate::board;
use crate::online::api::ClientError;
use crate::online::model::{Note, describe_outcome};
use crate::online::session::Session;
use mancala_protocol::{ChatLine, ChatRoom, ClientMsg, DrawAction, TakebackAction};
use tokio::io::{AsyncBufReadExt, BufReader};

/// Runs until the game ends (returns true), or stdin closes / `quit` (returns false: the game goes on).
pub async fn run(session: &mut Session, interactive: bool) -> Result<bool, ClientError> {
    let mut stdin = stdin_lines().await;
    let mut stdin_open = interactive;
    let mut announced = false;
    let mut prompted_at = None;
    loop {
        // Prompt once per version when it is this seat's decision.
        if interactive && session.model.my_turn() && !session.awaiting_answer() && prompted_at != Some(session.model.v)
        {
            prompted_at = Some(session.model.v);
            print_board(session);
            println!("your-turn legal: {}", session.model.legal().join(" "));
        }
        tokio::select! {
            notes = session.recv() => {
                let notes = notes?;
                // After a refusal, ask again (with the legal list) even though the version did not move.
                if notes.iter().any(|n| matches!(n, Note::Rejected { .. })) {
                    prompted_at = None;
                }
                for note in notes {
                    if report(session, note, &mut announced) {
                        return Ok(true);
                    }
                }
            }
            line = stdin.next_line(), if stdin_open => match line {
                Ok(Some(line)) => {
                    let word = line.trim();
                    match word {
                        "" => {}
                        "quit" => return Ok(false),
                        "board" => print_board(session),
                        "resign" => session.send(ClientMsg::Resign { id: Some("resign".into()) }).await?,
                        "abort" => session.send(ClientMsg::Abort { id: Some("abort".into()) }).await?,
                        "claim" => session.send(ClientMsg::ClaimWin { id: Some("claim".into()) }).await?,
                        "berserk" => session.send(ClientMsg::Berserk { id: Some("berserk".into()) }).await?,
                        say if say.starts_with("say ") => {
                            let text = say["say ".len()..].to_string();
                            session.send(ClientMsg::Chat { id: Some("say".into()), room: ChatRoom::Players, text }).await?
                        }
                        "takeback" | "takeback accept" | "takeback decline" => {
                            let action = match word {
                                "takeback" => TakebackAction::Propose,
                                "takeback accept" => TakebackAction::Accept,
                                _ => TakebackAction::Decline,
                            };
                            session.send(ClientMsg::Takeback { id: Some("takeback".into()), action }).await?
                        }
                        "draw" | "accept" | "decline" => {
                            let action = match word {
                                "draw" => DrawAction::Offer,
                                "accept" => DrawAction::Accept,
                                _ => DrawAction::Decline,
                            };
                            session.send(ClientMsg::Draw { id: Some(word.into()), action }).await?
                        }
                        decision => {
                            session.decide(decision).await?;
                        }
                    }
                }
                _ => stdin_open = false,
            },
        }
    }
}

type StdinLines = tokio::io::Lines<BufReader<tokio::io::Stdin>>;

/// The lines of stdin: one reader for the whole process. A line mode that ends (its game over) leaves a
/// read of stdin waiting; had it its own reader, the line typed next would land in that dropped reader and
/// be lost, where here it is the first line of whoever reads next (the next game of a tournament, say).
pub async fn stdin_lines() -> tokio::sync::MutexGuard<'static, StdinLines> {
    static LINES: std::sync::OnceLock<tokio::sync::Mutex<StdinLines>> = std::sync::OnceLock::new();
    LINES.get_or_init(|| tokio::sync::Mutex::new(BufReader::new(tokio::io::stdin()).lines())).lock().await
}

/// `chat south amina: good game` (a player's line) or `chat spectator kwame: …`.
pub fn chat_line(line: &ChatLine) -> String {
    let seat = line.side.map(|s| s.to_string()).unwrap_or_else(|| "spectator".into());
    format!("chat {seat} {}: {}", line.by, line.text)
}

fn print_board(session: &Session) {
    if let Some(view) = &session.model.view {
        println!("board turn {}", view.turn);
        print!("{}", board::draw_view(view));
    }
}

/// Prints a note; true when the game is over.
fn report(session: &Session, note: Note, announced: &mut bool) -> bool {
    match note {
        Note::Synced => {
            if let (false, Some(g)) = (*announced, &session.model.game) {
                let seat = session.model.seat.map(|s| s.to_string()).unwrap_or_else(|| "spectator".into());
                println!("game {} {} seat {seat}", g.id, g.variant);
                *announced = true;
            }
            if let Some(g) = &session.model.game
                && g.status == mancala_protocol::http::GameStatus::Waiting
            {
                let code = g.invite_code.clone().unwrap_or_default();
                println!("waiting for an opponent: invite {code}");
            }
        }
        Note::Moved { ply, side, decision, auto } => {
            let d = decision.unwrap_or_else(|| "?".into());
            println!("move {ply} {side} {d}{}", if auto { " auto" } else { "" });
        }
        Note::Accepted { .. } => {}
        Note::Rejected { code, reason, legal, .. } => {
            if legal.is_empty() {
                println!("rejected {code}: {reason}");
            } else {
                println!("rejected {code}: {reason} legal: {}", legal.join(" "));
            }
        }
        Note::Error { code, message } => println!("error {code}: {message}"),
        Note::PresenceChanged => {
            if let Some(p) = session.model.presence {
                let here = |b: bool| if b { "here" } else { "away" };
                let claim = p.claim_win_at.map(|t| format!(" (claim the win from {t})")).unwrap_or_default();
                let watching = if p.watching > 0 { format!(", {} watching", p.watching) } else { String::new() };
                println!("presence south {}, north {}{watching}{claim}", here(p.south), here(p.north));
            }
        }
        Note::DrawOffer { by: Some(side) } => println!("draw offered by {side}"),
        Note::DrawOffer { by: None } => println!("no draw offer"),
        Note::TakebackOffer { by: Some(side) } => println!("takeback proposed by {side}"),
        Note::TakebackOffer { by: None } => println!("no takeback proposal"),
        Note::TookBack { by, ply } => {
            println!("takeback by {by}: back after move {ply}");
            print_board(session);
        }
        Note::Berserked { side } => println!("berserk {side}"),
        Note::RematchOffer { by: Some(side) } => println!("rematch offered by {side}"),
        Note::RematchOffer { by: None } => println!("no rematch offer"),
        Note::Rematch(next) => println!("rematch {}", next.game),
        Note::Chat(line) => println!("{}", chat_line(&line)),
        Note::Ended(o) => {
            print_board(session);
            println!("result {}", describe_outcome(&o));
            return true;
        }
    }
    false
}
