//! Throughput of the Omaha batch evaluators on random hands, one thread:
//! `cargo run --release --example omaha_throughput -- [hi|hilo] [HANDS] [HOLE] [BOARD]`.
//! For a steady figure on a shared machine, run it under `valgrind --tool=callgrind` at two
//! hand counts: the difference in instructions over the difference in hands is the cost of
//! one hand, without the table build.

use drawpoker::eval::omaha;

fn random_rows(n: usize, k: usize, state: &mut u64) -> Vec<Vec<u8>> {
    (0..n)
        .map(|_| {
            let mut used = 0u64;
            let mut row = Vec::with_capacity(k);
            while row.len() < k {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                let c = (*state % 52) as u8;
                if used >> c & 1 == 0 {
                    used |= 1 << c;
                    row.push(c);
                }
            }
            row
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let hilo = args.get(1).is_some_and(|a| a == "hilo");
    let arg = |i: usize, default: usize| {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (n, hole_width, board_width) = (arg(2, 1_000_000), arg(3, 4), arg(4, 5));
    let mut state = 12345u64;
    let (mut hole, mut board) = (Vec::new(), Vec::new());
    for row in random_rows(n, hole_width + board_width, &mut state) {
        hole.extend_from_slice(&row[..hole_width]);
        board.extend_from_slice(&row[hole_width..]);
    }
    omaha::evaluate(&hole[..hole_width], &board[..board_width]).expect("tables build");
    let start = std::time::Instant::now();
    let mut checksum = 0u64;
    // Chunks below the parallel threshold keep this on one thread.
    const CHUNK: usize = 4000;
    for (h, b) in hole
        .chunks(CHUNK * hole_width)
        .zip(board.chunks(CHUNK * board_width))
    {
        let rows = h.len() / hole_width;
        if hilo {
            let mut out = vec![(0u16, 0u16); rows];
            omaha::evaluate_hilo_batch(h, hole_width, b, board_width, &mut out).expect("valid");
            checksum += out.iter().map(|&(x, y)| x as u64 + y as u64).sum::<u64>();
        } else {
            let mut out = vec![0u16; rows];
            omaha::evaluate_batch(h, hole_width, b, board_width, &mut out).expect("valid");
            checksum += out.iter().map(|&x| x as u64).sum::<u64>();
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "Omaha {}: {hole_width}+{board_width} cards, one thread: {:.2} M hands/s (checksum {checksum})",
        if hilo { "hi/lo" } else { "high" },
        n as f64 / seconds / 1e6
    );
}
