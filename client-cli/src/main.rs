//! The `mancala` command line: argument parsing (clap), the options shared by every command (variant and
//! game options, the server address), and the mapping of errors to exit codes. Each command lives in its
//! own module: offline `analyze` (apply decisions, show the position) and `selfplay` (random games,
//! statistics); online `play`, `watch` (terminal board or line mode), the history commands `games`,
//! `show`, `export`; the lobby commands `seek` and `lobby`; `login`/`logout` (an account token kept
//! for a server); `tournament` (arena and Swiss tournaments: list, show, create, join and play, follow);
//! `puzzle` (solve the server's puzzles: daily, by id, the next one, a streak).
//!
//! Exit codes: 0 success; 2 bad input (unknown variant, bad option, bad position text, bad or illegal
//! decision, a request the server refused such as an unknown game; clap's own usage errors use 2 as
//! well); 3 the server cannot be reached; 1 an inconsistency inside the engine (a position that is not
//! over but offers no legal decision), which is a bug to report rather than a user error.

mod account;
mod analyze;
mod blocks;
mod board;
mod bot;
mod history;
mod json;
mod line;
mod lobby;
mod online;
mod play;
mod puzzle;
mod rematch;
mod report;
mod selfplay;
mod tournament;
mod tui;
mod watch;

use anyhow::{Context, Result};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use mancala_engine::{BySide, Options, Variant};
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "mancala",
    version,
    about = "Four-row and two-row mancala: play and watch on a server, browse history, offline analysis and self-play."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Apply decisions from a variant's start (or a position) and show the board, whose decision it is,
    /// the legal decisions, the position text and the result.
    Analyze(analyze::Args),
    /// Play random games on one thread and print statistics (speed, length, results, end reasons).
    Selfplay(selfplay::Args),
    /// Create, join or resume a game on a server and play it (terminal board, or `--line`).
    Play(play::Args),
    /// Follow a game as a spectator.
    Watch(watch::Args),
    /// After a game ends: ask for a rematch (sides swapped), or agree to the opponent's; `--decline`.
    Rematch(rematch::Args),
    /// List games (filters: player, variant, status, result, dates).
    Games(history::GamesArgs),
    /// Print a game's record and board (or the position after `--ply N`).
    Show(history::ShowArgs),
    /// Write a game's record as text (PGN-like) or JSON.
    Export(history::ExportArgs),
    /// Run a computer player in a game of a server (joins the open seat, or plays a given seat).
    Bot(bot::Args),
    /// Find an opponent for VARIANT at clock BASE+INC (quick pairing), then play the game.
    Seek(lobby::SeekArgs),
    /// Watch the server's open seeks live and accept one, then play the game.
    Lobby(lobby::LobbyArgs),
    /// Sign in to a server with your account's name and password; the token is kept on this machine and
    /// every online command sends it.
    Login(account::LoginArgs),
    /// Sign out of a server: revoke the kept token and forget it.
    Logout(account::LogoutArgs),
    /// Arena and Swiss tournaments: list, show, create, join (and play your games, or let the computer
    /// play them with `--bot`), withdraw, follow.
    Tournament(tournament::Args),
    /// Report a player to the server's moderators (signed in with `mancala login`).
    Report(report::Args),
    /// Solve a puzzle: the daily one, one by id, the next one near your puzzle rating (`--next`,
    /// `--game`, `--theme`), or a streak (`--streak`).
    Puzzle(puzzle::Args),
    /// Block a player: they can no longer challenge you, their chat lines are hidden from you, and the
    /// lobby never pairs you two.
    Block(blocks::BlockArgs),
    /// Unblock a player.
    Unblock(blocks::BlockArgs),
    /// List the players you block.
    Blocks(blocks::AccountArgs),
}

/// Which server to talk to.
#[derive(Debug, clap::Args)]
struct ServerArgs {
    /// The server's address.
    #[arg(long, env = "MANCALA_SERVER", default_value = "http://127.0.0.1:8080")]
    server: String,
}

/// Murray's Azigo handicap: which side(s) start with 8 in store and 1 left in their `l` hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Handicap {
    South,
    North,
    Both,
}

