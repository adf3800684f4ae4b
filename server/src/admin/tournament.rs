//! `admin tournament cancel ID`: ends a tournament at once (a spam tournament, one made by mistake). The
//! tournament is finished as its director finishes it: no round or wave is paired any more, on any node
//! (every node's director reads the tournament from the database before it acts, and the pages watching
//! it read its new version), its games in progress play on and count in the standings as they stand.

use super::AdminError;
use crate::game::UnixMs;
use crate::store::Store;
use crate::tournaments::queries::{self, TournamentWrite};

/// `admin tournament …`.
#[derive(Debug, clap::Args)]
pub struct TournamentArgs {
    #[command(subcommand)]
    pub command: TournamentCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum TournamentCommand {
    /// Ends the tournament now: nobody is paired any more; games in progress play on and count.
    Cancel {
        /// The tournament's id (the end of its page's address, /tournament/ID).
        id: String,
    },
}

pub async fn run(store: &Store, args: TournamentArgs, out: &mut dyn std::io::Write) -> Result<(), AdminError> {
    let TournamentCommand::Cancel { id } = args.command;
    let Some(t) = queries::tournament(store, &id).await? else {
        return Err(AdminError::Usage(format!("tournament cancel: no tournament has the id `{id}`")));
    };
    if t.status == "finished" {
        return Err(AdminError::Usage(format!("tournament cancel: `{}` ({id}) is already finished", t.name)));
    }
    queries::tournament_write(
        store,
        vec![TournamentWrite::Finish { id: id.clone(), at: UnixMs::now().millis() }],
        None,
    )
    .await?;
    writeln!(out, "tournament `{}` ({id}) cancelled: it was {}, it is finished now", t.name, t.status)?;
    Ok(())
}
