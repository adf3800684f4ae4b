//! The file of `mancala-fairplay --save`: one line per played game, appended as soon as the game is played,
//! so a long measurement stopped half-way keeps every game it finished and, started again with the same
//! file, plays only the games not in it yet (the same variant, level and game number are the same game:
//! the bots and the opening are seeded from them). The measurement can so be done in pieces, across days.
//!
//! A line is the variant, the level, the game, the decisions, then each side's (South, North) counted and
//! agreed decisions and accuracy (`-` for none). A first line `# seed S openings O` says what the games
//! were played from: resuming with another seed or opening would mix games of two measurements, so it is
//! refused. A file without it (the first measurements) was played from the defaults, seed 1 and 2 openings.

use super::{Played, Task};
use anyhow::{Result, bail};
use mancala_bot::Level;
use mancala_bot::fairplay::Figures;
use mancala_engine::Variant;
use std::io::Write;
use std::path::Path;

/// What the games of a file were played from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub seed: u64,
    pub openings: u32,
}

/// The defaults of `mancala-fairplay`, which a file without a header was played from.
pub const DEFAULT_ORIGIN: Origin = Origin { seed: 1, openings: 2 };

/// `played` as lines of text, one per game (no header).
pub fn save(played: &[Played]) -> String {
    let acc = |a: Option<f64>| a.map_or("-".to_string(), |a| format!("{a}"));
    played
        .iter()
        .map(|p| {
            let [s, n] = p.figures;
            format!(
                "{} {} {} {} {} {} {} {} {} {}\n",
                p.task.variant,
                p.task.level.number(),
                p.task.game,
                p.decisions,
                s.counted,
                s.agreed,
                acc(s.accuracy),
                n.counted,
                n.agreed,
                acc(n.accuracy)
            )
        })
        .collect()
}

/// The games of `text`, as [`save`] wrote them (a header line is skipped: see [`origin`]).
pub fn load(text: &str) -> Result<Vec<Played>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let bad = || anyhow::anyhow!("line {}: `{line}` is not a saved game", i + 1);
        if w.len() != 10 {
            return Err(bad());
        }
        let n = |k: usize| w[k].parse::<u32>().map_err(|_| bad());
        let acc = |k: usize| if w[k] == "-" { Ok(None) } else { w[k].parse::<f64>().map(Some).map_err(|_| bad()) };
        let variant: Variant = w[0].parse().map_err(|_| bad())?;
        let level = Level::from_number(n(1)? as u8).ok_or_else(bad)?;
        out.push(Played {
            task: Task { variant, level, game: n(2)? },
            decisions: n(3)?,
            figures: [
                Figures { counted: n(4)?, agreed: n(5)?, accuracy: acc(6)? },
                Figures { counted: n(7)?, agreed: n(8)?, accuracy: acc(9)? },
            ],
        });
    }
    Ok(out)
}

/// The origin a file's header line states ([`DEFAULT_ORIGIN`] without one).
pub fn origin(text: &str) -> Result<Origin> {
    let Some(header) = text.lines().next().filter(|l| l.starts_with('#')) else { return Ok(DEFAULT_ORIGIN) };
    let w: Vec<&str> = header.trim_start_matches('#').split_whitespace().collect();
    match w[..] {
        ["seed", seed, "openings", openings] => match (seed.parse(), openings.parse()) {
            (Ok(seed), Ok(openings)) => Ok(Origin { seed, openings }),
            _ => bail!("`{header}`: not `# seed S openings O`"),
        },
        _ => bail!("`{header}`: not `# seed S openings O`"),
    }
}

/// The tasks of `tasks` that `saved` does not hold yet, in order.
pub fn pending(tasks: &[Task], saved: &[Played]) -> Vec<Task> {
    let same = |a: &Task, b: &Task| (a.variant, a.level, a.game) == (b.variant, b.level, b.game);
    tasks.iter().filter(|t| !saved.iter().any(|p| same(&p.task, t))).copied().collect()
}

/// A save file opened to resume: the games it holds, and the file to append the next ones to.
#[derive(Debug)]
pub struct SaveFile {
    pub saved: Vec<Played>,
    file: std::fs::File,
}

