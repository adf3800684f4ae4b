//! The commands that are one request: `list`, `show`, `create`, `withdraw`, and `follow` (the socket only).

use super::args::{CreateArgs, FollowArgs, ListArgs, ShowArgs, WithdrawArgs};
use super::feed::Feed;
use super::text::{changes, finished, games_table, header, now_ms, print, standings_table, summary_line};
use crate::online::api::Api;
use crate::play::parse_clock;
use anyhow::{Result, bail};
use mancala_protocol::tournament::{
    CreateTournament, TournamentKind, TournamentList, TournamentStatus, TournamentView,
};

pub(super) async fn list(args: &ListArgs) -> Result<()> {
    let api = Api::new(&args.server.server);
    let list: TournamentList = api.get("/api/tournaments").await?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&list).expect("a list serialises"));
        return Ok(());
    }
    let now = now_ms();
    for (title, items) in [("upcoming", &list.upcoming), ("running", &list.running), ("finished", &list.finished)] {
        println!("{title} ({})", items.len());
        for s in items {
            println!("  {}", summary_line(s, now));
        }
    }
    Ok(())
}

pub(super) fn tournament_path(id: &str) -> String {
    format!("/api/tournaments/{}", id.trim())
}

/// `mancala tournament show ID`.
pub(super) async fn show(args: &ShowArgs) -> Result<()> {
    let api = args.account.api();
    let view: TournamentView = api.get_signed(&tournament_path(&args.id), args.account.token(&api)).await?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&view).expect("a view serialises"));
        return Ok(());
    }
    print(&header(&view, now_ms()));
    println!();
    print(&standings_table(&view));
    let games = games_table(&view, args.games);
    if !games.is_empty() {
        println!();
        print(&games);
    }
    Ok(())
}

/// `mancala tournament create`.
pub(super) async fn create(args: &CreateArgs) -> Result<()> {
    let api = args.account.api();
    let token = args.account.required(&api)?;
    let clock = parse_clock(&args.clock)?;
    if clock.days.is_some() {
        bail!("bad --clock `{}`: a tournament has a real-time clock, like `3+2`", args.clock);
    }
    let body = CreateTournament {
        name: args.name.clone(),
        kind: if args.arena.is_some() { TournamentKind::Arena } else { TournamentKind::Swiss },
        variants: args.variant.clone(),
        clock,
        starts_at: args.in_minutes.map(|m| now_ms() + u64::from(m) * 60_000),
        minutes: args.arena,
        rounds: args.swiss,
        rated: args.rated,
        bots: args.bots,
        berserk: args.berserk,
        password: args.password.clone(),
    };
    let view: TournamentView = api.post("/api/tournaments", &body, Some(token)).await?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&view).expect("a view serialises"));
        return Ok(());
    }
    println!("created {} {}", view.summary.id, view.summary.name);
    print(&header(&view, now_ms()));
    println!("join it: mancala tournament join {}", view.summary.id);
    Ok(())
}

/// `mancala tournament withdraw ID`.
pub(super) async fn withdraw(args: &WithdrawArgs) -> Result<()> {
    let api = args.account.api();
    let token = args.account.required(&api)?;
    let view: TournamentView =
        api.post(&format!("{}/withdraw", tournament_path(&args.id)), &serde_json::json!({}), Some(token)).await?;
    println!("withdrawn from {} ({})", view.summary.name, view.summary.id);
    Ok(())
}

/// `mancala tournament follow ID`.
pub(super) async fn follow(args: &FollowArgs) -> Result<()> {
    let api = Api::new(&args.server.server);
    let mut feed = Feed::open(api, &args.id, None).await?;
    let mut last: Option<TournamentView> = None;
    loop {
        let view = feed.next().await?;
        if last.as_ref().is_some_and(|l| view.version < l.version) {
            continue;
        }
        print(&changes(last.as_ref(), &view));
        if view.summary.status == TournamentStatus::Finished {
            feed.close().await;
            finished(&view);
            return Ok(());
        }
        last = Some(view);
    }
}
