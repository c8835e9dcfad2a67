//! Softmax and scaled dot-product attention (Vaswani et al., 2017, eq. 1 and §3.2.2),
//! in the row convention: tokens are rows, `Q K^T` is queries x keys.

use super::args::{count, needs_array, scalar};
use super::budget::Budget;
use super::number::format_number;
use super::ops::{broadcast, matmul_data};
use super::value::{Matrix, Rows, Shape, Value, rows_value};

/// `softmax(x)` over the last axis (each row of a matrix); `softmax(x, T)` divides by the
/// temperature `T > 0` first.
pub(crate) fn softmax(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let x = &args[0];
    let temperature = match args.get(1) {
        None => 1.0,
        Some(t) => {
            let t = scalar(t, "the temperature")?;
            if !(t > 0.0 && t.is_finite()) {
                return Err(format!(
                    "the temperature must be a finite number > 0, got {}",
                    format_number(t)
                ));
            }
            t
        }
    };
    budget.work(3 * x.len() as u64)?;
    let mut data: Vec<f64> = x.elements().iter().map(|v| v / temperature).collect();
    let cols = x.as_rows().map_or(1, |r| r.cols);
    softmax_rows(&mut data, cols, "row")?;
    Ok(match x {
        Value::Scalar(_) => Value::Scalar(data[0]),
        Value::Vector(_) => Value::Vector(data),
        Value::Matrix(m) => rows_value(false, m.rows(), cols, data),
    })
}

/// Softmax of each `cols`-long row of `data`, in place. Subtracting the row's maximum
/// first makes every exponent <= 0, so nothing overflows and at least one term is 1.
/// A row whose entries are all -inf has no distribution: that is an error naming the
/// row (`noun` says what a row is: "row" or "query row"), and so is a row containing
/// NaN or +inf, where the result would be NaN.
pub(crate) fn softmax_rows(data: &mut [f64], cols: usize, noun: &str) -> Result<(), String> {
    for (i, row) in data.chunks_mut(cols).enumerate() {
        if let Some(&bad) = row.iter().find(|x| x.is_nan() || **x == f64::INFINITY) {
            return Err(format!(
                "{noun} {i} contains {}: softmax is undefined there",
                format_number(bad)
            ));
        }
        let max = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if max == f64::NEG_INFINITY {
            return Err(format!(
                "{noun} {i} is fully masked (every entry is -inf), so softmax is undefined"
            ));
        }
        let mut total = 0.0;
        for x in row.iter_mut() {
            *x = (*x - max).exp();
            total += *x;
        }
        for x in row.iter_mut() {
            *x /= total;
        }
    }
    Ok(())
}

/// The additive causal mask: 0 on and below the diagonal, -inf above (query i sees keys
/// 0..=i).
pub(crate) fn causal_mask(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let n = count(&args[0], "n")?;
    budget.alloc("the mask", n, n)?;
    Ok(Value::Matrix(Matrix::from_fn(n, n, |i, j| {
        if j > i { f64::NEG_INFINITY } else { 0.0 }
    })))
}

/// `attention(Q, K, V[, M])` = softmax(Q K^T / sqrt(d_k) + M) V, d_k = columns of K.
pub(crate) fn attention(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let (q, k, v) = (
        rows_of(&args[0], "Q")?,
        rows_of(&args[1], "K")?,
        rows_of(&args[2], "V")?,
    );
    if v.rows != k.rows {
        return Err(format!(
            "V must have one row per key: K is {} but V is {}",
            args[1].shape(),
            args[2].shape()
        ));
    }
    let weights = weights(q, k, args.get(3), budget)?;
    let out = matmul_data(&weights, q.rows, k.rows, v.data, v.cols, budget)?;
    Ok(q.rebuild(q.rows, v.cols, out))
}

