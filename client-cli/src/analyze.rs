//! `mancala analyze`: builds a position (the variant's start, or position text), applies the decisions
//! given in notation one by one, and shows the result as text or as one JSON object. Analysis is the
//! all-seeing viewer: stores and secret array choices are shown.
//!
//! Every input error names the offending token; a decision's error also says which move it was, so a
//! long `--moves` list is easy to fix.

use crate::{GameArgs, board, json};
use anyhow::{Context, Result, anyhow};
use mancala_bot::Level;
use mancala_bot::analysis;
use mancala_engine::{Decision, Options, Position, Side, ToMove, Variant};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Start from this position text (docs/rules.md#d11-position-text), e.g. "south f1=3 h2=1 h3=2 a4=5
    /// turn=9", instead of the variant's start.
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
    /// Decisions to apply in order, in notation, separated by spaces, e.g. "h2 a4:cw".
    #[arg(long, value_name = "DECISIONS", default_value = "")]
    moves: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also search the position: every legal decision valued, best first, and the best line, within the
    /// search budget of this computer level (3 to 8).
    #[arg(long, value_name = "LEVEL", conflicts_with = "nodes")]
    level: Option<Level>,
    /// Also search the position within this many nodes (decisions applied; at least 2 000).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
}

pub fn run(args: &Args) -> Result<()> {
    let variant = args.game.variant;
    let options = args.game.options()?;
    let mut pos = match &args.position {
        Some(text) => Position::from_text(variant, options, text).context("--position")?,
        None => Position::start(variant, options)?,
    };
    let geo = pos.geometry();
    let mut applied = Vec::new();
    for (i, token) in args.moves.split_whitespace().enumerate() {
        let n = i + 1;
        let decision = Decision::parse(token, geo).map_err(|e| anyhow!("move {n} `{token}`: {e}"))?;
        // `play` gives an Ikibuguzo array choice to the first side still waiting, South before North.
        pos.play(decision).map_err(|e| anyhow!("move {n} `{token}`: {e}"))?;
        applied.push(token.to_string());
    }
    let search = match (args.level, args.nodes) {
        (Some(level), _) => Some(
            level
                .limits()
                .ok_or_else(|| anyhow!("--level {level}: levels 1 and 2 do not search; give 3 to 8, or --nodes"))?
                .nodes,
        ),
        (None, nodes) => nodes,
    };
    let searched = match search {
        Some(nodes) => Some(analysis::analyse(&pos, nodes).map_err(|e| anyhow!("cannot search this position: {e}"))?),
        None => None,
    };
    if args.json {
        let mut out = json::analysis(&pos, &applied);
        if let Some(a) = &searched {
            out["search"] = serde_json::to_value(analysis::wire(&pos, a))?;
        }
        println!("{out}");
    } else {
        print!("{}", text(&pos));
        if let Some(a) = &searched {
            print!("{}", search_text(&pos, a));
        }
    }
    Ok(())
}

/// The search's values as text: the position's value and depth, the best line, every decision's value.
fn search_text(pos: &Position, a: &analysis::Analysis) -> String {
    let geo = pos.geometry();
    let shown = |v: analysis::Value| match v {
        analysis::Value::Counters(c) => format!("{c:+.2}"),
        analysis::Value::Win(n) => format!("win in {n}"),
        analysis::Value::Loss(n) => format!("loss in {n}"),
    };
    // The best line in the players' turns, as the web's analysis shows it: "south c2 · north d3 e3".
    let line: Vec<String> = analysis::wire(pos, a)
        .best_turns
        .iter()
        .map(|t| {
            format!("{} {}", t.side, t.decisions.iter().map(|d| d.decision.as_str()).collect::<Vec<_>>().join(" "))
        })
        .collect();
    let values: Vec<String> =
        a.decisions.iter().map(|s| format!("{} {}", s.decision.notation(geo), shown(s.value))).collect();
    format!(
        "value:    {} for {} (depth {}, {} nodes)\nbest:     {}\nvalues:   {}\n",
        shown(a.value),
        a.side,
        a.depth,
        a.nodes,
        line.join(" · "),
        values.join(", ")
    )
}

/// The human-readable report.
fn text(pos: &Position) -> String {
    let geo = pos.geometry();
    let mut out = format!("{}, turn {}\n\n", describe(pos.variant(), pos.options()), pos.turn());
    out.push_str(&board::draw(pos));
    out.push('\n');
    out.push_str(&format!("to move:  {}\n", to_move(pos)));
    match pos.to_move() {
        ToMove::Both { waiting } => {
            for side in Side::BOTH.into_iter().filter(|&s| waiting[s]) {
                let legal = json::notations(&pos.legal_decisions(side), geo).join(" ");
                out.push_str(&format!("legal ({side}): {legal}\n"));
            }
        }
        ToMove::Side(_) => {
            let legal = json::legal_moves(pos);
            out.push_str(&format!("legal:    {} ({})\n", legal.join(" "), legal.len()));
        }
        ToMove::Nobody(_) => {}
    }
    out.push_str(&format!("position: {}\n", pos.to_text()));
    let result = pos.outcome().map_or_else(|| "none yet".to_string(), |o| o.to_string());
    out.push_str(&format!("result:   {result}\n"));
    out
}

/// Who decides in `pos`, in words: a side (saying so when it decides inside its turn, where the next lap
/// starts), both secretly, or nobody.
pub fn to_move(pos: &Position) -> String {
    let geo = pos.geometry();
    match pos.to_move() {
        ToMove::Side(side) => match pos.mid_turn() {
            Some(mid) => format!(
                "{side} (inside its turn: the next lap starts at {}, {})",
                geo.name(mid.at),
                if mid.captured { "sowing a capture" } else { "a relay" }
            ),
            None => side.to_string(),
        },
        ToMove::Both { waiting } => {
            let names: Vec<&str> = Side::BOTH.into_iter().filter(|&s| waiting[s]).map(Side::name).collect();
            format!("both, secretly (waiting for {})", names.join(" and "))
        }
        ToMove::Nobody(_) => "nobody (the game is over)".to_string(),
    }
}

/// `njombwa (width 9, turn limit 1000 per player)`: the variant and the options that apply to it.
pub fn describe(variant: Variant, options: &Options) -> String {
    let mut parts = Vec::new();
    if variant == Variant::Njombwa {
        parts.push(format!("width {}", options.width));
    }
    if let Some(limit) = options.turn_limit {
        parts.push(format!("turn limit {limit} per player"));
    }
    let handicapped: Vec<&str> = Side::BOTH.into_iter().filter(|&s| options.handicap[s]).map(Side::name).collect();
    if !handicapped.is_empty() {
        parts.push(format!("handicap {}", handicapped.join(" and ")));
    }
    if parts.is_empty() { variant.to_string() } else { format!("{variant} ({})", parts.join(", ")) }
}
