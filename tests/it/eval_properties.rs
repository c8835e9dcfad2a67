//! Identities of attention that must hold for any input (proptest), checked through the
//! language itself: inputs are bound as variables, expressions are evaluated with `run`.

use attn_course::eval::{Env, Matrix, Value, run};
use proptest::prelude::*;

fn matrix(rows: usize, cols: usize, range: f64) -> impl Strategy<Value = Value> {
    prop::collection::vec(-range..range, rows * cols)
        .prop_map(move |data| Value::Matrix(Matrix::new(rows, cols, data).expect("sizes agree")))
}

/// Runs `src` with `bindings` and returns the result's entries.
fn eval(src: &str, bindings: &[(&str, &Value)]) -> Vec<f64> {
    let mut env = Env::new();
    for (name, value) in bindings {
        env.bind(name, (*value).clone());
    }
    match run(src, &mut env) {
        Ok(value) => value.elements().to_vec(),
        Err(e) => panic!("{src}: {e}"),
    }
}

fn assert_all_close(a: &[f64], b: &[f64], tolerance: f64) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        prop_assert!(
            (x - y).abs() <= tolerance * (1.0 + y.abs()),
            "{:?} vs {:?}",
            a,
            b
        );
    }
    Ok(())
}

/// A permutation of 0..n.
fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

