//! What `mancala puzzle` prints: the puzzle (what it is, the goal in words, its themes and rating), the
//! board and who decides, each decision played, and the judgement (right or wrong, the whole solution,
//! the ratings, the command that opens the line in `mancala analyze`).

use crate::analyze;
use crate::board;
use crate::json;
use mancala_engine::{Options, Position, ToMove, Variant};
use mancala_protocol::puzzles::{AttemptAnswer, AttemptResult, LineDecision, PuzzleView};

/// `puzzle 3f…: kubuguza, rating 1523, 12 plays (daily puzzle of 2026-11-26)`, the goal and the themes.
pub fn header(view: &PuzzleView, daily: Option<&str>) -> String {
    let game = if view.variant == view.game { view.game.clone() } else { format!("{} ({})", view.game, view.variant) };
    let plays = if view.plays == 1 { "1 play".to_string() } else { format!("{} plays", view.plays) };
    let daily = daily.map(|d| format!(" (daily puzzle of {d})")).unwrap_or_default();
    let choices = if view.choices == 1 { "1 decision".to_string() } else { format!("{} decisions", view.choices) };
    let themes = if view.themes.is_empty() { "none".to_string() } else { view.themes.join(", ") };
    format!(
        "puzzle {}: {game}, rating {}, {plays}{daily}\ngoal: {} ({choices} to find)\nthemes: {themes}\n",
        view.id, view.rating, view.goal.text
    )
}

/// The board, who decides, the legal decisions when the solver is asked for one (`ask`: the line that
/// says "your turn"), the position text.
pub fn position(pos: &Position, ask: bool) -> String {
    let mut out = String::from("\n");
    out.push_str(&board::draw(pos));
    out.push_str(&format!("to move:  {}\n", analyze::to_move(pos)));
    if let (ToMove::Side(_), true) = (pos.to_move(), ask) {
        out.push_str(&format!("legal:    {}\n", json::legal_moves(pos).join(" ")));
    }
    out.push_str(&format!("position: {}\n", pos.to_text()));
    out
}

/// One decision played: the solver's (`south plays h2`), one played for it (`south plays a4 (forced)`),
/// or the opponent's (`north replies b3`).
pub fn played(side: &str, decision: &str, solver: &str, asked: bool) -> String {
    match (side == solver, asked) {
        (true, true) => format!("{side} plays {decision}\n"),
        (true, false) => format!("{side} plays {decision} (forced)\n"),
        (false, _) => format!("{side} replies {decision}\n"),
    }
}

/// `south c1, north b3, south a4`.
pub fn line(decisions: &[LineDecision]) -> String {
    decisions.iter().map(|d| format!("{} {}", d.side, d.decision)).collect::<Vec<_>>().join(", ")
}

/// The end of an attempt: right or wrong, the whole solution, the ratings, and how to study it.
pub fn verdict(view: &PuzzleView, answer: &AttemptAnswer, given: &[String], signed_in: bool) -> String {
    let mut out = String::new();
    match answer.result {
        AttemptResult::Right if answer.by_alternative => {
            out.push_str("right: puzzle solved, by a decision as good as the solution's\n")
        }
        AttemptResult::Right => out.push_str("right: puzzle solved\n"),
        AttemptResult::Wrong => {
            let index = answer.wrong_index.map_or(given.len().saturating_sub(1), |i| i as usize);
            let wrong = given.get(index).map(String::as_str).unwrap_or("?");
            let expected = answer.expected.as_deref().unwrap_or("?");
            out.push_str(&format!(
                "wrong: {} {wrong} is not the solution; the solution plays {expected}\n",
                view.solver
            ));
        }
        AttemptResult::Continue => {}
    }
    if let Some(solution) = &answer.solution {
        out.push_str(&format!("solution: {}\n", line(solution)));
    }
    // Other decisions as good as the solution's: "also right: c1 (instead of e2)".
    for alt in &answer.alternatives {
        let instead = answer.solution.as_ref().and_then(|s| s.get(alt.at as usize)).map(|d| d.decision.as_str());
        out.push_str(&format!("also right: {} (instead of {})\n", alt.decision, instead.unwrap_or("?")));
    }
    out.push_str(&rating(answer, signed_in));
    if let Some(s) = &answer.streak {
        out.push_str(&format!("your streak on the server: {} in a row (best {})\n", s.run, s.best));
    }
    if let Some(solution) = &answer.solution {
        out.push_str(&format!("study it: {}\n", analyze_command(view, solution)));
    }
    out
}

/// The account's rating change, or why there is none; then the puzzle's rating.
fn rating(answer: &AttemptAnswer, signed_in: bool) -> String {
    let mine = match &answer.rating {
        Some(r) => {
            let provisional = if r.provisional { " (provisional)" } else { "" };
            format!("your puzzle rating: {} -> {} ({:+}){provisional}\n", r.before, r.after, r.after - r.before)
        }
        None if signed_in => "not rated: only your first attempt at a puzzle is rated\n".to_string(),
        None => "not rated: sign in (mancala login) for a puzzle rating\n".to_string(),
    };
    format!("{mine}puzzle rating: {}\n", answer.puzzle_rating)
}

/// The `mancala analyze` command that shows the puzzle's line from its position.
pub fn analyze_command(view: &PuzzleView, solution: &[LineDecision]) -> String {
    let mut out = format!("mancala analyze --variant {}", view.variant);
    if let Ok(variant) = view.variant.parse::<Variant>() {
        out.push_str(&option_flags(variant, &view.options));
    }
    let moves: Vec<&str> = solution.iter().map(|d| d.decision.as_str()).collect();
    out.push_str(&format!(" --position '{}' --moves '{}'", view.position, moves.join(" ")));
    out
}

/// The flags of the options that differ from the variant's defaults.
fn option_flags(variant: Variant, options: &Options) -> String {
    let defaults = Options::defaults(variant);
    let mut out = String::new();
    if options.width != defaults.width {
        out.push_str(&format!(" --width {}", options.width));
    }
    if options.turn_limit != defaults.turn_limit
        && let Some(limit) = options.turn_limit
    {
        out.push_str(&format!(" --turn-limit {limit}"));
    }
    match (options.handicap.south, options.handicap.north) {
        (true, true) => out.push_str(" --handicap both"),
        (true, false) => out.push_str(" --handicap south"),
        (false, true) => out.push_str(" --handicap north"),
        (false, false) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_analyze_command_names_the_options_that_are_not_the_defaults() {
        let mut options = Options::defaults(Variant::Njombwa);
        assert_eq!(option_flags(Variant::Njombwa, &options), "");
        options.width = 9;
        options.turn_limit = Some(40);
        assert_eq!(option_flags(Variant::Njombwa, &options), " --width 9 --turn-limit 40");
        let mut azigo = Options::defaults(Variant::Azigo);
        azigo.handicap.north = true;
        assert_eq!(option_flags(Variant::Azigo, &azigo), " --handicap north");
    }

    #[test]
    fn decisions_say_who_played_them() {
        assert_eq!(played("south", "h2", "south", true), "south plays h2\n");
        assert_eq!(played("south", "a4", "south", false), "south plays a4 (forced)\n");
        assert_eq!(played("north", "b3", "south", false), "north replies b3\n");
    }
}
