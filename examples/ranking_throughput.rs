//! Throughput of one ranking's batch evaluator on random hands, one thread:
//! `cargo run --release --example ranking_throughput -- RANKING [HANDS] [CARDS] [ROUNDS]`
//! (e.g. `badugi 1000000 4`). Besides wall time it reports the rate per second the thread
//! actually ran (from `/proc/thread-self/schedstat`, Linux), a figure that holds on a shared
//! machine; under `valgrind --tool=callgrind` the instruction count per hand is another.

use drawpoker::card::random_rows;
use drawpoker::eval::Ranking;

/// Nanoseconds this thread has run on a CPU (0 where the kernel does not say).
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ranking =
        Ranking::from_name(args.get(1).map_or("badugi", String::as_str)).expect("a ranking");
    let arg = |i: usize, default: usize| {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let default_cards = ranking.hand_sizes()[0];
    let (n, k, rounds) = (arg(2, 1_000_000), arg(3, default_cards), arg(4, 10));
    let cards = random_rows(n, k, 52, 12345);
    let mut out = vec![0u16; n];
    ranking.evaluate(&cards[..k]).expect("tables build");
    let start = std::time::Instant::now();
    let cpu_start = thread_cpu_ns();
    for _ in 0..rounds {
        // Chunks below the parallel threshold keep this on one thread.
        for (rows, out) in cards.chunks(100_000 * k).zip(out.chunks_mut(100_000)) {
            ranking.evaluate_batch(rows, k, out).expect("valid hands");
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu_seconds = (thread_cpu_ns() - cpu_start) as f64 / 1e9;
    let checksum: u64 = out.iter().map(|&s| s as u64).sum();
    let hands = (n * rounds) as f64;
    println!(
        "{}: {k}-card hands, one thread: {:.1} M hands/s wall, {:.1} M hands per CPU-second \
         (checksum {checksum})",
        ranking.name(),
        hands / seconds / 1e6,
        hands / cpu_seconds / 1e6
    );
}
