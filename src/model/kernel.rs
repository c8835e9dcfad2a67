//! The loops the forward pass spends nearly all its time in, written so the compiler
//! vectorises them: the matrix product (about 7.7 million multiply-adds for 64
//! characters) and the GELU (16,384 error functions per layer).
//!
//! Blocks of `ROWS` rows of `a` times `L` columns of `b` are summed in a fixed-size
//! array that stays in registers, and every row of `b` loaded is used `ROWS` times. Each
//! entry is still summed in the plain order `k = 0, 1, …` from zero, the order of a
//! textbook loop: the vector width changes nothing in the result, so every machine (and
//! the AVX2 path below) gives bit-identical activations, and the lessons' numbers with it.

/// Rows of `a` per block: their partial sums and one row of `b` fit in the registers.
const ROWS: usize = 4;

/// `out = a @ b` for row-major `a` (n x k) and `b` (k x m); `out` (n x m) is
/// overwritten. Callers guarantee the lengths (`a.len() = n k`, `b.len() = k m`,
/// `out.len() = n m`).
pub(super) fn matmul(a: &[f32], b: &[f32], k: usize, m: usize, out: &mut [f32]) {
    debug_assert!(k > 0 && m > 0 && a.len().is_multiple_of(k) && b.len() == k * m);
    debug_assert_eq!(out.len(), a.len() / k * m);
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `matmul_avx2` only needs the CPU to have AVX2, checked just above.
        unsafe { matmul_avx2(a, b, k, m, out) };
        return;
    }
    // 8 columns: two SSE registers per row, 8 of the 16 for the partial sums.
    blocked::<8>(a, b, k, m, out);
}

/// The same loops compiled for 8-wide registers (the baseline x86-64 target has only
/// 4-wide SSE2), 16 columns a block (two registers per row); chosen at run time, so the
/// binary still runs on any x86-64.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn matmul_avx2(a: &[f32], b: &[f32], k: usize, m: usize, out: &mut [f32]) {
    blocked::<16>(a, b, k, m, out);
}

/// Blocks of [`ROWS`] rows (then single rows), each `L` columns at a time, then 8, then
/// one.
#[inline(always)]
fn blocked<const L: usize>(a: &[f32], b: &[f32], k: usize, m: usize, out: &mut [f32]) {
    let (a_blocks, a_rest) = a.split_at(a.len() / (ROWS * k) * ROWS * k);
    let (out_blocks, out_rest) = out.split_at_mut(a_blocks.len() / k * m);
    for (a, out) in a_blocks
        .chunks_exact(ROWS * k)
        .zip(out_blocks.chunks_exact_mut(ROWS * m))
    {
        rows::<ROWS, L>(a, b, k, m, out);
    }
    for (a, out) in a_rest.chunks_exact(k).zip(out_rest.chunks_exact_mut(m)) {
        rows::<1, L>(a, b, k, m, out);
    }
}

/// `R` rows of the product: `a` is R x k, `out` R x m.
#[inline(always)]
fn rows<const R: usize, const L: usize>(a: &[f32], b: &[f32], k: usize, m: usize, out: &mut [f32]) {
    let a: [&[f32]; R] = std::array::from_fn(|r| &a[r * k..(r + 1) * k]);
    let c = columns::<R, L>(&a, b, m, out, 0);
    let c = columns::<R, 8>(&a, b, m, out, c);
    columns::<R, 1>(&a, b, m, out, c);
}

/// Columns `from..` of `R` rows of the product in blocks of `L`, as far as whole blocks
/// go; returns where they stop.
#[inline(always)]
fn columns<const R: usize, const L: usize>(
    a: &[&[f32]; R],
    b: &[f32],
    m: usize,
    out: &mut [f32],
    from: usize,
) -> usize {
    let end = from + (m - from) / L * L;
    for c in (from..end).step_by(L) {
        let mut acc = [[0.0f32; L]; R];
        for (kk, b_row) in b.chunks_exact(m).enumerate() {
            let b_lanes: &[f32; L] = b_row[c..c + L].try_into().expect("L wide");
            for (acc, a) in acc.iter_mut().zip(a) {
                let x = a[kk];
                for (s, y) in acc.iter_mut().zip(b_lanes) {
                    *s += x * y;
                }
            }
        }
        for (r, acc) in acc.iter().enumerate() {
            out[r * m + c..r * m + c + L].copy_from_slice(acc);
        }
    }
    end
}

/// Where [`gelu`] leaves the rational approximation for the tail: at −2, Φ is 0.023 and
/// the approximation's 5e-7 is 2e-5 of it.
const TAIL: f32 = -2.0;

