//! Glicko-2 through `skillratings`: a finished rated game is one rating period of one game for each player
//! (as lichess rates game by game). The system constant τ is skillratings' default, 0.5 (Glickman's
//! example uses it; his paper suggests 0.3 to 1.2).

use super::Rating;
use mancala_engine::{BySide, Side};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

fn to_glicko(r: Rating) -> Glicko2Rating {
    Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}

fn from_glicko(g: Glicko2Rating, games: u32) -> Rating {
    Rating { rating: g.rating, deviation: g.deviation, volatility: g.volatility, games }
}

/// The two players' ratings after a game between them that `winner` won (`None`: a draw), rounded to
/// what the store keeps.
pub fn rate_game(before: BySide<Rating>, winner: Option<Side>) -> BySide<Rating> {
    let outcome = match winner {
        Some(Side::South) => Outcomes::WIN,
        Some(Side::North) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (south, north) = glicko2(&to_glicko(before.south), &to_glicko(before.north), &outcome, &Glicko2Config::new());
    BySide::new(
        from_glicko(south, before.south.games + 1).stored(),
        from_glicko(north, before.north.games + 1).stored(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf): a 1500 / 200 / 0.06
    /// player beats a 1400 / 30 player and loses to 1550 / 100 and 1700 / 300 in one rating period, with
    /// τ = 0.5: 1464.06 / 151.52 / 0.05999. The paper rounds its intermediate steps, so the exact values
    /// (1464.0507 / 151.5165 / 0.059996) match its figures to their last digit ± 1.
    #[test]
    fn glickmans_example() {
        let player = Glicko2Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let opp = |rating, deviation| Glicko2Rating { rating, deviation, volatility: 0.06 };
        let results = [
            (opp(1400.0, 30.0), Outcomes::WIN),
            (opp(1550.0, 100.0), Outcomes::LOSS),
            (opp(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&player, &results, &Glicko2Config::new());
        assert!((after.rating - 1464.06).abs() <= 0.01, "rating {}", after.rating);
        assert!((after.deviation - 151.52).abs() <= 0.01, "deviation {}", after.deviation);
        assert!((after.volatility - 0.05999).abs() <= 0.000_01, "volatility {}", after.volatility);
    }

    /// One game is a rating period of one game: `rate_game` gives what the period function gives for each
    /// player alone, and counts the game.
    #[test]
    fn a_game_is_a_period_of_one_game_for_each_player() {
        let south = Rating { rating: 1600.0, deviation: 80.0, volatility: 0.06, games: 40 };
        let north = Rating::default();
        let after = rate_game(BySide::new(south, north), Some(Side::North));
        let period = |me: Rating, them: Rating, o| {
            glicko2_rating_period(&to_glicko(me), &[(to_glicko(them), o)], &Glicko2Config::new())
        };
        let s = period(south, north, Outcomes::LOSS);
        let n = period(north, south, Outcomes::WIN);
        assert!((after.south.rating - s.rating).abs() < 1e-6 && (after.north.rating - n.rating).abs() < 1e-6);
        assert!((after.north.deviation - n.deviation).abs() < 1e-6);
        assert!(after.north.rating > 1500.0 && after.south.rating < 1600.0);
        assert_eq!((after.south.games, after.north.games), (41, 1));
        // A draw between equals moves neither rating.
        let even = rate_game(BySide::new(Rating::default(), Rating::default()), None);
        assert!((even.south.rating - 1500.0).abs() < 1e-6);
        assert!(even.south.deviation < 350.0);
    }
}