/// The variant and its options, shared by every command.
#[derive(Debug, clap::Args)]
struct GameArgs {
    /// The rule set.
    // The possible values come from the engine so the help and the "unknown variant" error list them.
    #[arg(long, value_name = "ID",
          value_parser = PossibleValuesParser::new(Variant::ALL.map(Variant::id))
              .map(|id| id.parse::<Variant>().expect("listed ids parse")))]
    variant: Variant,
    /// Board width, njombwa only: 8 (default), 9 or 10.
    #[arg(long, value_name = "COLS")]
    width: Option<u8>,
    /// Turns per player after which the game ends (njombwa default 1000 as a draw, azigo 500 by score;
    /// the other variants have no limit by default).
    #[arg(long, value_name = "N")]
    turn_limit: Option<u32>,
    /// Azigo only: the side(s) playing with Murray's handicap.
    #[arg(long, value_enum, value_name = "SIDE")]
    handicap: Option<Handicap>,
}

impl GameArgs {
    /// The variant's default options with the flags given applied, validated for the variant.
    fn options(&self) -> Result<Options> {
        let mut options = Options::defaults(self.variant);
        if let Some(width) = self.width {
            options.width = width;
        }
        if let Some(limit) = self.turn_limit {
            options.turn_limit = Some(limit);
        }
        if let Some(h) = self.handicap {
            options.handicap = BySide::new(h != Handicap::North, h != Handicap::South);
        }
        options.validate(self.variant).with_context(|| format!("bad options for {}", self.variant))?;
        Ok(options)
    }
}

/// The engine offered no legal decision in a position that is not over: a bug in the rules, not in the
/// user's input, hence its own exit code.
#[derive(Debug)]
struct EngineFault(String);

impl std::fmt::Display for EngineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EngineFault {}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let online = |f: std::pin::Pin<Box<dyn std::future::Future<Output = Result<()>>>>| {
        let rt =
            tokio::runtime::Builder::new_current_thread().enable_all().build().context("cannot start the runtime")?;
        let result = rt.block_on(f);
        // Not a plain drop: a read of stdin may still be blocked in tokio's blocking pool, and dropping the
        // runtime would wait for it (for ever, when nothing more is typed).
        rt.shutdown_background();
        result
    };
    let result = match cli.command {
        Command::Analyze(args) => analyze::run(&args),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::Play(args) => online(Box::pin(async move { play::run(&args).await })),
        Command::Watch(args) => online(Box::pin(async move { watch::run(&args).await })),
        Command::Rematch(args) => online(Box::pin(async move { rematch::run(&args).await })),
        Command::Games(args) => online(Box::pin(async move { history::games(&args).await })),
        Command::Show(args) => online(Box::pin(async move { history::show(&args).await })),
        Command::Export(args) => online(Box::pin(async move { history::export(&args).await })),
        Command::Bot(args) => online(Box::pin(async move { bot::run(&args).await })),
        Command::Seek(args) => online(Box::pin(async move { lobby::seek(&args).await })),
        Command::Lobby(args) => online(Box::pin(async move { lobby::lobby(&args).await })),
        Command::Login(args) => online(Box::pin(async move { account::login(&args).await })),
        Command::Logout(args) => online(Box::pin(async move { account::logout(&args).await })),
        Command::Tournament(args) => online(Box::pin(async move { tournament::run(&args).await })),
        Command::Report(args) => online(Box::pin(async move { report::run(&args).await })),
        Command::Puzzle(args) => online(Box::pin(async move { puzzle::run(&args).await })),
        Command::Block(args) => online(Box::pin(async move { blocks::block(&args).await })),
        Command::Unblock(args) => online(Box::pin(async move { blocks::unblock(&args).await })),
        Command::Blocks(args) => online(Box::pin(async move { blocks::list(&args).await })),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            if e.downcast_ref::<EngineFault>().is_some() {
                ExitCode::FAILURE
            } else if matches!(e.downcast_ref::<online::api::ClientError>(), Some(online::api::ClientError::Down(_))) {
                ExitCode::from(3)
            } else {
                ExitCode::from(2)
            }
        }
    }
}
