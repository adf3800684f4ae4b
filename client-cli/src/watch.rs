//! `mancala watch GAME`: follow a game as a spectator (no secret is shown until the end), in the terminal
//! board or in line mode.

use crate::line;
use crate::online::api::Api;
use crate::online::session::Session;
use anyhow::Result;
use std::io::IsTerminal;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The game id.
    pub game: String,
    /// Plain text on stdout instead of the terminal board.
    #[arg(long)]
    pub line: bool,
}

pub async fn run(args: &Args) -> Result<()> {
    let api = Api::new(&args.server.server);
    let mut session = Session::open(api, &args.game, None).await?;
    if args.line || !std::io::stdout().is_terminal() {
        line::run(&mut session, false).await?;
    } else {
        crate::tui::run(&mut session).await?;
    }
    session.close().await;
    Ok(())
}
