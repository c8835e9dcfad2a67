//! The evaluator's cost per problem check: parse + evaluate a typical answer on 4x4
//! matrices (target: under 20 µs), and the two halves separately.
//!
//! `cargo bench --bench eval`

use std::hint::black_box;

use attn_course::eval::{Env, Matrix, Value, parse};
use criterion::{Criterion, criterion_group, criterion_main};

/// A problem's answer: self-attention of a 4-token, 4-wide input under a causal mask,
/// with the weights bound as parameters (as the problem checker binds them).
const ANSWER: &str = "let Q = X @ WQ; let K = X @ WK; let V = X @ WV; \
                      attention(Q, K, V, causal_mask(4))[2] + layernorm(X)[2]";

fn params() -> Env {
    let mut env = Env::new();
    for (k, name) in ["X", "WQ", "WK", "WV"].into_iter().enumerate() {
        let data = (0..16)
            .map(|i| ((i * 7 + k * 3) % 11) as f64 / 5.0 - 1.0)
            .collect();
        env.bind(name, Value::Matrix(Matrix::new(4, 4, data).expect("4x4")));
    }
    env
}

fn bench(c: &mut Criterion) {
    let env = params();
    c.bench_function("check answer 4x4 (parse + eval)", |b| {
        b.iter(|| {
            let program = parse(black_box(ANSWER)).expect("parses");
            program.eval(&mut env.clone()).expect("evaluates")
        })
    });
    let program = parse(ANSWER).expect("parses");
    c.bench_function("eval parsed answer 4x4", |b| {
        b.iter(|| {
            black_box(&program)
                .eval(&mut env.clone())
                .expect("evaluates")
        })
    });
    c.bench_function("parse answer", |b| {
        b.iter(|| parse(black_box(ANSWER)).expect("parses"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
