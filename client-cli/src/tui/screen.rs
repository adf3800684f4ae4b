//! The whole screen, drawn from the game model and the screen state alone ([`draw`]), so a test can draw
//! it on ratatui's `TestBackend`:
//!
//! ```text
//! kubuguza · game g-7f3a · turn 3 · your turn                        you are south
//!
//! north  bob · away — you may claim the win in 00:42                         03:07
//!   4    0    0    0    0    0    0    1    1
//!   3    0    5    5    5    0    5    5    5
//!      ───────────────────────────────────────
//!   2   >5<  [5]  [5]   0   [5]  [5]  [5]   0
//!   1    1    1    0    0    0    0    0    0
//!        a    b    c    d    e    f    g    h
//! south  alice (you) · connected                                           ▶ 04:12
//!
//! decision: >a2<   others: b2:cw
//! moves: 1. south h2  2. north a3          (while a move is replayed: its caption)
//! refused: d2 is empty — legal: a2 b2 c2 e2 f2 g2 b2:cw      (two lines, wrapped)
//!
//! > _
//! ←→ Enter play · r resign · a abort · c claim win · d draw · " chat · q quit   (last line; a move can also be typed)
//! ```

use super::app::{App, Tone};
use super::board::{Board, Mark};
use crate::online::model::{GameModel, describe_outcome};
use mancala_protocol::http::{GameStatus, GameSummary, PlayerInfo};
use mancala_protocol::{ChoiceState, Side, Variant};
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use std::collections::BTreeMap;

/// The content is this wide (unless the board needs more), centred on wider terminals.
const MAX_WIDTH: u16 = 80;

fn dim() -> Style {
    Style::new().fg(Color::DarkGray)
}

fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

/// Draws the screen for `model` and `app` on the whole frame.
pub fn draw(frame: &mut Frame, model: &GameModel, app: &App) {
    let full = frame.area();
    let Some(view) = &model.view else {
        frame.render_widget(Paragraph::new("connecting to the game…"), full);
        return;
    };
    let flipped = model.seat == Some(Side::North);
    let (top, bottom) = if flipped { (Side::South, Side::North) } else { (Side::North, Side::South) };

    // The board: the replay's frame while one runs, else the model's board with the legal decisions.
    let frame_now = app.anim.as_ref().map(|a| a.frame());
    let board_now = super::anim::names(view);
    let (holes, stores, marks, caption) = match &frame_now {
        Some(f) => (&f.holes, f.stores, f.marks.clone(), Some(f.caption.clone())),
        None => (&board_now, (view.stores.south, view.stores.north), legal_marks(model, app), None),
    };
    // Content 80 wide (wider for a wide board that fits), centred; wide cells when they fit.
    let wide = Board::fitted(view.rows, view.columns, holes, &marks, flipped, u16::MAX);
    let width = full.width.min(MAX_WIDTH.max(wide.width() + 2));
    let area = Rect { x: full.x + (full.width - width) / 2, width, ..full };
    let board = Board::fitted(view.rows, view.columns, holes, &marks, flipped, width.saturating_sub(2));
    let needed = board.height() + 11;
    if board.width() + 1 > width || full.height < needed {
        let text = format!("the terminal is too small: {}x{needed} needed", board.width() + 1);
        frame.render_widget(Paragraph::new(text), full);
        return;
    }

    let mut y = area.y;
    let seat = match model.seat {
        Some(s) => format!("you are {s}"),
        None => "watching".to_string(),
    };
    put(frame, area, &mut y, header(model), Some(Line::styled(seat, dim())));
    put(frame, area, &mut y, Line::default(), None);
    put(frame, area, &mut y, player_line(model, app, top, stores), Some(clock(model, top)));
    frame.render_widget(board, Rect { x: area.x + 1, y, width: board.width(), height: board.height() });
    y += board.height();
    put(frame, area, &mut y, player_line(model, app, bottom, stores), Some(clock(model, bottom)));
    put(frame, area, &mut y, Line::default(), None);
    put(frame, area, &mut y, decisions_line(model, app), None);
    let moves = caption.map(|c| Line::styled(c, bold().fg(Color::Magenta))).unwrap_or_else(|| moves_line(model, width));
    put(frame, area, &mut y, moves, None);
    let message = Rect { y, height: 2, ..area };
    frame.render_widget(Paragraph::new(message_line(model, app)).wrap(Wrap { trim: false }), message);
    y += 2;
    put(frame, area, &mut y, input_line(model, app), None);
    let help = Rect { y: full.y + full.height - 1, height: 1, ..area };
    frame.render_widget(Paragraph::new(Line::styled(help_text(model, app), dim())), help);
}

/// Draws `left` (and `right`, right-aligned) on line `y` of `area`, and moves `y` down.
fn put(frame: &mut Frame, area: Rect, y: &mut u16, left: Line, right: Option<Line>) {
    let r = Rect { y: *y, height: 1, ..area };
    let used = left.width();
    frame.render_widget(Paragraph::new(left), r);
    // The right part only when it does not run into the left one.
    if let Some(right) = right.filter(|right| used + right.width() < area.width as usize) {
        frame.render_widget(Paragraph::new(right).alignment(Alignment::Right), r);
    }
    *y += 1;
}

