//! The paper lens against its limits (issue 31): one explanation under 5 ms, a 100 KB
//! `.tex` source explained whole under 0.5 s.
//! - `explain_vaswani_eq1`: `explain` on Vaswani et al.'s eq. (1) (forms, symbols,
//!   links), as `attn-course explain` and the reader's `E` run it;
//! - `explain_multihead`: the MultiHead/Concat signature, a longer legend;
//! - `tex_100kb`: a 100 KB paper-like source (prose, `\newcommand` macros, one display
//!   equation every ~1 KB, each one of eight real forms) expanded, split into its display
//!   equations, and each explained.
//!
//! Measured 2026-12-04 (release, 2 cores shared with three builds): 0.109 ms, 0.097 ms,
//! 17.1 ms: 46 times under the first limit, 29 times under the second.

use std::hint::black_box;

use attn_course::content::Course;
use attn_course::lens;
use criterion::{Criterion, criterion_group, criterion_main};

const EQUATIONS: [&str; 8] = [
    r"\mathrm{Attention}(Q,K,V) = \mathrm{softmax}\left(\frac{QK^T}{\sqrt{d_k}}\right)V",
    r"\mathrm{MultiHead}(Q,K,V)=\mathrm{Concat}(\mathrm{head}_1,\ldots,\mathrm{head}_h)W^O",
    r"\mathrm{head}_i=\mathrm{Attention}(QW_i^Q,KW_i^K,VW_i^V)",
    r"PE_{(pos,2i)}=\sin(pos/10000^{2i/d_{\mathrm{model}}})",
    r"\mathrm{FFN}(x)=\max(0,xW_1+b_1)W_2+b_2",
    r"\mathrm{LayerNorm}(x)=\frac{x-\mu}{\sigma}\odot g+b",
    r"f_{q,k}(x_m, m) = R^d_{\Theta,m} W_{\{q,k\}} x_m",
    r"\mathrm{softmax}(q_i K^\top + m \cdot [-(i-1), \ldots, -2, -1, 0])",
];

/// About `bytes` of a paper's source: macros, paragraphs, display equations.
fn paper(bytes: usize) -> String {
    let mut tex = String::from(
        "\\newcommand{\\dk}{d_k}\n\\newcommand{\\sm}[1]{\\mathrm{softmax}(#1)}\n\\begin{document}\n",
    );
    let prose = "We compute the attention function on a set of queries simultaneously, packed \
                 together into a matrix $Q$. The keys and values are also packed together. ";
    let mut k = 0;
    while tex.len() < bytes {
        for _ in 0..5 {
            tex.push_str(prose);
        }
        tex.push_str(&format!(
            "\n\\begin{{equation}}\n{}\n\\end{{equation}}\n",
            EQUATIONS[k % EQUATIONS.len()]
        ));
        k += 1;
    }
    tex.push_str("\\end{document}\n");
    tex
}

fn explain(c: &mut Criterion) {
    let course = Course::load(None).expect("embedded course");
    c.bench_function("explain_vaswani_eq1", |b| {
        b.iter(|| black_box(lens::explain(&course, EQUATIONS[0]).expect("explained")))
    });
    c.bench_function("explain_multihead", |b| {
        b.iter(|| black_box(lens::explain(&course, EQUATIONS[1]).expect("explained")))
    });
    let source = paper(100_000);
    let mut group = c.benchmark_group("tex");
    group.sample_size(10);
    group.bench_function("tex_100kb", |b| {
        b.iter(|| {
            let equations = lens::tex::equations(&source).expect("the source reads");
            let legends: Vec<_> = (equations.iter())
                .map(|eq| lens::explain(&course, &eq.tex).map(|l| l.entries.len()))
                .collect();
            black_box(legends)
        })
    });
    group.finish();
}

criterion_group!(benches, explain);
criterion_main!(benches);
