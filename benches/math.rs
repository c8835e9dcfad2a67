//! Layout speed: the whole corpus (over a hundred literature equations plus every
//! equation of the curriculum) at 80 columns, and the average single equation.
//! Targets (issue 3): the whole course under 5 ms, one equation under 50 µs.

use std::hint::black_box;

use attn_course::math::{Options, display, inline};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const CORPUS: &str = include_str!("../tests/fixtures/equations.txt");

fn equations() -> Vec<&'static str> {
    CORPUS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('%'))
        .collect()
}

fn bench(c: &mut Criterion) {
    let eqs = equations();
    let mut group = c.benchmark_group("math");
    for (name, ascii) in [("unicode", false), ("ascii", true)] {
        let opts = Options { ascii };
        group.throughput(Throughput::Elements(eqs.len() as u64));
        group.bench_function(format!("corpus_display_80_{name}"), |b| {
            b.iter(|| {
                for tex in &eqs {
                    let _ = black_box(display(black_box(tex), 80, &opts));
                }
            });
        });
    }
    let opts = Options::default();
    group.bench_function("corpus_inline_unicode", |b| {
        b.iter(|| {
            for tex in &eqs {
                let _ = black_box(inline(black_box(tex), &opts));
            }
        });
    });
    group.throughput(Throughput::Elements(1));
    let attention =
        r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\left(\frac{QK^\top}{\sqrt{d_k}}\right)V";
    group.bench_function("attention_display_80", |b| {
        b.iter(|| display(black_box(attention), 80, &opts));
    });
    let matrix = eqs
        .iter()
        .copied()
        .max_by_key(|e| e.len())
        .unwrap_or(attention);
    group.bench_function("longest_corpus_equation_display_80", |b| {
        b.iter(|| display(black_box(matrix), 80, &opts));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
