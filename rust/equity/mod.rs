//! Equity: each player's share of the pot over every way the unseen cards can fall (exact
//! within a budget of outcomes), or over a seeded random sample of them (Monte Carlo, with a
//! standard error).
//!
//! A game is read from its spec ([`Game::from_spec`]): its showdown parts score each deal, its
//! deck and streets give the cards to come. A showdown of Hold'em's or Omaha's shape (Hi/Lo too,
//! 4, 5 or 6 hole cards; short-deck Hold'em with the values of [`short_deck`]) is summed exactly
//! by the rank-multiset methods of [`holdem`] and [`omaha`]; any other game, and every Monte
//! Carlo estimate, by the generic deal walker of [`deal`].

pub mod batch;
pub mod deal;
pub mod holdem;
pub mod multiset;
pub mod omaha;
pub mod ranges;
pub mod rng;
pub mod short_deck;
pub mod tally;

use crate::card::{check_hand, format_card, Card};
use crate::engine::showdown::PartTables;
use crate::engine::spec::{Deck, HandCards, OddChip, Qualifier, ShowdownPart, Spec};
use crate::error::{Error, Result};
use crate::eval::omaha as omaha_eval;
use crate::eval::{ace_five, high, Ranking};
use crate::stop::Stop;
use deal::{Scorer, Spot};
use tally::{Showdown, Tally, MAX_PLAYERS, POT};

/// How equity sums a game's outcomes: the rank-multiset sums of [`holdem`] and [`omaha`] when
/// the game's showdown is theirs, else the generic deal walker of [`deal`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    Holdem,
    /// Hold'em's sums over the short deck's values ([`short_deck`]).
    ShortDeckHoldem,
    Omaha {
        with_low: bool,
    },
    Walk,
}

/// A game as equity reads it from the game's spec: the showdown parts that score a deal (the
/// first takes the pot, or half of it when a hand qualifies for the second, R-SPLIT-1, R-A5-4),
/// the deck, the cards each player holds at the showdown and the board's sizes street by street.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    high: ShowdownPart,
    low: Option<ShowdownPart>,
    deck: Deck,
    /// Cards each player holds at the showdown, down and up.
    hole: usize,
    /// Bit `n` set: the board may have `n` cards (0 before the first board street).
    board_sizes: u8,
    method: Method,
}

/// The high part of Hold'em: the best five of the seven cards.
const BEST_HIGH: ShowdownPart = ShowdownPart {
    ranking: Ranking::High,
    cards: HandCards::BestOfAll,
    qualifier: None,
    odd_chip: OddChip::LeftOfButton,
};

/// Hold'em as equity reads its spec (two hole cards, a board of 3, 4 then 5 cards, the best
/// high five of seven): the game of the Hold'em-only ranges and heads-up batches.
pub const HOLDEM: Game = Game {
    high: BEST_HIGH,
    low: None,
    deck: Deck::STANDARD,
    hole: 2,
    board_sizes: 1 | 1 << 3 | 1 << 4 | 1 << 5,
    method: Method::Holdem,
};

/// Whether two parts score hands alike (the odd chip aside, which equity does not split).
fn scores_like(
    part: ShowdownPart,
    ranking: Ranking,
    cards: HandCards,
    qualifier: Option<Qualifier>,
) -> bool {
    (part.ranking, part.cards, part.qualifier) == (ranking, cards, qualifier)
}

impl Game {
    /// The game of a spec: refused when it draws cards, deals a joker, or its showdown is not
    /// one high part and at most one low part over hands of at most seven cards.
    pub fn from_spec(spec: &Spec) -> Result<Game> {
        if spec.streets.iter().any(|street| street.draw.is_some()) {
            return Err(Error::InvalidArgument(format!(
                "equity cannot score {}: it draws cards (see draw equity)",
                spec.name
            )));
        }
        let hole = spec
            .streets
            .iter()
            .map(|street| usize::from(street.down) + usize::from(street.up))
            .sum();
        let mut boards = vec![0];
        for street in &spec.streets {
            boards.push(boards[boards.len() - 1] + usize::from(street.board));
        }
        Game::new(&spec.showdown, spec.deck, hole, &boards)
            .map_err(|e| Error::InvalidArgument(format!("equity cannot score {}: {e}", spec.name)))
    }

