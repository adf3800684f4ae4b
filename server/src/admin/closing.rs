//! `admin close NAME` and `admin reopen NAME`: a moderator's close and reopen (`crate::moderation::close`),
//! logged under the moderator `admin`. Run beside the servers, the command stores the closing (sessions
//! and tokens gone, sign-in refused everywhere at once) with a row for the servers: the first node to read
//! it, within a second, ends the account's sockets of every kind on every node, its challenges and its
//! ongoing games by the moderator's own path (`crate::moderation::closings`).

use super::AdminError;
use crate::moderation::{ModError, actions, close};
use crate::store::Store;

/// `admin close NAME --reason TEXT` / `admin reopen NAME --reason TEXT`.
#[derive(Debug, clap::Args)]
pub struct CloseArgs {
    /// The account's name (any case).
    pub name: String,
    /// Why, for the moderation log.
    #[arg(long, default_value = "by the operator")]
    pub reason: String,
}

/// Closes (`closing`) or reopens the account.
pub async fn run(
    store: &Store,
    args: CloseArgs,
    closing: bool,
    out: &mut dyn std::io::Write,
) -> Result<(), AdminError> {
    let name = super::account(store, &args.name).await?;
    let reason = crate::moderation::text("--reason", &args.reason).map_err(usage)?;
    let action = if closing { "close" } else { "reopen" };
    let also = vec![actions::log("admin", action, name.as_str(), reason)];
    let done =
        if closing { close::close(store, None, &name, also).await } else { close::reopen(store, &name, also).await };
    done.map_err(usage)?;
    if closing {
        writeln!(out, "{name} is closed (a running server ends its sockets and ongoing games within a second)")?;
    } else {
        writeln!(out, "{name} is open again")?;
    }
    Ok(())
}

fn usage(e: ModError) -> AdminError {
    match e {
        ModError::Store(e) => AdminError::Store(e),
        e => AdminError::Usage(e.to_string()),
    }
}