/// `attention_weights(Q, K[, M])` = softmax(Q K^T / sqrt(d_k) + M): row i is query i's
/// distribution over the keys.
pub(crate) fn attention_weights(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let (q, k) = (rows_of(&args[0], "Q")?, rows_of(&args[1], "K")?);
    let weights = weights(q, k, args.get(2), budget)?;
    Ok(q.rebuild(q.rows, k.rows, weights))
}

/// `multihead(X, WQ, WK, WV, WO, h[, M])`: project X to Q, K, V, split their columns into
/// h equal blocks (head r takes columns r d_k .. (r+1) d_k), attend within each block,
/// concatenate the h outputs side by side and project with WO.
pub(crate) fn multihead(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let x = rows_of(&args[0], "X")?;
    let h = count(&args[5], "the number of heads h")?;
    let project =
        |w: &Value, name: &str, budget: &mut Budget| -> Result<(usize, Vec<f64>), String> {
            let w = rows_of(w, name)?;
            if w.rows != x.cols {
                return Err(format!(
                    "{name} must have one row per column of X: X is {} but {name} is ({}x{})",
                    args[0].shape(),
                    w.rows,
                    w.cols
                ));
            }
            if w.cols % h != 0 {
                return Err(format!(
                    "{name} has {} columns, which do not split into {h} equal heads",
                    w.cols
                ));
            }
            Ok((
                w.cols,
                matmul_data(x.data, x.rows, x.cols, w.data, w.cols, budget)?,
            ))
        };
    let (qk_cols, q) = project(&args[1], "WQ", budget)?;
    let (k_cols, k) = project(&args[2], "WK", budget)?;
    let (v_cols, v) = project(&args[3], "WV", budget)?;
    if qk_cols != k_cols {
        return Err(format!(
            "WQ and WK must have the same number of columns, got {qk_cols} and {k_cols}"
        ));
    }
    let wo = rows_of(&args[4], "WO")?;
    if wo.rows != v_cols {
        return Err(format!(
            "WO must have one row per column of the concatenated heads ({v_cols}), got {}",
            args[4].shape()
        ));
    }
    let (n, dk, dv) = (x.rows, qk_cols / h, v_cols / h);
    let mut heads = vec![0.0; n * v_cols];
    for r in 0..h {
        let block = |data: &[f64], width: usize, d: usize| -> Vec<f64> {
            data.chunks(width)
                .flat_map(|row| row[r * d..(r + 1) * d].to_vec())
                .collect()
        };
        let (qr, kr, vr) = (
            block(&q, qk_cols, dk),
            block(&k, qk_cols, dk),
            block(&v, v_cols, dv),
        );
        let (qr, kr) = (Rows::matrix(n, dk, &qr), Rows::matrix(n, dk, &kr));
        let weights = weights(qr, kr, args.get(6), budget)?;
        let out = matmul_data(&weights, n, n, &vr, dv, budget)?;
        for (i, row) in out.chunks(dv).enumerate() {
            heads[i * v_cols + r * dv..i * v_cols + (r + 1) * dv].copy_from_slice(row);
        }
    }
    let out = matmul_data(&heads, n, v_cols, wo.data, wo.cols, budget)?;
    Ok(x.rebuild(n, wo.cols, out))
}

/// softmax(Q K^T / sqrt(d_k) + M) as row-major `q.rows x k.rows` data.
fn weights(
    q: Rows,
    k: Rows,
    mask: Option<&Value>,
    budget: &mut Budget,
) -> Result<Vec<f64>, String> {
    if q.cols != k.cols {
        return Err(format!(
            "Q and K must have the same number of columns (d_k): Q is ({}x{}) but K is ({}x{})",
            q.rows, q.cols, k.rows, k.cols
        ));
    }
    let (n, m) = (q.rows, k.rows);
    let kt = Matrix::from_fn(k.cols, m, |i, j| k.data[j * k.cols + i]);
    let scale = (k.cols as f64).sqrt();
    let mut scores: Vec<f64> = matmul_data(q.data, n, q.cols, kt.data(), m, budget)?
        .into_iter()
        .map(|s| s / scale)
        .collect();
    if let Some(mask) = mask {
        let misfit = || {
            format!(
                "the mask {} does not fit the ({n}x{m}) scores",
                mask.shape()
            )
        };
        let scores_value = rows_value(false, n, m, scores);
        let masked = broadcast(&scores_value, mask, |s, b| s + b, budget, misfit)?;
        if masked.shape() != Shape::Matrix(n, m) {
            return Err(misfit());
        }
        scores = masked.into_elements();
    }
    softmax_rows(&mut scores, m, "query row")?;
    Ok(scores)
}

