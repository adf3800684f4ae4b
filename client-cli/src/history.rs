//! History commands: `mancala games` (list with filters), `mancala show GAME [--ply N]` (record and
//! board), `mancala export GAME` (the record as text or JSON). Each has `--json` for scripts.

use crate::board;
use crate::online::api::Api;
use crate::online::model::describe_outcome;
use anyhow::{Context, Result};
use mancala_protocol::http::{GameDetail, GameList, GameSummary, PositionAt};

#[derive(Debug, clap::Args)]
pub struct GamesArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    /// Games where this name plays either side.
    #[arg(long)]
    pub player: Option<String>,
    #[arg(long)]
    pub variant: Option<String>,
    /// waiting, ongoing or finished.
    #[arg(long)]
    pub status: Option<String>,
    /// south, north (that side won) or draw.
    #[arg(long)]
    pub result: Option<String>,
    /// Created at or after (unix ms).
    #[arg(long)]
    pub since: Option<u64>,
    /// Created before (unix ms).
    #[arg(long)]
    pub until: Option<u64>,
    /// Games per page (at most 100).
    #[arg(long, default_value_t = 20)]
    pub limit: u32,
    /// Continue after this cursor (printed at the end of a full page).
    #[arg(long)]
    pub cursor: Option<String>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    pub game: String,
    /// Show the position after this many decisions instead of the current one.
    #[arg(long)]
    pub ply: Option<u32>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub server: crate::ServerArgs,
    pub game: String,
    /// The JSON form instead of the text record.
    #[arg(long)]
    pub json: bool,
    /// Write to this file instead of stdout.
    #[arg(long, short)]
    pub output: Option<std::path::PathBuf>,
}

fn query(pairs: &[(&str, Option<String>)]) -> String {
    let parts: Vec<String> = pairs
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| format!("{k}={}", v.replace('&', "%26").replace(' ', "%20"))))
        .collect();
    if parts.is_empty() { String::new() } else { format!("?{}", parts.join("&")) }
}

fn summary_line(g: &GameSummary) -> String {
    let name =
        |p: &Option<mancala_protocol::http::PlayerInfo>| p.as_ref().map(|p| p.name.clone()).unwrap_or("-".into());
    let result = g.result.as_ref().map(describe_outcome).unwrap_or_else(|| g.status.as_str().to_string());
    format!(
        "{:<10}  {:<19}  {:>12} vs {:<12}  {:>4} plies  {}",
        g.id,
        g.variant.to_string(),
        name(&g.players.south),
        name(&g.players.north),
        g.plies,
        result
    )
}

pub async fn games(args: &GamesArgs) -> Result<()> {
    let api = Api::new(&args.server.server);
    let q = query(&[
        ("player", args.player.clone()),
        ("variant", args.variant.clone()),
        ("status", args.status.clone()),
        ("result", args.result.clone()),
        ("since", args.since.map(|v| v.to_string())),
        ("until", args.until.map(|v| v.to_string())),
        ("limit", Some(args.limit.to_string())),
        ("cursor", args.cursor.clone()),
    ]);
    let list: GameList = api.get(&format!("/api/games{q}")).await?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&list)?);
        return Ok(());
    }
    if list.games.is_empty() {
        println!("no games");
    }
    for g in &list.games {
        println!("{}", summary_line(g));
    }
    if let Some(c) = list.next_cursor {
        println!("more: --cursor {c}");
    }
    Ok(())
}

pub async fn show(args: &ShowArgs) -> Result<()> {
    let api = Api::new(&args.server.server);
    let detail: GameDetail = api.get(&format!("/api/games/{}", args.game)).await?;
    let view = match args.ply {
        Some(ply) => Some(api.get::<PositionAt>(&format!("/api/games/{}/position?ply={ply}", args.game)).await?),
        None => None,
    };
    if args.json {
        let value = serde_json::json!({ "detail": detail, "position": view });
        println!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(());
    }
    println!("{}", summary_line(&detail.game));
    for e in &detail.record {
        let d = e.decision.clone().unwrap_or_else(|| "?".into());
        println!("{:>4}. {:<5} {}{}", e.ply, e.side.to_string(), d, if e.auto { "  (auto)" } else { "" });
    }
    match view {
        Some(p) => {
            println!("after {} decisions:", p.ply);
            print!("{}", board::draw_view(&p.view));
        }
        None => print!("{}", board::draw_view(&detail.view)),
    }
    Ok(())
}

pub async fn export(args: &ExportArgs) -> Result<()> {
    let api = Api::new(&args.server.server);
    let format = if args.json { "json" } else { "text" };
    let text = api.get_text(&format!("/api/games/{}/export?format={format}", args.game)).await?;
    match &args.output {
        Some(path) => std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?,
        None => print!("{text}"),
    }
    Ok(())
}
