//! `mancala tournament …`: the server's arena and Swiss tournaments (`/api/tournaments…`).
//!
//! - `list`: upcoming, running and finished tournaments, a line each.
//! - `show ID`: the header, the standings and the newest games (`--json`: the server's view as is).
//! - `create`: a new arena (`--arena MINUTES`) or Swiss (`--swiss ROUNDS`) tournament (signed in).
//! - `join ID`: joins (signed in), then follows the tournament from its socket and plays each game the
//!   pairing gives this account: in the terminal board or line mode as `mancala play` does, or with
//!   `--bot LEVEL` by the computer as `mancala bot --token` does; until the tournament is finished.
//!   Ctrl-C withdraws (best effort) and exits.
//! - `withdraw ID`, and `follow ID` (the standings live, nothing played).
//!
//! Following prints a line per change, each starting with a keyword:
//!
//! ```text
//! tournament ID NAME swiss running          the header and the standings when the socket opens
//! status running                            the tournament started (or finished)
//! round 2 of 3                              a Swiss round was paired
//! joined NAME 1500                          a player joined
//! standing 1 NAME 1½ games 2                a line of the standings changed (withdrawn at the end when so)
//! game ID round 1 SOUTH vs NORTH            a game was paired
//! result ID SOUTH vs NORTH: NAME wins (REASON)   a game ended (`draw (REASON)`, `not played (REASON)`)
//! bye round 1 NAME                          a Swiss bye
//! playing ID round 1 seat SIDE vs NAME      (join) this account's game: it is played now
//! finished                                  then the final standings, and the command exits
//! ```
//!
//! A Swiss score is counted in half-points by the server and shown in points (`1½`); an arena's in points.

use crate::lobby::clock_text;
use crate::online::api::{Api, ClientError};
use crate::online::model::describe_outcome;
use crate::play::parse_clock;
use anyhow::{Context, Result, bail};
use clap::builder::TypedValueParser;
use futures_util::StreamExt;
use mancala_engine::{Side, Variant};
use mancala_protocol::account::AccountInfo;
use mancala_protocol::http::SeatGranted;
use mancala_protocol::tournament::{
    CreateTournament, JoinTournament, StandingLine, TournamentGame, TournamentKind, TournamentList,
    TournamentServerMsg, TournamentStatus, TournamentSummary, TournamentView,
};
use std::collections::{HashMap, HashSet};
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: Cmd,
}

#[derive(Debug, clap::Subcommand)]
pub enum Cmd {
    /// The upcoming, running and recently finished tournaments, a line each.
    List(ListArgs),
    /// A tournament's header, standings and newest games.
    Show(ShowArgs),
    /// Create a tournament (signed in): `--arena MINUTES` or `--swiss ROUNDS`.
    Create(CreateArgs),
    /// Join a tournament (signed in), then follow it and play each of your games until it is finished:
    /// in the terminal board (or `--line`), or with `--bot LEVEL` by the computer. Ctrl-C withdraws.
    Join(JoinArgs),
    /// Withdraw from a tournament (signed in): you are not paired any more; a game going on is played to
    /// its end. Joining again comes back.
    Withdraw(WithdrawArgs),
    /// Follow a tournament's standings and games live, without playing.
    Follow(FollowArgs),
}

/// The server and the account.
#[derive(Debug, clap::Args)]
pub struct Account {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// An account token (an API token, or a player token from `POST /api/players` for a program).
    /// Default: the token `mancala login` kept for this server.
    #[arg(long, env = "MANCALA_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
}

impl Account {
    fn api(&self) -> Api {
        Api::new(&self.server.server)
    }

    /// The token to sign with: `--token`, else the kept one.
    fn token<'a>(&'a self, api: &'a Api) -> Option<&'a str> {
        self.token.as_deref().or(api.kept_token())
    }

    /// The token, for a command that needs an account.
    fn required<'a>(&'a self, api: &'a Api) -> Result<&'a str> {
        self.token(api).with_context(|| {
            format!("this needs an account: sign in with `mancala login NAME` (or give --token) for {}", api.base)
        })
    }
}

