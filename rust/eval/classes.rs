//! The five-card high-hand scale: the 7,462 classes in order, their categories and names.
//!
//! Every five-card hand falls in one class; strength `1` is 7-5-4-3-2 offsuit and `7462`
//! the royal flush. The tables of `high` map hands onto this scale; this module knows
//! nothing about cards, only ranks.

use std::collections::HashMap;
use std::sync::OnceLock;

/// Number of distinct five-card high-hand values (R-HIGH-5).
pub const CLASS_COUNT: usize = 7462;

/// High-hand categories, worst first (R-HIGH-1). `FiveOfAKind` exists only with the joker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Category {
    HighCard = 0,
    OnePair = 1,
    TwoPair = 2,
    ThreeOfAKind = 3,
    Straight = 4,
    Flush = 5,
    FullHouse = 6,
    FourOfAKind = 7,
    StraightFlush = 8,
    FiveOfAKind = 9,
}

impl Category {
    /// All categories of the 52-card high scale, worst first.
    pub const HIGH: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// The category with this number (see the `repr`), if any.
    pub fn from_index(index: u8) -> Option<Category> {
        Category::HIGH
            .iter()
            .copied()
            .chain(std::iter::once(Category::FiveOfAKind))
            .find(|c| *c as u8 == index)
    }
}

/// A class of the five-card scale: its category and its ranks by significance
/// (e.g. full house kings over threes: `[11, 11, 11, 1, 1]`; straights list their top card first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClassInfo {
    pub category: Category,
    pub ranks: [u8; 5],
}

/// Orders five ranks (with flush flag) by the rules of R-HIGH-1..3: returns a key where a
/// bigger key is a better hand. Ranks are 0 = deuce .. 12 = ace, in any order.
pub fn score_five(ranks: [u8; 5], flush: bool) -> (Category, [u8; 5]) {
    let mut counts = [0u8; 13];
    for &r in &ranks {
        counts[r as usize] += 1;
    }
    // Ranks ordered by (count, rank), biggest first: the tie-break order of R-HIGH-3.
    let mut ordered = ranks;
    ordered.sort_by(|&a, &b| (counts[b as usize], b).cmp(&(counts[a as usize], a)));
    let distinct = counts.iter().filter(|&&c| c > 0).count();
    let straight_top = straight_top(&counts);
    let category = match (distinct, counts[ordered[0] as usize], straight_top, flush) {
        (5, _, Some(_), true) => Category::StraightFlush,
        (5, _, None, true) => Category::Flush,
        (5, _, Some(_), false) => Category::Straight,
        (5, _, None, false) => Category::HighCard,
        (4, _, _, _) => Category::OnePair,
        (3, 2, _, _) => Category::TwoPair,
        (3, _, _, _) => Category::ThreeOfAKind,
        (2, 3, _, _) => Category::FullHouse,
        _ => Category::FourOfAKind,
    };
    if let Some(top) = straight_top {
        // A5432: the five is the top card; the ace plays low (R-HIGH-2).
        let order = [
            top,
            top.wrapping_sub(1),
            top.wrapping_sub(2),
            top.wrapping_sub(3),
        ];
        let low = if top == 3 { 12 } else { top - 4 };
        return (category, [order[0], order[1], order[2], order[3], low]);
    }
    (category, ordered)
}

/// Top rank of the straight made by five distinct ranks, if they make one.
fn straight_top(counts: &[u8; 13]) -> Option<u8> {
    let present = |r: usize| counts[r] == 1;
    if (0..13).filter(|&r| present(r)).count() != 5 {
        return None;
    }
    if present(12) && (0..4).all(present) {
        return Some(3);
    }
    (4..13)
        .find(|&top| (top - 4..=top).all(present))
        .map(|t| t as u8)
}

/// The ordered scale: class infos from worst (index 0 = strength 1) to best.
pub struct Scale {
    infos: Vec<ClassInfo>,
    strength_of: HashMap<(Category, [u8; 5]), u16>,
}

impl Scale {
    fn build() -> Scale {
        let mut seen = HashMap::new();
        let mut infos = Vec::with_capacity(CLASS_COUNT);
        let mut add = |ranks: [u8; 5], flush: bool| {
            let (category, ordered) = score_five(ranks, flush);
            if seen.insert((category, ordered), ()).is_none() {
                infos.push(ClassInfo {
                    category,
                    ranks: ordered,
                });
            }
        };
        for_each_rank_multiset(5, 4, &mut |ranks| {
            let ranks: [u8; 5] = ranks.try_into().expect("five ranks");
            add(ranks, false);
            if ranks.windows(2).all(|w| w[0] != w[1]) {
                add(ranks, true);
            }
        });
        infos.sort_by_key(|info| (info.category, info.ranks));
        let strength_of = infos
            .iter()
            .enumerate()
            .map(|(i, info)| ((info.category, info.ranks), i as u16 + 1))
            .collect();
        Scale { infos, strength_of }
    }

    /// The strength (1..=7462) of five ranks, flush or not.
    pub fn strength(&self, ranks: [u8; 5], flush: bool) -> u16 {
        self.strength_of[&score_five(ranks, flush)]
    }

    /// The class of a strength, or `None` outside 1..=7462.
    pub fn info(&self, strength: u16) -> Option<ClassInfo> {
        (strength as usize)
            .checked_sub(1)
            .and_then(|i| self.infos.get(i))
            .copied()
    }
}

