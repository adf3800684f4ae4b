//! `admin grant moderator NAME` and `admin revoke moderator NAME`: the moderator role of an account
//! (docs/moderation.md). A moderator reads the reports and acts on players at `/mod`.

use super::AdminError;
use crate::ids::PlayerName;
use crate::moderation::queries::ModWrite;
use crate::store::{Store, Write};

/// The roles an operator grants. Only one for now; a name keeps the command line open to more.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Role {
    Moderator,
}

/// `admin grant ROLE NAME` / `admin revoke ROLE NAME`.
#[derive(Debug, clap::Args)]
pub struct RoleArgs {
    /// The role: `moderator`.
    pub role: Role,
    /// The account's name (any case).
    pub name: String,
}

/// Gives (`on`) or takes away the role of `args.name`.
pub async fn run(store: &Store, args: RoleArgs, on: bool, out: &mut dyn std::io::Write) -> Result<(), AdminError> {
    let name = super::account(store, &args.name).await?;
    let Role::Moderator = args.role;
    store.write(vec![Write::feature(ModWrite::Moderator { player_key: name.key(), on })]).await?;
    let what = if on { "is now a moderator" } else { "is no longer a moderator" };
    writeln!(out, "{name} {what}")?;
    Ok(())
}

/// The registered name `text` stands for, or a usage error saying it is not one.
pub(super) async fn registered(store: &Store, text: &str) -> Result<PlayerName, AdminError> {
    let name = PlayerName::parse(text).map_err(|e| AdminError::Usage(e.to_string()))?;
    let row = store.player_by_name(&name).await?.ok_or_else(|| AdminError::Usage(format!("no account `{name}`")))?;
    PlayerName::parse(&row.name).map_err(|e| AdminError::Problems(format!("stored name `{}`: {e}", row.name)))
}
