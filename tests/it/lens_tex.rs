//! `explain --tex FILE`: a paper's source read whole — its simple macros expanded, its
//! display equations listed in order — and hostile sources ended with one clear line,
//! bounded in time, with nothing raw on the terminal.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use attn_course::lens::tex::equations;

fn texts(source: &str) -> Vec<String> {
    equations(source)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|e| e.tex)
        .collect()
}

#[test]
fn macros_expand_with_parameters_and_an_optional_default() {
    let src = r"\newcommand{\R}{\mathbb{R}}
\newcommand\sm[2][Q]{\mathrm{softmax}(#1 #2^\top)}
\renewcommand{\R}{\mathbb{S}}
\providecommand{\R}{\mathbb{T}}
\def\vx{\mathbf{x}}
\def\pair#1#2{(#1,#2)}
\DeclareMathOperator*{\argmax}{arg\,max}
\begin{equation} x \in \R^{d} \label{eq:a} \end{equation}
$$\sm{K} + \sm[A]{B}$$
\[ \vx + \pair{a}{\vx} + \argmax_i \]";
    assert_eq!(
        texts(src),
        [
            r"x \in \mathbb{S}^{d}",
            r"\mathrm{softmax}(Q K^\top) + \mathrm{softmax}(A B^\top)",
            r"\mathbf{x} + (a,\mathbf{x}) + \operatorname{arg\,max}_i",
        ]
    );
}

#[test]
fn every_display_kind_is_listed_in_order_and_aligned_rows_are_equations() {
    let src = r"text $inline$ more % $$commented$$
\begin{align*}
a &= b \\
c &= \begin{cases} 0 & x \\ 1 & y \end{cases}
\end{align*}
\begin{eqnarray} e &=& f \nonumber \end{eqnarray}
\begin{gather} g \\ h \end{gather}
\begin{multline} m \\ + n \end{multline}
\begin{equation*} p \end{equation*}";
    let eqs = equations(src).unwrap();
    let got: Vec<(usize, String)> = eqs.iter().map(|e| (e.line, e.tex.clone())).collect();
    assert_eq!(
        got,
        [
            (3, "a  = b".to_string()),
            (
                4,
                r"c  = \begin{cases} 0 & x \\ 1 & y \end{cases}".to_string()
            ),
            (6, "e  =  f".to_string()),
            (7, "g".to_string()),
            (7, "h".to_string()),
            (8, r"m \\ + n".to_string()),
            (9, "p".to_string()),
        ]
    );
}

#[test]
fn hostile_sources_end_with_a_clear_error_quickly() {
    let doubling: String = (b'a'..=b'y')
        .map(|c| {
            format!(
                "\\def\\{}{{\\{}\\{}}}",
                c as char,
                (c + 1) as char,
                (c + 1) as char
            )
        })
        .collect::<String>()
        + &format!("\\def\\z{{{}}}\n$$\\a$$", "x".repeat(2000));
    for (src, want) in [
        (r"\def\a{\a} $$\a$$".to_string(), "expands without end"),
        (
            r"\def\a{\b}\def\b{\a} $$\a$$".to_string(),
            "expands without end",
        ),
        (doubling, "past 20000 characters"),
        ("$$x\u{1b}[2J$$".to_string(), "control character"),
        (r"\begin{equation} x".to_string(), "never closed"),
        (r"\newcommand{\a}{x".to_string(), "never closed"),
        (r"\newcommand{\a}[12]{x}".to_string(), "not 0 to 9"),
    ] {
        let start = Instant::now();
        let err = equations(&src).expect_err(&src).to_string();
        assert!(err.contains(want), "{src}: {err}");
        assert!(!err.contains('\u{1b}'), "{err}");
        assert!(start.elapsed() < Duration::from_secs(1), "{src}");
    }
}

fn explain_tex(path: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .args(["explain", "--tex"])
        .arg(path)
        .env("LANG", "C.UTF-8")
        .output()
        .expect("running attn-course")
}

#[test]
fn the_command_explains_a_source_and_refuses_a_hostile_one_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("paper.tex");
    fs::write(
        &good,
        "\\newcommand{\\sm}{\\mathrm{softmax}}\n\\begin{equation}\n\\mathrm{Attention}(Q,K,V)=\\sm(\\frac{QK^T}{\\sqrt{d_k}})V\n\\end{equation}\n",
    )
    .unwrap();
    let out = explain_tex(&good);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.starts_with("(1) line 3\n"), "{stdout}");
    assert!(stdout.contains("scaled dot-product attention"), "{stdout}");
    assert!(
        stdout.contains("1 display equations: 1 with every symbol"),
        "{stdout}"
    );

    let big = dir.path().join("big.tex");
    fs::write(&big, "a".repeat(10 << 20)).unwrap();
    let rec = dir.path().join("rec.tex");
    fs::write(&rec, "\\def\\a{\\a\x1b[31m}\n$$\\a$$\n").unwrap();
    let rec2 = dir.path().join("rec2.tex");
    fs::write(&rec2, "\\def\\a{\\a}\n$$\\a$$\n").unwrap();
    for (path, want) in [
        (&big, "over the 1048576-byte cap"),
        (&rec, "control character"),
        (&rec2, "expands without end"),
    ] {
        let out = explain_tex(path);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(out.stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(want), "{stderr}");
        assert!(!stderr.contains('\u{1b}'), "{stderr}");
    }
}

#[test]
fn malformed_latex_exits_2_with_one_line() {
    for bad in [r"\foo{", r"\frac{a", "x^"] {
        let out = Command::new(env!("CARGO_BIN_EXE_attn-course"))
            .args(["explain", bad])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {stderr}");
        assert!(out.stdout.is_empty(), "{bad}");
        assert_eq!(stderr.lines().count(), 1, "{bad}: {stderr}");
    }
}
