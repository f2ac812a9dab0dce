//! Equity: each player's share of the pot over every way the unseen cards can fall (exact
//! within a budget of outcomes), or over a seeded random sample of them (Monte Carlo, with a
//! standard error).
//!
//! Games: Texas Hold'em, Omaha and Omaha Hi/Lo (4, 5 or 6 hole cards), Seven-Card Stud, Razz,
//! Stud Hi/Lo eight-or-better. Hold'em's and Omaha's exact sums come from the
//! rank-multiset methods of [`holdem`] and [`omaha`]; the stud games' and every Monte Carlo
//! estimate from the generic deal walker of [`deal`].

pub mod batch;
pub mod deal;
pub mod holdem;
pub mod multiset;
pub mod omaha;
pub mod ranges;
pub mod rng;
pub mod tally;

use crate::card::{check_hand, format_card, rank, Card, DECK_SIZE};
use crate::error::{Error, Result};
use crate::eval::omaha as omaha_eval;
use crate::eval::{ace_five, high, short_deck};
use crate::stop::Stop;
use deal::{Scorer, Spot};
use tally::{Showdown, Tally, MAX_PLAYERS, POT};

/// A game whose equity can be computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Texas Hold'em: two hole cards each, best five of seven with the board.
    Holdem,
    /// Omaha high: exactly two of 4, 5 or 6 hole cards with exactly three board cards.
    Omaha,
    /// Omaha Hi/Lo: the pot is split between the best Omaha high and the best eight-or-better
    /// ace-to-five low, the high hand scooping when no low qualifies (R-A5-4, R-SPLIT-1).
    OmahaHiLo,
    /// Seven-Card Stud high: best five of each player's seven cards.
    Stud,
    /// Razz: the best ace-to-five low of seven cards wins, no qualifier.
    Razz,
    /// Seven-Card Stud Hi/Lo: the pot is split between the best high and the best
    /// eight-or-better ace-to-five low, the high hand scooping when no low qualifies (R-A5-4).
    StudHiLo,
    /// Short-deck Hold'em: two hole cards each from the 36-card deck, the best short-deck
    /// five of seven with the board (R-SD-1..3).
    ShortDeck,
}

impl Game {
    /// Every game with its public name.
    pub const ALL: [(Game, &'static str); 7] = [
        (Game::Holdem, "holdem"),
        (Game::Omaha, "omaha"),
        (Game::OmahaHiLo, "omaha-hi-lo"),
        (Game::Stud, "stud"),
        (Game::Razz, "razz"),
        (Game::StudHiLo, "stud-hi-lo"),
        (Game::ShortDeck, "short-deck"),
    ];

    /// The game of a public name such as `"holdem"`.
    pub fn from_name(name: &str) -> Result<Game> {
        Game::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(g, _)| *g)
            .ok_or_else(|| {
                let known: Vec<&str> = Game::ALL.iter().map(|(_, n)| *n).collect();
                Error::InvalidArgument(format!(
                    "unknown game {name:?} (known: {})",
                    known.join(", ")
                ))
            })
    }

    fn uses_board(self) -> bool {
        matches!(
            self,
            Game::Holdem | Game::Omaha | Game::OmahaHiLo | Game::ShortDeck
        )
    }

    /// The lowest rank of the game's deck (0 = deuce; the short deck starts at the six).
    fn lowest_rank(self) -> u8 {
        match self {
            Game::ShortDeck => short_deck::SIX,
            _ => 0,
        }
    }