#[derive(Debug, clap::Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The server's list as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub account: Account,
    /// The tournament's id.
    pub id: String,
    /// How many of the newest games to list.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// The server's view as JSON (with `me`, your place, when signed in).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("kind").required(true).args(["arena", "swiss"])))]
pub struct CreateArgs {
    #[command(flatten)]
    pub account: Account,
    /// Its name (2 to 48 characters).
    #[arg(long)]
    pub name: String,
    /// An arena of this many minutes (5 to 360): players are paired again as soon as their game ends.
    #[arg(long, value_name = "MINUTES")]
    pub arena: Option<u32>,
    /// A Swiss of this many rounds (2 to 15).
    #[arg(long, value_name = "ROUNDS")]
    pub swiss: Option<u32>,
    /// The variant; repeat it for a medley arena, which rotates the variants.
    #[arg(long, required = true, value_name = "ID",
          value_parser = clap::builder::PossibleValuesParser::new(Variant::ALL.map(Variant::id))
              .map(|id| id.parse::<Variant>().expect("listed ids parse")))]
    pub variant: Vec<Variant>,
    /// The clock: minutes+increment seconds, e.g. `3+2` (or `90s+1`).
    #[arg(long, value_name = "BASE+INC")]
    pub clock: String,
    /// Start in this many minutes (default: at once).
    #[arg(long = "in", value_name = "MINUTES")]
    pub in_minutes: Option<u32>,
    /// Rated games.
    #[arg(long)]
    pub rated: bool,
    /// Programs' accounts (made with `POST /api/players`) may join.
    #[arg(long)]
    pub bots: bool,
    /// An arena's players may berserk: half their clock, no increment, one point more for a win.
    #[arg(long)]
    pub berserk: bool,
    /// Joining needs this password (4 to 64 characters).
    #[arg(long)]
    pub password: Option<String>,
    /// The server's answer as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct JoinArgs {
    #[command(flatten)]
    pub account: Account,
    /// The tournament's id.
    pub id: String,
    /// The tournament's password, if it has one.
    #[arg(long)]
    pub password: Option<String>,
    /// Let the computer play your games at this level (1 weakest to 8 strongest; random, easy, medium and
    /// hard name levels 1 to 4), as `mancala bot --token` does.
    #[arg(long, value_name = "LEVEL")]
    pub bot: Option<mancala_bot::Level>,
    /// Seed of the computer's random choices (with --bot).
    #[arg(long, default_value_t = 1, requires = "bot")]
    pub seed: u64,
    /// Play your games in plain text on stdin/stdout instead of the terminal board.
    #[arg(long, conflicts_with = "bot")]
    pub line: bool,
}

#[derive(Debug, clap::Args)]
pub struct WithdrawArgs {
    #[command(flatten)]
    pub account: Account,
    /// The tournament's id.
    pub id: String,
}

#[derive(Debug, clap::Args)]
pub struct FollowArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// The tournament's id.
    pub id: String,
}

