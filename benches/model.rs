//! The shipped model's forward pass on a 64-character text, every activation kept
//! (target: under 1 ms), and the same through the evaluator from the kept run; one
//! intervention on a 64-character text (target: under 2 ms, issue #29), and the
//! statistics over the whole held-out text, one pass over its windows (target: under
//! 300 ms).
//!
//! `cargo bench --bench model`

use std::hint::black_box;

use attn_course::eval::{Env, run};
use attn_course::model::{Edit, Edits, How, Site, shipped, shipped_heldout};
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
    let zero = [Edit {
        how: How::Zero,
        site: Site::Head(0, 3),
        at: None,
    }];
    let edits = Edits {
        list: &zero,
        source: None,
        means: None,
    };
    c.bench_function("intervention \"zero l0.h3\", 64 characters", |b| {
        b.iter(|| {
            model
                .run_edited(black_box(&ids), &positions, &edits)
                .expect("runs")
        })
    });
    let heldout = shipped_heldout().expect("the course ships its held-out text");
    let plain = Edits {
        list: &[],
        source: None,
        means: None,
    };
    let mut group = c.benchmark_group("held-out text");
    group.sample_size(10);
    group.bench_function("every statistic over every window", |b| {
        b.iter(|| {
            model
                .sweep(black_box(heldout), &plain, &mut || Ok(()))
                .expect("sweeps")
        })
    });
    group.finish();
    let src = format!("attn_weights(\"{TEXT}\", 1, 2)");
    c.bench_function("attn_weights of a kept run (evaluator)", |b| {
        b.iter(|| run(black_box(&src), &mut Env::new()).expect("evaluates"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