impl SaveFile {
    /// Opens (or creates, with its header) the file at `path` for games played from `origin`. A last line
    /// cut short (the run was killed while writing it) is dropped: that game is played again.
    pub fn open(path: &Path, origin: Origin) -> Result<SaveFile> {
        let mut text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => bail!("{}: {e}", path.display()),
        };
        if let Some(cut) = text.rfind('\n').map(|i| i + 1).or(Some(0)).filter(|&i| i < text.len()) {
            text.truncate(cut);
            std::fs::write(path, &text)?;
        }
        let had = self::origin(&text)?;
        if !text.trim().is_empty() && had != origin {
            bail!(
                "{}: its games were played with --seed {} --openings {}, not {} and {}",
                path.display(),
                had.seed,
                had.openings,
                origin.seed,
                origin.openings
            );
        }
        let saved = load(&text)?;
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        if text.is_empty() {
            file.write_all(format!("# seed {} openings {}\n", origin.seed, origin.openings).as_bytes())?;
        }
        Ok(SaveFile { saved, file })
    }

    /// Appends `played`'s line and flushes it to the file.
    pub fn append(&mut self, played: &Played) -> Result<()> {
        self.file.write_all(save(std::slice::from_ref(played)).as_bytes())?;
        self.file.sync_data()?;
        self.saved.push(*played);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(variant: Variant, level: Level, game: u32, agreed: u32) -> Played {
        Played {
            task: Task { variant, level, game },
            decisions: 30,
            figures: [Figures { counted: 12, agreed, accuracy: Some(97.5) }, Figures::new(None)],
        }
    }

    fn tasks(variant: Variant, level: Level, games: u32) -> Vec<Task> {
        (0..games).map(|game| Task { variant, level, game }).collect()
    }

    /// Each game is in the file as soon as it is appended; opened again, the file gives back every game
    /// in order and only the games not in it are still to play.
    #[test]
    fn a_stopped_measurement_resumes_with_the_games_not_saved() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("azigo.txt");
        let origin = Origin { seed: 3, openings: 2 };
        let all = tasks(Variant::Azigo, Level::L8, 4);
        let mut file = SaveFile::open(&path, origin).unwrap();
        assert_eq!(pending(&all, &file.saved).len(), 4);
        file.append(&played(Variant::Azigo, Level::L8, 0, 12)).unwrap();
        file.append(&played(Variant::Azigo, Level::L8, 2, 11)).unwrap();
        // Read while the file is still open: nothing waits for the end of the run.
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(load(&text).unwrap().len(), 2);
        drop(file);

        let mut file = SaveFile::open(&path, origin).unwrap();
        let games: Vec<u32> = pending(&all, &file.saved).iter().map(|t| t.game).collect();
        assert_eq!(games, [1, 3]);
        // Another level or variant with the same game numbers is not the same game.
        assert_eq!(pending(&tasks(Variant::Azigo, Level::L7, 4), &file.saved).len(), 4);
        assert_eq!(pending(&tasks(Variant::Njombwa, Level::L8, 4), &file.saved).len(), 4);
        file.append(&played(Variant::Azigo, Level::L8, 1, 10)).unwrap();
        drop(file);

        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# seed 3 openings 2\n"), "{text}");
        let saved = load(&text).unwrap();
        assert_eq!(
            saved.iter().map(|p| (p.task.game, p.figures[0].agreed)).collect::<Vec<_>>(),
            [(0, 12), (2, 11), (1, 10)]
        );
        assert_eq!(saved[0].figures[1], Figures::new(None));
    }

    /// A line cut short by a killed run is dropped (its game is played again), and a file played from
    /// another seed or opening is refused rather than mixed.
    #[test]
    fn a_torn_line_is_played_again_and_another_origin_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ikibuguzo.txt");
        let line = save(&[played(Variant::Ikibuguzo, Level::L6, 0, 9)]);
        std::fs::write(&path, format!("{line}ikibuguzo 6 1 41 1")).unwrap();
        // No header: the first measurements' defaults.
        let file = SaveFile::open(&path, DEFAULT_ORIGIN).unwrap();
        assert_eq!(
            pending(&tasks(Variant::Ikibuguzo, Level::L6, 2), &file.saved).iter().map(|t| t.game).collect::<Vec<_>>(),
            [1]
        );
        drop(file);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), line);

        let err = SaveFile::open(&path, Origin { seed: 2, openings: 2 }).expect_err("another seed is refused");
        assert!(err.to_string().contains("--seed 1 --openings 2"), "{err}");
        assert_eq!(origin("# seed 7 openings 0\n").unwrap(), Origin { seed: 7, openings: 0 });
        assert!(origin("# seed x\n").is_err());
    }
}
