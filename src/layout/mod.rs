//! Markdown and math → styled lines at a width (pure, no terminal).
//!
//! A lesson is laid out once per width into a [`LaidOut`]: its lines plus the first line
//! of every top-level block. Scrolling then only slices the lines, and a reading position
//! kept as a block index maps back to a line at any width, so a resize keeps the place.
//! The reader's first screen lays out only the blocks it shows ([`opening`]) and the
//! rest right after it is drawn ([`complete`]).

pub mod ascii;
mod blocks;
mod cache;
pub mod code_wrap;
mod mark;
pub mod math_text;
mod panel;
mod source_place;
mod table;
pub mod theme;
mod whole;
pub mod wrap;

use ratatui::text::Line;

pub use cache::LayoutCache;
pub use mark::{Mark, mark};
pub use panel::{PanelCache, PanelText, value_lines};
pub use theme::{Theme, cut};
pub use whole::{complete, lesson, opening};

use crate::content::sentence::Sentence;
use crate::content::{Inline, markdown};
use crate::progress::view::ProblemStates;

/// A lesson laid out at one width: the whole of it, or (for the reader's first screen,
/// see [`opening`]) a run of its top-level blocks laid out as the whole would have them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LaidOut {
    pub lines: Vec<Line<'static>>,
    /// First line of each top-level block laid out, increasing.
    pub block_starts: Vec<usize>,
    /// The prose's sentences (paragraphs and list items, not problem prompts), in order.
    pub sentences: Vec<SentenceSpot>,
    /// The top-level block that `block_starts[0]` is the start of: 0 for a whole lesson.
    pub first_block: usize,
    /// Paragraphs (and list items) met: what numbers the paragraphs of a run laid out
    /// after this one.
    pub paragraphs: usize,
}

/// A sentence of the prose and where it was laid out.
#[derive(Debug, Clone, PartialEq)]
pub struct SentenceSpot {
    pub sentence: Sentence,
    /// The top-level block it is in.
    pub block: usize,
    /// Running number of its paragraph or list item in the lesson.
    pub paragraph: usize,
    /// Its cells, top to bottom: one row per line it touches.
    pub rows: Vec<Row>,
}

/// Cells `start..end` of line `line`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub line: usize,
    pub start: usize,
    pub end: usize,
}

impl SentenceSpot {
    /// Its first line.
    pub fn line(&self) -> usize {
        self.rows.first().map_or(0, |r| r.line)
    }

    /// Its last line.
    pub fn last_line(&self) -> usize {
        self.rows.last().map_or(0, |r| r.line)
    }
}

impl LaidOut {
    /// The top-level block that line `line` belongs to.
    pub fn block_at(&self, line: usize) -> usize {
        self.first_block
            + self
                .block_starts
                .partition_point(|&start| start <= line)
                .saturating_sub(1)
    }

    /// The first line of block `block` (the last line when the block is not laid out).
    pub fn line_of_block(&self, block: usize) -> usize {
        block
            .checked_sub(self.first_block)
            .and_then(|b| self.block_starts.get(b))
            .copied()
            .unwrap_or(self.lines.len().saturating_sub(1))
    }
}

/// What a lesson's layout depends on besides its text and the width.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub theme: Theme,
    /// 1-based, for "Problem N.k".
    pub lesson_number: usize,
    /// Where the learner stands on the lesson's problems: their numbers (variant) and
    /// state lines. The layout sees the record only through this view.
    pub problems: &'a ProblemStates,
    /// The learner's seed: problem prompts show this learner's own numbers.
    pub learner_seed: u64,
}

/// A one-line markdown text (a lesson title) as plain text, inline math laid out.
pub fn inline_text(text: &str, theme: Theme) -> String {
    let opts = crate::math::Options { ascii: theme.ascii };
    let blocks = markdown::parse("", 1, text);
    let mut out = String::new();
    for block in &blocks {
        if let crate::content::BlockKind::Paragraph(inlines) = &block.kind {
            for inline in inlines {
                match inline {
                    Inline::Text(t, _) | Inline::Code(t) => out.push_str(t),
                    Inline::Math(tex) => match crate::math::inline(tex, &opts) {
                        Ok(s) => out.push_str(&s),
                        Err(_) => out.push_str(tex),
                    },
                    Inline::LinkTarget(_) => {}
                    Inline::Break => out.push(' '),
                }
            }
        }
    }
    if theme.ascii {
        out = ascii::fold(&out).into_owned();
    }
    out
}

