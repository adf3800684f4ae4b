//! What the server sends to a page: courses, lessons, steps, verdicts and rules pages in one language,
//! every text looked up (English where the language lacks one), every board drawn by the engine
//! ([`BoardView`]) and every sowing given as the engine's steps ([`StepEvent`]). A page renders these
//! without knowing any rule.

use crate::check::{self, Status};
use crate::format::{Course, Game, Invite, Marks, Quote, RulesPage, Step};
use crate::library::{Library, StepAt};
use crate::referee;
use mancala_engine::{Options, Position, Variant};
use mancala_protocol::{BoardView, StepEvent};
use serde::Serialize;

/// A request the library cannot answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LearnError {
    #[error("no lesson step `{0}`")]
    UnknownStep(String),
    #[error("no lesson `{0}`")]
    UnknownLesson(String),
    /// The decisions cannot be checked: the step has no goal, a decision cannot be read, too many.
    #[error("step `{step}`: {reason}")]
    BadAttempt { step: String, reason: String },
    /// The shipped data does not play (the tests prevent it).
    #[error("step `{step}`: {reason}")]
    Data { step: String, reason: String },
}

/// A course in the list of courses.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CourseView {
    pub game: Game,
    pub title: String,
    pub intro: String,
    pub lessons: Vec<LessonSummary>,
}

/// A lesson in a course's list.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LessonSummary {
    /// `game/lesson`.
    pub id: String,
    pub title: String,
    pub summary: String,
    /// The step ids, in order.
    pub steps: Vec<String>,
}

/// A whole lesson, its steps ready to show.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LessonView {
    pub id: String,
    pub game: Game,
    pub title: String,
    pub summary: String,
    pub steps: Vec<StepView>,
    /// The next lesson of the course, if any.
    pub next_lesson: Option<String>,
}

/// One step, ready to show.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StepView {
    /// `game/lesson/step`.
    pub id: String,
    /// 1-based place in the lesson, and the lesson's length.
    pub number: usize,
    pub of: usize,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub options: Options,
    /// The position text (docs/rules.md#d11-position-text) the step starts from.
    pub position: String,
    /// The board as the learner sees it, with the decisions the engine accepts (a page may still let the
    /// learner try others: a refused decision gets its hint).
    pub board: BoardView,
    pub marks: Marks,
    pub text: String,
    /// This site's reading where the step shows one (the page shows it apart, as "How this site reads
    /// it").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
    /// `None`: read (and watch the demo) and continue.
    pub goal: Option<GoalView>,
    /// A sowing to watch (read steps).
    pub demo: Option<Sowing>,
    /// On the last step of a lesson: offer a game against the computer.
    pub invite: Option<InviteView>,
    /// The next step of the lesson, if any.
    pub next: Option<String>,
}

/// A goal as the learner reads it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GoalView {
    /// `play`, `end-in`, `capture`, `relays`, `win`, `safe`.
    pub kind: &'static str,
    pub text: String,
}

/// Decisions played by the engine, for the page to animate.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Sowing {
    pub decisions: Vec<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub events: Vec<StepEvent>,
    /// The board after the last decision.
    pub board: BoardView,
}

/// The invitation to play the computer.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InviteView {
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    /// A bot level id (`easy`).
    pub level: &'static str,
    pub text: String,
}

/// A text and its id.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TextView {
    pub id: String,
    pub text: String,
}

/// The answer to a check.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Verdict {
    pub step: String,
    pub status: Status,
    /// The decisions played, in canonical notation (the refused one last when `illegal`).
    pub decisions: Vec<String>,
    /// What the decisions did, for the page to animate (empty when the first decision was refused).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub events: Vec<StepEvent>,
    /// The board after the decisions accepted; with `continue`, its `legal` lists the next choices.
    pub board: BoardView,
    /// Missed or illegal: the hint for this attempt.
    pub hint: Option<TextView>,
    /// Met: what just happened, when the step says it.
    pub success: Option<TextView>,
}

/// A game's rules for players: the rules first, then the sources' words as numbered notes in one list.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RulesView {
    pub game: Game,
    pub title: String,
    pub intro: String,
    pub sections: Vec<SectionView>,
    /// The sources' words, numbered from 1 in the order the sections call them.
    pub notes: Vec<NoteView>,
}

/// One section of the rules.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SectionView {
    pub id: String,
    pub title: String,
    pub body: Vec<String>,
    pub diagrams: Vec<DiagramView>,
    /// The numbers of the notes that give this rule's sources.
    pub notes: Vec<usize>,
    /// Where the sources are silent or this site reads them its own way: what this site plays.
    pub reading: Option<String>,
}

/// A board diagram.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DiagramView {
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub options: Options,
    pub position: String,
    pub board: BoardView,
    pub marks: Marks,
    pub caption: String,
    /// The sowing to draw, when the diagram plays decisions.
    pub sowing: Option<Sowing>,
}

