//! The table engine's seeded shuffles (`python/drawpoker/engine/deck.py`): 32-bit keys drawn
//! from SHAKE-256 (FIPS 202, written here from the standard), items put in the stable order of
//! their keys.

/// Bytes absorbed or squeezed per Keccak-f permutation in SHAKE-256 (1600 - 2 x 256 bits).
const SHAKE256_RATE: usize = 136;

/// The round constants of Keccak-f[1600] (FIPS 202, section 3.2.5).
const ROUND_CONSTANTS: [u64; 24] = [
    0x0000_0000_0000_0001,
    0x0000_0000_0000_8082,
    0x8000_0000_0000_808a,
    0x8000_0000_8000_8000,
    0x0000_0000_0000_808b,
    0x0000_0000_8000_0001,
    0x8000_0000_8000_8081,
    0x8000_0000_0000_8009,
    0x0000_0000_0000_008a,
    0x0000_0000_0000_0088,
    0x0000_0000_8000_8009,
    0x0000_0000_8000_000a,
    0x0000_0000_8000_808b,
    0x8000_0000_0000_008b,
    0x8000_0000_0000_8089,
    0x8000_0000_0000_8003,
    0x8000_0000_0000_8002,
    0x8000_0000_0000_0080,
    0x0000_0000_0000_800a,
    0x8000_0000_8000_000a,
    0x8000_0000_8000_8081,
    0x8000_0000_0000_8080,
    0x0000_0000_8000_0001,
    0x8000_0000_8000_8008,
];

