//! The `mancala` command line: argument parsing (clap), the options shared by every command (variant and
//! game options), and the mapping of errors to exit codes. Each command lives in its own module:
//! `analyze` (apply decisions, show the position) and `selfplay` (random games, statistics).
//!
//! Exit codes: 0 success; 2 bad input (unknown variant, bad option, bad position text, bad or illegal
//! decision; clap's own usage errors use 2 as well); 1 an inconsistency inside the engine (a position
//! that is not over but offers no legal decision), which is a bug to report rather than a user error.

mod analyze;
mod board;
mod json;
mod selfplay;

use anyhow::{Context, Result};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use mancala_engine::{BySide, Options, Variant};
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(name = "mancala", version, about = "Four-row and two-row mancala: offline analysis and self-play.")]
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
    let result = match cli.command {
        Command::Analyze(args) => analyze::run(&args),
        Command::Selfplay(args) => selfplay::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            if e.downcast_ref::<EngineFault>().is_some() { ExitCode::FAILURE } else { ExitCode::from(2) }
        }
    }
}
