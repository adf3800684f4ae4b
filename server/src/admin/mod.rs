//! `mancala-server admin …`: the operator's commands, run by the same binary against the database the
//! servers use (the same `--database-url` / `DATABASE_URL`), while they run. Each command is one file;
//! this module owns the arguments, the one way a command connects, and the exit codes:
//!
//! - 0: done (for `check`: no problem found);
//! - 1: the command ran and found problems, or the database failed it;
//! - 2: a missing or bad argument (clap's own usage errors also exit 2), said on standard error.
//!
//! docs/operating.md lists every command; each has `--help`.

mod backup;
mod check;
mod closing;
mod reset_password;
mod roles;
mod stats;
mod tournament;

use roles::registered as account;

use crate::store::{Store, StoreError};
use std::process::ExitCode;

/// `mancala-server admin [--database-url URL] COMMAND`.
#[derive(Debug, clap::Args)]
pub struct AdminArgs {
    /// Database: `sqlite://FILE` or `postgres://USER@HOST/DB` (the servers' own).
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://mancala.db")]
    pub database_url: String,
    #[command(subcommand)]
    pub command: AdminCommand,
}

/// The operator's commands.
#[derive(Debug, clap::Subcommand)]
pub enum AdminCommand {
    /// Counts: accounts, games by status and by variant, the database's size.
    Stats(stats::StatsArgs),
    /// Gives an account a role (`moderator`).
    Grant(roles::RoleArgs),
    /// Takes a role (`moderator`) away from an account.
    Revoke(roles::RoleArgs),
    /// Closes an account, as a moderator does (docs/moderation.md).
    Close(closing::CloseArgs),
    /// Reopens a closed account.
    Reopen(closing::CloseArgs),
    /// A consistent copy of the database while servers run (SQLite: a new file; PostgreSQL: says to use
    /// `pg_dump`).
    Backup(backup::BackupArgs),
    /// The database's integrity and the project's invariants: one line per problem, exit 1 if any.
    Check(check::CheckArgs),
    /// Prints a one-time link (valid 1 hour) that lets the player choose a new password.
    ResetPassword(reset_password::ResetPasswordArgs),
    /// Tournaments: `cancel ID` ends one at once.
    Tournament(tournament::TournamentArgs),
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// A missing or bad argument (an unknown player, a malformed id): exit 2.
    #[error("{0}")]
    Usage(String),
    /// The command ran and found problems (already printed, one line each): exit 1.
    #[error("{0}")]
    Problems(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl AdminError {
    fn exit_code(&self) -> ExitCode {
        match self {
            AdminError::Usage(_) => ExitCode::from(2),
            _ => ExitCode::from(1),
        }
    }
}

/// Runs one admin command, writing its report to `out`; errors go to standard error with their exit code.
pub async fn run(args: AdminArgs) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match execute(args, &mut out).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mancala-server admin: {e}");
            e.exit_code()
        }
    }
}

async fn execute(args: AdminArgs, out: &mut dyn std::io::Write) -> Result<(), AdminError> {
    let (store, writer) = connect(&args.database_url).await?;
    let result = match args.command {
        AdminCommand::Stats(a) => stats::run(&store, a, out).await,
        AdminCommand::Grant(a) => roles::run(&store, a, true, out).await,
        AdminCommand::Revoke(a) => roles::run(&store, a, false, out).await,
        AdminCommand::Close(a) => closing::run(&store, a, true, out).await,
        AdminCommand::Reopen(a) => closing::run(&store, a, false, out).await,
        AdminCommand::Backup(a) => backup::run(&store, a, out).await,
        AdminCommand::Check(a) => check::run(&store, a, out).await,
        AdminCommand::ResetPassword(a) => reset_password::run(&store, a, out).await,
        AdminCommand::Tournament(a) => tournament::run(&store, a, out).await,
    };
    store.close_reads().await;
    drop(store);
    writer.finish().await;
    result
}

/// The store of `url`, as a server opens it (its migrations applied). A SQLite file that does not exist
/// is refused rather than made: a mistyped path would otherwise answer about a new, empty database (0
/// accounts, nothing to check) as if it were the site's. An explicit `mode=` in the URL is obeyed.
async fn connect(url: &str) -> Result<(Store, crate::store::WriterTask), AdminError> {
    if let Some(path) = missing_sqlite_file(url) {
        return Err(AdminError::Usage(format!(
            "no SQLite database at `{path}` (a server makes it when it first starts; is --database-url the \
             servers' own?)"
        )));
    }
    Ok(Store::connect(url).await?)
}

/// The file of a `sqlite:` URL without a `mode=`, when no such file exists.
fn missing_sqlite_file(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("sqlite:")?;
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let path = path.strip_prefix("//").unwrap_or(path);
    if query.contains("mode=") || path.is_empty() || path.contains(":memory:") {
        return None;
    }
    (!std::path::Path::new(path).exists()).then_some(path)
}
