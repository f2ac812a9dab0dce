//! Time of the batch engine's phases (`drawpoker.rl.BatchGame` without Python) in 6-player
//! no-limit Hold'em with uniformly random legal actions:
//! `cargo run --release --example rl_batch -- [BATCH] [STEPS] [fast] [compact]` (`fast`: no
//! checksum; `compact`: the compact observation layout). Set RAYON_NUM_THREADS=1 for the
//! one-core figure. It prints nanoseconds per action for `legal_into`, `observe_into` and
//! `step` (CPU time of the thread), and a checksum of every mask, observation and reward, which a change that keeps the
//! rules and results keeps too. The layouts are the ones `drawpoker.rl` passes for Hold'em at 6
//! seats (`ObservationLayout(holdem, 6, 32)`, or with `compact=True`; `ActionSpace(holdem)`).
//!
//! On the shared machine timings move by several percent from run to run: compare old and new
//! builds alternated, and count instructions for a steady second figure. Run it under
//! `valgrind --tool=cachegrind --cache-sim=no` with `fast compact` at two step counts (500 and
//! 1,500 at batch 128): the difference in instructions over the difference in actions is the
//! cost of one action without the tables' build (4,395 at a9fceb5, the benchmark's own pick
//! included). Valgrind runs the AVX2 paths of the shuffle, not the AVX-512 ones, and counts a
//! `rep stos` byte by byte (the full layout's zeroing looks far dearer than it is); and fewer
//! instructions need not be less time: an observation 114 instructions shorter (the seats
//! written in two runs from the seat to act, the history rows as chunks) took 8 ns longer,
//! the two runs' lengths changing with the seat.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use drawpoker::engine::batch::{ActionLayout, Batch, EventRole, ObservationLayout, Size};
use drawpoker::engine::event::EventKind;
use drawpoker::engine::spec::{
    BetSize, CardOrder, Deck, FirstToAct, ForcedBets, HandCards, OddChip, Opening, ShowOrder,
    ShowdownPart, Spec, Street, Structure,
};
use drawpoker::eval::Ranking;

fn holdem() -> Spec {
    let street = |down, board, first| Street {
        down,
        up: 0,
        board,
        draw: None,
        betting: true,
        bet_size: BetSize::Small,
        first,
    };
    Spec {
        name: "holdem".into(),
        deck: Deck::STANDARD,
        min_seats: 2,
        max_seats: 10,
        forced: ForcedBets {
            small_blind: 50,
            big_blind: 100,
            ..ForcedBets::default()
        },
        streets: vec![
            street(2, 0, FirstToAct::LeftOfBigBlind),
            street(0, 3, FirstToAct::LeftOfButton),
            street(0, 1, FirstToAct::LeftOfButton),
            street(0, 1, FirstToAct::LeftOfButton),
        ],
        structure: Some(Structure::NoLimit { min_bet: 100 }),
        opening: Opening::Any,
        redeal_if_unopened: false,
        showdown: vec![ShowdownPart {
            ranking: Ranking::High,
            cards: HandCards::BestOfAll,
            qualifier: None,
            odd_chip: OddChip::LeftOfButton,
        }],
        show_order: ShowOrder::LastAggressor,
        card_order: CardOrder::High,
        button_moves: true,
    }
}

fn layout() -> ObservationLayout {
    use EventKind::*;
    ObservationLayout {
        size: 1377,
        cards: 52,
        compact: false,
        unit: 100,
        history: 32,
        history_kinds: 7,
        event_roles: EventRole::table(
            &[Fold, Check, Call, Bet, Raise, BringIn, Draw],
            &[Board, Deal, Redeal, Up],
        ),
        own_cards: 0,
        board: 104,
        up_cards: 156,
        shown: 468,
        discarded: 780,
        stacks: 832,
        bets: 838,
        committed: 844,
        pot: 850,
        current_bet: 851,
        to_call: 852,
        live: 853,
        card_counts: 859,
        drawn: 865,
        has_drawn: 871,
        button: 877,
        actor: 883,
        my_turn: 889,
        street: 890,
        phase: 894,
        history_start: 897,
    }
}

/// The compact layout of the same observation (`ObservationLayout(holdem, 6, 32, compact=True)`):
/// own cards as numbers, card sets as four 13-bit numbers, history rows of four numbers.
fn compact_layout() -> ObservationLayout {
    ObservationLayout {
        size: 251,
        compact: true,
        own_cards: 0,
        board: 2,
        up_cards: 6,
        shown: 30,
        discarded: 54,
        stacks: 58,
        bets: 64,
        committed: 70,
        pot: 76,
        current_bet: 77,
        to_call: 78,
        live: 79,
        card_counts: 85,
        drawn: 91,
        has_drawn: 97,
        button: 103,
        actor: 109,
        my_turn: 115,
        street: 116,
        phase: 120,
        history_start: 123,
        ..layout()
    }
}

