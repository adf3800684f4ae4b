//! Every figure the review's explanation of a marked decision says is the engine's: over the marked
//! decisions of many bot games in every rule set, the explanation's English sentences are rendered from
//! the page's own catalog (`web/app/i18n/en/finished.json`) with the figures of [`mancala_learn::lines`],
//! their figures are read back out of the text, and each is recomputed by replaying the lines' decisions
//! on the engine (a side's captures counted as the counters the other side lost, not from the capture
//! events the lines are built from); the sentence's own arithmetic (captures minus captures is the net, the
//! nets' difference is what was given away) must hold too.

use mancala_bot::review::{Mark, Thresholds, review};
use mancala_bot::{Bot, Level};
use mancala_engine::{Decision, Options, Position, Side, ToMove, Variant};
use mancala_learn::{LINE_TURNS, Line, MAX_LINE_TURNS, lines};
use serde_json::Value as Json;
use std::collections::BTreeSet;

/// The review's budget here: small, the claims hold at any budget.
const NODES: u64 = 3_000;

/// The page's English catalog of the finished game's page.
fn catalog() -> Json {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/app/i18n/en/finished.json"))
        .expect("the English catalog");
    serde_json::from_str(&text).expect("the catalog is JSON")
}

/// `key`'s text with `params` filled in, the plural form chosen by `count` as the page does for English.
fn render(catalog: &Json, key: &str, params: &[(&str, String)]) -> String {
    let entry = catalog.get(key).unwrap_or_else(|| panic!("no `{key}` in the catalog"));
    let count = params.iter().find(|(k, _)| *k == "count").map(|(_, v)| v.as_str());
    let mut text = match entry {
        Json::String(s) => s.clone(),
        Json::Object(forms) => {
            let form = if count == Some("1") { "one" } else { "other" };
            forms[form].as_str().unwrap().to_string()
        }
        _ => panic!("`{key}` is neither a text nor plural forms"),
    };
    for (k, v) in params {
        text = text.replace(&format!("{{{k}}}"), v);
    }
    assert!(!text.contains('{'), "`{key}` has a parameter left: {text}");
    text
}

/// The signed net as the page writes it.
fn signed(n: i64) -> String {
    match n {
        0 => "0".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", -n),
    }
}

/// The integers in `text`, in order, a `−` or `+` sign kept.
fn figures(text: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        // Hole names (`e2`) and decisions carry digits after a letter: they are not figures.
        if chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_alphabetic()) {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: i64 = chars[start..i].iter().collect::<String>().parse().unwrap();
            out.push(if start > 0 && chars[start - 1] == '−' { -n } else { n });
        } else {
            i += 1;
        }
    }
    out
}

/// What the English page calls a side.
fn side_word(side: &str) -> &'static str {
    if side == "south" { "South" } else { "North" }
}

/// A line replayed on the engine: per turn, the side, the counters it captured (what the other side lost,
/// store included) and the holes of the other side that lost counters.
fn replay(before: &Position, line: &Line) -> Vec<(String, u32, BTreeSet<String>)> {
    let geo = before.geometry();
    let mut pos = before.clone();
    let mut out = Vec::new();
    for turn in &line.turns {
        let ToMove::Side(side) = pos.to_move() else { panic!("the line goes on after the game") };
        assert_eq!(side.name(), turn.side, "the turn's side is the engine's");
        let other = side.other();
        let had = pos.counters_of(other) + u32::from(pos.store(other));
        let holes_before: Vec<u8> = geo.holes().map(|h| pos.count(h)).collect();
        for d in &turn.decisions {
            let decision = Decision::parse(&d.decision, geo).unwrap();
            pos.apply(side, decision, &mut mancala_engine::NoEvents).expect("the line's decisions are legal");
        }
        let lost = had - (pos.counters_of(other) + u32::from(pos.store(other)));
        let holes = geo
            .holes()
            .zip(holes_before)
            .filter(|&(h, n)| geo.owner(h) == other && pos.count(h) < n)
            .map(|(h, _)| geo.name(h).to_string())
            .collect();
        out.push((side.name().to_string(), lost, holes));
    }
    out
}

/// The holes a sentence lists ("e2 and e1", "a1, b1 and c1").
fn listed(text: &str) -> BTreeSet<String> {
    text.split([',', ' ']).filter(|w| !w.is_empty() && *w != "and").map(str::to_string).collect()
}

