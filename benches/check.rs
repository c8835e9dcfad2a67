//! `attn-course check --seeds 100` on the embedded course, the mutation lint included
//! (issue 25's limit: under 3 s on this machine). One sample is a whole check: every
//! lesson's equations, claims and figures, and every problem over 100 learners and its
//! range ends, each draw judged against its listed mistakes and every mutant generated
//! from its answer.
//!
//! Measured 2026-12-02 (release, 2 shared cores, 9 agents building): see the closing
//! note of issue 25 (`check_seeds_100`).

use std::hint::black_box;
use std::time::Duration;

use attn_course::content::Course;
use criterion::{Criterion, criterion_group, criterion_main};

fn check(c: &mut Criterion) {
    let course = Course::load(None).expect("embedded course");
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("check_seeds_100", |b| {
        b.iter(|| black_box(attn_course::check::check(&course, 100)))
    });
    group.finish();
}

criterion_group!(benches, check);
criterion_main!(benches);
