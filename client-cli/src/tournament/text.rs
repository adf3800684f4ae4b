//! The text `mancala tournament` prints: list lines, the header, the standings and games tables, and the
//! lines of what changed between two views (the keywords of the module's documentation).

use crate::lobby::clock_text;
use mancala_engine::{Side, Variant};
use mancala_protocol::tournament::{
    StandingLine, TournamentGame, TournamentKind, TournamentStatus, TournamentSummary, TournamentView,
};
use std::collections::{HashMap, HashSet};

pub(super) fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// `2026-11-25 10:05 UTC` for unix milliseconds.
pub(super) fn utc(ms: u64) -> String {
    let t = time::OffsetDateTime::UNIX_EPOCH + time::Duration::milliseconds(ms.min(i64::MAX as u64) as i64);
    format!("{:04}-{:02}-{:02} {:02}:{:02} UTC", t.year(), u8::from(t.month()), t.day(), t.hour(), t.minute())
}

/// `in 40 s`, `in 5 min`, `in 2 h 10 min`, or `now`.
pub(super) fn from_now(at: u64, now: u64) -> String {
    let ms = at.saturating_sub(now);
    match ms.div_ceil(60_000) {
        0 => "now".into(),
        _ if ms < 60_000 => format!("in {} s", ms.div_ceil(1000)),
        m if m < 60 => format!("in {m} min"),
        m => format!("in {} h {} min", m / 60, m % 60),
    }
}

/// A score as shown: a Swiss's half-points in points (`1½`), an arena's points as they are.
pub(super) fn score_text(kind: TournamentKind, score: u32) -> String {
    match kind {
        TournamentKind::Arena => score.to_string(),
        TournamentKind::Swiss => match (score / 2, score % 2) {
            (whole, 0) => whole.to_string(),
            (0, _) => "½".into(),
            (whole, _) => format!("{whole}½"),
        },
    }
}

pub(super) fn kind_text(s: &TournamentSummary) -> String {
    match s.kind {
        TournamentKind::Arena => "arena".into(),
        TournamentKind::Swiss => format!("swiss {} rounds", s.rounds.unwrap_or(0)),
    }
}

pub(super) fn variants_text(variants: &[Variant]) -> String {
    variants.iter().map(|v| v.id()).collect::<Vec<_>>().join(",")
}

pub(super) fn status_name(status: TournamentStatus) -> &'static str {
    match status {
        TournamentStatus::Upcoming => "upcoming",
        TournamentStatus::Running => "running",
        TournamentStatus::Finished => "finished",
    }
}

/// Where the tournament is: when it starts, its round or end, or finished.
pub(super) fn status_text(s: &TournamentSummary, now: u64) -> String {
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
pub(super) fn flags(s: &TournamentSummary) -> String {
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
pub(super) fn summary_line(s: &TournamentSummary, now: u64) -> String {
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
pub(super) fn game_result(g: &TournamentGame) -> String {
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
pub(super) fn header(v: &TournamentView, now: u64) -> Vec<String> {
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
pub(super) fn standings_table(v: &TournamentView) -> Vec<String> {
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
pub(super) fn quarter_text(q: u32) -> String {
    match q % 4 {
        0 => (q / 4).to_string(),
        2 => format!("{}.5", q / 4),
        r => format!("{}.{}", q / 4, r * 25),
    }
}

/// The newest `n` games and the byes.
pub(super) fn games_table(v: &TournamentView, n: usize) -> Vec<String> {
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
pub(super) fn standing_line(kind: TournamentKind, l: &StandingLine) -> String {
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
pub(super) fn changes(before: Option<&TournamentView>, now: &TournamentView) -> Vec<String> {
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

pub(super) fn print(lines: &[String]) {
    for l in lines {
        println!("{l}");
    }
}

/// The final picture of a finished tournament.
pub(super) fn finished(v: &TournamentView) {
    println!("finished");
    print(&standings_table(v).into_iter().map(|l| format!("  {l}")).collect::<Vec<_>>());
}