/// The rotation of lane `x + 5y` in the rho step (FIPS 202, section 3.2.2).
const ROTATIONS: [u32; 25] = [
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

/// Where lane `x + 5y` goes in the pi step: to `(y, 2x + 3y)` (FIPS 202, section 3.2.3).
const PI_TARGETS: [usize; 25] = {
    let mut targets = [0; 25];
    let mut i = 0;
    while i < 25 {
        let (x, y) = (i % 5, i / 5);
        targets[i] = y + 5 * ((2 * x + 3 * y) % 5);
        i += 1;
    }
    targets
};

/// The permutation Keccak-f[1600] on 25 lanes, lane `x + 5y` at index `x + 5 * y`.
// Index loops over x and y, as the standard writes the steps (the compiler unrolls them).
#[allow(clippy::needless_range_loop)]
fn keccak_f(a: &mut [u64; 25]) {
    for &constant in &ROUND_CONSTANTS {
        // theta: each lane takes the parities of two neighbouring columns.
        let mut parity = [0u64; 5];
        for x in 0..5 {
            parity[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        }
        for x in 0..5 {
            let d = parity[(x + 4) % 5] ^ parity[(x + 1) % 5].rotate_left(1);
            for y in 0..5 {
                a[x + 5 * y] ^= d;
            }
        }
        // rho and pi: each lane rotates and moves.
        let mut b = [0u64; 25];
        for i in 0..25 {
            b[PI_TARGETS[i]] = a[i].rotate_left(ROTATIONS[i]);
        }
        // chi, row by row, then iota.
        for y in 0..5 {
            let row = [
                b[5 * y],
                b[5 * y + 1],
                b[5 * y + 2],
                b[5 * y + 3],
                b[5 * y + 4],
            ];
            for x in 0..5 {
                a[x + 5 * y] = row[x] ^ (!row[(x + 1) % 5] & row[(x + 2) % 5]);
            }
        }
        a[0] ^= constant;
    }
}

/// XORs a block of whole lanes (little-endian) into the state.
fn absorb(state: &mut [u64; 25], block: &[u8]) {
    for (lane, b) in state.iter_mut().zip(block.chunks_exact(8)) {
        *lane ^= u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
    }
}

/// The SHAKE-256 state with `message` absorbed and padded, ready to squeeze its first block.
fn absorbed(message: &[u8]) -> [u64; 25] {
    let mut state = [0u64; 25];
    let mut blocks = message.chunks_exact(SHAKE256_RATE);
    for block in &mut blocks {
        absorb(&mut state, block);
        keccak_f(&mut state);
    }
    // The last block: the rest, the SHAKE suffix bits 1111 and the pad10*1 padding.
    let rest = blocks.remainder();
    let mut last = [0u8; SHAKE256_RATE];
    last[..rest.len()].copy_from_slice(rest);
    last[rest.len()] ^= 0x1f;
    last[SHAKE256_RATE - 1] ^= 0x80;
    absorb(&mut state, &last);
    keccak_f(&mut state);
    state
}

/// The first `length` bytes of SHAKE-256 of `message` (FIPS 202), as `hashlib.shake_256`.
///
/// ```
/// use drawpoker::shuffle::shake256;
/// assert_eq!(shake256(b"", 4), [0x46, 0xb9, 0xdd, 0x2b]);
/// ```
pub fn shake256(message: &[u8], length: usize) -> Vec<u8> {
    let mut state = absorbed(message);
    let mut out = Vec::with_capacity(length);
    loop {
        for lane in &state[..SHAKE256_RATE / 8] {
            for byte in lane.to_le_bytes() {
                if out.len() == length {
                    return out;
                }
                out.push(byte);
            }
        }
        keccak_f(&mut state);
    }
}

/// The order of the seeded shuffle of `count` items named by `message`: position `j` of the
/// result holds the index of the item that goes there, by the stable order of the little-endian
/// `u32` keys in SHAKE-256 of `message` (four bytes per item; equal keys keep the items' order).
///
/// ```
/// use drawpoker::shuffle::{shake256, shuffle_order};
/// let order = shuffle_order(52, b"(7, (0, 1))");
/// let keys = shake256(b"(7, (0, 1))", 4 * 52);
/// let key = |i: usize| u32::from_le_bytes(keys[4 * i..4 * i + 4].try_into().unwrap());
/// let mut expected: Vec<usize> = (0..52).collect();
/// expected.sort_by_key(|&i| key(i)); // a stable sort
/// assert_eq!(order, expected);
/// ```
pub fn shuffle_order(count: usize, message: &[u8]) -> Vec<usize> {
    key_order(&shake256(message, 4 * count))
}

/// The positions of four-byte keys in their stable sorted order.
fn key_order(keys: &[u8]) -> Vec<usize> {
    // The key above the position in one number: sorting those breaks ties by position, which
    // makes the order stable, and sorts plain integers (a third of the time of pairs).
    let mut keyed: Vec<u64> = keys
        .chunks_exact(4)
        .map(|b| u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
        .zip(0u64..)
        .map(|(key, position)| key << 32 | position)
        .collect();
    keyed.sort_unstable();
    keyed
        .into_iter()
        .map(|k| (k & 0xffff_ffff) as usize)
        .collect()
}

/// The most items [`shuffle_into`] shuffles without allocating (a deck and its joker fit).
const SMALL_SHUFFLE: usize = 64;

/// `items` in the order of the seeded shuffle named by `message` ([`shuffle_order`]), written
/// over `out`: the deal's hot path, which allocates nothing for up to 64 items (it reads the
/// keys from the SHAKE-256 lanes and sorts them on the stack).
///
/// ```
/// use drawpoker::shuffle::{shuffle_into, shuffle_order};
/// let items: Vec<u8> = (100..152).collect();
/// let mut out = vec![7, 7];
/// shuffle_into(&items, b"(7, (0, 1))", &mut out);
/// let order = shuffle_order(52, b"(7, (0, 1))");
/// assert_eq!(out, order.iter().map(|&i| items[i]).collect::<Vec<u8>>());
/// ```
pub fn shuffle_into<T: Copy>(items: &[T], message: &[u8], out: &mut Vec<T>) {
    out.clear();
    let count = items.len();
    if count > SMALL_SHUFFLE {
        out.extend(shuffle_order(count, message).into_iter().map(|i| items[i]));
        return;
    }
    // Each key above its position, as `key_order` sorts them; a lane holds two keys, the
    // first in its low half (the bytes are little-endian), and a block 34.
    let mut keyed = [0u64; SMALL_SHUFFLE];
    let mut state = absorbed(message);
    let per_block = SHAKE256_RATE / 4;
    for (block, keys) in keyed[..count].chunks_mut(per_block).enumerate() {
        if block > 0 {
            keccak_f(&mut state);
        }
        for (i, key) in keys.iter_mut().enumerate() {
            let half = state[i / 2] >> (32 * (i % 2)) & 0xffff_ffff;
            *key = half << 32 | (block * per_block + i) as u64;
        }
    }
    let sorted = sort_small(&keyed[..count]);
    out.extend(
        sorted[..count]
            .iter()
            .map(|k| items[(k & 0xffff_ffff) as usize]),
    );
}

/// How many SHAKE-256 states [`keccak_f_wide`] permutes at once: one 512-bit vector a lane
/// (two 256-bit vectors on a processor without AVX-512).
pub const WIDE: usize = 8;

/// Lane `x + 5y` of [`WIDE`] states side by side.
type WideLane = [u64; WIDE];

/// Keccak-f[1600] on [`WIDE`] independent states, the steps of [`keccak_f`] applied to each
/// state's lane in every operation (a vector loop): as many permutations for little more than
/// the time of one on a processor with 256-bit vectors.
#[inline(always)]
#[allow(clippy::needless_range_loop)]
fn keccak_f_wide_body(a: &mut [WideLane; 25]) {
    #[inline(always)]
    fn xor(a: WideLane, b: WideLane) -> WideLane {
        std::array::from_fn(|l| a[l] ^ b[l])
    }
    #[inline(always)]
    fn rotate(a: WideLane, by: u32) -> WideLane {
        std::array::from_fn(|l| a[l].rotate_left(by))
    }
    for &constant in &ROUND_CONSTANTS {
        let mut parity = [[0u64; WIDE]; 5];
        for x in 0..5 {
            parity[x] = xor(
                xor(xor(a[x], a[x + 5]), xor(a[x + 10], a[x + 15])),
                a[x + 20],
            );
        }
        for x in 0..5 {
            let d = xor(parity[(x + 4) % 5], rotate(parity[(x + 1) % 5], 1));
            for y in 0..5 {
                a[x + 5 * y] = xor(a[x + 5 * y], d);
            }
        }
        // rho and pi, written out lane by lane: each rotation a constant (a loop over the
        // lanes would rotate by a variable amount, one state at a time).
        let mut b = [[0u64; WIDE]; 25];
        macro_rules! rho_pi {
            ($($i:literal)*) => { $(b[PI_TARGETS[$i]] = rotate(a[$i], ROTATIONS[$i]);)* };
        }
        rho_pi!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24);
        for y in 0..5 {
            for x in 0..5 {
                let (row, next, after) =
                    (b[5 * y + x], b[5 * y + (x + 1) % 5], b[5 * y + (x + 2) % 5]);
                a[x + 5 * y] = std::array::from_fn(|l| row[l] ^ (!next[l] & after[l]));
            }
        }
        for lane in &mut a[0] {
            *lane ^= constant;
        }
    }
}

/// [`keccak_f_wide_body`] on the states `4 * half .. 4 * half + 4` in AVX2 vectors, one
/// 256-bit vector a lane (chosen at run time where the processor has AVX2 and not AVX-512):
/// written with the vector operations themselves, as the compiler left the rotations of the
/// plain version one state at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::needless_range_loop)]
fn keccak_f_wide_avx2(state: &mut [WideLane; 25], half: usize) {
    use std::arch::x86_64::{
        __m256i, _mm256_andnot_si256, _mm256_loadu_si256, _mm256_or_si256, _mm256_set1_epi64x,
        _mm256_slli_epi64, _mm256_srli_epi64, _mm256_storeu_si256, _mm256_xor_si256,
    };
    /// `x` rotated left by `LEFT` bits (`RIGHT` is `64 - LEFT`).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn rotate<const LEFT: i32, const RIGHT: i32>(x: __m256i) -> __m256i {
        _mm256_or_si256(_mm256_slli_epi64::<LEFT>(x), _mm256_srli_epi64::<RIGHT>(x))
    }
    let xor = |a, b| _mm256_xor_si256(a, b);
    let half = 4 * half.min(1);
    // SAFETY: each lane holds four u64s from `half`, 32 readable bytes (an unaligned load).
    let mut a: [__m256i; 25] =
        std::array::from_fn(|i| unsafe { _mm256_loadu_si256(state[i][half..].as_ptr().cast()) });
    for &constant in &ROUND_CONSTANTS {
        let parity: [__m256i; 5] = std::array::from_fn(|x| {
            xor(
                xor(xor(a[x], a[x + 5]), xor(a[x + 10], a[x + 15])),
                a[x + 20],
            )
        });
        for x in 0..5 {
            let d = xor(parity[(x + 4) % 5], rotate::<1, 63>(parity[(x + 1) % 5]));
            for y in 0..5 {
                a[x + 5 * y] = xor(a[x + 5 * y], d);
            }
        }
        let mut b = a;
        macro_rules! rho_pi {
            ($($i:literal)*) => {
                $(b[PI_TARGETS[$i]] =
                    rotate::<{ ROTATIONS[$i] as i32 }, { 64 - ROTATIONS[$i] as i32 }>(a[$i]);)*
            };
        }
        rho_pi!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24);
        for y in 0..5 {
            for x in 0..5 {
                let (next, after) = (b[5 * y + (x + 1) % 5], b[5 * y + (x + 2) % 5]);
                a[x + 5 * y] = xor(b[5 * y + x], _mm256_andnot_si256(next, after));
            }
        }
        a[0] = xor(a[0], _mm256_set1_epi64x(constant as i64));
    }
    for (lane, vector) in state.iter_mut().zip(a) {
        // SAFETY: each lane holds four u64s from `half`, 32 writable bytes (an unaligned store).
        unsafe { _mm256_storeu_si256(lane[half..].as_mut_ptr().cast(), vector) };
    }
}