/// A note: a source's own words for a rule, and which source.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NoteView {
    /// From 1, in the page's order.
    pub number: usize,
    /// The id of the section that calls the note.
    pub section: String,
    /// The short reference: `Murray 1951: 217`.
    pub source: String,
    /// The full reference, on the first note of each source only.
    pub citation: Option<String>,
    /// Where the words were read (the Ludii portal's evidence pages), on the first note of each source only.
    pub via: Option<String>,
    /// The verbatim words (English).
    pub words: String,
    /// In another language than English: a translation.
    pub translation: Option<String>,
    /// What the source's own notation in the words means.
    pub explanation: Option<String>,
}

impl Library {
    /// The languages the texts exist in (`en`, `fr`).
    pub fn languages(&self) -> Vec<&'static str> {
        self.texts.languages().collect()
    }

    /// Every course, in order, in `lang` (English where `lang` lacks a text or is unknown).
    ///
    /// ```
    /// let library = mancala_learn::Library::load().unwrap();
    /// let games: Vec<&str> = library.courses("rw").iter().map(|c| c.game.id()).collect();
    /// assert_eq!(games, ["kubuguza", "ikibuguzo", "njombwa", "azigo"]);
    /// assert_eq!(library.courses("rw")[0].title, library.courses("en")[0].title);
    /// ```
    pub fn courses(&self, lang: &str) -> Vec<CourseView> {
        let lang = self.texts.language(lang);
        self.courses.iter().map(|c| self.course_view(c, lang)).collect()
    }

    /// The course of the game `variant` belongs to.
    ///
    /// ```
    /// use mancala_engine::Variant;
    ///
    /// let library = mancala_learn::Library::load().unwrap();
    /// let course = library.course_for(Variant::IkibuguzoOpening2, "fr");
    /// assert_eq!(course.game.id(), "ikibuguzo");
    /// assert!(course.lessons[0].id.starts_with("ikibuguzo/"));
    /// ```
    pub fn course_for(&self, variant: Variant, lang: &str) -> CourseView {
        let lang = self.texts.language(lang);
        let game = Game::of(variant);
        let course =
            self.courses.iter().find(|c| c.game == game).expect("Library::load checks every game has a course");
        self.course_view(course, lang)
    }

    fn course_view(&self, course: &Course, lang: &str) -> CourseView {
        let t = |id: &str| self.texts.get(lang, id).to_string();
        CourseView {
            game: course.game,
            title: t(&course.title),
            intro: t(&course.intro),
            lessons: course
                .lessons
                .iter()
                .map(|l| LessonSummary {
                    id: format!("{}/{}", course.game, l.id),
                    title: t(&l.title),
                    summary: t(&l.summary),
                    steps: l.steps.iter().map(|s| format!("{}/{}/{}", course.game, l.id, s.id)).collect(),
                })
                .collect(),
        }
    }

    /// A whole lesson (`game/lesson`) in `lang`.
    pub fn lesson(&self, id: &str, lang: &str) -> Result<LessonView, LearnError> {
        let lang = self.texts.language(lang);
        let (c, l) = self
            .courses
            .iter()
            .enumerate()
            .find_map(|(c, course)| {
                let rest = id.strip_prefix(course.game.id())?.strip_prefix('/')?;
                course.lessons.iter().position(|l| l.id == rest).map(|l| (c, l))
            })
            .ok_or_else(|| LearnError::UnknownLesson(id.to_string()))?;
        let course = &self.courses[c];
        let lesson = &course.lessons[l];
        let steps: Result<Vec<StepView>, LearnError> =
            (0..lesson.steps.len()).map(|s| self.step_view(StepAt { course: c, lesson: l, step: s }, lang)).collect();
        Ok(LessonView {
            id: id.to_string(),
            game: course.game,
            title: self.texts.get(lang, &lesson.title).to_string(),
            summary: self.texts.get(lang, &lesson.summary).to_string(),
            steps: steps?,
            next_lesson: course.lessons.get(l + 1).map(|n| format!("{}/{}", course.game, n.id)),
        })
    }

    /// One step (`game/lesson/step`) in `lang`.
    ///
    /// ```
    /// let library = mancala_learn::Library::load().unwrap();
    /// let step = library.step("kubuguza/relay/watch", "fr").unwrap();
    /// assert!(step.goal.is_none(), "a step to read and watch");
    /// assert!(!step.demo.unwrap().events.is_empty());
    /// assert_eq!(step.next.as_deref(), Some("kubuguza/relay/one"));
    /// assert!(library.step("kubuguza/relay/nowhere", "fr").is_err());
    /// ```
    pub fn step(&self, id: &str, lang: &str) -> Result<StepView, LearnError> {
        let at = *self.steps.get(id).ok_or_else(|| LearnError::UnknownStep(id.to_string()))?;
        self.step_view(at, self.texts.language(lang))
    }

    fn step_view(&self, at: StepAt, lang: &str) -> Result<StepView, LearnError> {
        let course = &self.courses[at.course];
        let lesson = &course.lessons[at.lesson];
        let step = self.step_at(at);
        let id = format!("{}/{}/{}", course.game, lesson.id, step.id);
        let data = |reason: String| LearnError::Data { step: id.clone(), reason };
        let setup = self.step_setup(at);
        let pos = setup.position().map_err(data)?;
        let learner = referee::decider(&pos);
        let demo = match &step.demo {
            Some(seq) => Some(sowing(&pos, seq, learner).map_err(data)?),
            None => None,
        };
        let goal = step.goal.as_ref().map(|g| GoalView {
            kind: g.kind(),
            text: match &step.goal_text {
                Some(id) => self.texts.get(lang, id).to_string(),
                None => self.texts.render(lang, &g.line_id(), &g.placeholders()),
            },
        });
        Ok(StepView {
            next: lesson.steps.get(at.step + 1).map(|n| format!("{}/{}/{}", course.game, lesson.id, n.id)),
            id,
            number: at.step + 1,
            of: lesson.steps.len(),
            variant: setup.variant,
            options: setup.options,
            position: pos.to_text(),
            board: referee::board_view(&pos, learner, step.goal.is_some()),
            marks: step.marks.clone(),
            text: self.texts.get(lang, &step.text).to_string(),
            reading: step.reading.as_ref().map(|id| self.texts.get(lang, id).to_string()),
            goal,
            demo,
            invite: step.invite.map(|i| self.invite(i, lang)),
        })
    }

    fn invite(&self, invite: Invite, lang: &str) -> InviteView {
        InviteView {
            variant: invite.variant,
            level: invite.level.id(),
            text: self.texts.get(lang, &format!("invite.{}", invite.level.id())).to_string(),
        }
    }

    /// Checks the learner's `decisions` (notation: `["e2", "b2:cw"]`) at step `id` and answers in `lang`.
    /// Send the whole turn so far every time: the check is stateless. An illegal decision is a verdict
    /// (`illegal`, with its hint), not an error.
    ///
    /// ```
    /// use mancala_learn::Status;
    ///
    /// let library = mancala_learn::Library::load().unwrap();
    /// let id = "kubuguza/clockwise/turn-back";
    /// // The relay stops on b2, where the learner chooses the direction.
    /// let first = library.check(id, &["e2"], "en").unwrap();
    /// assert_eq!(first.status, Status::Continue);
    /// assert_eq!(first.board.legal, ["b2", "b2:cw"]);
    /// // Anticlockwise captures nothing: the hint is the one written for that decision.
    /// let missed = library.check(id, &["e2", "b2"], "en").unwrap();
    /// assert_eq!(missed.status, Status::Missed);
    /// assert_eq!(missed.hint.unwrap().id, "kub.clockwise.turn-back.b2");
    /// let met = library.check(id, &["e2", "b2:cw"], "en").unwrap();
    /// assert_eq!(met.status, Status::Met);
    /// ```
    pub fn check(&self, id: &str, decisions: &[&str], lang: &str) -> Result<Verdict, LearnError> {
        let lang = self.texts.language(lang);
        let at = *self.steps.get(id).ok_or_else(|| LearnError::UnknownStep(id.to_string()))?;
        let step = self.step_at(at);
        let pos = self.step_setup(at).position().map_err(|reason| LearnError::Data { step: id.into(), reason })?;
        let checked =
            check::check(step, &pos, decisions).map_err(|reason| LearnError::BadAttempt { step: id.into(), reason })?;
        let attempt = &checked.attempt;
        let learner = Some(attempt.learner);
        let text = |tid: &str| TextView { id: tid.to_string(), text: self.texts.get(lang, tid).to_string() };
        let (hint, success) = match checked.status {
            Status::Met => (None, checked.text.map(text)),
            Status::Missed | Status::Illegal => (checked.text.map(text), None),
            Status::Continue => (None, None),
        };
        Ok(Verdict {
            step: id.to_string(),
            status: checked.status,
            decisions: attempt.decisions.clone(),
            events: referee::wire_events(&attempt.after, &attempt.events, learner),
            board: referee::board_view(&attempt.after, learner, checked.status == Status::Continue),
            hint,
            success,
        })
    }

    /// The step itself (data), for tests and tools.
    pub fn step_data(&self, id: &str) -> Option<&Step> {
        self.steps.get(id).map(|&at| self.step_at(at))
    }

    /// Every attempt of one turn at step `id` (at most `limit`), for tests and authors' tools: each legal
    /// decision followed through every decision inside the turn, then every single decision on a hole
    /// that the engine refuses.
    pub fn attempts(&self, id: &str, limit: usize) -> Result<Vec<Vec<String>>, LearnError> {
        let at = *self.steps.get(id).ok_or_else(|| LearnError::UnknownStep(id.to_string()))?;
        let pos = self.step_setup(at).position().map_err(|reason| LearnError::Data { step: id.into(), reason })?;
        Ok(referee::all_attempts(&pos, limit))
    }

    /// Every step id, in course order.
    pub fn step_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        for course in &self.courses {
            for lesson in &course.lessons {
                ids.extend(lesson.steps.iter().map(|s| format!("{}/{}/{}", course.game, lesson.id, s.id)));
            }
        }
        ids
    }

    /// The courses as data, for tests and tools.
    pub fn course_data(&self) -> &[Course] {
        &self.courses
    }

    /// The rules pages as data, for tests and tools.
    pub fn rules_data(&self) -> &[RulesPage] {
        &self.rules
    }

    /// The rules of the game `variant` belongs to, for players, in `lang`.
    ///
    /// ```
    /// use mancala_engine::Variant;
    ///
    /// let library = mancala_learn::Library::load().unwrap();
    /// let rules = library.rules(Variant::Kubuguza, "fr").unwrap();
    /// let capture = rules.sections.iter().find(|s| s.id == "capture").unwrap();
    /// let note = &rules.notes[capture.notes[0] - 1];
    /// assert_eq!(note.section, "capture");
    /// assert_eq!(note.source, "Merriam 1953, summarised by the Ludii portal");
    /// assert!(note.translation.is_some());
    /// // The full reference is given once, with the first note of the source.
    /// assert!(note.citation.is_none() && rules.notes[0].citation.is_some());
    /// assert!(!capture.diagrams[0].sowing.as_ref().unwrap().events.is_empty());
    /// ```
    pub fn rules(&self, variant: Variant, lang: &str) -> Result<RulesView, LearnError> {
        let lang = self.texts.language(lang);
        let game = Game::of(variant);
        let page = self.rules.iter().find(|p| p.game == game).expect("Library::load checks every game has rules");
        let t = |id: &str| self.texts.get(lang, id).to_string();
        let mut sections = Vec::new();
        let mut notes: Vec<NoteView> = Vec::new();
        for section in &page.sections {
            let data = |reason: String| LearnError::Data { step: format!("rules/{game}#{}", section.id), reason };
            let mut diagrams = Vec::new();
            for d in &section.diagrams {
                let setup = Library::diagram_setup(page, d);
                let pos = setup.position().map_err(data)?;
                diagrams.push(DiagramView {
                    variant: setup.variant,
                    options: setup.options,
                    position: pos.to_text(),
                    board: referee::board_view(&pos, None, false),
                    marks: d.marks.clone(),
                    caption: t(&d.caption),
                    sowing: d.play.as_deref().map(|seq| sowing(&pos, seq, None)).transpose().map_err(data)?,
                });
            }
            let first = notes.len() + 1;
            for q in &section.quotes {
                let cited = notes.iter().any(|n| n.source == self.texts.sources.sources[&q.source].short);
                notes.push(self.note(notes.len() + 1, &section.id, q, !cited, lang));
            }
            sections.push(SectionView {
                id: section.id.clone(),
                title: t(&section.title),
                body: section.body.iter().map(|id| t(id)).collect(),
                diagrams,
                notes: (first..=notes.len()).collect(),
                reading: section.reading.as_deref().map(t),
            });
        }
        Ok(RulesView { game, title: t(&page.title), intro: t(&page.intro), sections, notes })
    }

    /// Note `number`: the words of `quote`, with the source's full reference when it is cited `first`.
    fn note(&self, number: usize, section: &str, quote: &Quote, first: bool, lang: &str) -> NoteView {
        let src = &self.texts.sources.sources[&quote.source];
        NoteView {
            number,
            section: section.to_string(),
            source: src.short.clone(),
            citation: first.then(|| src.citation.clone()),
            via: if first { src.via.clone() } else { None },
            words: self.texts.sources.quotes[&quote.words].clone(),
            translation: self.texts.lookup(lang, &format!("quote.{}", quote.words)).map(str::to_string),
            explanation: quote.explain.as_deref().map(|id| self.texts.get(lang, id).to_string()),
        }
    }
}

/// The sowing of `seq` from `pos`, seen by `viewer` (`None`: everything).
fn sowing(pos: &Position, seq: &str, viewer: Option<mancala_engine::Side>) -> Result<Sowing, String> {
    let (events, after) = referee::play_through(pos, seq)?;
    Ok(Sowing {
        decisions: seq.split_whitespace().map(str::to_string).collect(),
        events: referee::wire_events(&after, &events, viewer),
        board: referee::board_view(&after, viewer, false),
    })
}
