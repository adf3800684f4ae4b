//! `mancala tournament …`: the server's arena and Swiss tournaments (`/api/tournaments…`).
//!
//! - `list`: upcoming, running and finished tournaments, a line each.
//! - `show ID`: the header, the standings and the newest games (`--json`: the server's view as is).
//! - `create`: a new arena (`--arena MINUTES`) or Swiss (`--swiss ROUNDS`) tournament (signed in).
//! - `join ID`: joins (signed in), then follows the tournament from its socket and plays each game the
//!   pairing gives this account: in the terminal board or line mode as `mancala play` does, or with
//!   `--bot LEVEL` by the computer as `mancala bot --token` does; until the tournament is finished.
//!   Ctrl-C withdraws (best effort) and exits.
//! - `withdraw ID`, and `follow ID` (the standings live, nothing played).
//!
//! Following prints a line per change, each starting with a keyword:
//!
//! ```text
//! tournament ID NAME swiss running          the header and the standings when the socket opens
//! status running                            the tournament started (or finished)
//! round 2 of 3                              a Swiss round was paired
//! joined NAME 1500                          a player joined
//! standing 1 NAME 1½ games 2                a line of the standings changed (withdrawn at the end when so)
//! game ID round 1 SOUTH vs NORTH            a game was paired
//! result ID SOUTH vs NORTH: NAME wins (REASON)   a game ended (`draw (REASON)`, `not played (REASON)`)
//! bye round 1 NAME                          a Swiss bye
//! playing ID round 1 seat SIDE vs NAME      (join) this account's game: it is played now
//! finished                                  then the final standings, and the command exits
//! ```
//!
//! A Swiss score is counted in half-points by the server and shown in points (`1½`); an arena's in points.
//!
//! One file per concern: the command line (`args.rs`), the text printed (`text.rs`), the commands that
//! are one HTTP request (`commands.rs`), joining and playing (`play.rs`), the live socket (`feed.rs`).

mod args;
mod commands;
mod feed;
mod play;
#[cfg(test)]
mod tests;
mod text;

use anyhow::Result;
pub use args::Args;
use args::Cmd;

pub async fn run(args: &Args) -> Result<()> {
    match &args.command {
        Cmd::List(a) => commands::list(a).await,
        Cmd::Show(a) => commands::show(a).await,
        Cmd::Create(a) => commands::create(a).await,
        Cmd::Join(a) => play::join(a).await,
        Cmd::Withdraw(a) => commands::withdraw(a).await,
        Cmd::Follow(a) => commands::follow(a).await,
    }
}
