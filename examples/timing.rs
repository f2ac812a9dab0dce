use drawpoker::eval::high;
fn main() {
    let t = std::time::Instant::now();
    let tb = high::tables();
    println!("tables {:?} {}", t.elapsed(), tb.size_in_bytes());
    let n = 4_000_000usize;
    let mut cards = vec![0u8; n * 7];
    let mut state = 12345u64;
    for row in cards.chunks_mut(7) {
        let mut used = 0u64;
        for c in row.iter_mut() {
            loop {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let x = (state % 52) as u8;
                if used >> x & 1 == 0 {
                    used |= 1 << x;
                    *c = x;
                    break;
                }
            }
        }
    }
    for k in [5usize, 7] {
        let flat: Vec<u8> = cards.chunks(7).flat_map(|r| r[..k].to_vec()).collect();
        let mut out = vec![0u16; n];
        for _ in 0..3 {
            let t = std::time::Instant::now();
            let mut sum = 0u64;
            for row in flat.chunks_exact(k) {
                sum += tb.eval(row) as u64;
            }
            let dt = t.elapsed().as_secs_f64();
            let t2 = std::time::Instant::now();
            high::evaluate_batch(&flat, k, &mut out).unwrap();
            let dt2 = t2.elapsed().as_secs_f64();
            println!(
                "k={k} raw 1-thread {:.0} M/s, batch {:.0} M/s ({sum})",
                n as f64 / dt / 1e6,
                n as f64 / dt2 / 1e6
            );
        }
    }
}
