//! The lessons' pages as the client draws them from `/api/lessons…`: the list of courses (`/learn`, each
//! game's lessons with their summaries and the link to its rules; the steps met are the client's, kept in
//! the browser) and a lesson (`/learn/{game}/{lesson}`: its title and its first step's words, goal
//! included; the board comes with the client, and the lesson as `/api/lessons/{game}/{lesson}` answers
//! it is in the page's data, [`super::data`]).

use super::html::{encode_component, esc};
use super::words::Words;
use super::{Drawn, data};
use crate::learn::{library, routes::lesson_view};

/// `/learn`.
pub fn list(lang: &'static str) -> Drawn {
    let words = Words::load(lang, &["learn"]);
    let mut courses = String::new();
    for c in library().courses(lang) {
        let game = c.game.id();
        let lessons: String = c
            .lessons
            .iter()
            .map(|l| {
                format!(
                    r#"<li><span><a href="/learn/{}">{}</a><span class="muted small"> · {}</span></span></li>"#,
                    esc(&l.id),
                    esc(&l.title),
                    esc(&l.summary)
                )
            })
            .collect();
        courses.push_str(&format!(
            r#"<article class="course"><h2>{}</h2><p>{}</p><ol class="lessons">{lessons}</ol><p class="small links"><a href="/rules/{game}">{}</a></p></article>"#,
            esc(&c.title),
            esc(&c.intro),
            esc(&words.t("learn.rules_of")),
        ));
    }
    let main = format!(
        r#"<section class="panel"><h1>{}</h1><p class="lead">{}</p><div class="courses">{courses}</div></section>"#,
        esc(&words.t("learn.title")),
        esc(&words.t("learn.intro")),
    );
    let title = words.t("learn.title");
    Drawn::page(words, &title, main, true)
}

/// `/learn/{game}/{lesson}`.
pub fn lesson(lang: &'static str, game: &str, lesson: &str) -> Drawn {
    let words = Words::load(lang, &["learn"]);
    let back = format!(r#"<p class="small links"><a href="/learn">{}</a></p>"#, esc(&words.t("learn.all_lessons")));
    let Ok(l) = lesson_view(game, lesson, lang) else {
        let main = format!(r#"<section class="panel">{back}<h1>{}</h1></section>"#, esc(&words.t("learn.no_lesson")));
        let title = words.t("learn.title");
        return Drawn::page(words, &title, main, true);
    };
    let step = l.steps.first().map(|s| {
        let count = words.t_with("learn.step_of", &[("n", &s.number.to_string()), ("of", &s.of.to_string())]);
        let goal = s.goal.as_ref().map(|g| format!(r#"<p class="goal">{}</p>"#, esc(&g.text))).unwrap_or_default();
        format!(
            r#"<p class="muted small steps-count">{}</p><p class="step-text">{}</p>{goal}"#,
            esc(&count),
            esc(&s.text)
        )
    });
    let main = format!(
        r#"<section class="panel">{back}<h1>{}</h1><div class="lesson"><div></div><div class="text">{}</div></div></section>"#,
        esc(&l.title),
        step.unwrap_or_default()
    );
    let title = format!("{} · {}", l.title, words.t("learn.title"));
    // The path the client asks (`api.lesson`), in the language it asks for: the page's.
    let path = format!("/api/lessons/{}/{}?lang={lang}", encode_component(game), encode_component(lesson));
    Drawn::page(words, &title, main, true).with_data(data::answer(&path, &l))
}
