//! Figure speed (issue 10: a figure drawn in under 1 ms at 100x30):
//! - `figure_draw_100x30/<kind>`: a figure's body laid out at 100 columns and drawn into
//!   a 100x30 frame, from data already evaluated (what a redraw after a resize costs;
//!   an unchanged width is served from the layout cache and costs nothing here);
//! - `figure_evaluate/histogram_360`: evaluating lesson 2's unscaled histogram (360 dot
//!   products of vectors drawn by `randn`), which happens once, when the lesson is loaded.

use std::hint::black_box;

use attn_course::figure::{Colors, Figure, FigureSpec, Look};
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::widgets::Paragraph;

const LOOK: Look = Look {
    ascii: false,
    colors: Colors::TrueColor,
    light: false,
};

const HISTOGRAM: &str = r#"
kind = "histogram"
data = '''
let s4 = sum(randn(120, 4, 1) * randn(120, 4, 2), 1);
let s64 = sum(randn(120, 64, 3) * randn(120, 64, 4), 1);
let s512 = sum(randn(120, 512, 5) * randn(120, 512, 6), 1);
[s4, s64, s512]'''
labels = ["d_k = 4", "d_k = 64", "d_k = 512"]
bins = 20
"#;

/// One figure of every kind, about the size of the lessons' own.
const KINDS: [(&str, &str); 5] = [
    (
        "heatmap_24x16",
        "kind = \"heatmap\"\ndata = \"sinusoidal_pe(24, 16)\"",
    ),
    (
        "line_3x64",
        "kind = \"line\"\ndata = \"[sin(linspace(0, 6, 64)), cos(linspace(0, 6, 64)), linspace(-1, 1, 64)]\"\nlabels = [\"sin\", \"cos\", \"t\"]",
    ),
    (
        "scatter_400",
        "kind = \"scatter\"\ndata = \"randn(400, 1)\"\nx = \"randn(400, 2)\"",
    ),
    ("histogram_3x120", HISTOGRAM),
    (
        "bars_3",
        "kind = \"bars\"\ndata = \"[1050624, 2099712, 2048]\"\nlabels = [\"attention\", \"feed-forward\", \"LayerNorms\"]",
    ),
];

fn figure(toml_text: &str) -> Figure {
    let spec: FigureSpec = toml::from_str(toml_text).expect("spec parses");
    spec.evaluate().expect("figure evaluates")
}

fn draw(c: &mut Criterion) {
    let mut group = c.benchmark_group("figure_draw_100x30");
    for (name, toml_text) in KINDS {
        let figure = figure(toml_text);
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("test backend");
        group.bench_function(name, |b| {
            b.iter(|| {
                let lines = figure.body(100, &LOOK);
                terminal
                    .draw(|f| f.render_widget(Paragraph::new(lines), f.area()))
                    .expect("draw");
                black_box(&terminal);
            })
        });
    }
    group.finish();
}

fn evaluate(c: &mut Criterion) {
    let spec: FigureSpec = toml::from_str(HISTOGRAM).expect("spec parses");
    c.bench_function("figure_evaluate/histogram_360", |b| {
        b.iter(|| black_box(spec.evaluate().expect("figure evaluates")))
    });
}

criterion_group!(benches, draw, evaluate);
criterion_main!(benches);
