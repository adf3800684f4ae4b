//! Runs every scenario in `tests/fixtures/*.scenarios` (docs/rules.md#worked-scenarios and our own): a start
//! (the variant's start or a position), decisions to apply, and what must hold before and after. One runner
//! for all games, like shakmaty's perft files.
//!
//! File format: blocks separated by blank lines; `#` starts a comment line. Keys:
//! `id`, `variant`, `options` (`width=9`, `turn_limit=N`, `handicap=south|north|both`, `rules_version=N`:
//! an earlier reading of the rules, docs/rules.md#rules-versions), `position`
//! (position text; absent: the variant's start), `legal` (the exact set of legal decisions before
//! `moves`), `moves` (decisions, applied in order; `!x` means x must be rejected), `board` (the non-empty
//! holes after, any order), `stores` (`S N`), `to_move` (`south`, `north`, `both`, `none`), `result`
//! (`south|north|draw REASON`), `legal_after`.

use mancala_engine::{BySide, Decision, Options, Position, Side, ToMove, Variant};
use std::collections::BTreeSet;
use std::path::Path;

#[derive(Debug, Default)]
struct Scenario {
    file: String,
    id: String,
    fields: Vec<(String, String)>,
}

impl Scenario {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

fn load() -> Vec<Scenario> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "scenarios"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let mut cur = Scenario { file: file.clone(), ..Default::default() };
        for line in text.lines().chain(std::iter::once("")) {
            let line = line.trim();
            if line.starts_with('#') {
                continue;
            }
            if line.is_empty() {
                if !cur.fields.is_empty() {
                    out.push(std::mem::replace(&mut cur, Scenario { file: file.clone(), ..Default::default() }));
                }
                continue;
            }
            let (k, v) = line.split_once(':').unwrap_or_else(|| panic!("{file}: bad line `{line}`"));
            let (k, v) = (k.trim().to_string(), v.trim().to_string());
            if k == "id" {
                cur.id = v.clone();
            }
            cur.fields.push((k, v));
        }
    }
    out
}

fn options(variant: Variant, text: Option<&str>) -> Options {
    let mut o = Options::defaults(variant);
    for tok in text.unwrap_or("").split_whitespace() {
        let (k, v) = tok.split_once('=').unwrap();
        match k {
            "width" => o.width = v.parse().unwrap(),
            "turn_limit" => o.turn_limit = Some(v.parse().unwrap()),
            "rules_version" => o.rules_version = v.parse().unwrap(),
            "handicap" => {
                o.handicap = BySide::new(matches!(v, "south" | "both"), matches!(v, "north" | "both"));
            }
            _ => panic!("unknown option {k}"),
        }
    }
    o
}

fn set(pos: &Position, list: &[Decision]) -> BTreeSet<String> {
    list.iter().map(|d| d.notation(pos.geometry())).collect()
}

fn legal_now(pos: &Position) -> BTreeSet<String> {
    set(pos, &pos.legal_moves())
}

fn board_text(pos: &Position) -> BTreeSet<String> {
    let g = pos.geometry();
    g.holes().filter(|&h| pos.count(h) > 0).map(|h| format!("{}={}", g.name(h), pos.count(h))).collect()
}

fn run(s: &Scenario) -> Result<(), String> {
    let variant: Variant = s.get("variant").ok_or("no variant")?.parse().map_err(|e| format!("{e}"))?;
    let opts = options(variant, s.get("options"));
    let mut pos = match s.get("position") {
        Some(text) => Position::from_text(variant, opts, text).map_err(|e| e.to_string())?,
        None => Position::start(variant, opts).map_err(|e| e.to_string())?,
    };
    let words = |v: &str| v.split_whitespace().map(String::from).collect::<BTreeSet<_>>();
    if let Some(legal) = s.get("legal") {
        let got = legal_now(&pos);
        if got != words(legal) {
            return Err(format!("legal before: expected {:?}, got {:?}", words(legal), got));
        }
    }
    for m in s.get("moves").unwrap_or("").split_whitespace() {
        let (must_fail, m) = match m.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, m),
        };
        let d = Decision::parse(m, pos.geometry()).map_err(|e| e.to_string())?;
        let before = pos.clone();
        let r = pos.play(d);
        match (must_fail, r) {
            (false, Err(e)) => return Err(format!("`{m}` rejected: {e} (position {})", before.to_text())),
            (true, Ok(())) => return Err(format!("`{m}` should have been rejected")),
            (true, Err(_)) if pos != before => return Err(format!("rejected `{m}` changed the position")),
            _ => {}
        }
    }
    if let Some(board) = s.get("board") {
        let got = board_text(&pos);
        if got != words(board) {
            let missing: Vec<_> = words(board).difference(&got).cloned().collect();
            let extra: Vec<_> = got.difference(&words(board)).cloned().collect();
            return Err(format!("board: missing {missing:?}, unexpected {extra:?} (position {})", pos.to_text()));
        }
    }
    if let Some(stores) = s.get("stores") {
        let got = format!("{} {}", pos.store(Side::South), pos.store(Side::North));
        if got != stores {
            return Err(format!("stores: expected {stores}, got {got}"));
        }
    }
    if let Some(tm) = s.get("to_move") {
        let got = pos.to_move().id().unwrap_or("none");
        if got != tm {
            return Err(format!("to_move: expected {tm}, got {got} ({})", pos.to_text()));
        }
    }
    if let Some(result) = s.get("result") {
        let got = match pos.outcome() {
            None => "none".to_string(),
            Some(o) => format!("{} {}", o.winner.map_or("draw", Side::name), o.reason),
        };
        if got != result {
            return Err(format!("result: expected `{result}`, got `{got}` ({})", pos.to_text()));
        }
    } else if let ToMove::Nobody(o) = pos.to_move()
        && s.get("to_move").is_none()
    {
        return Err(format!("game ended unexpectedly: {o}"));
    }
    if let Some(legal) = s.get("legal_after") {
        let got = legal_now(&pos);
        if got != words(legal) {
            return Err(format!("legal after: expected {:?}, got {:?}", words(legal), got));
        }
    }
    // Every position a scenario reaches must survive its own text.
    let text = pos.to_text();
    let back = Position::from_text(variant, opts, &text).map_err(|e| format!("re-parse of `{text}`: {e}"))?;
    if back != pos {
        return Err(format!("position text does not round-trip: `{text}` -> `{}`", back.to_text()));
    }
    Ok(())
}

#[test]
fn all_scenarios() {
    let scenarios = load();
    assert!(scenarios.len() >= 20, "only {} scenarios found", scenarios.len());
    let failures: Vec<String> =
        scenarios.iter().filter_map(|s| run(s).err().map(|e| format!("{} {}: {e}", s.file, s.id))).collect();
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        scenarios.len(),
        failures.join("\n")
    );
    eprintln!("{} scenarios passed", scenarios.len());
}
