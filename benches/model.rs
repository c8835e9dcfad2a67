//! The shipped model's forward pass on a 64-character text, every activation kept
//! (target: under 1 ms), and the same through the evaluator from the kept run.
//!
//! `cargo bench --bench model`

use std::hint::black_box;

use attn_course::eval::{Env, run};
use attn_course::model::shipped;
use criterion::{Criterion, criterion_group, criterion_main};

const TEXT: &str = "The query and the key of the query and the key set the weights..";

fn bench(c: &mut Criterion) {
    assert_eq!(TEXT.len(), 64);
    let model = shipped().expect("the course ships a model");
    let ids = model.encode(TEXT).expect("encodes");
    let positions: Vec<Option<usize>> = (0..ids.len()).map(Some).collect();
    c.bench_function("forward pass, 64 characters", |b| {
        b.iter(|| model.run(black_box(&ids), &positions).expect("runs"))
    });
    let src = format!("attn_weights(\"{TEXT}\", 1, 2)");
    c.bench_function("attn_weights of a kept run (evaluator)", |b| {
        b.iter(|| run(black_box(&src), &mut Env::new()).expect("evaluates"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