pub async fn run(args: &Args) -> Result<()> {
    match &args.command {
        Cmd::List(a) => list(a).await,
        Cmd::Show(a) => show(a).await,
        Cmd::Create(a) => create(a).await,
        Cmd::Join(a) => join(a).await,
        Cmd::Withdraw(a) => withdraw(a).await,
        Cmd::Follow(a) => follow(a).await,
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// `2026-11-25 10:05 UTC` for unix milliseconds.
fn utc(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", rest / 3600, rest % 3600 / 60)
}

/// `in 40 s`, `in 5 min`, `in 2 h 10 min`, or `now`.
fn from_now(at: u64, now: u64) -> String {
    let ms = at.saturating_sub(now);
    match ms.div_ceil(60_000) {
        0 => "now".into(),
        _ if ms < 60_000 => format!("in {} s", ms.div_ceil(1000)),
        m if m < 60 => format!("in {m} min"),
        m => format!("in {} h {} min", m / 60, m % 60),
    }
}

/// A score as shown: a Swiss's half-points in points (`1½`), an arena's points as they are.
fn score_text(kind: TournamentKind, score: u32) -> String {
    match kind {
        TournamentKind::Arena => score.to_string(),
        TournamentKind::Swiss => match (score / 2, score % 2) {
            (whole, 0) => whole.to_string(),
            (0, _) => "½".into(),
            (whole, _) => format!("{whole}½"),
        },
    }
}

fn kind_text(s: &TournamentSummary) -> String {
    match s.kind {
        TournamentKind::Arena => "arena".into(),
        TournamentKind::Swiss => format!("swiss {} rounds", s.rounds.unwrap_or(0)),
    }
}

fn variants_text(variants: &[Variant]) -> String {
    variants.iter().map(|v| v.id()).collect::<Vec<_>>().join(",")
}

fn status_name(status: TournamentStatus) -> &'static str {
    match status {
        TournamentStatus::Upcoming => "upcoming",
        TournamentStatus::Running => "running",
        TournamentStatus::Finished => "finished",
    }
}

/// Where the tournament is: when it starts, its round or end, or finished.
fn status_text(s: &TournamentSummary, now: u64) -> String {
    match s.status {
        TournamentStatus::Upcoming => format!("starts {} ({})", utc(s.starts_at), from_now(s.starts_at, now)),
        TournamentStatus::Running => match (s.kind, s.ends_at) {
            (TournamentKind::Arena, Some(end)) => format!("running, ends {} ({})", utc(end), from_now(end, now)),
            _ => format!("running, round {} of {}", s.round.unwrap_or(0), s.rounds.unwrap_or(0)),
        },
        TournamentStatus::Finished => "finished".into(),
    }
}

/// Rated, bots, private: the flags worth saying.
fn flags(s: &TournamentSummary) -> String {
    let mut f = vec![if s.rated { "rated" } else { "casual" }];
    if s.bots {
        f.push("bots");
    }
    if s.private {
        f.push("password");
    }
    f.join(" ")
}

/// A tournament of the list: `ID  NAME  KIND  VARIANTS  CLOCK  FLAGS  N players  STATUS`.
fn summary_line(s: &TournamentSummary, now: u64) -> String {
    format!(
        "{}  {}  {}  {}  {}  {}  {} player{}  {}",
        s.id,
        s.name,
        kind_text(s),
        variants_text(&s.variants),
        clock_text(Some(s.clock)),
        flags(s),
        s.players,
        if s.players == 1 { "" } else { "s" },
        status_text(s, now)
    )
}

/// `SOUTH vs NORTH: NAME wins (REASON)`, `…: draw (REASON)`, `…: not played (REASON)`, or `…: playing`.
fn game_result(g: &TournamentGame) -> String {
    let result = if !g.over {
        "playing".to_string()
    } else {
        let reason = g.reason.clone().unwrap_or_default();
        match g.winner {
            Some(Side::South) => format!("{} wins ({reason})", g.south),
            Some(Side::North) => format!("{} wins ({reason})", g.north),
            None if reason.contains("abort") => format!("not played ({reason})"),
            None => format!("draw ({reason})"),
        }
    };
    format!("{} vs {}: {result}", g.south, g.north)
}

/// The header of a tournament: its name and settings, where it is, and the caller's place.
fn header(v: &TournamentView, now: u64) -> Vec<String> {
    let s = &v.summary;
    let mut lines = vec![
        format!("{} ({})", s.name, s.id),
        format!(
            "{}, {}, {}, {}{}",
            kind_text(s),
            variants_text(&s.variants),
            clock_text(Some(s.clock)),
            flags(s),
            s.created_by.as_ref().map(|c| format!(", by {c}")).unwrap_or_default()
        ),
        format!("{}, {} player{}", status_text(s, now), s.players, if s.players == 1 { "" } else { "s" }),
    ];
    if let (Some(variant), Some(next)) = (v.variant_now, v.next_variant_at) {
        lines.push(format!("variant now {variant}, the next from {}", utc(next)));
    }
    if let Some(me) = &v.me {
        let mut you = match (me.joined, me.withdrawn) {
            (false, _) => "you have not joined".to_string(),
            (true, true) => "you are withdrawn (join again to be paired)".to_string(),
            (true, false) => "you have joined".to_string(),
        };
        if let Some(g) = &me.game {
            you.push_str(&format!(", playing game {} as {}", g.game.id, g.seat));
        }
        lines.push(you);
    }
    lines
}

/// The standings as a table.
fn standings_table(v: &TournamentView) -> Vec<String> {
    let kind = v.summary.kind;
    if v.standings.is_empty() {
        return vec!["no players yet".into()];
    }
    let width =
        v.standings.iter().map(|l| l.name.chars().count() + if l.bot { 6 } else { 0 }).max().unwrap_or(4).max(4);
    let mut lines = vec![match kind {
        TournamentKind::Swiss => format!(
            "{:>4}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>8}  {:>6}  {:>6}  {:>4}",
            "rank", "name", "rating", "score", "games", "buchholz", "bh-cut", "sb", "wins"
        ),
        TournamentKind::Arena => {
            format!("{:>4}  {:<width$}  {:>6}  {:>5}  {:>5}  sheet", "rank", "name", "rating", "score", "games")
        }
    }];
    for l in &v.standings {
        let name = if l.bot { format!("{} (bot)", l.name) } else { l.name.clone() };
        let mut line =
            format!("{:>4}  {name:<width$}  {:>6}  {:>5}  {:>5}", l.rank, l.rating, score_text(kind, l.score), l.games);
        match (kind, &l.tie_breaks, &l.sheet) {
            (TournamentKind::Swiss, Some(t), _) => line.push_str(&format!(
                "  {:>8}  {:>6}  {:>6}  {:>4}",
                score_text(kind, t.buchholz),
                score_text(kind, t.buchholz_cut1),
                quarter_text(t.sonneborn_berger),
                t.wins
            )),
            (TournamentKind::Arena, _, Some(sheet)) => {
                let sheet: Vec<String> = sheet.iter().map(u32::to_string).collect();
                line.push_str(&format!("  {}{}", sheet.join(" "), if l.fire { " (on fire)" } else { "" }));
            }
            _ => {}
        }
        if l.withdrawn {
            line.push_str("  withdrawn");
        }
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// Quarter-points (Sonneborn-Berger) in points: `3`, `2.25`, `1.5`.
fn quarter_text(q: u32) -> String {
    match q % 4 {
        0 => (q / 4).to_string(),
        2 => format!("{}.5", q / 4),
        r => format!("{}.{}", q / 4, r * 25),
    }
}

/// The newest `n` games and the byes.
fn games_table(v: &TournamentView, n: usize) -> Vec<String> {
    let mut lines = Vec::new();
    if !v.games.is_empty() && n > 0 {
        lines.push(format!("games (the newest {} of {})", n.min(v.games.len()), v.games.len()));
        for g in v.games.iter().take(n) {
            lines.push(format!("  round {:>2}  {}  {}  {}", g.round, g.id, g.variant, game_result(g)));
        }
    }
    for b in &v.byes {
        lines.push(format!("  round {:>2}  bye  {}", b.round, b.name));
    }
    lines
}

/// `standing RANK NAME SCORE games N [withdrawn]`.
fn standing_line(kind: TournamentKind, l: &StandingLine) -> String {
    format!(
        "standing {} {} {} games {}{}",
        l.rank,
        l.name,
        score_text(kind, l.score),
        l.games,
        if l.withdrawn { " withdrawn" } else { "" }
    )
}

/// What changed from `before` to `now`, a line each (the whole picture when there is no `before`).
fn changes(before: Option<&TournamentView>, now: &TournamentView) -> Vec<String> {
    let kind = now.summary.kind;
    let Some(before) = before else {
        let mut lines = vec![format!(
            "tournament {} {} {} {}",
            now.summary.id,
            now.summary.name,
            match kind {
                TournamentKind::Arena => "arena",
                TournamentKind::Swiss => "swiss",
            },
            status_name(now.summary.status)
        )];
        lines.extend(header(now, now_ms()).into_iter().map(|l| format!("  {l}")));
        lines.extend(standings_table(now).into_iter().map(|l| format!("  {l}")));
        lines.extend(
            now.games.iter().filter(|g| !g.over).map(|g| format!("game {} round {} {}", g.id, g.round, game_result(g))),
        );
        return lines;
    };
    let mut lines = Vec::new();
    if now.summary.status != before.summary.status {
        lines.push(format!("status {}", status_name(now.summary.status)));
    }
    if kind == TournamentKind::Swiss && now.summary.round != before.summary.round {
        lines.push(format!("round {} of {}", now.summary.round.unwrap_or(0), now.summary.rounds.unwrap_or(0)));
    }
    let old_games: HashMap<&str, &TournamentGame> = before.games.iter().map(|g| (g.id.as_str(), g)).collect();
    // Oldest first, as they happened.
    for g in now.games.iter().rev() {
        let was = old_games.get(g.id.as_str());
        if was.is_none() {
            lines.push(format!("game {} round {} {} vs {}", g.id, g.round, g.south, g.north));
        }
        if g.over && !was.is_some_and(|w| w.over) {
            lines.push(format!("result {} {}", g.id, game_result(g)));
        }
    }
    let old_byes: HashSet<(u32, &str)> = before.byes.iter().map(|b| (b.round, b.name.as_str())).collect();
    for b in &now.byes {
        if !old_byes.contains(&(b.round, b.name.as_str())) {
            lines.push(format!("bye round {} {}", b.round, b.name));
        }
    }
    let old: HashMap<&str, &StandingLine> = before.standings.iter().map(|l| (l.name.as_str(), l)).collect();
    for l in &now.standings {
        match old.get(l.name.as_str()) {
            None => lines.push(format!("joined {} {}{}", l.name, l.rating, if l.bot { " bot" } else { "" })),
            Some(o) if (o.rank, o.score, o.games, o.withdrawn) != (l.rank, l.score, l.games, l.withdrawn) => {}
            Some(_) => continue,
        }
        lines.push(standing_line(kind, l));
    }
    lines
}

fn print(lines: &[String]) {
    for l in lines {
        println!("{l}");
    }
}

/// The final picture of a finished tournament.
fn finished(v: &TournamentView) {
    println!("finished");
    print(&standings_table(v).into_iter().map(|l| format!("  {l}")).collect::<Vec<_>>());
}

/// `mancala tournament list`.
async fn list(args: &ListArgs) -> Result<()> {
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

fn tournament_path(id: &str) -> String {
    format!("/api/tournaments/{}", id.trim())
}

/// `mancala tournament show ID`.
async fn show(args: &ShowArgs) -> Result<()> {
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
async fn create(args: &CreateArgs) -> Result<()> {
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
async fn withdraw(args: &WithdrawArgs) -> Result<()> {
    let api = args.account.api();
    let token = args.account.required(&api)?;
    let view: TournamentView =
        api.post(&format!("{}/withdraw", tournament_path(&args.id)), &serde_json::json!({}), Some(token)).await?;
    println!("withdrawn from {} ({})", view.summary.name, view.summary.id);
    Ok(())
}

/// `mancala tournament follow ID`.
async fn follow(args: &FollowArgs) -> Result<()> {
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

/// `mancala tournament join ID`.
async fn join(args: &JoinArgs) -> Result<()> {
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
fn waiting_for_seat(v: &TournamentView, me: Option<&str>, played: &HashSet<String>) -> bool {
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

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// How long reconnecting keeps trying before giving up.
const RECONNECT_FOR: Duration = Duration::from_secs(60);
/// The close code of a connection whose credential was revoked.
const REVOKED: u16 = 4001;

/// The tournament's socket (`/api/tournaments/{id}/ws`), opened again when it is lost.
struct Feed {
    api: Api,
    id: String,
    token: Option<String>,
    socket: Option<Socket>,
}

impl Feed {
    async fn open(api: Api, id: &str, token: Option<String>) -> Result<Feed> {
        let mut feed = Feed { api, id: id.trim().to_string(), token, socket: None };
        feed.socket = Some(feed.connect().await?);
        Ok(feed)
    }

    async fn connect(&self) -> Result<Socket> {
        let mut url = self.api.ws_url(&format!("/api/tournaments/{}/ws", self.id));
        if let Some(t) = &self.token {
            url.push_str(&format!("?token={t}"));
        }
        match connect_async(url).await {
            Ok((socket, _)) => Ok(socket),
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                let status = r.status().as_u16();
                let body = r.body().as_ref().map(|b| String::from_utf8_lossy(b).into_owned()).unwrap_or_default();
                let message = serde_json::from_str::<mancala_protocol::http::ErrorBody>(&body)
                    .map(|e| e.message)
                    .unwrap_or_else(|_| format!("HTTP {status}"));
                Err(ClientError::Refused { status, code: "tournament".into(), message }.into())
            }
            Err(_) => Err(ClientError::Down(self.api.base.clone()).into()),
        }
    }

    /// Opens the socket again, with backoff, for up to [`RECONNECT_FOR`]; a refusal other than 503 is final.
    async fn reconnect(&self) -> Result<Socket> {
        let start = tokio::time::Instant::now();
        let mut wait = Duration::from_millis(250);
        loop {
            match self.connect().await {
                Ok(socket) => return Ok(socket),
                Err(e) => {
                    let final_refusal = matches!(
                        e.downcast_ref::<ClientError>(),
                        Some(ClientError::Refused { status, .. }) if *status != 503
                    );
                    if final_refusal || start.elapsed() > RECONNECT_FOR {
                        return Err(e.context("the tournament connection was lost"));
                    }
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_secs(5));
                }
            }
        }
    }

    /// The tournament's next view (the first after a (re)connection is the tournament as it is).
    async fn next(&mut self) -> Result<TournamentView> {
        loop {
            let socket = match &mut self.socket {
                Some(s) => s,
                None => self.socket.insert(self.reconnect().await?),
            };
            match socket.next().await {
                Some(Ok(Message::Text(t))) => match serde_json::from_str::<TournamentServerMsg>(t.as_str()) {
                    Ok(TournamentServerMsg::Tournament { tournament }) => return Ok(*tournament),
                    Ok(TournamentServerMsg::Error { code, message }) if code == "revoked" => {
                        bail!("{message} (run `mancala login` again)")
                    }
                    Ok(TournamentServerMsg::Error { code, message }) => eprintln!("error {code}: {message}"),
                    Err(e) => bail!("unexpected tournament message `{}`: {e}", t.as_str()),
                },
                Some(Ok(Message::Close(frame))) => {
                    if frame.as_ref().is_some_and(|f| u16::from(f.code) == REVOKED) {
                        bail!(
                            "the server closed the tournament connection: the token was revoked (run `mancala login` again)"
                        );
                    }
                    self.socket = None;
                }
                Some(Err(_)) | None => self.socket = None,
                Some(Ok(_)) => {}
            }
        }
    }

    async fn close(&mut self) {
        if let Some(mut s) = self.socket.take() {
            let _ = s.close(None).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_protocol::ClockSpec;
    use mancala_protocol::tournament::{MyPlace, TieBreaks};

    #[test]
    fn scores_times_and_quarters_read_as_points() {
        assert_eq!(score_text(TournamentKind::Swiss, 0), "0");
        assert_eq!(score_text(TournamentKind::Swiss, 1), "½");
        assert_eq!(score_text(TournamentKind::Swiss, 5), "2½");
        assert_eq!(score_text(TournamentKind::Swiss, 6), "3");
        assert_eq!(score_text(TournamentKind::Arena, 5), "5");
        assert_eq!(quarter_text(9), "2.25");
        assert_eq!(quarter_text(6), "1.5");
        assert_eq!(quarter_text(8), "2");
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(1_795_238_203_060), "2026-11-21 05:16 UTC");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00 UTC");
        assert_eq!(from_now(10 * 60_000, 0), "in 10 min");
        assert_eq!(from_now(0, 5), "now");
        assert_eq!(from_now(5_500, 0), "in 6 s");
        assert_eq!(from_now(125 * 60_000, 0), "in 2 h 5 min");
    }

    fn summary() -> TournamentSummary {
        TournamentSummary {
            id: "t1".into(),
            name: "Friday Swiss".into(),
            kind: TournamentKind::Swiss,
            status: TournamentStatus::Running,
            variants: vec![Variant::Kubuguza],
            clock: ClockSpec::fischer(180, 2),
            rated: false,
            bots: true,
            berserk: false,
            private: false,
            created_by: Some("amina".into()),
            starts_at: 0,
            ends_at: None,
            rounds: Some(3),
            round: Some(1),
            players: 2,
        }
    }

    fn line(rank: u32, name: &str, score: u32, games: u32) -> StandingLine {
        StandingLine {
            rank,
            name: name.into(),
            bot: false,
            rating: 1500,
            score,
            sheet: None,
            fire: false,
            tie_breaks: Some(TieBreaks { buchholz: 2, buchholz_cut1: 0, sonneborn_berger: 4, wins: games }),
            games,
            withdrawn: false,
        }
    }

    fn game(over: bool) -> TournamentGame {
        TournamentGame {
            id: "g1".into(),
            round: 1,
            variant: Variant::Kubuguza,
            south: "amina".into(),
            north: "baraka".into(),
            over,
            winner: over.then_some(Side::South),
            reason: over.then(|| "no-legal-move".into()),
        }
    }

    #[test]
    fn the_lines_of_a_list_and_of_the_changes() {
        let s = summary();
        assert_eq!(
            summary_line(&s, 0),
            "t1  Friday Swiss  swiss 3 rounds  kubuguza  3+2  casual bots  2 players  running, round 1 of 3"
        );
        let before = TournamentView {
            summary: s.clone(),
            version: 3,
            variant_now: None,
            next_variant_at: None,
            standings: vec![line(1, "amina", 0, 0), line(2, "baraka", 0, 0)],
            games: vec![game(false)],
            byes: vec![],
            me: None,
        };
        let after = TournamentView {
            version: 4,
            standings: vec![line(1, "amina", 2, 1), line(2, "baraka", 0, 1)],
            games: vec![game(true)],
            ..before.clone()
        };
        assert_eq!(
            changes(Some(&before), &after),
            [
                "result g1 amina vs baraka: amina wins (no-legal-move)",
                "standing 1 amina 1 games 1",
                "standing 2 baraka 0 games 1"
            ]
        );
        let mut waiting = before.clone();
        waiting.me = Some(MyPlace { joined: true, withdrawn: false, game: None });
        assert!(waiting_for_seat(&waiting, Some("baraka"), &HashSet::new()));
        assert!(waiting_for_seat(&waiting, None, &HashSet::new()));
        assert!(!waiting_for_seat(&waiting, Some("kwame"), &HashSet::new()));
        assert!(!waiting_for_seat(&waiting, Some("baraka"), &HashSet::from(["g1".to_string()])));
        let table = standings_table(&after);
        assert_eq!(table[1], "   1  amina     1500      1      1         1       0       1     1");
    }

    #[test]
    fn an_arena_table_shows_the_sheets_and_streaks() {
        let mut l = StandingLine {
            rank: 1,
            name: "amina".into(),
            bot: false,
            rating: 1620,
            score: 10,
            sheet: Some(vec![2, 2, 4, 2]),
            fire: true,
            tie_breaks: None,
            games: 4,
            withdrawn: false,
        };
        let view = |lines: Vec<StandingLine>| TournamentView {
            summary: TournamentSummary { kind: TournamentKind::Arena, ends_at: Some(3_600_000), ..summary() },
            version: 1,
            variant_now: None,
            next_variant_at: None,
            standings: lines,
            games: vec![],
            byes: vec![],
            me: None,
        };
        let v = view(vec![l.clone()]);
        assert_eq!(standings_table(&v)[1], "   1  amina    1620     10      4  2 2 4 2 (on fire)");
        assert_eq!(status_text(&v.summary, 0), "running, ends 1970-01-01 01:00 UTC (in 1 h 0 min)");
        l.fire = false;
        l.withdrawn = true;
        assert_eq!(standings_table(&view(vec![l]))[1], "   1  amina    1620     10      4  2 2 4 2  withdrawn");
    }
}
