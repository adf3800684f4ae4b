//! `admin close NAME` and `admin reopen NAME`: a moderator's close and reopen (`crate::moderation::close`),
//! logged under the moderator `admin`. Run beside the servers, the command stores the closing: the
//! account's sessions and tokens are gone, so each server refuses them where they are next used; the
//! account's open sockets and ongoing games are ended at once only by a moderator's close at `/mod`.

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
    writeln!(out, "{name} is {}", if closing { "closed" } else { "open again" })?;
    Ok(())
}

fn usage(e: ModError) -> AdminError {
    match e {
        ModError::Store(e) => AdminError::Store(e),
        e => AdminError::Usage(e.to_string()),
    }
}
