//! `admin backup PATH`: a consistent copy of a SQLite database while servers run and games are played.
//! SQLite's `VACUUM INTO` reads the database in one read transaction (a WAL snapshot: every commit before
//! it, none after) and writes a compact new file, without stopping the writer. PostgreSQL has its own
//! tool for the same thing, `pg_dump -Fc`, which the command names instead of reimplementing it.

use super::AdminError;
use crate::store::{Backend, Store};
use std::path::PathBuf;

/// `admin backup PATH`.
#[derive(Debug, clap::Args)]
pub struct BackupArgs {
    /// The new file to write (SQLite). An existing file is refused: a backup never overwrites.
    pub path: PathBuf,
}

/// What an operator of PostgreSQL runs instead (docs/operating.md, "Backups").
pub const PG_DUMP_HINT: &str = "this database is PostgreSQL: back it up with its own tool, \
     `pg_dump -Fc --file PATH DATABASE_URL`, and restore with `pg_restore --dbname NEW_DATABASE_URL PATH` \
     (docs/operating.md, \"Backups\")";

pub async fn run(store: &Store, args: BackupArgs, out: &mut dyn std::io::Write) -> Result<(), AdminError> {
    if store.backend() == Backend::Postgres {
        return Err(AdminError::Usage(PG_DUMP_HINT.to_string()));
    }
    let path = &args.path;
    if path.as_os_str().is_empty() {
        return Err(AdminError::Usage("backup: the PATH is empty".into()));
    }
    if std::fs::symlink_metadata(path).is_ok() {
        return Err(AdminError::Usage(format!(
            "backup: {} already exists; a backup never overwrites a file: choose a new PATH",
            path.display()
        )));
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    if !parent.is_dir() {
        return Err(AdminError::Usage(format!("backup: the directory {} does not exist", parent.display())));
    }
    let Some(target) = path.to_str() else {
        return Err(AdminError::Usage(format!("backup: {} is not a UTF-8 path", path.display())));
    };
    store.backup_into(target).await?;
    let bytes = std::fs::metadata(path)?.len();
    writeln!(out, "backup written to {} ({bytes} bytes)", path.display())?;
    Ok(())
}