/// [`keccak_f_wide_body`] in AVX-512 vectors, one 512-bit vector a lane, all [`WIDE`] states
/// at once (chosen at run time where the processor has AVX-512): a rotation is one
/// instruction (three in AVX2), and so are a column's parity of three lanes and a lane's chi
/// step (`vpternlogq`, two in AVX2), so that eight states take about the time of four there.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[allow(clippy::needless_range_loop)]
fn keccak_f_wide_avx512(state: &mut [WideLane; 25]) {
    use std::arch::x86_64::{
        __m512i, _mm512_loadu_si512, _mm512_rol_epi64, _mm512_set1_epi64, _mm512_storeu_si512,
        _mm512_ternarylogic_epi64, _mm512_xor_si512,
    };
    /// `a ^ b ^ c`, and `a ^ (!b & c)` (the truth tables of `vpternlogq`).
    const XOR3: i32 = 0x96;
    const CHI: i32 = 0xd2;
    // SAFETY: each lane is eight u64s, 64 readable bytes (an unaligned load).
    let mut a: [__m512i; 25] =
        std::array::from_fn(|i| unsafe { _mm512_loadu_si512(state[i].as_ptr().cast()) });
    for &constant in &ROUND_CONSTANTS {
        let parity: [__m512i; 5] = std::array::from_fn(|x| {
            let three = _mm512_ternarylogic_epi64::<XOR3>(a[x], a[x + 5], a[x + 10]);
            _mm512_ternarylogic_epi64::<XOR3>(three, a[x + 15], a[x + 20])
        });
        for x in 0..5 {
            let d = _mm512_xor_si512(
                parity[(x + 4) % 5],
                _mm512_rol_epi64::<1>(parity[(x + 1) % 5]),
            );
            for y in 0..5 {
                a[x + 5 * y] = _mm512_xor_si512(a[x + 5 * y], d);
            }
        }
        let mut b = a;
        macro_rules! rho_pi {
            ($($i:literal)*) => {
                $(b[PI_TARGETS[$i]] = _mm512_rol_epi64::<{ ROTATIONS[$i] as i32 }>(a[$i]);)*
            };
        }
        rho_pi!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24);
        for y in 0..5 {
            for x in 0..5 {
                let (row, next, after) =
                    (b[5 * y + x], b[5 * y + (x + 1) % 5], b[5 * y + (x + 2) % 5]);
                a[x + 5 * y] = _mm512_ternarylogic_epi64::<CHI>(row, next, after);
            }
        }
        a[0] = _mm512_xor_si512(a[0], _mm512_set1_epi64(constant as i64));
    }
    for (lane, vector) in state.iter_mut().zip(a) {
        // SAFETY: each lane is eight u64s, 64 writable bytes (an unaligned store).
        unsafe { _mm512_storeu_si512(lane.as_mut_ptr().cast(), vector) };
    }
}

