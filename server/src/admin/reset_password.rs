//! `admin reset-password NAME`: a one-time link that lets a player who forgot their password choose a new
//! one (docs/operating.md, "A forgotten password"). The link's secret is random and only its hash is
//! stored; it works once, for [`VALID`]; using it ends every session of the account
//! (`accounts/routes/reset.rs`). The link starts with the site's public address, which the command needs
//! (`--site` or `MANCALA_PUBLIC_URL`): it refuses rather than print a link to the machine it runs on.

use super::AdminError;
use crate::accounts::queries::AccountWrite;
use crate::game::UnixMs;
use crate::game::utc::Utc;
use crate::ids::{self, PlayerName};
use crate::store::{Store, Write};
use std::time::Duration;

/// How long a link works.
pub const VALID: Duration = Duration::from_secs(3600);

/// `admin reset-password NAME`.
#[derive(Debug, clap::Args)]
pub struct ResetPasswordArgs {
    /// The account's name (any case).
    pub name: String,
    /// The site's address as players reach it (`https://your.domain`): the link is SITE/reset/SECRET.
    /// Needed: a link to the machine the command runs on would reach nobody.
    #[arg(long, env = "MANCALA_PUBLIC_URL")]
    pub site: Option<String>,
}

pub async fn run(store: &Store, args: ResetPasswordArgs, out: &mut dyn std::io::Write) -> Result<(), AdminError> {
    let name = PlayerName::parse(&args.name).map_err(|e| AdminError::Usage(format!("reset-password: {e}")))?;
    let site = args.site.as_deref().map(|s| s.trim_end_matches('/'));
    if let Some(site) = site
        && !(site.starts_with("http://") || site.starts_with("https://"))
    {
        return Err(AdminError::Usage(format!(
            "reset-password: --site `{site}` is not an http:// or https:// address"
        )));
    }
    let Some((account, hash)) = store.password_of(&name.key()).await? else {
        return Err(AdminError::Usage(format!("reset-password: no account is named `{name}`")));
    };
    if hash.is_none() {
        return Err(AdminError::Usage(format!(
            "reset-password: `{}` is a token-only account (a program's): it has no password to reset",
            account.name
        )));
    }
    let Some(site) = site else {
        return Err(AdminError::Usage(
            "reset-password: the site's public address is not known: give it with --site https://your.domain \
             (or set MANCALA_PUBLIC_URL, as the servers have it); a link to this machine would reach nobody"
                .into(),
        ));
    };
    let secret = ids::token();
    let now = UnixMs::now();
    let expires_at = now.plus(VALID);
    store
        .write(vec![Write::feature(AccountWrite::InsertPasswordReset {
            token_hash: ids::token_hash(&secret),
            player_key: name.key(),
            now,
            expires_at,
        })])
        .await?;
    let until = Utc::of(expires_at);
    writeln!(out, "{site}/reset/{secret}")?;
    writeln!(
        out,
        "A link for `{}` to choose a new password: it works once, until {:04}-{:02}-{:02} {:02}:{:02} UTC (1 hour). \
         Using it signs the account out everywhere. Give it to the player only.",
        account.name, until.year, until.month, until.day, until.hour, until.minute
    )?;
    Ok(())
}