/// The permutation matrix P with (P X)_i = x_perm[i].
fn permutation_matrix(perm: &[usize]) -> Value {
    let n = perm.len();
    let data = (0..n * n)
        .map(|k| if perm[k / n] == k % n { 1.0 } else { 0.0 })
        .collect();
    Value::Matrix(Matrix::new(n, n, data).expect("square"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn softmax_rows_are_distributions(s in matrix(3, 5, 50.0)) {
        let a = eval("softmax(S)", &[("S", &s)]);
        for row in a.chunks(5) {
            prop_assert!(row.iter().all(|&w| (0.0..=1.0).contains(&w)));
            prop_assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn softmax_is_shift_invariant(s in matrix(2, 4, 20.0), c in -500.0..500.0f64) {
        let c = Value::Scalar(c);
        let shifted = eval("softmax(S + c)", &[("S", &s), ("c", &c)]);
        let plain = eval("softmax(S)", &[("S", &s)]);
        assert_all_close(&shifted, &plain, 1e-9)?;
    }

    #[test]
    fn attention_with_identity_values_returns_the_weights(
        q in matrix(3, 2, 3.0),
        k in matrix(4, 2, 3.0),
    ) {
        let out = eval("attention(Q, K, eye(4))", &[("Q", &q), ("K", &k)]);
        let weights = eval("attention_weights(Q, K)", &[("Q", &q), ("K", &k)]);
        assert_all_close(&out, &weights, 1e-14)?;
        let by_hand = eval("softmax(Q @ K.T / sqrt(2))", &[("Q", &q), ("K", &k)]);
        assert_all_close(&out, &by_hand, 1e-12)?;
    }

    #[test]
    fn self_attention_is_permutation_equivariant(
        x in matrix(4, 3, 2.0),
        wq in matrix(3, 2, 2.0),
        wk in matrix(3, 2, 2.0),
        wv in matrix(3, 3, 2.0),
        perm in permutation(4),
    ) {
        let p = permutation_matrix(&perm);
        let bindings = [("X", &x), ("WQ", &wq), ("WK", &wk), ("WV", &wv), ("P", &p)];
        let permuted_first = eval("let Y = P @ X; attention(Y @ WQ, Y @ WK, Y @ WV)", &bindings);
        let permuted_after = eval("P @ attention(X @ WQ, X @ WK, X @ WV)", &bindings);
        assert_all_close(&permuted_first, &permuted_after, 1e-10)?;
    }

    #[test]
    fn layernorm_rows_have_mean_0_and_variance_just_under_1(x in matrix(3, 6, 10.0)) {
        let eps = 1e-5;
        let y = eval("layernorm(X)", &[("X", &x)]);
        for (row, input) in y.chunks(6).zip(x.elements().chunks(6)) {
            let mean = row.iter().sum::<f64>() / 6.0;
            let var = row.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / 6.0;
            let m_in = input.iter().sum::<f64>() / 6.0;
            let var_in = input.iter().map(|v| (v - m_in).powi(2)).sum::<f64>() / 6.0;
            prop_assert!(mean.abs() < 1e-12);
            // var = var_in / (var_in + eps): below 1 by eps / var_in to first order.
            prop_assert!(var <= 1.0 + 1e-12);
            prop_assert!(1.0 - var <= eps / var_in + 1e-12, "var {} for input variance {}", var, var_in);
        }
    }

    #[test]
    fn multihead_with_one_head_is_attention_then_projection(
        x in matrix(3, 4, 2.0),
        wq in matrix(4, 2, 2.0),
        wk in matrix(4, 2, 2.0),
        wv in matrix(4, 3, 2.0),
        wo in matrix(3, 4, 2.0),
    ) {
        let bindings = [("X", &x), ("WQ", &wq), ("WK", &wk), ("WV", &wv), ("WO", &wo)];
        let multi = eval("multihead(X, WQ, WK, WV, WO, 1)", &bindings);
        let single = eval("attention(X @ WQ, X @ WK, X @ WV) @ WO", &bindings);
        assert_all_close(&multi, &single, 1e-12)?;
    }

    #[test]
    fn multihead_concatenates_heads_on_column_blocks(
        x in matrix(3, 4, 2.0),
        wq in matrix(4, 4, 2.0),
        wk in matrix(4, 4, 2.0),
        wv in matrix(4, 2, 2.0),
        wo in matrix(2, 4, 2.0),
    ) {
        let bindings = [("X", &x), ("WQ", &wq), ("WK", &wk), ("WV", &wv), ("WO", &wo)];
        let multi = eval("multihead(X, WQ, WK, WV, WO, 2)", &bindings);
        // Head r uses columns r*d_k..(r+1)*d_k: select them with 0/1 matrices.
        let by_hand = eval(
            "let S0 = [[1,0],[0,1],[0,0],[0,0]]; let S1 = [[0,0],[0,0],[1,0],[0,1]];
             let Q = X @ WQ; let K = X @ WK; let V = X @ WV;
             let H0 = attention(Q @ S0, K @ S0, V @ [[1],[0]]);
             let H1 = attention(Q @ S1, K @ S1, V @ [[0],[1]]);
             concat(H0, H1, 1) @ WO",
            &bindings,
        );
        assert_all_close(&multi, &by_hand, 1e-12)?;
    }

    #[test]
    fn rope_preserves_row_norms(x in matrix(5, 6, 3.0)) {
        let rotated = eval("rope(X)", &[("X", &x)]);
        for (row, input) in rotated.chunks(6).zip(x.elements().chunks(6)) {
            let norm = |r: &[f64]| r.iter().map(|v| v * v).sum::<f64>().sqrt();
            prop_assert!((norm(row) - norm(input)).abs() < 1e-12 * (1.0 + norm(input)));
        }
    }

    #[test]
    fn rope_scores_depend_only_on_the_offset(
        q in matrix(1, 4, 2.0),
        k in matrix(1, 4, 2.0),
        t in 0usize..5,
        s in 0usize..5,
        shift in 1usize..4,
    ) {
        // The same q at every position and the same k at every position.
        let bindings = [("q", &q), ("k", &k)];
        let src = format!(
            "let Q = rope(ones(9, 1) @ q); let K = rope(ones(9, 1) @ k);
             [dot(Q[{t}], K[{s}]), dot(Q[{}], K[{}])]",
            t + shift,
            s + shift
        );
        let scores = eval(&src, &bindings);
        prop_assert!((scores[0] - scores[1]).abs() < 1e-12, "{:?}", scores);
    }

    #[test]
    fn any_text_gives_a_value_or_an_error_never_a_panic(
        src in "[0-9a-zA-Z_+*/^@()\\[\\],;=. \\-]{0,60}",
    ) {
        let _ = run(&src, &mut Env::new());
    }

    #[test]
    fn any_call_shape_gives_a_value_or_an_error_never_a_panic(
        name in prop::sample::select(attn_course::eval::function_names().collect::<Vec<_>>()),
        args in prop::collection::vec(
            prop::sample::select(vec!["1", "0", "-1", "2.5", "inf", "-inf", "[1, 2]", "[[1, 2], [3, 4]]",
                "[[1], [2]]", "eye(3)", "[-inf, 0]", "[[1, 2, 3]]", "0 / 0"]),
            0..8,
        ),
    ) {
        let src = format!("{name}({})", args.join(", "));
        let _ = run(&src, &mut Env::new());
    }
}