/// The instructions [`keccak_f_wide`] and [`sort_small`] may use, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Vectors {
    Avx512,
    Avx2,
    Plain,
}

impl Vectors {
    /// The best this processor has (found once).
    fn here() -> Vectors {
        #[cfg(target_arch = "x86_64")]
        {
            static FOUND: std::sync::OnceLock<Vectors> = std::sync::OnceLock::new();
            *FOUND.get_or_init(|| {
                if std::arch::is_x86_feature_detected!("avx512f") {
                    Vectors::Avx512
                } else if std::arch::is_x86_feature_detected!("avx2") {
                    Vectors::Avx2
                } else {
                    Vectors::Plain
                }
            })
        }
        #[cfg(not(target_arch = "x86_64"))]
        Vectors::Plain
    }
}

/// Keccak-f[1600] on [`WIDE`] states at once, with AVX-512 or AVX2 where the processor has it.
fn keccak_f_wide(a: &mut [WideLane; 25]) {
    keccak_f_wide_with(Vectors::here(), a);
}

/// [`keccak_f_wide`] with the instructions of `vectors` (which the processor must have).
fn keccak_f_wide_with(vectors: Vectors, a: &mut [WideLane; 25]) {
    match vectors {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the caller found AVX-512 (`Vectors::here`).
        Vectors::Avx512 => unsafe { keccak_f_wide_avx512(a) },
        #[cfg(target_arch = "x86_64")]
        Vectors::Avx2 => {
            // SAFETY: the caller found AVX2 (`Vectors::here`).
            unsafe { keccak_f_wide_avx2(a, 0) };
            // SAFETY: as above.
            unsafe { keccak_f_wide_avx2(a, 1) };
        }
        _ => keccak_f_wide_body(a),
    }
}

