//! Numbers for demonstrations: `rand` and `randn` draw from a generator fixed by a seed,
//! so a lesson's figure or claim is the same on every machine and every run, and
//! `linspace` spaces points evenly.
//!
//! The generator, exactly (so that anyone can reproduce the numbers):
//!
//! - **Stream.** SplitMix64 started at `state = seed` (a whole number, 0 <= seed < 2^53).
//!   Each draw adds `0x9E3779B97F4A7C15` to `state` (wrapping at 2^64), then mixes it:
//!   `z = state; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) *
//!   0x94D049BB133111EB; z ^ (z >> 31)` (wrapping products).
//! - **Uniform** (`rand`): the top 53 bits of a draw times 2^-53, so in [0, 1).
//! - **Normal** (`randn`): Box–Muller on two uniforms `u1` then `u2`:
//!   `r = sqrt(-2 ln(1 - u1))`, giving `r cos(2 pi u2)` then `r sin(2 pi u2)`. An odd
//!   count drops the last sine.
//! - **Order.** Entries are filled row-major from one stream, so `randn(2, 3, s)` holds
//!   the same six numbers as `randn(6, s)`.
//!
//! `rand(n, seed)` and `randn(n, seed)` are vectors, `rand(r, c, seed)` and
//! `randn(r, c, seed)` matrices, as `zeros(n)` and `zeros(r, c)`.

use std::f64::consts::PI;

use super::args::{count, integer, scalar};
use super::budget::Budget;
use super::number::format_number;
use super::value::{Matrix, Value};

/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast, and its whole state is the seed.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1): every multiple of 2^-53 equally likely.
    fn uniform(&mut self) -> f64 {
        (self.next() >> 11) as f64 * (-53f64).exp2()
    }
}

/// `rand(n, seed)` or `rand(r, c, seed)`: uniform entries in [0, 1).
pub(crate) fn rand(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let (rows, cols, rng) = setup(args, budget)?;
    let data = uniforms(rng).take(rows.unwrap_or(1) * cols).collect();
    Ok(shaped(rows, cols, data))
}

/// `randn(n, seed)` or `randn(r, c, seed)`: standard normal entries.
pub(crate) fn randn(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let (rows, cols, rng) = setup(args, budget)?;
    let data = normals(rng).take(rows.unwrap_or(1) * cols).collect();
    Ok(shaped(rows, cols, data))
}

/// `randn`'s stream with `seed`: the model's initialisation (`"init SEED"`) draws its
/// weights from it, so a seed names one draw.
pub(crate) fn randn_stream(seed: u64) -> impl Iterator<Item = f64> {
    normals(SplitMix64(seed))
}

/// `rand`'s stream with `seed`.
pub(crate) fn rand_stream(seed: u64) -> impl Iterator<Item = f64> {
    uniforms(SplitMix64(seed))
}

fn uniforms(mut rng: SplitMix64) -> impl Iterator<Item = f64> {
    std::iter::repeat_with(move || rng.uniform())
}

/// Box–Muller pairs, cosine then sine.
fn normals(mut rng: SplitMix64) -> impl Iterator<Item = f64> {
    std::iter::repeat_with(move || {
        let (u1, u2) = (rng.uniform(), rng.uniform());
        let r = (-2.0 * (1.0 - u1).ln()).sqrt();
        let (sin, cos) = (2.0 * PI * u2).sin_cos();
        [r * cos, r * sin]
    })
    .flatten()
}

/// Reads `(n, seed)` or `(r, c, seed)`: the rows (none for a vector), the columns, and
/// the generator, after checking the size fits the budget.
fn setup(
    args: &[Value],
    budget: &mut Budget,
) -> Result<(Option<usize>, usize, SplitMix64), String> {
    let (sizes, seed) = args.split_at(args.len() - 1);
    let seed = integer(&seed[0], "the seed")?;
    let seed =
        u64::try_from(seed).map_err(|_| format!("the seed must be 0 or more, got {seed}"))?;
    let (rows, cols) = match sizes {
        [n] => (None, count(n, "the size")?),
        [r, c] => (Some(count(r, "the size")?), count(c, "the size")?),
        _ => return Err("give the size, then the seed".into()),
    };
    budget.alloc("the result", rows.unwrap_or(1), cols)?;
    Ok((rows, cols, SplitMix64(seed)))
}

fn shaped(rows: Option<usize>, cols: usize, data: Vec<f64>) -> Value {
    match rows {
        Some(r) => Value::Matrix(Matrix::from_fn(r, cols, |i, j| data[i * cols + j])),
        None => Value::Vector(data),
    }
}

