//! The library: every course, rules page and text, read from the files embedded at build time and
//! checked once at [`Library::load`] for what their types cannot say (unique ids, known texts, well-formed
//! steps, positions and decisions the engine can read). Whether each step can be solved is the tests'
//! business (`learn/tests/`), which walk everything through the engine.

use crate::format::{Course, Diagram, Game, RulesPage, Step};
use crate::goal::Goal;
use crate::referee::{self, Setup};
use crate::text::{TextError, Texts};
use mancala_engine::Variant;
use std::collections::{BTreeSet, HashMap};

/// The embedded course files, one per game, in [`Game::ALL`] order.
const COURSES: [(&str, &str); 4] = [
    ("courses/kubuguza.json", include_str!("../courses/kubuguza.json")),
    ("courses/ikibuguzo.json", include_str!("../courses/ikibuguzo.json")),
    ("courses/njombwa.json", include_str!("../courses/njombwa.json")),
    ("courses/azigo.json", include_str!("../courses/azigo.json")),
];

/// The embedded rules pages, one per game, in [`Game::ALL`] order.
const RULES: [(&str, &str); 4] = [
    ("rules/kubuguza.json", include_str!("../rules/kubuguza.json")),
    ("rules/ikibuguzo.json", include_str!("../rules/ikibuguzo.json")),
    ("rules/njombwa.json", include_str!("../rules/njombwa.json")),
    ("rules/azigo.json", include_str!("../rules/azigo.json")),
];

/// Lessons are short: one idea each.
pub const STEPS_PER_LESSON: std::ops::RangeInclusive<usize> = 3..=8;

/// The embedded data is not valid. The message names the file and the place in it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Text(#[from] TextError),
    #[error("learn/{file}: {reason}")]
    File { file: String, reason: String },
    #[error("learn/{file}: {place}: {reason}")]
    Invalid { file: String, place: String, reason: String },
}

/// Where a step lives: its course, lesson and index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StepAt {
    pub course: usize,
    pub lesson: usize,
    pub step: usize,
}

/// Every course, rules page and text, checked. Build it once ([`Library::load`]) and share it.
#[derive(Debug)]
pub struct Library {
    pub(crate) courses: Vec<Course>,
    pub(crate) rules: Vec<RulesPage>,
    pub(crate) texts: Texts,
    pub(crate) steps: HashMap<String, StepAt>,
}

impl Library {
    /// Reads and checks the embedded data. An error names the file, the place and what is wrong; the
    /// crate's tests make sure the shipped data loads.
    pub fn load() -> Result<Library, LoadError> {
        let texts = Texts::load()?;
        let courses = parse_all::<Course>(&COURSES)?;
        let rules = parse_all::<RulesPage>(&RULES)?;
        let mut lib = Library { courses, rules, texts, steps: HashMap::new() };
        for (c, (file, _)) in COURSES.iter().enumerate() {
            let mut check = Checker { lib: &lib, file, place: String::new() };
            check.course(c)?;
        }
        for (r, (file, _)) in RULES.iter().enumerate() {
            let mut check = Checker { lib: &lib, file, place: String::new() };
            check.rules_page(r)?;
        }
        for (c, course) in lib.courses.iter().enumerate() {
            for (l, lesson) in course.lessons.iter().enumerate() {
                for (s, step) in lesson.steps.iter().enumerate() {
                    let id = format!("{}/{}/{}", course.game, lesson.id, step.id);
                    lib.steps.insert(id, StepAt { course: c, lesson: l, step: s });
                }
            }
        }
        Ok(lib)
    }

    pub(crate) fn step_at(&self, at: StepAt) -> &Step {
        &self.courses[at.course].lessons[at.lesson].steps[at.step]
    }

    /// The board a step starts from.
    pub(crate) fn step_setup(&self, at: StepAt) -> Setup {
        let course = &self.courses[at.course];
        let step = self.step_at(at);
        Setup::new(step.variant.unwrap_or(course.variant), &step.options, step.position.clone())
    }

    /// The board of a rules diagram.
    pub(crate) fn diagram_setup(page: &RulesPage, diagram: &Diagram) -> Setup {
        Setup::new(diagram.variant.unwrap_or(page.variant), &diagram.options, diagram.position.clone())
    }

    /// Every text id the courses and rules pages use (the goals' generic lines included).
    pub fn used_text_ids(&self) -> BTreeSet<String> {
        let mut ids = BTreeSet::new();
        for course in &self.courses {
            ids.extend([course.title.clone(), course.intro.clone()]);
            for lesson in &course.lessons {
                ids.extend([lesson.title.clone(), lesson.summary.clone()]);
                for step in &lesson.steps {
                    ids.extend(step_text_ids(step));
                }
            }
        }
        for page in &self.rules {
            ids.extend([page.title.clone(), page.intro.clone()]);
            for section in &page.sections {
                ids.insert(section.title.clone());
                ids.extend(section.body.iter().cloned());
                ids.extend(section.reading.iter().cloned());
                ids.extend(section.diagrams.iter().map(|d| d.caption.clone()));
                ids.extend(section.quotes.iter().filter_map(|q| q.explain.clone()));
            }
        }
        ids
    }