/// [`shuffle_into`] of the same `items` for several messages, `outs[i]` from `messages[i]`
/// (each message shorter than a SHAKE-256 block, 136 bytes): the same orders, found
/// [`WIDE`] at a time by one vector Keccak instead of one by one (the deal's hashing of a
/// batch of hands). Longer messages or more than 64 items are shuffled one by one.
///
/// ```
/// use drawpoker::shuffle::{shuffle_into, shuffle_many_into};
/// let items: Vec<u8> = (0..52).collect();
/// let messages: Vec<Vec<u8>> = (0..6).map(|i| format!("deal {i}").into_bytes()).collect();
/// let mut outs = vec![Vec::new(); 6];
/// let refs: Vec<&[u8]> = messages.iter().map(|m| m.as_slice()).collect();
/// shuffle_many_into(&items, &refs, &mut outs);
/// for (message, out) in messages.iter().zip(&outs) {
///     let mut one = Vec::new();
///     shuffle_into(&items, message, &mut one);
///     assert_eq!(out, &one);
/// }
/// ```
pub fn shuffle_many_into<T: Copy>(items: &[T], messages: &[&[u8]], outs: &mut [Vec<T>]) {
    assert_eq!(messages.len(), outs.len(), "one output for each message");
    let count = items.len();
    let wide = count <= SMALL_SHUFFLE && messages.iter().all(|m| m.len() < SHAKE256_RATE);
    if !wide {
        for (message, out) in messages.iter().zip(outs.iter_mut()) {
            shuffle_into(items, message, out);
        }
        return;
    }
    for (group, outs) in messages.chunks(WIDE).zip(outs.chunks_mut(WIDE)) {
        // Each state absorbs its padded message (one block); a short group repeats its last.
        let mut state = [[0u64; WIDE]; 25];
        for l in 0..WIDE {
            let message = group[l.min(group.len() - 1)];
            let mut block = [0u8; SHAKE256_RATE];
            block[..message.len()].copy_from_slice(message);
            block[message.len()] ^= 0x1f;
            block[SHAKE256_RATE - 1] ^= 0x80;
            for (lane, b) in state.iter_mut().zip(block.chunks_exact(8)) {
                lane[l] = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
            }
        }
        keccak_f_wide(&mut state);
        let mut keyed = [[0u64; SMALL_SHUFFLE]; WIDE];
        let per_block = SHAKE256_RATE / 4;
        for block in 0..count.div_ceil(per_block) {
            if block > 0 {
                keccak_f_wide(&mut state);
            }
            let first = block * per_block;
            for i in 0..per_block.min(count - first) {
                for (l, keys) in keyed.iter_mut().enumerate() {
                    let half = state[i / 2][l] >> (32 * (i % 2)) & 0xffff_ffff;
                    keys[first + i] = half << 32 | (first + i) as u64;
                }
            }
        }
        for (keys, out) in keyed.iter().zip(outs.iter_mut()) {
            let sorted = sort_small(&keys[..count]);
            out.clear();
            out.extend(
                sorted[..count]
                    .iter()
                    .map(|k| items[(k & 0xffff_ffff) as usize]),
            );
        }
    }
}