/// The legal holes marked, the selected decision's hole marked as selected.
fn legal_marks(model: &GameModel, app: &App) -> BTreeMap<String, Mark> {
    let mut marks = BTreeMap::new();
    if !app.interactive(model) {
        return marks;
    }
    for d in model.legal() {
        if super::board::parse_hole(d).is_some() {
            marks.insert(d.clone(), Mark::Legal);
        }
    }
    if let Some(sel) = app.selection(model) {
        let hole = sel.split(':').next().unwrap_or_default();
        if super::board::parse_hole(hole).is_some() {
            marks.insert(hole.to_string(), Mark::Selected);
        }
    }
    marks
}

/// The player's name as shown (`alice`, or `(open seat)`).
pub fn player_name(model: &GameModel, side: Side) -> String {
    let player = model.game.as_ref().and_then(|g| player(g, side));
    player.map(|p| p.name.clone()).unwrap_or_else(|| "(open seat)".to_string())
}

fn player(game: &GameSummary, side: Side) -> Option<&PlayerInfo> {
    if side == Side::South { game.players.south.as_ref() } else { game.players.north.as_ref() }
}

/// `kubuguza · game g-1 · turn 3 · your turn` (or the result).
fn header(model: &GameModel) -> Line<'static> {
    let Some(view) = &model.view else { return Line::default() };
    let id = model.game.as_ref().map(|g| g.id.as_str()).unwrap_or("?");
    let mut spans = vec![
        Span::styled(view.variant.id().to_string(), bold()),
        Span::raw(format!(" · game {id} · turn {}", view.turn)),
    ];
    let waiting = model.game.as_ref().is_some_and(|g| g.status == GameStatus::Waiting);
    let status = if let Some(o) = &view.outcome {
        Span::styled(format!("over: {}", describe_outcome(o)), bold().fg(Color::Cyan))
    } else if waiting {
        Span::raw("waiting for an opponent")
    } else {
        match view.to_move.as_deref() {
            Some("both") if model.my_turn() => Span::styled("choose your opening", bold().fg(Color::Yellow)),
            Some("both") => Span::raw("both choose an opening"),
            _ if model.my_turn() => Span::styled("your turn", bold().fg(Color::Yellow)),
            Some(side) => {
                let who = side.parse::<Side>().map(|s| player_name(model, s)).unwrap_or_default();
                Span::raw(format!("{side} to move ({who})"))
            }
            None => Span::raw(""),
        }
    };
    spans.push(Span::raw(" · "));
    spans.push(status);
    Line::from(spans)
}

/// `north  bob · away — you may claim the win in 0:42 · opening hidden · store ?`.
fn player_line(model: &GameModel, app: &App, side: Side, stores: (Option<u8>, Option<u8>)) -> Line<'static> {
    let name_style = if model.seat == Some(side) { bold() } else { Style::new() };
    let you = if model.seat == Some(side) { " (you)" } else { "" };
    let mut spans = vec![
        Span::styled(format!("{:<7}", side.name()), dim()),
        Span::styled(format!("{}{you}", player_name(model, side)), name_style),
    ];
    if model.game.as_ref().and_then(|g| g.berserk).is_some_and(|b| if side == Side::South { b.south } else { b.north })
    {
        spans.push(Span::styled(" ⚔ berserk", bold()));
    }
    let open_seat = model.game.as_ref().filter(|g| g.status == GameStatus::Waiting && player(g, side).is_none());
    match (model.present(side), open_seat) {
        (_, Some(game)) => {
            if let Some(code) = &game.invite_code {
                spans.push(Span::styled(format!(" · invite code {code}"), bold()));
            }
        }
        (Some(true), None) => spans.push(Span::styled(" · connected", Style::new().fg(Color::Green))),
        (Some(false), None) => spans.push(Span::styled(" · away", Style::new().fg(Color::Red))),
        (None, None) => {}
    }
    let claim = model.presence.and_then(|p| p.claim_win_at);
    if let (Some(at), Some(seat)) = (claim, model.seat)
        && side != seat
        && model.outcome().is_none()
    {
        let text = if at <= app.now_ms {
            " — you may claim the win now (c)".to_string()
        } else {
            format!(" — you may claim the win in {}", mm_ss(at - app.now_ms))
        };
        spans.push(Span::styled(text, bold().fg(Color::Yellow)));
    }
    let view = model.view.as_ref();
    if let Some(v) = view.filter(|v| v.variant == Variant::Ikibuguzo) {
        let choice = if side == Side::South { v.choices.south } else { v.choices.north };
        let text = match choice {
            // Once the openings are played out nothing is left to show.
            ChoiceState::Pending if v.to_move.as_deref() != Some("both") => "",
            ChoiceState::Pending => "opening: not chosen",
            ChoiceState::Hidden => "opening: chosen (hidden)",
            ChoiceState::One => "opening: 1",
            ChoiceState::Two => "opening: 2",
        };
        if !text.is_empty() {
            spans.push(Span::raw(format!(" · {text}")));
        }
    }
    if view.is_some_and(|v| v.variant == Variant::Azigo) {
        let store = if side == Side::South { stores.0 } else { stores.1 };
        let n = store.map(|n| n.to_string()).unwrap_or_else(|| "?".to_string());
        spans.push(Span::styled(format!(" · store {n}"), bold()));
    }
    Line::from(spans)
}

