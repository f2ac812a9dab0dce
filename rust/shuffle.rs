//! The ordering step of the table engine's seeded shuffles (`python/drawpoker/games/deck.py`
//! draws the keys from SHAKE-256): items put in the stable order of 32-bit keys.

use crate::error::{Error, Result};

/// `items` in the stable order of their keys: item `i` has the little-endian `u32` in bytes
/// `4i..4i+4` of `keys`; items with equal keys keep their order. `keys` must hold exactly four
/// bytes per item.
///
/// ```
/// use drawpoker::shuffle::sort_by_keys;
/// let keys = [3, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0];
/// assert_eq!(sort_by_keys(&[10, 20, 30, 40], &keys).unwrap(), vec![20, 40, 10, 30]);
/// ```
pub fn sort_by_keys<T: Copy>(items: &[T], keys: &[u8]) -> Result<Vec<T>> {
    if keys.len() != 4 * items.len() {
        return Err(Error::InvalidArgument(format!(
            "{} key bytes for {} items (four per item expected)",
            keys.len(),
            items.len()
        )));
    }
    // (key, position) pairs: sorting them breaks ties by position, which makes the order stable.
    let mut keyed: Vec<(u32, usize)> = keys
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .zip(0..)
        .collect();
    keyed.sort_unstable();
    Ok(keyed.into_iter().map(|(_, i)| items[i]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_keep_the_item_order() {
        let keys = [7u8, 0, 0, 0].repeat(5);
        assert_eq!(
            sort_by_keys(&[4, 2, 9, 1, 3], &keys).unwrap(),
            [4, 2, 9, 1, 3]
        );
    }

    #[test]
    fn keys_compare_as_little_endian_numbers() {
        // 256 (bytes 0 1 0 0) is bigger than 255 (bytes 255 0 0 0).
        let keys = [0, 1, 0, 0, 255, 0, 0, 0];
        assert_eq!(sort_by_keys(&['a', 'b'], &keys).unwrap(), ['b', 'a']);
    }

    #[test]
    fn the_key_length_must_fit_the_items() {
        assert!(sort_by_keys(&[1, 2], &[0; 7]).is_err());
        assert_eq!(sort_by_keys::<u8>(&[], &[]).unwrap(), []);
    }
}