/// Up to 64 numbers (keys above positions) in increasing order: by their ranks
/// ([`rank_sort_avx2`]) where the processor has AVX2 and their top halves all differ, else by
/// [`bucket_sort`]. Both give the one sorted order.
fn sort_small(keyed: &[u64]) -> [u64; SMALL_SHUFFLE] {
    let ranked = match Vectors::here() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the processor has AVX-512 (`Vectors::here`).
        Vectors::Avx512 => unsafe { rank_sort_avx512(keyed) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the processor has AVX2 (`Vectors::here`).
        Vectors::Avx2 => unsafe { rank_sort_avx2(keyed) },
        _ => None,
    };
    ranked.unwrap_or_else(|| bucket_sort(keyed))
}

/// [`rank_sort_avx2`] in AVX-512 vectors of sixteen top halves, the counts turned about: each
/// number's half, broadcast, is compared with all the halves at once, and every half above it
/// counts one more below (a masked add), so that no count is summed across a vector.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn rank_sort_avx512(keyed: &[u64]) -> Option<[u64; SMALL_SHUFFLE]> {
    use std::arch::x86_64::{
        __m512i, _mm512_cmplt_epu32_mask, _mm512_loadu_si512, _mm512_mask_add_epi32,
        _mm512_set1_epi32, _mm512_setzero_si512, _mm512_storeu_si512,
    };
    const LANES: usize = 16;
    let mut halves = [u32::MAX; SMALL_SHUFFLE];
    for (half, &k) in halves.iter_mut().zip(keyed) {
        *half = (k >> 32) as u32;
    }
    let vectors = keyed.len().div_ceil(LANES);
    // SAFETY: `halves` holds 64 u32s, four vectors of 64 readable bytes (unaligned loads).
    let mine: [__m512i; SMALL_SHUFFLE / LANES] =
        std::array::from_fn(|v| unsafe { _mm512_loadu_si512(halves[v * LANES..].as_ptr().cast()) });
    let mut below = [_mm512_setzero_si512(); SMALL_SHUFFLE / LANES];
    let one = _mm512_set1_epi32(1);
    for &other in &halves[..keyed.len()] {
        let other = _mm512_set1_epi32(other as i32);
        for (count, &mine) in below.iter_mut().zip(&mine).take(vectors) {
            let above = _mm512_cmplt_epu32_mask(other, mine);
            *count = _mm512_mask_add_epi32(*count, above, *count, one);
        }
    }
    let mut ranks = [0u32; SMALL_SHUFFLE];
    for (v, count) in below.iter().enumerate() {
        // SAFETY: `ranks` holds 64 u32s, four vectors of 64 writable bytes (unaligned stores).
        unsafe { _mm512_storeu_si512(ranks[v * LANES..].as_mut_ptr().cast(), *count) };
    }
    let mut sorted = [0u64; SMALL_SHUFFLE];
    let mut placed = 0u64;
    for (&k, &rank) in keyed.iter().zip(&ranks) {
        let rank = rank as usize % SMALL_SHUFFLE;
        sorted[rank] = k;
        placed |= 1 << rank;
    }
    let all = u64::MAX >> (SMALL_SHUFFLE - keyed.len()).min(63);
    (keyed.is_empty() || placed == all).then_some(sorted)
}

/// Up to 64 numbers placed by rank, when their top halves (a shuffle's 32-bit keys) all differ:
/// each number goes to the place of how many top halves are below its own. That is 64 counts
/// of 64 comparisons, compiled here into AVX2 vectors of eight halves, with no branch to
/// mispredict, which the insertion sort of [`bucket_sort`] has for numbers that share a run.
/// `None` when two top halves are equal (two numbers then have one rank, and a place stays
/// empty): a deck has such a tie about once in 3 million shuffles, and [`bucket_sort`] sorts it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn rank_sort_avx2(keyed: &[u64]) -> Option<[u64; SMALL_SHUFFLE]> {
    let mut halves = [u32::MAX; SMALL_SHUFFLE];
    for (half, &k) in halves.iter_mut().zip(keyed) {
        *half = (k >> 32) as u32;
    }
    // The halves compared: the numbers', in whole vectors (the padding is never below).
    let compared = &halves[..keyed.len().next_multiple_of(8)];
    let mut sorted = [0u64; SMALL_SHUFFLE];
    let mut placed = 0u64;
    for (&k, &mine) in keyed.iter().zip(&halves) {
        let rank = compared
            .iter()
            .map(|&other| u32::from(other < mine))
            .sum::<u32>() as usize;
        sorted[rank % SMALL_SHUFFLE] = k;
        placed |= 1 << (rank % SMALL_SHUFFLE);
    }
    let all = u64::MAX >> (SMALL_SHUFFLE - keyed.len()).min(63);
    (keyed.is_empty() || placed == all).then_some(sorted)
}

