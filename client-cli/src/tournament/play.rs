//! `mancala tournament join ID`: join, follow the tournament and play each game the pairing gives this
//! account, until it is finished; Ctrl-C withdraws.

use super::args::JoinArgs;
use super::commands::tournament_path;
use super::feed::Feed;
use super::text::{changes, finished, print};
use crate::online::api::Api;
use crate::online::model::describe_outcome;
use anyhow::Result;
use mancala_engine::Side;
use mancala_protocol::account::AccountInfo;
use mancala_protocol::http::SeatGranted;
use mancala_protocol::tournament::{JoinTournament, TournamentGame, TournamentStatus, TournamentView};
use std::collections::HashSet;
use std::time::Duration;

pub(super) async fn join(args: &JoinArgs) -> Result<()> {
    let api = args.account.api();
    let token = args.account.required(&api)?.to_string();
    let path = tournament_path(&args.id);
    let body = JoinTournament { password: args.password.clone() };
    let ctrl_c = interrupted();
    let view: TournamentView = api.post(&format!("{path}/join"), &body, Some(&token)).await?;
    println!("joined {} ({})", view.summary.name, view.summary.id);
    tokio::select! {
        r = join_and_play(args, &api, &token, view) => return r,
        _ = ctrl_c => {}
    }
    // Ctrl-C: withdraw, best effort (a game going on is left to its clock).
    let withdrawn = tokio::time::timeout(
        Duration::from_secs(5),
        api.post::<_, TournamentView>(&format!("{path}/withdraw"), &serde_json::json!({}), Some(&token)),
    )
    .await;
    match withdrawn {
        Ok(Ok(_)) => println!("withdrawn"),
        Ok(Err(e)) => eprintln!("could not withdraw: {e}"),
        Err(_) => eprintln!("could not withdraw: the server did not answer"),
    }
    Ok(())
}

/// Ctrl-C, caught from this call on (`tokio::signal::ctrl_c` only listens from its first poll).
fn interrupted() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        let signal = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt());
        async move {
            match signal {
                Ok(mut s) => drop(s.recv().await),
                Err(_) => std::future::pending().await,
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Follows the tournament and plays each game the pairing gives this account, until it is finished.
/// `joined` is the join's answer: shown first, and the views older than it (a socket's first message may
/// be its node's previous read) are skipped.
async fn join_and_play(args: &JoinArgs, api: &Api, token: &str, joined: TournamentView) -> Result<()> {
    let path = tournament_path(&args.id);
    // Who this account is, to know its games in the lists (unknown: any game going on may be its own).
    let me = api.get_signed::<AccountInfo>("/api/account", Some(token)).await.ok().map(|a| a.name);
    let mut feed = Feed::open(api.clone(), &args.id, Some(token.to_string())).await?;
    print(&changes(None, &joined));
    let mut last: Option<TournamentView> = None;
    let mut pending = Some(joined);
    // The games this command played (or left): not entered again while the view still names them.
    let mut played: HashSet<String> = HashSet::new();
    loop {
        // A pairing's game is made just after the pairing is written: a view read between the two lists
        // the game without this account's seat, and the socket says nothing more until the next change.
        // While a game goes on and this account has none, the view is also asked for over HTTP.
        let view = if let Some(v) = pending.take() {
            v
        } else if last.as_ref().is_some_and(|v| waiting_for_seat(v, me.as_deref(), &played)) {
            tokio::select! {
                v = feed.next() => v?,
                _ = tokio::time::sleep(Duration::from_secs(1)) => match api.get_signed(&path, Some(token)).await {
                    Ok(v) => v,
                    // The socket is still there: its next message, or the next try.
                    Err(_) => continue,
                },
            }
        } else {
            feed.next().await?
        };
        if last.as_ref().is_some_and(|l| view.version < l.version) {
            continue;
        }
        if last.is_some() {
            print(&changes(last.as_ref(), &view));
        }
        let was_withdrawn = last.as_ref().and_then(|l| l.me.as_ref()).is_some_and(|m| m.withdrawn);
        if view.me.as_ref().is_some_and(|m| m.withdrawn) && !was_withdrawn && last.is_some() {
            println!(
                "you are withdrawn (not paired any more; a game not played withdraws): \
                 `mancala tournament join {}` comes back",
                view.summary.id
            );
        }
        if view.summary.status == TournamentStatus::Finished {
            feed.close().await;
            finished(&view);
            return Ok(());
        }
        let game = view.me.as_ref().and_then(|m| m.game.clone()).filter(|g| !played.contains(&g.game.id));
        last = Some(view);
        if let Some(granted) = game {
            played.insert(granted.game.id.clone());
            // The socket is not read while the game is played: closed, and opened again after (it sends
            // the tournament as it is then, whose changes are printed).
            feed.close().await;
            play_game(args, api, *granted).await?;
        }
    }
}

/// Does the view list a game of this account (`me`; `None`: any game) going on, not played here, while
/// it gives this account no seat (the game not made yet)?
pub(super) fn waiting_for_seat(v: &TournamentView, me: Option<&str>, played: &HashSet<String>) -> bool {
    let mine = |g: &TournamentGame| me.is_none_or(|me| g.south == me || g.north == me);
    v.summary.status == TournamentStatus::Running
        && v.me.as_ref().is_some_and(|m| m.joined && !m.withdrawn && m.game.is_none())
        && v.games.iter().any(|g| !g.over && !played.contains(&g.id) && mine(g))
}

/// Plays one game of the tournament: by the computer with `--bot`, else in the board or line mode.
async fn play_game(args: &JoinArgs, api: &Api, granted: SeatGranted) -> Result<()> {
    let id = granted.game.id.clone();
    let opponent = match granted.seat {
        Side::South => &granted.game.players.north,
        Side::North => &granted.game.players.south,
    }
    .as_ref()
    .map_or("?".to_string(), |p| p.name.clone());
    println!("playing {id} seat {} vs {opponent} ({}/game/{id})", granted.seat, api.base);
    match args.bot {
        Some(level) => {
            let result = crate::bot::play_seat(api.clone(), &id, granted.token, level, args.seed).await;
            match result {
                Ok(Some(o)) => println!("played {id}: {}", describe_outcome(&o)),
                Ok(None) => println!("played {id}: the connection ended before the game did"),
                // One game's failure does not end the tournament for this account: the next is played.
                Err(e) => eprintln!("game {id}: {e:#}"),
            }
        }
        None => {
            let ended = crate::play::play_granted(api.clone(), granted, args.line).await?;
            if !ended {
                println!("left {id}: it goes on (`mancala play --resume {id}` plays it)");
            }
        }
    }
    Ok(())
}
