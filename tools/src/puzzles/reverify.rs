//! `mancala-puzzles reverify`: the deep verdict ([`mancala_puzzles::make::deep`]) on every puzzle of a
//! set, one report per puzzle appended to a progress file (NDJSON), so a run stopped anywhere resumes
//! where it stopped; a summary (counts per game and standing) once every puzzle asked is reported; and
//! `--apply`, which rewrites the set from a complete progress file, or `--apply-reported`, which applies
//! the reports there are and leaves the other puzzles as they stand (docs/puzzles.md, "Re-verifying at
//! depth").

use anyhow::{Context, Result, bail};
use mancala_puzzles::make::deep::{Report, Standing};
use mancala_puzzles::{Puzzle, PuzzleGame};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::Path;

/// The reports of a progress file, by id. A last line cut short by a killed run is dropped from the file,
/// so the next report starts on a line of its own.
pub fn read_progress(path: &Path) -> Result<HashMap<String, Report>> {
    let mut text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(e).with_context(|| format!("--progress: reading {}", path.display())),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        let keep = text.rfind('\n').map_or(0, |i| i + 1);
        text.truncate(keep);
        std::fs::write(path, &text).with_context(|| format!("--progress: truncating {}", path.display()))?;
    }
    let mut out = HashMap::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let r: Report =
            serde_json::from_str(line).with_context(|| format!("--progress {}: line {}", path.display(), i + 1))?;
        out.insert(r.id.clone(), r);
    }
    Ok(out)
}

/// Appends one report and flushes it: the file is the run's state.
pub fn append(path: &Path, report: &Report) -> Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("--progress: opening {}", path.display()))?;
    let mut line = serde_json::to_string(report).expect("a report serialises");
    line.push('\n');
    f.write_all(line.as_bytes()).and_then(|()| f.sync_data()).with_context(|| format!("--progress: {}", path.display()))
}

/// The order puzzles are checked in: the games in turn (the first of each game, then the second…), so a
/// run stopped early has looked at every game alike.
pub fn order(puzzles: &[Puzzle]) -> Vec<&Puzzle> {
    let mut by_game: BTreeMap<PuzzleGame, Vec<&Puzzle>> = BTreeMap::new();
    for p in puzzles {
        by_game.entry(p.game()).or_default().push(p);
    }
    let mut out = Vec::with_capacity(puzzles.len());
    for i in 0.. {
        let before = out.len();
        out.extend(by_game.values().filter_map(|ps| ps.get(i).copied()));
        if out.len() == before {
            break;
        }
    }
    out
}

/// The summary of the reports of `set`'s puzzles: counts per game and standing, how many are not
/// reported yet, and why those that fail fail.
pub fn summary(set: &[Puzzle], reports: &HashMap<String, Report>) -> String {
    let mut counts: BTreeMap<PuzzleGame, BTreeMap<Standing, usize>> = BTreeMap::new();
    let mut missing = 0;
    let mut failing = Vec::new();
    for p in set {
        match reports.get(&p.id) {
            Some(r) => {
                *counts.entry(p.game()).or_default().entry(r.standing).or_default() += 1;
                if let Some(why) = &r.reason {
                    failing.push(format!("{} ({}): {why}", p.id, p.variant));
                }
            }
            None => missing += 1,
        }
    }
    let mut out = format!("reported {} of {} puzzles\n\n", set.len() - missing, set.len());
    out.push_str("| game | holds | holds with alternatives | fails |\n|---|---|---|---|\n");
    let mut total: BTreeMap<Standing, usize> = BTreeMap::new();
    for (game, c) in &counts {
        let n = |s| c.get(&s).copied().unwrap_or(0);
        for (s, k) in c {
            *total.entry(*s).or_default() += k;
        }
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            game.id(),
            n(Standing::Holds),
            n(Standing::HoldsWithAlternatives),
            n(Standing::Fails)
        ));
    }
    let t = |s| total.get(&s).copied().unwrap_or(0);
    out.push_str(&format!(
        "| all | {} | {} | {} |\n",
        t(Standing::Holds),
        t(Standing::HoldsWithAlternatives),
        t(Standing::Fails)
    ));
    if !failing.is_empty() {
        out.push_str("\nfailing:\n");
        for f in failing {
            out.push_str(&format!("- {f}\n"));
        }
    }
    out
}