#[repr(C)]
struct Timespec {
    seconds: i64,
    nanoseconds: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// This thread's CPU time in nanoseconds (the machine may be shared: wall time would count the
/// other processes' turns).
fn cpu_now() -> u128 {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: clock_gettime writes the one struct it is given.
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    time.seconds as u128 * 1_000_000_000 + time.nanoseconds as u128
}

/// Counts allocations (the batch engine's hot path should make few).
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call goes to the system allocator; the counter is only a count.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// xorshift64*: the benchmark's own random numbers.
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let batch: usize = args
        .next()
        .map_or(128, |a| a.parse().expect("a batch size"));
    let steps: usize = args
        .next()
        .map_or(20_000, |a| a.parse().expect("a step count"));
    // "fast": no checksum (for a profiler, which would see mostly the checksum).
    let check = args.next().as_deref() != Some("fast");
    let compact = args.next().as_deref() == Some("compact");
    let sizes = [
        "min bet/raise",
        "33% pot",
        "50% pot",
        "pot",
        "2x",
        "3x",
        "all-in",
    ];
    let actions =
        ActionLayout::new(sizes.iter().map(|s| Size::from_name(s)).collect(), 0).expect("a layout");
    let observation = if compact { compact_layout() } else { layout() };
    let (width, size) = (actions.count, observation.size);
    let mut games = Batch::new(
        Arc::new(holdem()),
        batch,
        6,
        10_000,
        0,
        actions,
        observation,
    )
    .expect("a batch");
    let mut mask = vec![false; batch * width];
    let mut obs = vec![0f32; batch * size];
    let mut rewards = vec![0f64; batch * 6];
    let mut done = vec![false; batch];
    let mut picks = vec![0i64; batch];
    let (mut rng, mut checksum, mut hands) = (1u64, 0u64, 0u64);
    let mut times = [0u128; 3];
    let mut allocations = [0u64; 2];
    for _ in 0..steps {
        let start = cpu_now();
        games.legal_into(&mut mask);
        let legal = cpu_now();
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        games.observe_into(&mut obs);
        allocations[0] += ALLOCATIONS.load(Ordering::Relaxed) - before;
        let observed = cpu_now();
        // The k-th legal index, without a vector of them (a profile would see the allocator).
        for (pick, row) in picks.iter_mut().zip(mask.chunks_exact(width)) {
            let open = row.iter().filter(|&&legal| legal).count() as u64;
            let k = (next(&mut rng) % open) as usize;
            let legal = (row.iter().enumerate()).filter(|(_, &legal)| legal);
            *pick = legal.map(|(i, _)| i as i64).nth(k).expect("a legal index");
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let picked = cpu_now();
        games
            .step(&picks, &mut rewards, &mut done)
            .expect("legal picks");
        let stepped = cpu_now();
        let after = ALLOCATIONS.load(Ordering::Relaxed);
        allocations[1] += after - before;
        times[0] += legal - start;
        times[1] += observed - legal;
        times[2] += stepped - picked;
        hands += done.iter().filter(|&&d| d).count() as u64;
        if !check {
            continue;
        }
        for (i, &o) in obs.iter().enumerate() {
            if o != 0.0 {
                checksum = checksum
                    .wrapping_mul(31)
                    .wrapping_add(i as u64 ^ o.to_bits() as u64);
            }
        }
        for &r in &rewards {
            checksum = checksum.wrapping_mul(31).wrapping_add(r.to_bits());
        }
    }
    let n = (batch * steps) as f64;
    let per = |t: u128| t as f64 / n;
    println!(
        "batch {batch}, {steps} steps, {hands} hands ({:.2} actions a hand): legal {:.1} ns, \
         observe {:.1} ns, step {:.1} ns an action; legal+observe+step {:.0} actions/CPU s; \
         allocations an action: observe {:.2}, step {:.2}; checksum {checksum:016x}",
        n / hands as f64,
        per(times[0]),
        per(times[1]),
        per(times[2]),
        1e9 / (per(times[0]) + per(times[1]) + per(times[2])),
        allocations[0] as f64 / n,
        allocations[1] as f64 / n,
    );
}