fn rows_of<'a>(v: &'a Value, name: &str) -> Result<Rows<'a>, String> {
    v.as_rows().ok_or_else(|| needs_array(name, v.shape()))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::eval::test_support::{apply, assert_close, m};

    const S: fn(f64) -> Value = Value::Scalar;
    const V: fn(Vec<f64>) -> Value = Value::Vector;
    const NEG_INF: f64 = f64::NEG_INFINITY;

    #[test]
    fn softmax_by_hand() {
        // e / (e + 2) = 0.576116884765829..., 1 / (e + 2) = 0.211941557617086...
        let e = std::f64::consts::E;
        let r = apply(softmax, &[V(vec![1.0, 0.0, 0.0])]).unwrap();
        assert_close(&r, &[e / (e + 2.0), 1.0 / (e + 2.0), 1.0 / (e + 2.0)]);
        let r = apply(softmax, &[m(2, 2, &[0.0, 0.0, 0.0, 2.0_f64.ln()])]).unwrap();
        assert_close(&r, &[0.5, 0.5, 1.0 / 3.0, 2.0 / 3.0]);
        // Temperature 2 halves the scores: [ln 4, 0] / 2 = [ln 2, 0] -> [2/3, 1/3].
        let r = apply(softmax, &[V(vec![4.0_f64.ln(), 0.0]), S(2.0)]).unwrap();
        assert_close(&r, &[2.0 / 3.0, 1.0 / 3.0]);
        assert_eq!(apply(softmax, &[S(7.0)]), Ok(S(1.0)));
    }

    #[test]
    fn softmax_is_numerically_stable() {
        assert_eq!(
            apply(softmax, &[V(vec![1000.0, 1000.0])]),
            Ok(V(vec![0.5, 0.5]))
        );
        let r = apply(softmax, &[V(vec![-1000.0, 0.0])]).unwrap();
        assert_eq!(r, V(vec![0.0, 1.0]));
        assert_eq!(
            apply(softmax, &[V(vec![NEG_INF, 0.0])]),
            Ok(V(vec![0.0, 1.0]))
        );
    }

    #[test]
    fn softmax_errors() {
        assert_eq!(
            apply(softmax, &[m(2, 2, &[0.0, 0.0, NEG_INF, NEG_INF])]).unwrap_err(),
            "row 1 is fully masked (every entry is -inf), so softmax is undefined"
        );
        assert_eq!(
            apply(softmax, &[V(vec![f64::INFINITY, 0.0])]).unwrap_err(),
            "row 0 contains inf: softmax is undefined there"
        );
        assert!(
            apply(softmax, &[V(vec![f64::NAN])])
                .unwrap_err()
                .contains("contains nan")
        );
        assert_eq!(
            apply(softmax, &[V(vec![1.0]), S(0.0)]).unwrap_err(),
            "the temperature must be a finite number > 0, got 0"
        );
    }

    #[test]
    fn causal_mask_by_hand() {
        assert_eq!(
            apply(causal_mask, &[S(3.0)]),
            Ok(m(
                3,
                3,
                &[0.0, NEG_INF, NEG_INF, 0.0, 0.0, NEG_INF, 0.0, 0.0, 0.0]
            ))
        );
    }

    #[test]
    fn attention_by_hand() {
        // Q = K = I (d_k = 2): scores I / √2, so each row weighs itself e^(1/√2) : 1.
        let id = m(2, 2, &[1.0, 0.0, 0.0, 1.0]);
        let v = m(2, 1, &[10.0, 20.0]);
        let a = (0.5f64.sqrt()).exp();
        let (w_self, w_other) = (a / (a + 1.0), 1.0 / (a + 1.0));
        let r = apply(attention, &[id.clone(), id.clone(), v.clone()]).unwrap();
        assert_close(
            &r,
            &[
                10.0 * w_self + 20.0 * w_other,
                10.0 * w_other + 20.0 * w_self,
            ],
        );
        let w = apply(attention_weights, &[id.clone(), id.clone()]).unwrap();
        assert_close(&w, &[w_self, w_other, w_other, w_self]);
        // Under the causal mask query 0 sees only key 0.
        let mask = apply(causal_mask, &[S(2.0)]).unwrap();
        let r = apply(attention, &[id.clone(), id.clone(), v, mask]).unwrap();
        assert_close(&r, &[10.0, 10.0 * w_other + 20.0 * w_self]);
        // A single query as a vector gives a vector.
        let r = apply(attention, &[V(vec![1.0, 0.0]), id.clone(), id]).unwrap();
        assert_close(&r, &[w_self, w_other]);
        assert!(matches!(r, Value::Vector(_)));
    }

    #[test]
    fn attention_errors_name_the_shapes() {
        let a = m(2, 3, &[0.0; 6]);
        let b = m(2, 2, &[0.0; 4]);
        assert_eq!(
            apply(attention, &[a.clone(), b.clone(), b.clone()]).unwrap_err(),
            "Q and K must have the same number of columns (d_k): Q is (2x3) but K is (2x2)"
        );
        assert_eq!(
            apply(attention, &[b.clone(), b.clone(), m(3, 1, &[0.0; 3])]).unwrap_err(),
            "V must have one row per key: K is (2x2) but V is (3x1)"
        );
        let full = m(2, 2, &[NEG_INF; 4]);
        assert_eq!(
            apply(attention, &[b.clone(), b.clone(), b.clone(), full]).unwrap_err(),
            "query row 0 is fully masked (every entry is -inf), so softmax is undefined"
        );
        assert_eq!(
            apply(attention, &[b.clone(), b.clone(), b.clone(), a]).unwrap_err(),
            "the mask (2x3) does not fit the (2x2) scores"
        );
        assert_eq!(
            apply(attention, &[S(1.0), b.clone(), b]).unwrap_err(),
            "Q must be a vector or a matrix, got a number"
        );
    }

    #[test]
    fn multihead_by_hand() {
        // Two heads on two tokens with identity projections: head r attends with the
        // r-th column of X alone (d_k = 1). X = [[1, 0], [0, 1]].
        let x = m(2, 2, &[1.0, 0.0, 0.0, 1.0]);
        let id = x.clone();
        let r = apply(
            multihead,
            &[
                x.clone(),
                id.clone(),
                id.clone(),
                id.clone(),
                id.clone(),
                S(2.0),
            ],
        )
        .unwrap();
        // Head 0: q = k = v = column 0 = [1, 0]. Query 0 scores [1, 0] -> weights
        // [e/(e+1), 1/(e+1)], output e/(e+1); query 1 scores [0, 0] -> output 1/2.
        let e = std::f64::consts::E;
        assert_close(&r, &[e / (e + 1.0), 0.5, 0.5, e / (e + 1.0)]);
        assert_eq!(
            apply(
                multihead,
                &[
                    x.clone(),
                    m(2, 3, &[0.0; 6]),
                    id.clone(),
                    id.clone(),
                    id.clone(),
                    S(2.0)
                ]
            )
            .unwrap_err(),
            "WQ has 3 columns, which do not split into 2 equal heads"
        );
        assert!(
            apply(
                multihead,
                &[x, id.clone(), id.clone(), id, m(3, 2, &[0.0; 6]), S(1.0)]
            )
            .unwrap_err()
            .starts_with("WO must have one row per column")
        );
    }
}