/// `▶ 03:55` for the running clock, `04:12` for a stopped one, nothing without a clock.
fn clock(model: &GameModel, side: Side) -> Line<'static> {
    let ms = match (model.remaining_ms(side), model.game.as_ref().and_then(|g| g.clock)) {
        (Some(ms), _) => ms,
        (None, Some(spec)) => spec.base_secs as u64 * 1000,
        (None, None) => return Line::default(),
    };
    let running = model.clock.as_ref().is_some_and(|c| c.running.contains(&side)) && model.outcome().is_none();
    if running {
        let style = if ms < 10_000 { bold().fg(Color::Red) } else { bold().fg(Color::Black).bg(Color::Yellow) };
        Line::from(vec![Span::raw("▶ "), Span::styled(mm_ss(ms), style)])
    } else {
        Line::styled(mm_ss(ms), dim())
    }
}

/// `4:05`, `12:00`, `1:02:03`: minutes and seconds (hours when needed), rounded up while running down;
/// `2d 05h` beyond a day (a correspondence clock).
pub fn mm_ss(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h >= 24 {
        format!("{}d {:02}h", h / 24, h % 24)
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

/// `decision: >c2<   others: c2:cw  pass` while the player decides.
fn decisions_line(model: &GameModel, app: &App) -> Line<'static> {
    if !app.interactive(model) || !model.my_turn() {
        return Line::default();
    }
    let choices = App::choices(model);
    let selected = app.selection(model).unwrap_or_default();
    let mut spans =
        vec![Span::styled("decision: ", dim()), Span::styled(format!(">{selected}<"), Mark::Selected.style())];
    let others: Vec<&String> =
        choices.iter().filter(|c| super::board::parse_hole(c).is_none() && **c != selected).collect();
    if !others.is_empty() {
        spans.push(Span::styled("   others: ", dim()));
        for (i, o) in others.into_iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw("  "));
            }
            spans.push(Span::styled(o.clone(), bold().fg(Color::Yellow)));
        }
    }
    Line::from(spans)
}

/// The last decisions seen, as many as fit: `moves: 11. north c3  12. south b1`.
fn moves_line(model: &GameModel, width: u16) -> Line<'static> {
    let mut shown: Vec<String> = Vec::new();
    let mut len = 7;
    for (ply, side, d) in model.record.iter().rev() {
        let item = format!("{ply}. {side} {d}");
        if len + item.len() + 2 > width as usize {
            break;
        }
        len += item.len() + 2;
        shown.push(item);
    }
    if shown.is_empty() {
        return Line::default();
    }
    shown.reverse();
    Line::from(vec![Span::styled("moves: ", dim()), Span::raw(shown.join("  "))])
}

fn message_line(model: &GameModel, app: &App) -> Line<'static> {
    if app.confirm_resign {
        return Line::styled("resign this game? y = yes, any other key = no", bold().fg(Color::Red));
    }
    match &app.message {
        Some(m) => {
            let style = match m.tone {
                Tone::Info => Style::new(),
                Tone::Error => Style::new().fg(Color::Red),
                Tone::Result => bold().fg(Color::Cyan),
            };
            Line::styled(m.text.clone(), style)
        }
        None => match model.outcome() {
            Some(o) => Line::styled(format!("game over: {}", describe_outcome(&o)), bold().fg(Color::Cyan)),
            None => Line::default(),
        },
    }
}

fn input_line(model: &GameModel, app: &App) -> Line<'static> {
    if !app.interactive(model) {
        return Line::default();
    }
    let mut spans = vec![Span::styled("> ", dim()), Span::styled(app.input.clone(), bold()), Span::raw("_")];
    let hint = match app.input.as_str() {
        "r" => "   Enter: resign",
        "a" => "   Enter: abort the game",
        "c" => "   Enter: claim the win",
        "d" => "   Enter: offer a draw (or agree to the one offered)",
        "t" => "   Enter: propose a takeback (or agree to the one proposed)",
        "b" => "   Enter: berserk (half your time, no increment, an extra point if you win)",
        "q" => "   Enter: quit",
        _ => "",
    };
    spans.push(Span::styled(hint, dim()));
    Line::from(spans)
}

fn help_text(model: &GameModel, app: &App) -> String {
    if app.interactive(model) {
        "←→ Enter play · r resign · a abort · c claim win · d draw · \" chat · q quit".to_string()
    } else if model.seat.is_none() {
        "watching · q quit".to_string()
    } else if model.outcome().is_some() && app.lost.is_none() {
        "m rematch · n decline a rematch · \" chat · q quit".to_string()
    } else {
        "q quit".to_string()
    }
}