    /// Every quotation the rules pages use (ids of `learn/text/sources.json`).
    pub fn used_quotes(&self) -> BTreeSet<String> {
        self.rules.iter().flat_map(|p| &p.sections).flat_map(|s| &s.quotes).map(|q| q.words.clone()).collect()
    }

    /// The texts, for tests and tools.
    pub fn texts(&self) -> &Texts {
        &self.texts
    }
}

/// The text ids one step uses.
fn step_text_ids(step: &Step) -> Vec<String> {
    let mut ids = vec![step.text.clone()];
    ids.extend(step.reading.iter().cloned());
    ids.extend(step.goal_text.iter().cloned());
    ids.extend(step.hint.iter().cloned());
    ids.extend(step.success.iter().cloned());
    ids.extend(step.hints.iter().map(|h| h.text.clone()));
    if let Some(goal) = &step.goal
        && step.goal_text.is_none()
    {
        ids.push(goal.line_id());
    }
    if let Some(invite) = &step.invite {
        ids.push(format!("invite.{}", invite.level.id()));
    }
    ids
}

fn parse_all<T: serde::de::DeserializeOwned>(files: &[(&str, &str)]) -> Result<Vec<T>, LoadError> {
    files
        .iter()
        .map(|(file, text)| {
            serde_json::from_str(text).map_err(|e| LoadError::File { file: file.to_string(), reason: e.to_string() })
        })
        .collect()
}

/// Walks one file's data, keeping the place for error messages.
struct Checker<'a> {
    lib: &'a Library,
    file: &'a str,
    place: String,
}