/// Lines as plain text, without styles (for `read` and search).
pub fn line_text(line: &Line<'_>) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Lesson;
    use crate::progress::view::{ProblemState, Stage};

    fn lay(md: &str, width: usize, ascii: bool) -> Vec<String> {
        let lesson = Lesson::parse("s".into(), "f.md".into(), "T".into(), String::new(), md);
        let ctx = Context {
            theme: Theme::new(ascii, false),
            lesson_number: 3,
            problems: &ProblemStates::default(),
            learner_seed: 0,
        };
        super::lesson(&lesson, width, &ctx)
            .lines
            .iter()
            .map(line_text)
            .collect()
    }

    #[test]
    fn paragraphs_wrap_and_blocks_are_separated_by_one_blank_line() {
        assert_eq!(
            lay("one two three\n\nfour", 8, false),
            ["one two", "three", "", "four"]
        );
    }

    #[test]
    fn a_symbol_is_written_the_same_in_every_paragraph() {
        // `x_A` has no Unicode subscript A; that changes how `x_A` is written, not `d_k`
        // beside it, nor `Δ^{n-1}` in a formula that also holds `a_{i,n-1}`.
        assert_eq!(
            lay("$d_k$ and $x_A$\n\n$d_k$ alone", 40, false),
            ["dₖ and x_A", "", "dₖ alone"]
        );
        assert_eq!(
            lay(
                "$a=[a_{i,n-1}]\\in\\Delta^{n-1}$, $\\Delta^{n-1}$",
                40,
                false
            ),
            ["a = [a_(i,n−1)] ∈ Δⁿ⁻¹, Δⁿ⁻¹"]
        );
    }

    #[test]
    fn lists_indent_their_continuation_lines() {
        let lines = lay("- alpha beta gamma\n- delta\n\n9. x\n10. y\n", 14, false);
        assert_eq!(
            lines,
            ["• alpha beta", "  gamma", "• delta", "", " 9. x", "10. y"]
        );
        assert_eq!(lay("- a\n  - b\n", 20, true), ["* a", "  * b"]);
    }

    #[test]
    fn tables_align_and_fit_the_width() {
        let md = "| sym | meaning |\n|:---|---:|\n| Q | queries |\n| dk | 64 |\n";
        assert_eq!(
            lay(md, 40, false),
            [
                "sym │ meaning",
                "────┼────────",
                "Q   │ queries",
                "dk  │      64"
            ]
        );
        // 14 columns do not fit in 10: the wide column wraps its cells.
        let narrow = lay("| a | long words here |\n|---|---|\n| 1 | x |\n", 11, true);
        assert_eq!(
            narrow,
            ["a | long", "  | words", "  | here", "--+--------", "1 | x"]
        );
        // Not even its longest words fit: one record per row, each cell under its
        // column's name, rather than words cut in every cell.
        let md =
            "| symbol | meaning |\n|---|---|\n| PE | added to embeddings |\n| pos | position |\n";
        assert_eq!(
            lay(md, 15, true),
            [
                "PE",
                "  meaning:",
                "  added to",
                "  embeddings",
                "",
                "pos",
                "  meaning:",
                "  position"
            ]
        );
    }

    #[test]
    fn a_table_column_keeps_a_word_and_its_comma_together() {
        // Natural widths 13 and 5 in 14 - 3: the first column stops at its longest
        // word, "queries,", and the second, of one-letter words, gives the rest.
        let md = "| meaning | sh |\n|---|---|\n| queries, keys | n x d |\n";
        assert_eq!(
            lay(md, 14, true),
            [
                "meaning  | sh",
                "---------+----",
                "queries, | n x",
                "keys     | d"
            ]
        );
    }

    #[test]
    fn ascii_spellings_are_wrapped_at_their_own_width() {
        // `§` is spelled `Sec. `: folded before wrapping, the line still fits.
        assert_eq!(lay("aaaa §3.5 b\n", 9, true), ["aaaa Sec.", "3.5 b"]);
    }

    #[test]
    fn an_equation_too_wide_even_when_broken_is_written_on_wrapped_lines() {
        assert_eq!(
            lay("$$\\frac{abcdefghijklmnop}{2}$$\n", 12, false),
            [
                "(too wide to",
                "draw:",
                "written",
                "linearly)",
                "(abcdefghij-",
                "klmnop)/2"
            ]
        );
    }

    #[test]
    fn code_blocks_keep_lines_and_indent() {
        assert_eq!(
            lay("```\nlet x = 1;\n\tf(x)\n```\n", 20, false),
            ["  let x = 1;", "      f(x)"]
        );
        assert_eq!(lay("```\nabcdefgh\n```\n", 6, false), ["  abcd", "  efgh"]);
    }

    #[test]
    fn headings_quotes_rules_and_links() {
        assert_eq!(lay("## 1.2 Title", 40, false), ["1.2 Title"]);
        assert_eq!(lay("> quoted\n", 40, true), ["| quoted"]);
        assert_eq!(lay("---\n", 5, false), ["─────"]);
        assert_eq!(
            lay("see [doc](http://x.y)\n", 40, false),
            ["see doc <http://x.y>"]
        );
        assert_eq!(
            lay("by [the variance argument](#2.2) we\n", 40, false),
            ["by the variance argument (§2.2) we"]
        );
        assert_eq!(
            lay("variance [of](#2.2) 1\n", 40, true),
            ["variance of (Sec. 2.2) 1"]
        );
    }

    #[test]
    fn problems_are_numbered_boxes_and_claims_show_their_expression() {
        let md = "```problem\nid = \"p\"\nkind = \"compute-number\"\nprompt = 'Find x.'\nanswer = \"1\"\ntolerance = \"exact\"\nhints = ['h']\nsolution = 's'\n```\n\n```eval\n1 + 1\n=> 2\n```\n";
        assert_eq!(
            lay(md, 24, true),
            [
                "+- Problem 3.1 --------+",
                "| Find x.              |",
                "|                      |",
                "| [ ] not attempted    |",
                "+----------------------+",
                "",
                "The expression that",
                "reproduces this:",
                "> 1 + 1",
                "= 2",
            ]
        );
    }

    #[test]
    fn a_malformed_problem_is_an_error_box_with_its_place() {
        let lines = lay("text\n\n```problem\nid = 3\n```\n", 60, true);
        assert_eq!(
            lines[2],
            "+- Problem 3.1 --------------------------------------------+"
        );
        assert!(lines[3].starts_with("| f.md:4: "), "{}", lines[3]);
    }

    #[test]
    fn problem_state_comes_from_the_view_of_the_record() {
        let lesson = Lesson::parse(
            "s".into(),
            "f.md".into(),
            "T".into(),
            String::new(),
            "```problem\nid = \"p\"\nkind = \"compute-number\"\nprompt = 'P'\nanswer = \"1\"\ntolerance = \"exact\"\nhints = ['h']\nsolution = 's'\n```\n",
        );
        let tried = ProblemState {
            variant: 0,
            stage: Stage::Attempted(2),
        };
        let problems: ProblemStates = [("p".to_string(), tried)].into_iter().collect();
        let ctx = Context {
            theme: Theme::new(false, false),
            lesson_number: 1,
            problems: &problems,
            learner_seed: 0,
        };
        let text: Vec<String> = super::lesson(&lesson, 30, &ctx)
            .lines
            .iter()
            .map(line_text)
            .collect();
        assert_eq!(text[3], "│ ◐ 2 attempts               │");
    }

    #[test]
    fn sentences_know_their_lines_and_columns_in_lists_and_quotes() {
        let lesson = Lesson::parse(
            "s".into(),
            "f.md".into(),
            "T".into(),
            String::new(),
            "# H\n\nAb cd. Ef gh ij.\n\n- Kl. Mn op.\n\n> Qr.\n",
        );
        let ctx = Context {
            theme: Theme::new(true, false),
            lesson_number: 1,
            problems: &ProblemStates::default(),
            learner_seed: 0,
        };
        let out = super::lesson(&lesson, 10, &ctx);
        let text: Vec<String> = out.lines.iter().map(line_text).collect();
        assert_eq!(
            text,
            [
                "H",
                "",
                "Ab cd. Ef",
                "gh ij.",
                "",
                "* Kl. Mn",
                "  op.",
                "",
                "| Qr."
            ]
        );
        type Spot = (String, usize, usize, Vec<(usize, usize, usize)>);
        let spots: Vec<Spot> = out
            .sentences
            .iter()
            .map(|s| {
                let rows = s.rows.iter().map(|r| (r.line, r.start, r.end)).collect();
                (s.sentence.text(), s.block, s.paragraph, rows)
            })
            .collect();
        assert_eq!(
            spots,
            [
                ("Ab cd.".to_string(), 1, 0, vec![(2, 0, 6)]),
                ("Ef gh ij.".to_string(), 1, 0, vec![(2, 7, 9), (3, 0, 6)]),
                ("Kl.".to_string(), 2, 1, vec![(5, 2, 5)]),
                ("Mn op.".to_string(), 2, 1, vec![(5, 6, 8), (6, 2, 5)]),
                ("Qr.".to_string(), 3, 2, vec![(8, 2, 5)]),
            ]
        );
    }

    #[test]
    fn block_starts_map_lines_back_to_blocks() {
        let lesson = Lesson::parse(
            "s".into(),
            "f.md".into(),
            "T".into(),
            String::new(),
            "# A\n\nb c d e\n\nf\n",
        );
        let ctx = Context {
            theme: Theme::new(false, false),
            lesson_number: 1,
            problems: &ProblemStates::default(),
            learner_seed: 0,
        };
        let out = super::lesson(&lesson, 4, &ctx);
        // "A", "", "b c", "d e", "", "f"
        assert_eq!(out.block_starts, [0, 2, 5]);
        assert_eq!(
            (
                out.block_at(0),
                out.block_at(1),
                out.block_at(3),
                out.block_at(5)
            ),
            (0, 0, 1, 2)
        );
        assert_eq!(out.line_of_block(2), 5);
    }
}