/// The set after a run: each reported puzzle as its report leaves it, those that fail dropped. With
/// `partial`, a puzzle without a report stays as it is (each report is of its own puzzle, at budgets in
/// nodes, so applying some now and the others later gives the same set); without it, refused while any
/// puzzle has no report.
pub fn applied(set: &[Puzzle], reports: &HashMap<String, Report>, partial: bool) -> Result<Vec<Puzzle>> {
    let missing: Vec<&str> = set.iter().filter(|p| !reports.contains_key(&p.id)).map(|p| p.id.as_str()).collect();
    if !missing.is_empty() && !partial {
        bail!(
            "--apply: {} of {} puzzles have no report yet (the first: {}); run `reverify` to the end first",
            missing.len(),
            set.len(),
            missing[0]
        );
    }
    let mut out: Vec<Puzzle> = Vec::new();
    for p in set {
        let Some(r) = reports.get(&p.id) else {
            out.push(p.clone());
            continue;
        };
        match (&r.standing, &r.puzzle) {
            (Standing::Fails, _) => {}
            (_, Some(kept)) => out.push(kept.clone()),
            (_, None) => bail!("--apply: the report of {} keeps the puzzle but does not hold it", p.id),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Options, Position, Variant};
    use mancala_puzzles::{Goal, Source, puzzle_id};

    fn puzzle(variant: Variant, n: usize) -> Puzzle {
        let o = Options::defaults(variant);
        let position = Position::start(variant, o).unwrap().to_text() + &format!(" turn={}", n + 20);
        Puzzle {
            id: puzzle_id(variant, &o, &position),
            variant,
            options: o,
            position,
            solution: vec!["h2".into()],
            alternatives: vec![],
            goal: Goal::Win,
            themes: vec![],
            rating: 1500.0,
            source: Source::Selfplay { seed: 1, south_level: 3, north_level: 3, ply: 0, random_plies: 0 },
        }
    }

    fn report(p: &Puzzle, standing: Standing) -> Report {
        Report {
            id: p.id.clone(),
            game: p.game(),
            standing,
            reason: (standing == Standing::Fails).then(|| "another decision is better".into()),
            puzzle: (standing != Standing::Fails).then(|| p.clone()),
            searches: vec![],
        }
    }

    #[test]
    fn a_killed_run_resumes_and_a_partial_one_applies_only_its_reports() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("progress.ndjson");
        let set = vec![puzzle(Variant::Kubuguza, 0), puzzle(Variant::Kubuguza, 1), puzzle(Variant::Njombwa, 0)];
        append(&path, &report(&set[0], Standing::Holds)).unwrap();
        // Killed in the middle of its second line.
        let mut f = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(br#"{"id":"abc","ga"#).unwrap();
        let reports = read_progress(&path).unwrap();
        assert_eq!(reports.len(), 1);
        assert!(std::fs::read_to_string(&path).unwrap().ends_with('\n'), "the cut line is gone");
        let e = applied(&set, &reports, false).unwrap_err().to_string();
        assert!(e.contains("2 of 3 puzzles have no report yet"), "{e}");
        // Applied as far as reported: the reported puzzle as its report leaves it, the others as they were.
        let mut changed = set[0].clone();
        changed.alternatives = vec![mancala_puzzles::Alternative { at: 0, decision: "a2".into() }];
        let mut leaves = report(&set[0], Standing::HoldsWithAlternatives);
        leaves.puzzle = Some(changed.clone());
        let so_far = applied(&set, &HashMap::from([(set[0].id.clone(), leaves)]), true).unwrap();
        assert_eq!(so_far, vec![changed, set[1].clone(), set[2].clone()]);
        append(&path, &report(&set[1], Standing::Fails)).unwrap();
        append(&path, &report(&set[2], Standing::HoldsWithAlternatives)).unwrap();
        let reports = read_progress(&path).unwrap();
        let kept = applied(&set, &reports, false).unwrap();
        assert_eq!(kept.iter().map(|p| p.id.clone()).collect::<Vec<_>>(), vec![set[0].id.clone(), set[2].id.clone()]);
        let s = summary(&set, &reports);
        assert!(s.contains("reported 3 of 3") && s.contains("| kubuguza | 1 | 0 | 1 |"), "{s}");
        assert!(s.contains("| njombwa | 0 | 1 | 0 |") && s.contains(&set[1].id), "{s}");
    }

    #[test]
    fn the_games_take_turns() {
        let set = vec![puzzle(Variant::Kubuguza, 0), puzzle(Variant::Kubuguza, 1), puzzle(Variant::Njombwa, 0)];
        let ids: Vec<&str> = order(&set).iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, vec![set[0].id.as_str(), set[2].id.as_str(), set[1].id.as_str()]);
    }
}
