//! What the benchmarks time: a spin loop, a check that is wrong before the
//! fix, and a sum over n numbers (a parameter).

/// A value the optimiser cannot see through (std::hint::black_box is not
/// stable in Debian 12's rustc 1.63).
fn opaque(x: u64) -> u64 {
    unsafe { std::ptr::read_volatile(&x) }
}

/// A busy loop; the fix makes it do a little more work.
pub fn spin() -> u64 {
    let n: u64 = if cfg!(feature = "fixed") { 1200 } else { 1000 };
    (0..n).fold(0, |a, x| opaque(a ^ x.wrapping_mul(2654435761)))
}

/// 42 after the fix, 41 before.
pub fn check() -> u64 {
    let s: u64 = (1..=6).sum::<u64>() * 2;
    if cfg!(feature = "fixed") { s } else { s - 1 }
}

pub fn sum(n: u64) -> u64 {
    (0..n).map(opaque).sum()
}

#[cfg(test)]
mod tests {
    #[test]
    fn check_is_42() {
        assert_eq!(super::check(), 42);
    }
}