    /// Known cards each player must (board games) or may (stud games) have.
    fn known_sizes(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Game::Holdem | Game::ShortDeck => 2..=2,
            Game::Omaha | Game::OmahaHiLo => omaha_eval::HOLE_SIZES,
            Game::Stud | Game::Razz | Game::StudHiLo => 0..=7,
        }
    }

    /// Cards still to come to a player who holds `known`: none in board games.
    fn draws(self, known: usize) -> usize {
        if self.uses_board() {
            0
        } else {
            7 - known
        }
    }

    /// Checks every player's number of known cards.
    fn check_hands(self, hands: &[Vec<Card>]) -> Result<()> {
        let sizes = self.known_sizes();
        for (player, hand) in hands.iter().enumerate() {
            if !sizes.contains(&hand.len()) {
                let expected = if sizes.start() == sizes.end() {
                    format!("exactly {}", sizes.start())
                } else {
                    format!("{} to {}", sizes.start(), sizes.end())
                };
                return Err(Error::InvalidArgument(format!(
                    "player {player} has {} cards; this game needs {expected}",
                    hand.len()
                )));
            }
        }
        if self.uses_board() && hands.iter().any(|h| h.len() != hands[0].len()) {
            return Err(Error::InvalidArgument(
                "every player must hold the same number of hole cards".to_string(),
            ));
        }
        Ok(())
    }
}

/// How to compute: the most outcomes to enumerate exactly, else how many samples and the seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub max_outcomes: u64,
    pub samples: u64,
    pub seed: u64,
}

/// The largest `max_outcomes` (and draw-equity budget) a caller may give: a walk of this many
/// deals takes hours, and pot units over this many outcomes stay exact in an `i64`.
pub const MAX_OUTCOMES: u64 = 1_000_000_000_000;

/// The most Monte Carlo samples one call may draw (hours of work, exact tallies).
pub const MAX_SAMPLES: u64 = 1_000_000_000_000;

impl Budget {
    /// Refuses a budget above [`MAX_OUTCOMES`] or [`MAX_SAMPLES`].
    pub fn check(&self) -> Result<()> {
        check_at_most("max_outcomes", self.max_outcomes, MAX_OUTCOMES)?;
        check_at_most("samples", self.samples, MAX_SAMPLES)
    }
}

/// Refuses `value` of the argument `name` when it is above `most`.
pub fn check_at_most(name: &str, value: u64, most: u64) -> Result<()> {
    if value > most {
        return Err(Error::InvalidArgument(format!(
            "{name} must be at most {most}, got {value}"
        )));
    }
    Ok(())
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_outcomes: 10_000_000,
            samples: 200_000,
            seed: 0,
        }
    }
}

/// One player's result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerEquity {
    /// Outcomes (or samples) where the player took the whole pot.
    pub wins: u64,
    /// Outcomes where the player took part of the pot: a tie, or one half of a split pot.
    pub ties: u64,
    /// The player's expected share of the pot, 0..=1.
    pub equity: f64,
    /// The part of `equity` that came from partial pots.
    pub tie_equity: f64,
    /// Standard error of `equity` (0 when exact).
    pub std_error: f64,
}

/// The result of one equity call.
#[derive(Debug, Clone, PartialEq)]
pub struct Equity {
    pub players: Vec<PlayerEquity>,
    /// Outcomes enumerated (exact) or samples drawn.
    pub outcomes: u64,
    /// True when every outcome was enumerated.
    pub exact: bool,
}

/// Scores final hands by a game's rules through the evaluation tables.
struct GameScorer {
    game: Game,
    high: &'static high::HighTables,
    low: &'static ace_five::AceFiveTables,
    short_deck: &'static short_deck::ShortDeckTables,
}

impl GameScorer {
    fn new(game: Game) -> GameScorer {
        GameScorer {
            game,
            high: high::tables(),
            low: ace_five::tables(),
            short_deck: short_deck::tables(),
        }
    }
}