impl Checker<'_> {
    fn fail<T>(&self, reason: impl Into<String>) -> Result<T, LoadError> {
        Err(LoadError::Invalid { file: self.file.to_string(), place: self.place.clone(), reason: reason.into() })
    }

    fn ensure(&self, ok: bool, reason: impl FnOnce() -> String) -> Result<(), LoadError> {
        if ok { Ok(()) } else { self.fail(reason()) }
    }

    fn text(&self, id: &str) -> Result<(), LoadError> {
        self.ensure(self.lib.texts.lookup("en", id).is_some(), || format!("text `{id}` is not in learn/text/en"))
    }

    fn slug(&self, id: &str, seen: &mut BTreeSet<String>) -> Result<(), LoadError> {
        let ok = !id.is_empty() && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        self.ensure(ok, || format!("id `{id}`: only a-z, 0-9 and `-`"))?;
        self.ensure(seen.insert(id.to_string()), || format!("id `{id}` is used twice"))
    }

    fn course(&mut self, c: usize) -> Result<(), LoadError> {
        let course = &self.lib.courses[c];
        self.ensure(course.game == Game::ALL[c], || format!("expected the {} course", Game::ALL[c]))?;
        self.ensure(Game::of(course.variant) == course.game, || {
            format!("{} is not a rule set of this game", course.variant)
        })?;
        self.text(&course.title)?;
        self.text(&course.intro)?;
        let mut lesson_ids = BTreeSet::new();
        let invites_from = match &course.invites_from {
            Some(id) => course
                .lessons
                .iter()
                .position(|l| &l.id == id)
                .map_or_else(|| self.fail(format!("invites_from: no lesson `{id}`")), Ok)?,
            None => 0,
        };
        for (l, lesson) in course.lessons.iter().enumerate() {
            self.place = format!("lesson `{}`", lesson.id);
            self.slug(&lesson.id, &mut lesson_ids)?;
            self.text(&lesson.title)?;
            self.text(&lesson.summary)?;
            let n = lesson.steps.len();
            self.ensure(STEPS_PER_LESSON.contains(&n), || format!("{n} steps; a lesson has 3 to 8"))?;
            let mut step_ids = BTreeSet::new();
            for (i, step) in lesson.steps.iter().enumerate() {
                self.place = format!("lesson `{}`, step `{}`", lesson.id, step.id);
                self.slug(&step.id, &mut step_ids)?;
                let invites = i + 1 == n && l >= invites_from;
                self.ensure(step.invite.is_some() == invites, || {
                    "the last step of a lesson from `invites_from` on, and only it, invites to play the computer".into()
                })?;
                self.step(course.game, course.variant, step)?;
            }
        }
        Ok(())
    }

    fn step(&self, game: Game, variant: Variant, step: &Step) -> Result<(), LoadError> {
        for id in step_text_ids(step) {
            self.text(&id)?;
        }
        let setup = Setup::new(step.variant.unwrap_or(variant), &step.options, step.position.clone());
        self.ensure(Game::of(setup.variant) == game, || format!("{} is not a rule set of {game}", setup.variant))?;
        let pos = setup.position().or_else(|e| self.fail(format!("position: {e}")))?;
        for hole in step.marks.hole_names() {
            self.ensure(referee::is_hole(&pos, hole), || format!("mark: `{hole}` is not a hole of this board"))?;
        }
        if let Some(invite) = &step.invite {
            self.ensure(Game::of(invite.variant) == game, || format!("invite: {} is not {game}", invite.variant))?;
        }
        let Some(goal) = &step.goal else {
            let extra = step.solution.is_some()
                || step.hint.is_some()
                || !step.hints.is_empty()
                || step.goal_text.is_some()
                || step.success.is_some();
            self.ensure(!extra, || "a step without a goal has no solution, hints, goal_text or success".into())?;
            if let Some(demo) = &step.demo {
                self.decisions(&pos, demo, "demo")?;
            }
            return Ok(());
        };
        self.ensure(step.demo.is_none(), || "a step with a goal has no demo".into())?;
        self.ensure(step.hint.is_some(), || "a step with a goal needs a general `hint`".into())?;
        self.ensure(referee::decider(&pos).is_some(), || "the game is over at this position".into())?;
        let solution =
            step.solution.as_deref().map_or_else(|| self.fail("a step with a goal needs a `solution`"), Ok)?;
        self.decisions(&pos, solution, "solution")?;
        for h in &step.hints {
            match (&h.decision, h.did) {
                (Some(seq), None) => self.decisions(&pos, seq, "hint")?,
                (None, Some(_)) => {}
                _ => return self.fail(format!("hint `{}`: give exactly one of `decision` and `did`", h.text)),
            }
        }
        match goal {
            Goal::Play { any_of } => {
                self.ensure(!any_of.is_empty(), || "goal play: list at least one decision".into())?;
                for seq in any_of {
                    self.decisions(&pos, seq, "goal")?;
                }
            }
            Goal::EndIn { holes } => {
                for hole in holes {
                    self.ensure(referee::is_hole(&pos, hole), || format!("goal: `{hole}` is not a hole"))?;
                }
            }
            Goal::Win { reason: Some(reason) } => {
                self.ensure(referee::is_end_reason(reason), || format!("goal: unknown end reason `{reason}`"))?;
            }
            Goal::Capture { .. } | Goal::Relays { .. } | Goal::Win { reason: None } | Goal::Safe => {}
        }
        Ok(())
    }

    /// Decisions written in the data must be in canonical notation (`a1:cw`, not `A1:CW`), so that the
    /// checker can compare them with the learner's as text.
    fn decisions(&self, pos: &mancala_engine::Position, seq: &str, what: &str) -> Result<(), LoadError> {
        self.ensure(!seq.trim().is_empty(), || format!("{what}: no decision"))?;
        for token in seq.split(' ') {
            let canonical = referee::canonical(pos, token).or_else(|e| self.fail(format!("{what}: {e}")))?;
            self.ensure(canonical == token, || {
                format!("{what}: write `{canonical}`, not `{token}` (one space between)")
            })?;
        }
        Ok(())
    }

    fn rules_page(&mut self, r: usize) -> Result<(), LoadError> {
        let page = &self.lib.rules[r];
        self.ensure(page.game == Game::ALL[r], || format!("expected the {} rules", Game::ALL[r]))?;
        self.text(&page.title)?;
        self.text(&page.intro)?;
        let mut ids = BTreeSet::new();
        for section in &page.sections {
            self.place = format!("section `{}`", section.id);
            self.slug(&section.id, &mut ids)?;
            self.text(&section.title)?;
            self.ensure(!section.body.is_empty(), || "a section needs a body".into())?;
            for id in section.body.iter().chain(&section.reading) {
                self.text(id)?;
            }
            for quote in &section.quotes {
                let sources = &self.lib.texts.sources;
                self.ensure(sources.sources.contains_key(&quote.source), || {
                    format!("unknown source `{}`", quote.source)
                })?;
                self.ensure(sources.quotes.contains_key(&quote.words), || format!("unknown quote `{}`", quote.words))?;
                if let Some(id) = &quote.explain {
                    self.text(id)?;
                }
            }
            for diagram in &section.diagrams {
                self.text(&diagram.caption)?;
                let setup = Library::diagram_setup(page, diagram);
                self.ensure(Game::of(setup.variant) == page.game, || {
                    format!("{} is not {}", setup.variant, page.game)
                })?;
                let pos = setup.position().or_else(|e| self.fail(format!("diagram position: {e}")))?;
                for hole in diagram.marks.hole_names() {
                    self.ensure(referee::is_hole(&pos, hole), || format!("mark: `{hole}` is not a hole"))?;
                }
                if let Some(play) = &diagram.play {
                    self.decisions(&pos, play, "play")?;
                }
            }
        }
        Ok(())
    }
}
