//! `mancala report NAME --reason R --text T [--game ID]`: report a player to the server's moderators, as
//! the account `mancala login` kept for that server (docs/moderation.md).

use crate::online::api::Api;
use anyhow::{Result, bail};
use mancala_protocol::moderation::{ReportFiled, ReportRequest};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The player reported.
    pub name: String,
    /// Why: cheat, insult, leave, boost, name or other.
    #[arg(long, value_parser = ["cheat", "insult", "leave", "boost", "name", "other"])]
    pub reason: String,
    /// What happened (up to 500 characters).
    #[arg(long)]
    pub text: String,
    /// The game it happened in.
    #[arg(long)]
    pub game: Option<String>,
}

pub async fn run(args: &Args) -> Result<()> {
    let api = Api::new(&args.server.server);
    if api.kept_token().is_none() {
        bail!("sign in first: mancala login --server {} NAME", api.base);
    }
    let body = ReportRequest {
        player: args.name.clone(),
        reason: args.reason.clone(),
        text: args.text.clone(),
        game: args.game.clone(),
        line: None,
    };
    let filed: ReportFiled = api.post("/api/reports", &body, None).await?;
    println!("{}", filed.message);
    Ok(())
}