/// Checks every sentence of the explanation of `played` (by `mover`) at `before`, the review's best
/// being `best`; returns the number of sentences checked.
/// (`target`: the counters the decision's mark stands for.)
fn check(catalog: &Json, before: &Position, best: Decision, played: Decision, target: f64) -> usize {
    let geo = before.geometry();
    let l = lines(before, best, played, 1_000, target).expect("both decisions are legal");
    assert!(l.turns.is_multiple_of(2) && l.turns <= MAX_LINE_TURNS, "as many turns for each side: {}", l.turns);
    for line in [&l.better, &l.played] {
        assert!(line.turns.len() == l.turns || line.over, "a line is cut short only by the game's end");
    }
    let (b, p) = (replay(before, &l.better), replay(before, &l.played));
    let (best, played) = (best.notation(geo), played.notation(geo));
    let mover = l.side;
    let opponent = if mover == "south" { "north" } else { "south" };
    let mut checked = 0;

    // "Better: g2, capturing 5 from e3 and e4." — the better decision's turn.
    let first = &l.better.turns[0];
    let sentence = if first.captured > 0 {
        let holes: Vec<String> = b[0].2.iter().cloned().collect();
        let text = render(
            catalog,
            "review.better_capture",
            &[
                ("decision", best.clone()),
                ("count", first.captured.to_string()),
                ("holes", holes.join(" and ")),
                ("why", String::new()),
            ],
        );
        let from = text.split(" from ").nth(1).unwrap().trim_end_matches('.');
        assert_eq!(listed(from), b[0].2, "{text}");
        text
    } else {
        render(catalog, "review.better_quiet", &[("decision", best.clone())])
    };
    assert_eq!(figures(&sentence).first().copied().unwrap_or(0), i64::from(b[0].1), "{sentence}");
    checked += 1;

    // "After f2, North captures 6 from e2 and e1 with a3." — the opponent's turn after the played one.
    if let Some(reply) = l.played.turns.get(1).filter(|t| t.captured > 0) {
        let with: Vec<&str> = reply.decisions.iter().map(|d| d.decision.as_str()).collect();
        let text = render(
            catalog,
            "review.reply_capture",
            &[
                ("played", played.clone()),
                ("side", side_word(reply.side).into()),
                ("count", reply.captured.to_string()),
                ("holes", p[1].2.iter().cloned().collect::<Vec<_>>().join(" and ")),
                ("decision", with.join(", ")),
                ("why", String::new()),
            ],
        );
        assert_eq!(figures(&text), [i64::from(p[1].1)], "{text}");
        checked += 1;
    }

    // "… after g2, South captures 9 and North 4 (South +5); after f2, South captures 1 and North 13
    // (South −12)." then "f2 gives away 17 counters against g2."
    let text = render(
        catalog,
        "review.lines",
        &[
            ("turns", l.turns.to_string()),
            ("side", side_word(mover).into()),
            ("opponent", side_word(opponent).into()),
            ("best", best.clone()),
            ("best_mine", l.better.mine.to_string()),
            ("best_theirs", l.better.theirs.to_string()),
            ("best_net", signed(l.better.net)),
            ("played", played.clone()),
            ("played_mine", l.played.mine.to_string()),
            ("played_theirs", l.played.theirs.to_string()),
            ("played_net", signed(l.played.net)),
        ],
    );
    let f = figures(&text);
    let count_turns = |r: &[(String, u32, BTreeSet<String>)], mine: bool| -> i64 {
        r.iter().filter(|(s, ..)| (s == mover) == mine).map(|(_, n, _)| i64::from(*n)).sum()
    };
    let (bm, bt, pm, pt) =
        (count_turns(&b, true), count_turns(&b, false), count_turns(&p, true), count_turns(&p, false));
    assert_eq!(f, [l.turns as i64, bm, bt, bm - bt, pm, pt, pm - pt], "{text}");
    checked += 1;
    let gives = (bm - bt) - (pm - pt);
    // The lines are followed for another number of turns than the default only to show a cost.
    if l.turns != LINE_TURNS {
        assert!(gives > 0, "{text}");
    }
    let text = if l.gives > 0 {
        render(
            catalog,
            "review.gives",
            &[("decision", played.clone()), ("best", best.clone()), ("count", l.gives.to_string())],
        )
    } else {
        render(catalog, "review.gives_later", &[("decision", played.clone()), ("best", best.clone())])
    };
    if gives > 0 {
        assert_eq!(figures(&text), [gives], "{text}");
    } else {
        assert!(figures(&text).is_empty(), "nothing given away, no figure: {text}");
    }
    checked + 1
}

/// A game between a random player and a weak searcher, `plies` decisions at most.
fn bot_game(variant: Variant, seed: u64, plies: usize) -> (Position, Vec<(Side, Decision)>) {
    let start = Position::start(variant, Options::defaults(variant)).unwrap();
    let mut bots = [Bot::new(Level::L1, seed), Bot::new(Level::L3, seed + 1)];
    let mut pos = start.clone();
    let mut record = Vec::new();
    while record.len() < plies && !pos.is_over() {
        let sides: Vec<Side> = match pos.to_move() {
            ToMove::Side(s) => vec![s],
            ToMove::Both { .. } => vec![Side::South, Side::North],
            _ => break,
        };
        for side in sides {
            let d = bots[side.index()].decide(&pos, side).expect("a decision");
            pos.apply(side, d, &mut mancala_engine::NoEvents).unwrap();
            record.push((side, d));
        }
    }
    (start, record)
}

#[test]
fn every_figure_of_a_review_explanation_is_the_engines() {
    let catalog = catalog();
    let mut sentences = 0;
    let mut marked = 0;
    for variant in [Variant::Kubuguza, Variant::Njombwa, Variant::Ikibuguzo, Variant::Azigo] {
        for seed in 0..5 {
            let (start, record) = bot_game(variant, seed * 7 + 1, 40);
            let r = review(&start, &record, NODES).unwrap();
            let th = Thresholds::of(&start);
            let mut pos = start.clone();
            for (d, &(side, decision)) in r.decisions.iter().zip(&record) {
                if let Some(j) = d.judged.as_ref().filter(|j| j.mark.is_some()) {
                    marked += 1;
                    let target = match j.mark {
                        Some(Mark::Blunder) => th.blunder,
                        Some(Mark::Mistake) => th.mistake,
                        _ => th.inaccuracy,
                    };
                    sentences += check(&catalog, &pos, j.best, decision, target);
                }
                pos.apply(side, decision, &mut mancala_engine::NoEvents).unwrap();
            }
        }
    }
    assert!(marked >= 20, "enough marked decisions to judge the claims: {marked}");
    assert!(sentences >= 3 * marked, "{sentences} sentences");
}