impl Scorer for GameScorer {
    #[inline]
    fn score(&self, hand: &[Card], board: &[Card]) -> Showdown {
        match self.game {
            Game::Holdem | Game::ShortDeck => {
                let mut cards = [0u8; 7];
                cards[..2].copy_from_slice(hand);
                cards[2..2 + board.len()].copy_from_slice(board);
                let seven = &cards[..2 + board.len()];
                let high = if self.game == Game::ShortDeck {
                    self.short_deck.eval(seven)
                } else {
                    self.high.eval(seven)
                };
                Showdown {
                    high: high as u32,
                    low: 0,
                }
            }
            Game::Omaha | Game::OmahaHiLo => {
                let with_low = self.game == Game::OmahaHiLo;
                let (high, low) = omaha_eval::best_of(self.high, self.low, hand, board, with_low);
                Showdown {
                    high: high as u32,
                    low: if with_low && ace_five::qualifies_low8(low) {
                        low as u32
                    } else {
                        0
                    },
                }
            }
            Game::Stud | Game::Razz | Game::StudHiLo => self.score_stud(hand, board),
        }
    }
}

impl GameScorer {
    /// A stud hand: the player's cards and the common card, if one was dealt (R-STUD-7).
    #[inline]
    fn score_stud(&self, hand: &[Card], common: &[Card]) -> Showdown {
        let mut cards = [0u8; 7];
        cards[..hand.len()].copy_from_slice(hand);
        cards[hand.len()..hand.len() + common.len()].copy_from_slice(common);
        let seven = &cards[..hand.len() + common.len()];
        match self.game {
            Game::Razz => Showdown {
                high: self.low.eval(seven) as u32,
                low: 0,
            },
            Game::StudHiLo => {
                let low = self.low.eval(seven);
                Showdown {
                    high: self.high.eval(seven) as u32,
                    low: if ace_five::qualifies_low8(low) {
                        low as u32
                    } else {
                        0
                    },
                }
            }
            _ => Showdown {
                high: self.high.eval(seven) as u32,
                low: 0,
            },
        }
    }
}

