//! `/` finds notation inside drawn equations, on the real lessons: the query is read as
//! LaTeX or as the reader draws it, and matched against each equation's source.

use attn_course::app::{App, Match};
use attn_course::content::{BlockKind, Course};
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::crossterm::event::KeyCode;

use crate::common;
use common::press;

fn app(ascii: bool) -> App {
    let course = Course::load(None).expect("embedded course");
    App::new(
        course,
        Progress::new(0),
        Theme::new(ascii, false),
        (100, 30),
    )
}

/// Searches for `query` and returns the display equations (lesson, TeX) it matched, each
/// once (the text search may find a drawn piece on several rows of one equation).
fn equations_found(app: &mut App, query: &str) -> Vec<(usize, String)> {
    press(app, KeyCode::Char('/'));
    for c in query.chars() {
        press(app, KeyCode::Char(c));
    }
    press(app, KeyCode::Enter);
    let matches: Vec<Match> = app.search().map(|s| s.matches.clone()).unwrap_or_default();
    let mut found = Vec::new();
    for m in matches {
        // Walk to each match so that its lesson's layout is the one on screen.
        while app.search().and_then(|s| s.current_match()) != Some(&m) {
            press(app, KeyCode::Char('n'));
        }
        let block = app.view().block_at(m.line);
        if let BlockKind::DisplayMath(tex) = &app.course().lessons[m.lesson].blocks()[block].kind {
            found.push((m.lesson, tex.clone()));
        }
    }
    found.dedup();
    found
}

const ATTENTION: &str =
    r"\mathrm{Attention}(Q,K,V)=\operatorname{softmax}\left(\frac{QK^\top}{\sqrt{d_k}}\right)V";

#[test]
fn d_k_finds_the_attention_equation_and_the_variance_of_a_dot_product() {
    let found = equations_found(&mut app(false), "d_k");
    assert!(found.contains(&(0, ATTENTION.to_string())), "{found:#?}");
    // Lesson 02's variance equations: the sum over d_k terms and the exact check.
    assert!(
        found
            .iter()
            .any(|(l, tex)| *l == 1
                && tex.contains(r"\sum_{c=0}^{d_k-1}\operatorname{Var}(q_c\,k_c)")),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|(l, tex)| *l == 1 && tex.contains(r"=2=d_k")),
        "{found:#?}"
    );
}

#[test]
fn a_root_is_found_however_it_is_written() {
    let mut unicode = app(false);
    let latex = equations_found(&mut unicode, r"\sqrt{d_k}");
    assert!(latex.contains(&(0, ATTENTION.to_string())), "{latex:#?}");
    for drawn in ["√dₖ", "√d_k", "sqrt(d_k)"] {
        let mut a = app(false);
        assert_eq!(equations_found(&mut a, drawn), latex, "{drawn}");
    }
    let mut ascii = app(true);
    assert_eq!(equations_found(&mut ascii, "sqrt(d_k)"), latex);
}

#[test]
fn w_q_finds_the_factored_scores_and_not_w_qk() {
    let found = equations_found(&mut app(false), "W_Q");
    assert!(
        found
            .iter()
            .any(|(l, tex)| *l == 0 && tex.contains(r"s_{ij} &= x_i\,W_Q\,W_K^\top x_j^\top")),
        "{found:#?}"
    );
    // `W_{QK}` is another symbol; an equation with only it is not a match.
    let only_qk = found
        .iter()
        .filter(|(_, tex)| tex.contains("W_{QK}") && !tex.replace("W_{QK}", "").contains("W_Q"))
        .count();
    assert_eq!(only_qk, 0, "{found:#?}");
}

#[test]
fn plain_words_are_not_read_as_notation() {
    // "dk" is not the symbol d_k: the text search alone runs, and finds no equation.
    let found = equations_found(&mut app(false), "dk");
    assert!(found.is_empty(), "{found:#?}");
}

/// The number of matches `/query` Enter finds.
fn total(query: &str) -> usize {
    let mut a = app(false);
    press(&mut a, KeyCode::Char('/'));
    for c in query.chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    a.search().map_or(0, |s| s.matches.len())
}

#[test]
fn spellings_the_readme_calls_equivalent_find_as_many() {
    let roots: Vec<usize> = [r"\sqrt{d_k}", "√dₖ", "sqrt(d_k)", "√d_k"]
        .iter()
        .map(|q| total(q))
        .collect();
    assert!(
        roots[0] > 0 && roots.iter().all(|&n| n == roots[0]),
        "{roots:?}"
    );
    let (latex, drawn) = (total("d_k"), total("dₖ"));
    assert!(latex > roots[0] && latex == drawn, "{latex} vs {drawn}");
    // A glossary term by any of its names: "layer norm" is an alias of LayerNorm.
    let names: Vec<usize> = [
        "layer norm",
        "LayerNorm",
        "layer normalisation",
        "Layer Norm",
    ]
    .iter()
    .map(|q| total(q))
    .collect();
    assert!(
        names[0] > 4 && names.iter().all(|&n| n == names[0]),
        "{names:?}"
    );
    // Its abbreviation LN too (a word in capitals: the natural log's `ln` is not it).
    assert_eq!(total("LN"), names[0]);
}

/// In a drawn 2-D equation the highlight is on the row that shows the notation (the
/// fraction's denominator for `√dₖ`), not on the row above it.
#[test]
fn the_highlight_lands_on_the_row_with_the_notation() {
    for (query, shown) in [("d_k", "dₖ"), ("dₖ", "dₖ"), (r"\sqrt{d_k}", "dₖ")] {
        let mut a = app(false);
        search(&mut a, query);
        // Walk to the attention equation's match.
        let in_attention = |a: &App| {
            let m = *a.search().unwrap().current_match().unwrap();
            let block = a.view().block_at(m.line);
            matches!(&a.course().lessons[m.lesson].blocks()[block].kind,
                BlockKind::DisplayMath(tex) if tex == ATTENTION)
        };
        for _ in 0..a.search().unwrap().matches.len() {
            if in_attention(&a) {
                break;
            }
            press(&mut a, KeyCode::Char('n'));
        }
        assert!(in_attention(&a), "{query}: the attention equation is found");
        let m = *a.search().unwrap().current_match().unwrap();
        let row: String = attn_course::layout::line_text(&a.view().lines[m.line]);
        let hit: String = row.chars().skip(m.start).take(m.end - m.start).collect();
        assert!(
            row.contains(shown) && hit.contains(shown),
            "{query}: {row:?} at {hit:?}"
        );
    }
}

fn search(a: &mut App, query: &str) {
    press(a, KeyCode::Char('/'));
    for c in query.chars() {
        press(a, KeyCode::Char(c));
    }
    press(a, KeyCode::Enter);
}