/// The exact (erf) GELU, `x Φ(x)`, in place, as `jax.nn.gelu(approximate=False)`.
///
/// The error function is a rational function of `x²` on [−4, 4] (the single-precision
/// approximation Eigen uses; erf(±4) is ±1 in f32): within 5e-7 of erf everywhere,
/// far inside the 1e-4 parity with JAX, and free of the calls that keep a library
/// `erff` from vectorising (it cost a third of the forward pass). Below [`TAIL`] that
/// absolute 5e-7 is no longer small against Φ(x) itself, and `1 + erf` cancels (4-7 %
/// off below −4, exactly 0 below −5.7): there Φ(x) = erfc(−x/√2)/2 comes from the
/// library's `erfcf`, accurate to an ulp or two however far out, so a question about a
/// neuron that stays negative reads the right value.
pub(super) fn gelu(values: &mut [f32]) {
    const NUM: [f32; 7] = [
        -2.726_142_3e-10,
        2.770_681_4e-8,
        -2.101_024e-6,
        -5.692_506_4e-5,
        -7.349_906_3e-4,
        -2.9546e-3,
        -1.609_603_3e-2,
    ];
    const DEN: [f32; 5] = [
        -1.456_607_2e-5,
        -2.133_740_6e-4,
        -1.682_827e-3,
        -7.373_329e-3,
        -1.426_474e-2,
    ];
    for v in values {
        if *v < TAIL {
            *v *= 0.5 * libm::erfcf(-*v * std::f32::consts::FRAC_1_SQRT_2);
            continue;
        }
        let x = *v * std::f32::consts::FRAC_1_SQRT_2;
        let x = x.clamp(-4.0, 4.0);
        let x2 = x * x;
        let num = NUM.iter().fold(0.0f32, |acc, c| acc * x2 + c);
        let den = DEN.iter().fold(0.0f32, |acc, c| acc * x2 + c);
        *v *= 0.5 * (1.0 + x * num / den);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook triple loop, summing in the same order.
    fn naive(a: &[f32], b: &[f32], k: usize, m: usize) -> Vec<f32> {
        let n = a.len() / k;
        let mut out = vec![0.0; n * m];
        for i in 0..n {
            for j in 0..m {
                let mut s = 0.0f32;
                for kk in 0..k {
                    s += a[i * k + kk] * b[kk * m + j];
                }
                out[i * m + j] = s;
            }
        }
        out
    }

    #[test]
    fn equals_the_textbook_loop_bit_for_bit_at_every_block_edge() {
        // Row counts around the 4-row blocks, column counts around the 8- and 16-wide
        // blocks; the dispatched product and the portable (SSE2) one.
        for n in [1, 3, 4, 5, 9] {
            for m in [1, 7, 8, 9, 15, 16, 17, 24, 25, 33] {
                for k in [1, 5, 16] {
                    let a: Vec<f32> = (0..n * k).map(|i| (i as f32 * 0.37).sin()).collect();
                    let b: Vec<f32> = (0..k * m).map(|i| (i as f32 * 0.91).cos()).collect();
                    let want = naive(&a, &b, k, m);
                    let mut out = vec![f32::NAN; n * m];
                    matmul(&a, &b, k, m, &mut out);
                    assert_eq!(out, want, "n={n} k={k} m={m}");
                    let mut out = vec![f32::NAN; n * m];
                    blocked::<8>(&a, &b, k, m, &mut out);
                    assert_eq!(out, want, "portable, n={n} k={k} m={m}");
                }
            }
        }
    }

    #[test]
    fn gelu_is_within_5e_7_of_the_library_error_function() {
        let xs: Vec<f32> = (-2000..=2000).map(|i| i as f32 * 0.005).collect();
        let mut fast = xs.clone();
        gelu(&mut fast);
        for (x, g) in xs.iter().zip(&fast) {
            let x = f64::from(*x);
            let exact = 0.5 * x * (1.0 + libm::erf(x / std::f64::consts::SQRT_2));
            let err = (f64::from(*g) - exact).abs();
            assert!(err <= 5e-7 * x.abs().max(1.0), "x={x}: {g} vs {exact}");
        }
    }

    #[test]
    fn gelu_keeps_its_negative_tail_to_a_relative_1e_5() {
        // Down to −10. Further out the f32 rounding of x/√2 alone (3e-8 of it) moves
        // erfc by 2z² times that, more than 1e-5: JAX's f32 GELU is no closer there.
        let xs: Vec<f32> = (200..=1000).map(|i| i as f32 * -0.01).collect();
        let mut got = xs.clone();
        gelu(&mut got);
        for (x, g) in xs.iter().zip(&got) {
            let x = f64::from(*x);
            let exact = 0.5 * x * libm::erfc(-x / std::f64::consts::SQRT_2);
            let rel = ((f64::from(*g) - exact) / exact).abs();
            assert!(rel <= 1e-5, "x={x}: {g} vs {exact} ({rel:e})");
        }
    }
}