/// `linspace(a, b, n)`: n evenly spaced numbers from a to b, both included (as
/// `np.linspace`: `a + i (b - a) / (n - 1)`, the last one exactly b).
pub(crate) fn linspace(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let a = scalar(&args[0], "the start")?;
    let b = scalar(&args[1], "the end")?;
    if !(a.is_finite() && b.is_finite()) {
        return Err(format!(
            "linspace needs finite ends, got {} and {}",
            format_number(a),
            format_number(b)
        ));
    }
    let n = count(&args[2], "the number of points")?;
    budget.alloc("the result", 1, n)?;
    if n == 1 {
        return Ok(Value::Vector(vec![a]));
    }
    let last = (n - 1) as f64;
    let step = (b - a) / last;
    let mut out: Vec<f64> = if step.is_finite() {
        (0..n).map(|i| a + i as f64 * step).collect()
    } else {
        // `b - a` overflows (ends near ±f64::MAX): weigh the ends instead, which stays
        // finite, where `a + 0 * inf` would be NaN.
        (0..n)
            .map(|i| {
                let t = i as f64 / last;
                a * (1.0 - t) + b * t
            })
            .collect()
    };
    out[n - 1] = b;
    Ok(Value::Vector(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::test_support::{apply, assert_close};

    const S: fn(f64) -> Value = Value::Scalar;

    /// SplitMix64's well-known test vector: the first draws from seed 1234567 (checked
    /// again by the Python implementation the golden values below come from).
    #[test]
    fn splitmix64_matches_the_reference_stream() {
        let mut rng = SplitMix64(1234567);
        let want: [u64; 5] = [
            6457827717110365317,
            3203168211198807973,
            9817491932198370423,
            4593380528125082431,
            16408922859458223821,
        ];
        for w in want {
            assert_eq!(rng.next(), w);
        }
    }

    /// Golden values, computed independently by a 20-line Python implementation of the
    /// algorithm in the module doc (integers masked to 64 bits, `math.log`, `math.cos`,
    /// `math.sin`), run once and pasted here with `repr`'s shortest round-trip digits.
    #[test]
    fn golden_values_from_an_independent_implementation() {
        let run = |src: &str| crate::eval::run(src, &mut crate::eval::Env::new()).unwrap();
        assert_close(
            &run("rand(4, 42)"),
            &[
                0.7415648787718233,
                0.1599103928769201,
                0.27860113025513866,
                0.34419071652363753,
            ],
        );
        assert_close(
            &run("randn(5, 42)"),
            &[
                0.8822489062222688,
                1.388473285287707,
                -0.4508498757188601,
                0.6707164409024291,
                0.1883526341159315,
            ],
        );
        assert_close(
            &run("randn(1, 3, 0)"),
            &[-1.8839083333524405, 0.8645068595575148, 0.22760793546360525],
        );
    }

    #[test]
    fn shapes_follow_zeros_and_one_stream_fills_row_major() {
        let v = apply(randn, &[S(6.0), S(7.0)]).unwrap();
        let m = apply(randn, &[S(2.0), S(3.0), S(7.0)]).unwrap();
        assert_eq!(v.shape(), crate::eval::Shape::Vector(6));
        assert_eq!(m.shape(), crate::eval::Shape::Matrix(2, 3));
        assert_eq!(v.elements(), m.elements());
        // An odd count is the even one's prefix.
        let odd = apply(randn, &[S(5.0), S(7.0)]).unwrap();
        assert_eq!(odd.elements(), &v.elements()[..5]);
        let u = apply(rand, &[S(1000.0), S(3.0)]).unwrap();
        assert!(u.elements().iter().all(|x| (0.0..1.0).contains(x)));
        assert_ne!(
            apply(rand, &[S(3.0), S(1.0)]),
            apply(rand, &[S(3.0), S(2.0)])
        );
    }

    #[test]
    fn bad_sizes_and_seeds_are_errors() {
        let err = |args: &[Value]| apply(randn, args).unwrap_err();
        assert_eq!(
            err(&[S(-2.0), S(1.0)]),
            "the size must be at least 1, got -2"
        );
        assert_eq!(
            err(&[S(2.5), S(3.0), S(1.0)]),
            "the size must be a whole number, got 2.5"
        );
        assert_eq!(
            err(&[S(3.0), S(-1.0)]),
            "the seed must be 0 or more, got -1"
        );
        assert_eq!(
            err(&[S(3.0), S(0.5)]),
            "the seed must be a whole number, got 0.5"
        );
        assert_eq!(
            err(&[S(300.0), S(300.0), S(1.0)]),
            "the result would have 90000 entries; the limit is 65536"
        );
        assert!(apply(rand, &[S(256.0), S(256.0), S(1.0)]).is_ok());
    }

    #[test]
    fn linspace_includes_both_ends() {
        assert_close(
            &apply(linspace, &[S(0.0), S(1.0), S(5.0)]).unwrap(),
            &[0.0, 0.25, 0.5, 0.75, 1.0],
        );
        assert_close(
            &apply(linspace, &[S(2.0), S(-1.0), S(4.0)]).unwrap(),
            &[2.0, 1.0, 0.0, -1.0],
        );
        assert_eq!(
            apply(linspace, &[S(3.0), S(9.0), S(1.0)]),
            Ok(Value::Vector(vec![3.0]))
        );
        // The last point is the end itself, not a sum that rounds near it.
        let v = apply(linspace, &[S(0.0), S(0.3), S(7.0)]).unwrap();
        assert_eq!(v.elements()[6], 0.3);
        assert!(apply(linspace, &[S(0.0), S(1.0), S(0.0)]).is_err());
        // Ends whose difference overflows: finite points, both ends exact.
        assert_eq!(
            apply(linspace, &[S(-1e308), S(1e308), S(3.0)]),
            Ok(Value::Vector(vec![-1e308, 0.0, 1e308]))
        );
        let wide = apply(linspace, &[S(f64::MAX), S(-f64::MAX), S(5.0)]).unwrap();
        assert!(wide.elements().iter().all(|x| x.is_finite()), "{wide:?}");
        assert!(apply(linspace, &[S(0.0), S(f64::INFINITY), S(3.0)]).is_err());
        assert!(
            apply(linspace, &[S(0.0), S(1.0), S(70000.0)])
                .unwrap_err()
                .contains("the limit is 65536")
        );
    }
}
