//! Medley arenas: the variant played rotates through a list at a fixed interval from the arena's start.
//! A pure function of the times, so every node agrees on the variant without storing it.

/// The variant of a medley arena that started at `start_ms` at time `now_ms`: the list in order, each for
/// `interval_ms`, from the start again after the last. Before the start (or with no interval) the first;
/// `None` for an empty list.
pub fn variant_at<V>(start_ms: u64, now_ms: u64, interval_ms: u64, variants: &[V]) -> Option<&V> {
    let elapsed = now_ms.saturating_sub(start_ms);
    let turn = elapsed.checked_div(interval_ms).unwrap_or(0);
    let index = usize::try_from(turn % u64::try_from(variants.len().max(1)).unwrap_or(u64::MAX)).unwrap_or(0);
    variants.get(index)
}

/// When the variant changes next after `now_ms` (`None` without an interval).
pub fn next_rotation_ms(start_ms: u64, now_ms: u64, interval_ms: u64) -> Option<u64> {
    if now_ms < start_ms {
        return start_ms.checked_add(interval_ms).filter(|_| interval_ms > 0);
    }
    let turn = (now_ms - start_ms).checked_div(interval_ms)?;
    start_ms.checked_add(turn.checked_add(1)?.checked_mul(interval_ms)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotates_through_the_list() {
        let variants = ["ikibuguzo", "kubuguza", "njombwa"];
        let at = |now| variant_at(1_000, now, 600, &variants).copied();
        assert_eq!(at(0), Some("ikibuguzo"), "before the start");
        assert_eq!(at(1_000), Some("ikibuguzo"));
        assert_eq!(at(1_599), Some("ikibuguzo"));
        assert_eq!(at(1_600), Some("kubuguza"));
        assert_eq!(at(2_200), Some("njombwa"));
        assert_eq!(at(2_800), Some("ikibuguzo"), "from the start again");
        assert_eq!(at(1_000 + 600 * 3_000_001), Some("kubuguza"));
        assert_eq!(variant_at(0, 5_000, 0, &variants), Some(&"ikibuguzo"), "no interval: no rotation");
        assert_eq!(variant_at::<&str>(0, 5_000, 600, &[]), None);
    }

    #[test]
    fn next_rotation() {
        assert_eq!(next_rotation_ms(1_000, 1_000, 600), Some(1_600));
        assert_eq!(next_rotation_ms(1_000, 1_599, 600), Some(1_600));
        assert_eq!(next_rotation_ms(1_000, 1_600, 600), Some(2_200));
        assert_eq!(next_rotation_ms(1_000, 0, 600), Some(1_600));
        assert_eq!(next_rotation_ms(1_000, 1_200, 0), None);
    }
}
