//! The glossary and notation search on the embedded course:
//! - `search_notation_d_k`: `/d_k` over the whole course, text and equation sources
//!   (what Enter in the search prompt costs);
//! - `glossary_keystroke`: opening the `i` view and typing one character (the filter
//!   run twice over every term, each symbol drawn to match drawn queries);
//! - `check_glossary_rules`: the glossary rules of `attn-course check` on all lessons;
//! - `find_terms_20000`: the terms in 10 KB of prose under a 20,000-term glossary (every
//!   name beginning "term", so no first word rules them out). Scanning every phrase at
//!   every word made this quadratic (`list` 10 s); a sorted longest-prefix lookup makes
//!   it the prose's length times log(terms).
//!
//! Measured 2026-11-30 (release, 2 shared cores): 15.8 ms, 0.19 ms, 30.6 ms.

use std::hint::black_box;
use std::sync::Arc;

use attn_course::app::{GlossaryView, Search};
use attn_course::content::Course;
use attn_course::layout::{self, Theme};
use criterion::{Criterion, criterion_group, criterion_main};

fn views(course: &Course) -> Vec<Arc<layout::LaidOut>> {
    (0..course.lessons.len())
        .map(|i| {
            let ctx = layout::Context {
                theme: Theme::new(false, true),
                lesson_number: i + 1,
                problems: attn_course::progress::ProblemStates::none(),
                learner_seed: 0,
            };
            Arc::new(layout::lesson(&course.lessons[i], 100, &ctx))
        })
        .collect()
}

fn search(c: &mut Criterion) {
    let course = Course::load(None).expect("embedded course");
    let views = views(&course);
    c.bench_function("search_notation_d_k", |b| {
        b.iter(|| black_box(Search::run("d_k", &views, Some(&course), None)))
    });
}

fn keystroke(c: &mut Criterion) {
    let course = Course::load(None).expect("embedded course");
    let g = &course.glossary;
    c.bench_function("glossary_keystroke", |b| {
        b.iter(|| {
            let mut view = GlossaryView::new(g);
            view.set_query(g, "d");
            black_box(view)
        })
    });
}

fn rules(c: &mut Criterion) {
    let course = Course::load(None).expect("embedded course");
    c.bench_function("check_glossary_rules", |b| {
        b.iter(|| black_box(attn_course::check::glossary::check(&course)))
    });
}

fn many_terms(c: &mut Criterion) {
    let mut toml = String::new();
    for i in 0..20_000 {
        toml.push_str(&format!(
            "[[term]]\nname = \"term {i} of many\"\ndefinition = \"d\"\nlesson = \"a\"\nsection = \"1.1\"\n\n"
        ));
    }
    let g = attn_course::content::Glossary::parse("glossary.toml", &toml).expect("glossary");
    let prose =
        "Each term 12 of many is a term, and the softmax of the term 7 of many. ".repeat(140);
    c.bench_function("find_terms_20000", |b| {
        b.iter(|| black_box(g.find_terms(&prose)))
    });
}

criterion_group!(benches, search, keystroke, rules, many_terms);
criterion_main!(benches);