    /// A game of showdown `parts`, `deck`, `hole` cards each and the board's sizes `boards`.
    ///
    /// ```
    /// use drawpoker::card::parse_cards;
    /// use drawpoker::engine::spec::{Deck, HandCards, OddChip, Qualifier, ShowdownPart};
    /// use drawpoker::equity::{equity, Budget, Game};
    /// use drawpoker::eval::Ranking;
    /// let part = |ranking, qualifier| ShowdownPart {
    ///     ranking,
    ///     cards: HandCards::BestOfAll,
    ///     qualifier,
    ///     odd_chip: OddChip::LeftOfButton,
    /// };
    /// let eight = Some(Qualifier::EightOrBetter);
    /// let stud_hi_lo = [part(Ranking::High, None), part(Ranking::AceFive, eight)];
    /// let game = Game::new(&stud_hi_lo, Deck::STANDARD, 7, &[0]).unwrap();
    /// let hands = [parse_cards("As 2s 3d 4c 8h Kd").unwrap(), parse_cards("Qs Qd Qh 9c 9d Tc").unwrap()];
    /// let result = equity(game, &hands, &[], &[], Budget::default()).unwrap();
    /// assert_eq!(result.outcomes, 40 * 39); // a seventh card each
    /// assert!(Game::new(&stud_hi_lo[1..], Deck::STANDARD, 7, &[0]).is_err());
    /// ```
    pub fn new(parts: &[ShowdownPart], deck: Deck, hole: usize, boards: &[usize]) -> Result<Game> {
        let fault = |why: String| Err(Error::InvalidArgument(why));
        let (high, low) = match parts {
            [high] => (*high, None),
            [high, low] => (*high, Some(*low)),
            _ => {
                return fault(format!(
                    "a showdown of {} parts (equity scores one or two)",
                    parts.len()
                ))
            }
        };
        if high.qualifier.is_some() {
            return fault("a first showdown part with a qualifier".to_string());
        }
        if deck.joker() {
            return fault("a deck with the joker".to_string());
        }
        let board = boards.iter().copied().max().unwrap_or(0);
        for part in parts {
            // Equity deals at most seven cards to a hand of its own and the board.
            let too_many = part.cards == HandCards::BestOfAll && hole + board > 7;
            if hole == 0 || too_many {
                return fault(format!(
                    "a {} part over {hole} cards each and a board of {board}",
                    part.ranking.name()
                ));
            }
            if let Some(why) = part.unfit(deck, hole, board) {
                return fault(why);
            }
        }
        let omaha_high = scores_like(high, Ranking::High, HandCards::TwoHoleThreeBoard, None);
        let omaha_low = low.map(|low| {
            scores_like(
                low,
                Ranking::AceFive,
                HandCards::TwoHoleThreeBoard,
                Some(Qualifier::EightOrBetter),
            )
        });
        let holdem_shape = |ranking| {
            hole == 2
                && board == 5
                && low.is_none()
                && scores_like(high, ranking, HandCards::BestOfAll, None)
        };
        // The short-deck part fits only a deck of six through ace without the joker (above),
        // whose cards left the sums weigh, whatever its suits.
        let method = if holdem_shape(Ranking::ShortDeck) {
            Method::ShortDeckHoldem
        } else if deck != Deck::STANDARD || board != 5 {
            Method::Walk
        } else if holdem_shape(Ranking::High) {
            Method::Holdem
        } else if omaha_high && omaha_low != Some(false) {
            Method::Omaha {
                with_low: omaha_low == Some(true),
            }
        } else {
            Method::Walk
        };
        Ok(Game {
            high,
            low,
            deck,
            hole,
            board_sizes: boards.iter().fold(0, |sizes, &n| sizes | 1 << n),
            method,
        })
    }

    fn uses_board(self) -> bool {
        self.board_sizes > 1
    }

    /// Known cards each player must (board games) or may (games without a board) have: a
    /// two-hole-three-board part scores 4, 5 or 6 hole cards.
    fn known_sizes(self) -> std::ops::RangeInclusive<usize> {
        let two_of_hole = |part: ShowdownPart| part.cards == HandCards::TwoHoleThreeBoard;
        if !self.uses_board() {
            0..=self.hole
        } else if two_of_hole(self.high) || self.low.is_some_and(two_of_hole) {
            omaha_eval::HOLE_SIZES
        } else {
            self.hole..=self.hole
        }
    }

    /// Cards still to come to a player who holds `known`: none in board games.
    fn draws(self, known: usize) -> usize {
        if self.uses_board() {
            0
        } else {
            self.hole - known
        }
    }

