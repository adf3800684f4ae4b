//! `mancala block NAME`, `mancala unblock NAME`, `mancala blocks`: an account's blocks on a server
//! (`/api/blocks`). A blocked account cannot challenge you, its chat lines do not reach you, and the
//! lobby never pairs you two.

use crate::online::api::Api;
use anyhow::{Context, Result};
use mancala_protocol::blocks::{BlockInfo, BlockList, CreateBlock};

/// The server and the account.
#[derive(Debug, clap::Args)]
pub struct AccountArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// An account token (an API token, or a player token). Default: the token `mancala login` kept for
    /// this server.
    #[arg(long, env = "MANCALA_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
}

impl AccountArgs {
    /// The server's API and the token to sign with.
    fn signed(&self) -> Result<(Api, String)> {
        let api = Api::new(&self.server.server);
        let token = self.token.clone().or_else(|| api.kept_token().map(str::to_string)).with_context(|| {
            format!("this needs an account: sign in with `mancala login NAME` (or give --token) for {}", api.base)
        })?;
        Ok((api, token))
    }
}

#[derive(Debug, clap::Args)]
pub struct BlockArgs {
    #[command(flatten)]
    pub account: AccountArgs,
    /// The player's account name.
    pub name: String,
}

/// `mancala block NAME`.
pub async fn block(args: &BlockArgs) -> Result<()> {
    let (api, token) = args.account.signed()?;
    let body = CreateBlock { player: args.name.clone() };
    let blocked: BlockInfo = api.post("/api/blocks", &body, Some(&token)).await?;
    println!(
        "blocked {}: they cannot challenge you, their chat lines are hidden from you, you are never paired",
        blocked.name
    );
    Ok(())
}

/// `mancala unblock NAME`.
pub async fn unblock(args: &BlockArgs) -> Result<()> {
    let (api, token) = args.account.signed()?;
    api.delete(&format!("/api/blocks/{}", args.name), Some(&token)).await?;
    println!("unblocked {}", args.name);
    Ok(())
}

/// `mancala blocks`.
pub async fn list(args: &AccountArgs) -> Result<()> {
    let (api, token) = args.signed()?;
    let list: BlockList = api.get_signed("/api/blocks", Some(&token)).await?;
    if list.blocks.is_empty() {
        println!("you block nobody");
    }
    for b in &list.blocks {
        println!("{}", b.name);
    }
    Ok(())
}