/// Checks a deal and describes what is still to come.
pub fn spot(game: Game, hands: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Result<Spot> {
    if !(2..=MAX_PLAYERS).contains(&hands.len()) {
        return Err(Error::InvalidArgument(format!(
            "equity needs 2 to {MAX_PLAYERS} players, got {}",
            hands.len()
        )));
    }
    game.check_hands(hands)?;
    if game.uses_board() {
        if ![0, 3, 4, 5].contains(&board.len()) {
            return Err(Error::InvalidArgument(format!(
                "a board has 0, 3, 4 or 5 cards, got {}",
                board.len()
            )));
        }
    } else if !board.is_empty() {
        return Err(Error::InvalidArgument(
            "this game has no board; give every player's seen cards instead".to_string(),
        ));
    }
    let all: Vec<Card> = hands
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    check_hand(&all, false, None)?;
    if let Some(&card) = all.iter().find(|&&c| rank(c) < game.lowest_rank()) {
        return Err(Error::InvalidArgument(format!(
            "{} is not a card of this game's deck",
            format_card(card)
        )));
    }
    let taken = crate::card::card_mask(&all);
    let pool: Vec<Card> = (0..DECK_SIZE as Card)
        .filter(|&c| taken >> c & 1 == 0 && rank(c) >= game.lowest_rank())
        .collect();
    let mut hand_draws: Vec<usize> = hands.iter().map(|h| game.draws(h.len())).collect();
    let mut board_draws = if game.uses_board() {
        5 - board.len()
    } else {
        0
    };
    let mut needed = board_draws + hand_draws.iter().sum::<usize>();
    if !game.uses_board() && needed > pool.len() && hands.iter().all(|h| h.len() <= 6) {
        // R-STUD-7: when the deck cannot give everyone a seventh-street card, one common card
        // is dealt face up in the centre for all.
        hand_draws = hands.iter().map(|h| 6 - h.len()).collect();
        board_draws = 1;
        needed = 1 + hand_draws.iter().sum::<usize>();
    }
    if needed > pool.len() {
        return Err(Error::InvalidArgument(format!(
            "{} players need {needed} more cards but only {} are left in the deck",
            hands.len(),
            pool.len()
        )));
    }
    Ok(Spot {
        hands: hands.to_vec(),
        board: board.to_vec(),
        hand_draws,
        board_draws,
        pool,
    })
}

/// A checked equity question and the method chosen for it: every outcome when they fit
/// `max_outcomes`, else Monte Carlo. [`Plan::run`] does the work (and may be stopped).
#[derive(Debug, Clone)]
pub struct Plan {
    game: Game,
    spot: Spot,
    exact: bool,
    samples: u64,
    seed: u64,
}

impl Plan {
    /// Checks a deal and a budget, and chooses the method.
    pub fn new(
        game: Game,
        hands: &[Vec<Card>],
        board: &[Card],
        dead: &[Card],
        budget: Budget,
    ) -> Result<Plan> {
        budget.check()?;
        let spot = spot(game, hands, board, dead)?;
        let outcomes = spot.outcomes();
        let exact = outcomes <= budget.max_outcomes as u128;
        if !exact && budget.samples == 0 {
            return Err(Error::InvalidArgument(format!(
                "{outcomes} outcomes exceed the budget of {} and no samples were allowed",
                budget.max_outcomes
            )));
        }
        Ok(Plan {
            game,
            spot,
            exact,
            samples: budget.samples,
            seed: budget.seed,
        })
    }

    /// Whether every outcome will be enumerated.
    pub fn exact(&self) -> bool {
        self.exact
    }

    /// Deals the work scores one by one: the outcomes of a stud walk or the Monte Carlo
    /// samples; 0 for the exact sums of Hold'em and Omaha, which take milliseconds at most.
    pub fn deals_to_score(&self) -> u128 {
        match (self.game, self.exact) {
            (Game::Holdem | Game::Omaha | Game::OmahaHiLo, true) => 0,
            (_, true) => self.spot.outcomes(),
            (_, false) => self.samples as u128,
        }
    }

    /// Every player's equity; returns [`Error::Stopped`] soon after `stop` is requested.
    pub fn run(&self, stop: &Stop) -> Result<Equity> {
        let (game, spot) = (self.game, &self.spot);
        let tally = match (game, self.exact) {
            (Game::Holdem, true) => holdem::exact(high::tables(), spot),
            (Game::Omaha | Game::OmahaHiLo, true) => omaha::exact(
                high::tables(),
                ace_five::tables(),
                spot,
                game == Game::OmahaHiLo,
            ),
            (_, true) => deal::exact(spot, &GameScorer::new(game), stop)?,
            (_, false) => {
                deal::monte_carlo(spot, &GameScorer::new(game), self.samples, self.seed, stop)?
            }
        };
        Ok(summarize(&tally, self.exact))
    }
}

/// Equity of every player of a deal: exact when the outcomes fit `budget.max_outcomes`,
/// otherwise `budget.samples` Monte Carlo samples from `budget.seed` (see [`Plan`]).
pub fn equity(
    game: Game,
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    budget: Budget,
) -> Result<Equity> {
    Plan::new(game, hands, board, dead, budget)?.run(&Stop::new())
}

/// Exact equity by the generic deal walker, whatever the game: the reference for faster methods.
pub fn equity_by_walking(
    game: Game,
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
) -> Result<Equity> {
    let spot = spot(game, hands, board, dead)?;
    let tally = deal::exact(&spot, &GameScorer::new(game), &Stop::new())?;
    Ok(summarize(&tally, true))
}

/// Per-player fractions of a tally.
pub fn summarize(tally: &Tally, exact: bool) -> Equity {
    let n = tally.outcomes as f64;
    let pot = POT as f64;
    let players = tally
        .players
        .iter()
        .map(|p| {
            let equity = p.units as f64 / pot / n;
            let std_error = if exact || tally.outcomes < 2 {
                0.0
            } else {
                let mean_square = p.units_squared as f64 / (pot * pot) / n;
                let variance = (mean_square - equity * equity).max(0.0) * n / (n - 1.0);
                (variance / n).sqrt()
            };
            PlayerEquity {
                wins: p.wins as u64,
                ties: p.ties as u64,
                equity,
                tie_equity: equity - p.wins as f64 / n,
                std_error,
            }
        })
        .collect();
    Equity {
        players,
        outcomes: tally.outcomes as u64,
        exact,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn hands(text: &[&str]) -> Vec<Vec<Card>> {
        text.iter().map(|t| parse_cards(t).unwrap()).collect()
    }

    #[test]
    fn bad_deals_are_errors_not_panics() {
        let two = hands(&["AsKs", "QhQd"]);
        let cases: [(Game, Vec<Vec<Card>>, &str, &str); 6] = [
            (
                Game::Holdem,
                hands(&["AsKs", "Qh"]),
                "",
                "player 1 has 1 cards",
            ),
            (
                Game::Holdem,
                two.clone(),
                "2c 3c",
                "a board has 0, 3, 4 or 5",
            ),
            (
                Game::Holdem,
                hands(&["AsKs", "AsQd"]),
                "",
                "duplicate card As",
            ),
            (Game::Holdem, hands(&["AsKs"; 11]), "", "2 to 10 players"),
            (Game::Stud, vec![vec![]; 9], "", "only 52 are left"),
            (Game::Stud, two, "2c 3c 4c", "no board"),
        ];
        for (game, h, board, message) in cases {
            let board = parse_cards(board).unwrap();
            let err = equity(game, &h, &board, &[], Budget::default()).unwrap_err();
            assert!(err.to_string().contains(message), "{err}");
        }
    }

    #[test]
    fn budgets_above_the_maxima_are_refused_up_front() {
        let h = hands(&["AsKs", "QhQd"]);
        let too_many = [
            (
                Budget {
                    max_outcomes: MAX_OUTCOMES + 1,
                    ..Budget::default()
                },
                "max_outcomes must be at most 1000000000000",
            ),
            (
                Budget {
                    samples: MAX_SAMPLES + 1,
                    ..Budget::default()
                },
                "samples must be at most 1000000000000",
            ),
        ];
        for (budget, message) in too_many {
            let err = equity(Game::Holdem, &h, &[], &[], budget).unwrap_err();
            assert!(err.to_string().contains(message), "{err}");
        }
        // 6e15 stud deals are over any budget: sampled, or refused with their count.
        let unseen = vec![vec![]; 2];
        let most = Budget {
            max_outcomes: MAX_OUTCOMES,
            samples: 1000,
            seed: 0,
        };
        assert!(!Plan::new(Game::Stud, &unseen, &[], &[], most)
            .unwrap()
            .exact());
        let none = Budget { samples: 0, ..most };
        let err = Plan::new(Game::Stud, &unseen, &[], &[], none).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("6071092494667200 outcomes exceed"),
            "{err}"
        );
    }

    /// Scores like the game's scorer and requests `stop` at its `stop_at`-th hand.
    struct StoppingScorer<'a> {
        inner: GameScorer,
        scored: std::sync::atomic::AtomicU64,
        stop_at: u64,
        stop: &'a Stop,
    }

    impl Scorer for StoppingScorer<'_> {
        fn score(&self, hand: &[Card], board: &[Card]) -> Showdown {
            let n = self
                .scored
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if n == self.stop_at {
                self.stop.request();
            }
            self.inner.score(hand, board)
        }
    }

    #[test]
    fn a_stop_ends_a_walk_and_a_sample_soon_after_it_is_requested() {
        // 1.8e10 deals: the walk and the sampler only return early if they poll the stop.
        let spot = spot(Game::Stud, &hands(&["As Ks Qs", "Ah Kh Qh"]), &[], &[]).unwrap();
        let stop = Stop::new();
        let scorer = StoppingScorer {
            inner: GameScorer::new(Game::Stud),
            scored: 0.into(),
            stop_at: 200_000,
            stop: &stop,
        };
        assert_eq!(
            deal::exact(&spot, &scorer, &stop).unwrap_err(),
            Error::Stopped
        );
        // Each task looks at the stop every 52 deals or fewer, and each chunk of samples
        // (2^14) before it starts; a deal scores two hands.
        let slack = 2 * (1 << 14) * rayon::current_num_threads() as u64;
        assert!(scorer.scored.into_inner() <= 200_000 + slack);
        let stop = Stop::new();
        let scorer = StoppingScorer {
            scored: 0.into(),
            stop: &stop,
            ..scorer
        };
        let sampled = deal::monte_carlo(&spot, &scorer, MAX_SAMPLES, 1, &stop);
        assert_eq!(sampled.unwrap_err(), Error::Stopped);
        assert!(scorer.scored.into_inner() <= 200_000 + slack);
        // Stopped before they start, every method returns at once.
        let requested = Stop::new();
        requested.request();
        for game in [Game::Stud, Game::Razz, Game::StudHiLo] {
            for max_outcomes in [0, MAX_OUTCOMES] {
                let budget = Budget {
                    max_outcomes,
                    samples: MAX_SAMPLES,
                    seed: 0,
                };
                let plan = Plan::new(game, &spot.hands, &[], &[], budget).unwrap();
                assert_eq!(plan.run(&requested).unwrap_err(), Error::Stopped);
            }
        }
    }

    #[test]
    fn monte_carlo_replays_from_its_seed_and_reports_an_error() {
        let h = hands(&["AsKs", "QhQd", "7c8c"]);
        let budget = Budget {
            max_outcomes: 0,
            samples: 50_000,
            seed: 4,
        };
        let first = equity(Game::Holdem, &h, &[], &[], budget).unwrap();
        let again = equity(Game::Holdem, &h, &[], &[], budget).unwrap();
        assert_eq!(first, again);
        assert!(!first.exact);
        assert_eq!(first.outcomes, 50_000);
        let exact = equity(Game::Holdem, &h, &[], &[], Budget::default()).unwrap();
        for (mc, ex) in first.players.iter().zip(&exact.players) {
            assert!(mc.std_error > 0.0 && mc.std_error < 0.005);
            assert!((mc.equity - ex.equity).abs() < 4.0 * mc.std_error);
        }
    }

    #[test]
    fn r_stud_7_eight_players_share_a_common_seventh_card() {
        let known = [
            "2c 2d 3c 3d 4c 4d",
            "5c 5d 6c 6d 7c 7d",
            "8c 8d 9c 9d Tc Td",
            "Jc Jd Qc Qd Kc Kd",
            "Ac Ad 2h 3h 4h 5h",
            "6h 7h 8h 9h Th Jh",
            "Qh Kh Ah 2s 3s 4s",
            "5s 6s 7s 8s 9s Ts",
        ];
        let result = equity(Game::Stud, &hands(&known), &[], &[], Budget::default()).unwrap();
        // Four cards are left (Js Qs Ks As); each is the one common card.
        assert!(result.exact);
        assert_eq!(result.outcomes, 4);
        // Hearts hold a jack-high straight flush; spades 5-T tie it with Js and otherwise
        // stay ten-high.
        assert_eq!((result.players[5].wins, result.players[5].ties), (3, 1));
        assert_eq!((result.players[7].wins, result.players[7].ties), (0, 1));
    }

    #[test]
    fn walker_counts_every_stud_deal() {
        let h = hands(&["As Ad 7c 8c 9h 2d", "Ks Kh Qd Jd Td 3s"]);
        let result = equity(Game::Stud, &h, &[], &[], Budget::default()).unwrap();
        assert!(result.exact);
        assert_eq!(result.outcomes, 40 * 39);
        let total: f64 = result.players.iter().map(|p| p.equity).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}