    /// The board sizes as text: "0, 3, 4 or 5".
    fn board_sizes_text(self) -> String {
        let sizes: Vec<String> = (0..8)
            .filter(|n| self.board_sizes >> n & 1 == 1)
            .map(|n| n.to_string())
            .collect();
        match sizes.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => sizes.join(""),
        }
    }

    /// The cards of the board at the showdown.
    fn full_board(self) -> usize {
        7 - self.board_sizes.leading_zeros() as usize
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

/// Scores final hands by a game's showdown parts through the evaluation tables.
struct GameScorer {
    high: ShowdownPart,
    low: Option<ShowdownPart>,
    /// Whether every part scores the best of all the cards: they are then joined once a hand.
    best_of_all: bool,
    tables: PartTables,
}

impl GameScorer {
    fn new(game: Game) -> GameScorer {
        GameScorer {
            high: game.high,
            low: game.low,
            best_of_all: std::iter::once(game.high)
                .chain(game.low)
                .all(|part| part.cards == HandCards::BestOfAll),
            tables: PartTables::get(),
        }
    }
}

impl Scorer for GameScorer {
    #[inline]
    fn score(&self, hand: &[Card], board: &[Card]) -> Showdown {
        let mut cards = [0u8; 7];
        let (hand, board) = if self.best_of_all && !board.is_empty() {
            cards[..hand.len()].copy_from_slice(hand);
            cards[hand.len()..hand.len() + board.len()].copy_from_slice(board);
            (&cards[..hand.len() + board.len()], &[][..])
        } else {
            (hand, board)
        };
        let strength =
            |part: ShowdownPart| u32::from(part.strength_of_valid(&self.tables, hand, board));
        Showdown {
            high: strength(self.high),
            low: self.low.map_or(0, strength),
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
        if game.board_sizes >> board.len().min(7) & 1 == 0 {
            return Err(Error::InvalidArgument(format!(
                "a board has {} cards, got {}",
                game.board_sizes_text(),
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
    if let Some(&card) = all.iter().find(|&&c| !game.deck.holds(c)) {
        return Err(Error::InvalidArgument(format!(
            "{} is not a card of this game's deck",
            format_card(card)
        )));
    }
    let taken = crate::card::card_mask(&all);
    let pool: Vec<Card> = game
        .deck
        .cards()
        .into_iter()
        .filter(|&c| taken >> c & 1 == 0)
        .collect();
    let mut hand_draws: Vec<usize> = hands.iter().map(|h| game.draws(h.len())).collect();
    let mut board_draws = game.full_board() - board.len();
    let mut needed = board_draws + hand_draws.iter().sum::<usize>();
    if !game.uses_board() && needed > pool.len() && hands.iter().all(|h| h.len() < game.hole) {
        // R-STUD-7: when the deck cannot give everyone a seventh-street card, one common card
        // is dealt face up in the centre for all.
        hand_draws = hands.iter().map(|h| game.hole - 1 - h.len()).collect();
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
        match (self.game.method, self.exact) {
            (Method::Holdem | Method::ShortDeckHoldem | Method::Omaha { .. }, true) => 0,
            (_, true) => self.spot.outcomes(),
            (_, false) => self.samples as u128,
        }
    }

    /// Every player's equity; returns [`Error::Stopped`] soon after `stop` is requested.
    pub fn run(&self, stop: &Stop) -> Result<Equity> {
        let (game, spot) = (self.game, &self.spot);
        let tally = match (game.method, self.exact) {
            (Method::Holdem, true) => holdem::exact(high::tables(), spot),
            (Method::ShortDeckHoldem, true) => holdem::exact(short_deck::sevens(), spot),
            (Method::Omaha { with_low }, true) => {
                omaha::exact(high::tables(), ace_five::tables(), spot, with_low)
            }
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

/// The games of the tests, built as their specs describe them (`python/drawpoker/engine/variants/`).
#[cfg(test)]
pub(crate) mod test_games {
    use super::{Game, HOLDEM};
    use crate::engine::spec::{Deck, HandCards, OddChip, Qualifier, ShowdownPart};
    use crate::eval::Ranking;

    fn part(ranking: Ranking, cards: HandCards, qualifier: Option<Qualifier>) -> ShowdownPart {
        ShowdownPart {
            ranking,
            cards,
            qualifier,
            odd_chip: OddChip::LeftOfButton,
        }
    }

    const EIGHT: Option<Qualifier> = Some(Qualifier::EightOrBetter);
    const FLOP_TURN_RIVER: [usize; 4] = [0, 3, 4, 5];

    pub fn holdem() -> Game {
        HOLDEM
    }

    pub fn omaha(with_low: bool) -> Game {
        let two = HandCards::TwoHoleThreeBoard;
        let parts = [
            part(Ranking::High, two, None),
            part(Ranking::AceFive, two, EIGHT),
        ];
        let parts = if with_low { &parts[..] } else { &parts[..1] };
        Game::new(parts, Deck::STANDARD, 4, &FLOP_TURN_RIVER).unwrap()
    }

    /// Seven-card stud: high, razz (ace-to-five low) or hi/lo eight-or-better.
    pub fn stud(ranking: Ranking, with_low: bool) -> Game {
        let all = HandCards::BestOfAll;
        let parts = [part(ranking, all, None), part(Ranking::AceFive, all, EIGHT)];
        let parts = if with_low { &parts[..] } else { &parts[..1] };
        Game::new(parts, Deck::STANDARD, 7, &[0; 6]).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::eval::Ranking;
    use test_games::{holdem, stud};

    fn hands(text: &[&str]) -> Vec<Vec<Card>> {
        text.iter().map(|t| parse_cards(t).unwrap()).collect()
    }

    #[test]
    fn bad_deals_are_errors_not_panics() {
        let two = hands(&["AsKs", "QhQd"]);
        let cases: [(Game, Vec<Vec<Card>>, &str, &str); 6] = [
            (holdem(), hands(&["AsKs", "Qh"]), "", "player 1 has 1 cards"),
            (holdem(), two.clone(), "2c 3c", "a board has 0, 3, 4 or 5"),
            (holdem(), hands(&["AsKs", "AsQd"]), "", "duplicate card As"),
            (holdem(), hands(&["AsKs"; 11]), "", "2 to 10 players"),
            (
                stud(Ranking::High, false),
                vec![vec![]; 9],
                "",
                "only 52 are left",
            ),
            (stud(Ranking::High, false), two, "2c 3c 4c", "no board"),
        ];
        for (game, h, board, message) in cases {
            let board = parse_cards(board).unwrap();
            let err = equity(game, &h, &board, &[], Budget::default()).unwrap_err();
            assert!(err.to_string().contains(message), "{err}");
        }
    }

    #[test]
    fn a_game_is_read_from_its_showdown_parts_or_refused_with_the_reason() {
        use crate::engine::spec::{HandCards, OddChip, Qualifier, ShowdownPart};
        let part = |ranking, cards, qualifier| ShowdownPart {
            ranking,
            cards,
            qualifier,
            odd_chip: OddChip::LeftOfButton,
        };
        let high = part(Ranking::High, HandCards::BestOfAll, None);
        let low = part(
            Ranking::AceFive,
            HandCards::BestOfAll,
            Some(Qualifier::EightOrBetter),
        );
        let joker = Deck::new(&(0..13).collect::<Vec<u8>>(), &[0, 1, 2, 3], true).unwrap();
        let boards = [0, 3, 4, 5];
        /// The parts, deck, hole cards and board sizes of a game, and why it is refused.
        type Refused<'a> = (&'a [ShowdownPart], Deck, usize, &'a [usize], &'a str);
        let refused: [Refused; 6] = [
            (&[high, low, low], Deck::STANDARD, 7, &[0], "3 parts"),
            (
                &[low],
                Deck::STANDARD,
                7,
                &[0],
                "first showdown part with a qualifier",
            ),
            (&[high], joker, 7, &[0], "joker"),
            (
                &[high],
                Deck::STANDARD,
                4,
                &boards,
                "high part over 4 cards",
            ),
            (
                &[part(Ranking::DeuceSeven, HandCards::BestOfAll, None)],
                Deck::STANDARD,
                7,
                &[0],
                "a deuce-seven showdown cannot rank 7 cards",
            ),
            (
                &[part(Ranking::ShortDeck, HandCards::BestOfAll, None)],
                Deck::STANDARD,
                2,
                &boards,
                "the short-deck ranking does not fit the deck",
            ),
        ];
        for (parts, deck, hole, boards, message) in refused {
            let err = Game::new(parts, deck, hole, boards).unwrap_err();
            assert!(err.to_string().contains(message), "{err}");
        }
        // Hold'em's shape takes the rank-multiset sums; the same parts on the short deck walk.
        let holdem = Game::new(&[high], Deck::STANDARD, 2, &boards).unwrap();
        assert_eq!(holdem, HOLDEM);
        let short = Deck::new(&[4, 5, 6, 7, 8, 9, 10, 11, 12], &[0, 1, 2, 3], false).unwrap();
        let walked = Game::new(&[high], short, 2, &boards).unwrap();
        assert_eq!(walked.method, Method::Walk);
        let short_deck = part(Ranking::ShortDeck, HandCards::BestOfAll, None);
        let summed = Game::new(&[short_deck], short, 2, &boards).unwrap();
        assert_eq!(summed.method, Method::ShortDeckHoldem);
        let err = spot(walked, &hands(&["AsKs", "5h5d"]), &[], &[]).unwrap_err();
        assert!(
            err.to_string()
                .contains("5h is not a card of this game's deck"),
            "{err}"
        );
    }

    #[test]
    fn the_checked_and_unchecked_strengths_are_the_evaluators() {
        use crate::engine::showdown::PartTables;
        use crate::engine::spec::{HandCards, OddChip, Qualifier, ShowdownPart};
        use crate::eval::ace_five::qualifies_low8;
        // The strength the rankings' checked evaluators give a part's hand, 0 unqualified.
        let evaluated = |part: &ShowdownPart, own: &[Card], board: &[Card]| -> Result<u16> {
            let strength = match part.cards {
                HandCards::BestOfAll => part.ranking.evaluate(&[own, board].concat())?,
                HandCards::TwoHoleThreeBoard if part.ranking == Ranking::High => {
                    omaha_eval::evaluate(own, board)?
                }
                HandCards::TwoHoleThreeBoard => {
                    omaha_eval::evaluate_hilo(own, board)?.1.unwrap_or(0)
                }
            };
            let qualifies = part.qualifier.is_none() || qualifies_low8(strength);
            Ok(if qualifies { strength } else { 0 })
        };
        let tables = PartTables::get();
        let mut rng = rng::Rng::new(7);
        for ranking in [Ranking::High, Ranking::AceFive, Ranking::ShortDeck] {
            for cards in [HandCards::BestOfAll, HandCards::TwoHoleThreeBoard] {
                for qualifier in [None, Some(Qualifier::EightOrBetter)] {
                    let part = ShowdownPart {
                        ranking,
                        cards,
                        qualifier,
                        odd_chip: OddChip::LeftOfButton,
                    };
                    for _ in 0..200 {
                        let mut deck: Vec<Card> = (0..52).collect();
                        for i in 0..9 {
                            let j = i + rng.below(52 - i as u32) as usize;
                            deck.swap(i, j);
                        }
                        let (own, board) = match cards {
                            HandCards::BestOfAll => (&deck[..2], &deck[2..7]),
                            HandCards::TwoHoleThreeBoard => (&deck[..4], &deck[4..9]),
                        };
                        let checked = part.strength(own, board);
                        let Ok(expected) = evaluated(&part, own, board) else {
                            assert!(checked.is_err(), "{part:?} {own:?} {board:?}");
                            continue;
                        };
                        let fast = part.strength_of_valid(&tables, own, board);
                        let checked = checked.unwrap().unwrap_or(0);
                        assert_eq!((checked, fast), (expected, expected), "{part:?} {own:?}");
                    }
                }
            }
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
            let err = equity(holdem(), &h, &[], &[], budget).unwrap_err();
            assert!(err.to_string().contains(message), "{err}");
        }
        // 6e15 stud deals are over any budget: sampled, or refused with their count.
        let unseen = vec![vec![]; 2];
        let most = Budget {
            max_outcomes: MAX_OUTCOMES,
            samples: 1000,
            seed: 0,
        };
        assert!(
            !Plan::new(stud(Ranking::High, false), &unseen, &[], &[], most)
                .unwrap()
                .exact()
        );
        let none = Budget { samples: 0, ..most };
        let err = Plan::new(stud(Ranking::High, false), &unseen, &[], &[], none).unwrap_err();
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
        let spot = spot(
            stud(Ranking::High, false),
            &hands(&["As Ks Qs", "Ah Kh Qh"]),
            &[],
            &[],
        )
        .unwrap();
        let stop = Stop::new();
        let scorer = StoppingScorer {
            inner: GameScorer::new(stud(Ranking::High, false)),
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
        for game in [
            stud(Ranking::High, false),
            stud(Ranking::AceFive, false),
            stud(Ranking::High, true),
        ] {
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
        let first = equity(holdem(), &h, &[], &[], budget).unwrap();
        let again = equity(holdem(), &h, &[], &[], budget).unwrap();
        assert_eq!(first, again);
        assert!(!first.exact);
        assert_eq!(first.outcomes, 50_000);
        let exact = equity(holdem(), &h, &[], &[], Budget::default()).unwrap();
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
        let result = equity(
            stud(Ranking::High, false),
            &hands(&known),
            &[],
            &[],
            Budget::default(),
        )
        .unwrap();
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
        let result = equity(stud(Ranking::High, false), &h, &[], &[], Budget::default()).unwrap();
        assert!(result.exact);
        assert_eq!(result.outcomes, 40 * 39);
        let total: f64 = result.players.iter().map(|p| p.equity).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}