/// Up to 64 distinct numbers whose top bits are uniformly random (keys above positions) in
/// increasing order: placed by their top six bits into as many runs (a counting sort, about
/// one number a run), then an insertion sort, which has only the few numbers that share a run
/// to move.
fn bucket_sort(keyed: &[u64]) -> [u64; SMALL_SHUFFLE] {
    const BITS: u32 = 6;
    let run = |k: u64| (k >> (64 - BITS)) as usize;
    let mut starts = [0u8; (1 << BITS) + 1];
    for &k in keyed {
        starts[run(k) + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut sorted = [0u64; SMALL_SHUFFLE];
    for &k in keyed {
        let at = &mut starts[run(k)];
        sorted[usize::from(*at)] = k;
        *at += 1;
    }
    for i in 1..keyed.len() {
        let k = sorted[i];
        let mut j = i;
        while j > 0 && sorted[j - 1] > k {
            sorted[j] = sorted[j - 1];
            j -= 1;
        }
        sorted[j] = k;
    }
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_keep_the_item_order() {
        assert_eq!(key_order(&[7u8, 0, 0, 0].repeat(5)), [0, 1, 2, 3, 4]);
        let keys = [5, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0];
        assert_eq!(key_order(&keys), [1, 0, 2]);
    }

    #[test]
    fn shuffle_into_is_the_shuffle_order_at_every_size() {
        // 34 keys a squeeze block: the sizes around one and two blocks, and past the stack.
        for count in [0, 1, 2, 33, 34, 35, 52, 53, 64, 65, 68, 69, 100] {
            let items: Vec<u32> = (0..count as u32).map(|i| 1000 + i).collect();
            let message = format!("shuffle {count}");
            let mut out = vec![1, 2, 3];
            shuffle_into(&items, message.as_bytes(), &mut out);
            let order = shuffle_order(count, message.as_bytes());
            let expected: Vec<u32> = order.iter().map(|&i| items[i]).collect();
            assert_eq!(out, expected, "{count} items");
        }
    }

    #[test]
    fn the_small_sort_sorts_any_numbers() {
        // Runs of one, runs of many (equal top bits), and the most numbers it takes.
        let mut state = 7u64;
        let mut random = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            state
        };
        let cases: Vec<Vec<u64>> = vec![
            vec![],
            vec![5],
            (0..64).map(|_| random()).collect(),
            (0..64).map(|i| 63 - i).collect(),
            (0..40).map(|_| random() >> 8).collect(),
            (0..52).map(|i| (random() & !0xffff_ffff) | i).collect(),
        ];
        for case in cases {
            let mut expected = case.clone();
            expected.sort_unstable();
            assert_eq!(sort_small(&case)[..case.len()], expected[..]);
            assert_eq!(bucket_sort(&case)[..case.len()], expected[..]);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_rank_sort_sorts_distinct_keys_and_leaves_ties_to_the_bucket_sort() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut state = 11u64;
        let mut random = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            state & !0xffff_ffff
        };
        type RankSort = unsafe fn(&[u64]) -> Option<[u64; SMALL_SHUFFLE]>;
        let mut sorts: Vec<(&str, RankSort)> = vec![("avx2", rank_sort_avx2)];
        if std::arch::is_x86_feature_detected!("avx512f") {
            sorts.push(("avx512", rank_sort_avx512));
        }
        for (name, rank_sort) in sorts {
            for count in [0, 1, 2, 7, 8, 9, 15, 16, 17, 33, 52, 53, 63, 64] {
                let keyed: Vec<u64> = (0..count).map(|i| random() | i).collect();
                let mut expected = keyed.clone();
                expected.sort_unstable();
                // SAFETY: the processor has the sort's instructions (checked above).
                let sorted = unsafe { rank_sort(&keyed) }.expect("distinct keys");
                assert_eq!(sorted[..keyed.len()], expected[..], "{name}: {count} keys");
                if count >= 2 {
                    // Two equal keys (positions apart): no rank sort.
                    let mut tied = keyed.clone();
                    tied[count as usize - 1] = tied[0] & !0xffff_ffff | (count - 1);
                    // SAFETY: as above.
                    assert_eq!(unsafe { rank_sort(&tied) }, None, "{name}: {count} keys");
                    let mut expected = tied.clone();
                    expected.sort_unstable();
                    assert_eq!(sort_small(&tied)[..tied.len()], expected[..]);
                }
            }
            // A key of all ones ties with nothing but another all-ones key.
            let top = [!0xffff_ffff, 5 << 32 | 1];
            // SAFETY: as above.
            let sorted = unsafe { rank_sort(&top) }.expect("distinct keys");
            assert_eq!(sorted[..2], [5 << 32 | 1, !0xffff_ffff], "{name}");
        }
    }

    #[test]
    fn many_shuffles_are_the_one_by_one_shuffles_at_every_size() {
        // Groups full and short, one and two squeeze blocks, past the vector path's limits.
        for count in [0, 1, 34, 35, 52, 64, 65] {
            let items: Vec<u32> = (0..count as u32).map(|i| 7 * i + 1).collect();
            for messages in 0..10 {
                let texts: Vec<Vec<u8>> = (0..messages)
                    .map(|i| format!("many {count} {i}").into_bytes())
                    .chain(
                        [vec![9u8; 135], vec![1u8; 136]]
                            .into_iter()
                            .take(messages % 3),
                    )
                    .collect();
                let refs: Vec<&[u8]> = texts.iter().map(|t| t.as_slice()).collect();
                let mut outs = vec![vec![0u32; 3]; refs.len()];
                shuffle_many_into(&items, &refs, &mut outs);
                for (text, out) in texts.iter().zip(&outs) {
                    let mut one = Vec::new();
                    shuffle_into(&items, text, &mut one);
                    assert_eq!(out, &one, "{count} items, {messages} messages");
                }
            }
        }
    }

    #[test]
    fn the_wide_permutation_is_the_permutation_of_each_state() {
        let mut wide = [[0u64; WIDE]; 25];
        for (i, lane) in wide.iter_mut().enumerate() {
            *lane = std::array::from_fn(|l| ((i as u64 + 1) * 0x9e37_79b9) ^ ((l as u64) << 40));
        }
        let mut each: Vec<[u64; 25]> = (0..WIDE)
            .map(|l| std::array::from_fn(|i| wide[i][l]))
            .collect();
        // The plain version, and each vector version the processor has.
        let mut found = vec![Vectors::Plain];
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                found.push(Vectors::Avx2);
            }
            if std::arch::is_x86_feature_detected!("avx512f") {
                found.push(Vectors::Avx512);
            }
        }
        let permuted: Vec<_> = (found.iter())
            .map(|&vectors| {
                let mut states = wide;
                keccak_f_wide_with(vectors, &mut states);
                states
            })
            .collect();
        for (l, state) in each.iter_mut().enumerate() {
            keccak_f(state);
            for (vectors, states) in found.iter().zip(&permuted) {
                let lane_l = std::array::from_fn(|i| states[i][l]);
                assert_eq!(*state, lane_l, "state {l}, {vectors:?}");
            }
        }
        assert!(found.contains(&Vectors::here()));
    }

    #[test]
    fn keys_compare_as_little_endian_numbers() {
        // 256 (bytes 0 1 0 0) is bigger than 255 (bytes 255 0 0 0).
        assert_eq!(key_order(&[0, 1, 0, 0, 255, 0, 0, 0]), [1, 0]);
    }

    #[test]
    fn shake256_matches_the_fips_202_test_values() {
        // SHAKE256 of the empty message and of "abc" (NIST example values), and an output
        // longer than one squeeze block.
        let empty = shake256(b"", 32);
        assert_eq!(empty[..8], [0x46, 0xb9, 0xdd, 0x2b, 0x0b, 0xa8, 0x8d, 0x13]);
        let abc = shake256(b"abc", 8);
        assert_eq!(abc, [0x48, 0x33, 0x66, 0x60, 0x13, 0x60, 0xa8, 0x77]);
        let long = shake256(b"abc", 300);
        assert_eq!(long.len(), 300);
        assert_eq!(long[..8], abc[..]);
    }

    #[test]
    fn a_message_longer_than_a_block_is_absorbed_block_by_block() {
        let message = [0xa3u8; 200];
        assert_ne!(shake256(&message, 16), shake256(&message[..136], 16));
        assert_eq!(shake256(&message, 16), shake256(&message, 40)[..16]);
    }
}