/// The five-card scale, built once.
pub fn scale() -> &'static Scale {
    static SCALE: OnceLock<Scale> = OnceLock::new();
    SCALE.get_or_init(Scale::build)
}

/// Calls `visit` with every sorted multiset of `size` ranks (0..13), each rank at most
/// `max_count` times.
pub fn for_each_rank_multiset(size: usize, max_count: usize, visit: &mut dyn FnMut(&[u8])) {
    fn walk(
        ranks: &mut Vec<u8>,
        next: u8,
        size: usize,
        max_count: usize,
        visit: &mut dyn FnMut(&[u8]),
    ) {
        if ranks.len() == size {
            visit(ranks);
            return;
        }
        for r in next..13 {
            let used = ranks.iter().filter(|&&x| x == r).count();
            if used < max_count {
                ranks.push(r);
                walk(ranks, r, size, max_count, visit);
                ranks.pop();
            }
        }
    }
    walk(&mut Vec::with_capacity(size), 0, size, max_count, visit);
}

const RANK_NAMES: [(&str, &str); 13] = [
    ("deuce", "deuces"),
    ("three", "threes"),
    ("four", "fours"),
    ("five", "fives"),
    ("six", "sixes"),
    ("seven", "sevens"),
    ("eight", "eights"),
    ("nine", "nines"),
    ("ten", "tens"),
    ("jack", "jacks"),
    ("queen", "queens"),
    ("king", "kings"),
    ("ace", "aces"),
];

fn one(rank: u8) -> &'static str {
    RANK_NAMES[rank as usize].0
}

fn many(rank: u8) -> &'static str {
    RANK_NAMES[rank as usize].1
}

fn rank_list(ranks: &[u8]) -> String {
    ranks
        .iter()
        .map(|&r| (crate::card::RANK_CHARS[r as usize] as char).to_string())
        .collect::<Vec<_>>()
        .join("-")
}

/// A person's name for a five-card class, e.g. `"Full house, kings full of threes"`.
pub fn describe_class(info: &ClassInfo) -> String {
    let r = info.ranks;
    match info.category {
        Category::FiveOfAKind => format!("Five of a kind, {}", many(r[0])),
        Category::StraightFlush if r[0] == 12 => "Royal flush".to_string(),
        Category::StraightFlush => format!("Straight flush, {} high", one(r[0])),
        Category::FourOfAKind => format!(
            "Four of a kind, {} ({} kicker)",
            many(r[0]),
            rank_list(&r[4..])
        ),
        Category::FullHouse => format!("Full house, {} full of {}", many(r[0]), many(r[3])),
        Category::Flush => format!("Flush, {}", rank_list(&r)),
        Category::Straight => format!("Straight, {} high", one(r[0])),
        Category::ThreeOfAKind => {
            format!("Three of a kind, {} ({})", many(r[0]), rank_list(&r[3..]))
        }
        Category::TwoPair => format!(
            "Two pair, {} and {} ({} kicker)",
            many(r[0]),
            many(r[2]),
            rank_list(&r[4..])
        ),
        Category::OnePair => format!("Pair of {} ({})", many(r[0]), rank_list(&r[2..])),
        Category::HighCard => format!("High card, {} ({})", one(r[0]), rank_list(&r[1..])),
    }
}

/// A person's name for a lowball class: unpaired hands read from the top, e.g.
/// `"Seven-five low: 7-5-4-3-2"` or, ace-to-five, `"Five-four low: 5-4-3-2-A"` (the ranks in
/// the order given); other classes read as high hands (`"Pair of kings (9-5-3)"`).
pub fn describe_low(info: &ClassInfo) -> String {
    if info.category != Category::HighCard {
        return describe_class(info);
    }
    let r = info.ranks;
    let mut first = one(r[0]).to_string();
    first[..1].make_ascii_uppercase();
    format!("{first}-{} low: {}", one(r[1]), rank_list(&r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_has_7462_classes_with_known_category_sizes() {
        let scale = scale();
        let mut per_category = [0usize; 10];
        for s in 1..=CLASS_COUNT as u16 {
            per_category[scale.info(s).unwrap().category as usize] += 1;
        }
        assert_eq!(
            &per_category[..9],
            &[1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
        );
        assert!(scale.info(0).is_none());
        assert!(scale.info(7463).is_none());
    }

    #[test]
    fn extremes_and_wheel() {
        let scale = scale();
        assert_eq!(scale.strength([5, 3, 2, 1, 0], false), 1);
        assert_eq!(scale.strength([12, 11, 10, 9, 8], true), 7462);
        let wheel = scale.strength([12, 0, 1, 2, 3], false);
        let six_high = scale.strength([4, 0, 1, 2, 3], false);
        assert!(wheel < six_high);
        assert_eq!(
            describe_class(&scale.info(wheel).unwrap()),
            "Straight, five high"
        );
        assert_eq!(describe_class(&scale.info(7462).unwrap()), "Royal flush");
    }

    #[test]
    fn describes_full_house() {
        let scale = scale();
        let s = scale.strength([11, 11, 1, 11, 1], false);
        assert_eq!(
            describe_class(&scale.info(s).unwrap()),
            "Full house, kings full of threes"
        );
    }
}
