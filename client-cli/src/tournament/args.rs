//! The command line of `mancala tournament …`: its subcommands and their arguments.

use crate::online::api::Api;
use anyhow::{Context, Result};
use clap::builder::TypedValueParser;
use mancala_engine::Variant;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Cmd,
}

#[derive(Debug, clap::Subcommand)]
pub enum Cmd {
    /// The upcoming, running and recently finished tournaments, a line each.
    List(ListArgs),
    /// A tournament's header, standings and newest games.
    Show(ShowArgs),
    /// Create a tournament (signed in): `--arena MINUTES` or `--swiss ROUNDS`.
    Create(CreateArgs),
    /// Join a tournament (signed in), then follow it and play each of your games until it is finished:
    /// in the terminal board (or `--line`), or with `--bot LEVEL` by the computer. Ctrl-C withdraws.
    Join(JoinArgs),
    /// Withdraw from a tournament (signed in): you are not paired any more; a game going on is played to
    /// its end. Joining again comes back.
    Withdraw(WithdrawArgs),
    /// Follow a tournament's standings and games live, without playing.
    Follow(FollowArgs),
}

/// The server and the account.
#[derive(Debug, clap::Args)]
pub struct Account {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// An account token (an API token, or a player token from `POST /api/players` for a program).
    /// Default: the token `mancala login` kept for this server.
    #[arg(long, env = "MANCALA_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
}

impl Account {
    pub(super) fn api(&self) -> Api {
        Api::new(&self.server.server)
    }

    /// The token to sign with: `--token`, else the kept one.
    pub(super) fn token<'a>(&'a self, api: &'a Api) -> Option<&'a str> {
        self.token.as_deref().or(api.kept_token())
    }

    /// The token, for a command that needs an account.
    pub(super) fn required<'a>(&'a self, api: &'a Api) -> Result<&'a str> {
        self.token(api).with_context(|| {
            format!("this needs an account: sign in with `mancala login NAME` (or give --token) for {}", api.base)
        })
    }
}

#[derive(Debug, clap::Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The server's list as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub account: Account,
    /// The tournament's id.
    pub id: String,
    /// How many of the newest games to list.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// The server's view as JSON (with `me`, your place, when signed in).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("kind").required(true).args(["arena", "swiss"])))]
pub struct CreateArgs {
    #[command(flatten)]
    pub account: Account,
    /// Its name (2 to 48 characters).
    #[arg(long)]
    pub name: String,
    /// An arena of this many minutes (5 to 360): players are paired again as soon as their game ends.
    #[arg(long, value_name = "MINUTES")]
    pub arena: Option<u32>,
    /// A Swiss of this many rounds (2 to 15).
    #[arg(long, value_name = "ROUNDS")]
    pub swiss: Option<u32>,
    /// The variant; repeat it for a medley arena, which rotates the variants.
    #[arg(long, required = true, value_name = "ID",
          value_parser = clap::builder::PossibleValuesParser::new(Variant::ALL.map(Variant::id))
              .map(|id| id.parse::<Variant>().expect("listed ids parse")))]
    pub variant: Vec<Variant>,
    /// The clock: minutes+increment seconds, e.g. `3+2` (or `90s+1`).
    #[arg(long, value_name = "BASE+INC")]
    pub clock: String,
    /// Start in this many minutes (default: at once).
    #[arg(long = "in", value_name = "MINUTES")]
    pub in_minutes: Option<u32>,
    /// Rated games.
    #[arg(long)]
    pub rated: bool,
    /// Programs' accounts (made with `POST /api/players`) may join.
    #[arg(long)]
    pub bots: bool,
    /// An arena's players may berserk: half their clock, no increment, one point more for a win.
    #[arg(long)]
    pub berserk: bool,
    /// Joining needs this password (4 to 64 characters).
    #[arg(long)]
    pub password: Option<String>,
    /// The server's answer as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct JoinArgs {
    #[command(flatten)]
    pub account: Account,
    /// The tournament's id.
    pub id: String,
    /// The tournament's password, if it has one.
    #[arg(long)]
    pub password: Option<String>,
    /// Let the computer play your games at this level (1 weakest to 8 strongest; random, easy, medium and
    /// hard name levels 1 to 4), as `mancala bot --token` does.
    #[arg(long, value_name = "LEVEL")]
    pub bot: Option<mancala_bot::Level>,
    /// Seed of the computer's random choices (with --bot).
    #[arg(long, default_value_t = 1, requires = "bot")]
    pub seed: u64,
    /// Play your games in plain text on stdin/stdout instead of the terminal board.
    #[arg(long, conflicts_with = "bot")]
    pub line: bool,
}

#[derive(Debug, clap::Args)]
pub struct WithdrawArgs {
    #[command(flatten)]
    pub account: Account,
    /// The tournament's id.
    pub id: String,
}

#[derive(Debug, clap::Args)]
pub struct FollowArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The tournament's id.
    pub id: String,
}
