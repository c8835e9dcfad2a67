//! A lesson laid out in runs of its top-level blocks joined into exactly what one pass
//! over all of them gives. The reader lays out only the blocks its first screen shows
//! ([`opening`]), draws, and then the rest ([`complete`]): the first screen waits for
//! a screenful of layout, not for the whole lesson. A long lesson laid out whole (a
//! resize) is laid out in two halves at once ([`lesson`]).
//!
//! A run laid out alone differs from the same blocks in one pass only in what the
//! renderer carries from block to block (the problem numbers, the paragraph numbers) and
//! in where its lines start; [`part`] starts the problem count where the blocks before
//! leave it and [`join`] shifts the rest.

use std::ops::Range;

use ratatui::text::Line;

use super::{Context, LaidOut, ascii, blocks};
use crate::content::{Block, BlockKind, Lesson};

/// Lessons this many top-level blocks long and longer are laid out in two halves at
/// once: a resize lays the open lesson out again, and on a machine with a core to spare
/// the halves take less time than one pass (`layout_longest_100` in `benches/reader.rs`,
/// on a 2-core machine: 3.4 ms against 4.1–4.7 ms). The first screen does not wait for
/// either ([`opening`]).
const SPLIT_FROM: usize = 24;

/// Lays out a whole lesson at `width` columns: a long one in two halves on two threads,
/// joined as one pass over all its blocks would have laid it out.
pub fn lesson(lesson: &Lesson, width: usize, ctx: &Context<'_>) -> LaidOut {
    let count = lesson.blocks().len();
    if count < SPLIT_FROM {
        return part(lesson, 0..count, width, ctx);
    }
    let half = count / 2;
    let (first, second) = std::thread::scope(|s| {
        let first = s.spawn(|| part(lesson, 0..half, width, ctx));
        let second = part(lesson, half..count, width, ctx);
        let first = first
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        (first, second)
    });
    join([first, second])
}

/// The blocks a screen of `rows` lines shows when block `block` is at its top, laid out
/// as in the whole lesson, and the line of the run at the top of that screen: the whole
/// layout's top line would be the same line (the view kept within the lesson, as the
/// reader keeps it: near the end the screen shows the last `rows` lines; a `block`
/// past the end shows the end).
pub fn opening(
    lesson: &Lesson,
    block: usize,
    rows: usize,
    width: usize,
    ctx: &Context<'_>,
) -> (LaidOut, usize) {
    let count = lesson.blocks().len();
    if count == 0 {
        return (LaidOut::default(), 0);
    }
    let past_end = block >= count;
    let first = block.min(count - 1);
    // Whole blocks from the top one down until the screen is full or the lesson ends...
    let mut runs = Vec::new();
    let mut lines = 0;
    let mut end = first;
    while end < count && (end == first || lines < rows || past_end) {
        let run = part(lesson, end..end + 1, width, ctx);
        lines += run.lines.len() + usize::from(end > first);
        runs.push(run);
        end += 1;
    }
    // ...and, when it ended first, blocks above until the screen is full (or the top).
    let mut start = first;
    let mut above = 0;
    while start > 0 && end == count && lines < rows {
        start -= 1;
        let run = part(lesson, start..start + 1, width, ctx);
        above += run.lines.len() + 1;
        lines += run.lines.len() + 1;
        runs.insert(0, run);
    }
    let laid = join(runs);
    let top = if past_end {
        laid.lines.len().saturating_sub(1)
    } else {
        above
    };
    let top = if end == count {
        top.min(laid.lines.len().saturating_sub(rows))
    } else {
        top
    };
    (laid, top)
}

/// `laid`, a run of `lesson`'s blocks from [`opening`], completed into the whole lesson
/// at the same `width` and `ctx`: the blocks before and after it laid out and joined.
pub fn complete(lesson: &Lesson, laid: LaidOut, width: usize, ctx: &Context<'_>) -> LaidOut {
    let count = lesson.blocks().len();
    let start = laid.first_block.min(count);
    let end = (start + laid.block_starts.len()).min(count);
    let before = (start > 0).then(|| part(lesson, 0..start, width, ctx));
    let after = (end < count).then(|| part(lesson, end..count, width, ctx));
    join(before.into_iter().chain([laid]).chain(after))
}

/// Lays out the lesson's top-level blocks `range` as the whole lesson's pass would: its
/// first problem numbered after the problems of the blocks before, its paragraphs
/// counted from 0 (see [`join`]).
fn part(lesson: &Lesson, range: Range<usize>, width: usize, ctx: &Context<'_>) -> LaidOut {
    let mut renderer = blocks::Renderer::new(ctx, &lesson.file, &lesson.slug);
    renderer.problems = problems_in(&lesson.blocks()[..range.start]);
    let mut out = LaidOut {
        first_block: range.start,
        ..LaidOut::default()
    };
    for (i, block) in lesson.blocks()[range.clone()].iter().enumerate() {
        if i > 0 {
            out.lines.push(Line::default());
        }
        out.block_starts.push(out.lines.len());
        renderer.top_block = range.start + i;
        renderer.block(block, width.max(1), &mut out.lines);
    }
    out.sentences = std::mem::take(&mut renderer.sentences);
    out.paragraphs = renderer.paragraphs;
    if ctx.theme.ascii {
        ascii::fold_lines(&mut out.lines);
    }
    out
}

/// Runs of consecutive blocks, in order, joined into one: a blank line between any two,
/// as between any two blocks, and each run's lines and paragraphs numbered on from the
/// runs before it.
fn join(runs: impl IntoIterator<Item = LaidOut>) -> LaidOut {
    let mut runs = runs.into_iter();
    let mut out = runs.next().unwrap_or_default();
    for run in runs {
        if run.block_starts.is_empty() {
            continue;
        }
        if out.block_starts.is_empty() {
            out = run;
            continue;
        }
        out.lines.push(Line::default());
        let (offset, paragraphs) = (out.lines.len(), out.paragraphs);
        out.block_starts
            .extend(run.block_starts.iter().map(|&l| l + offset));
        out.sentences
            .extend(run.sentences.into_iter().map(|mut spot| {
                spot.paragraph += paragraphs;
                spot.rows.iter_mut().for_each(|r| r.line += offset);
                spot
            }));
        out.lines.extend(run.lines);
        out.paragraphs += run.paragraphs;
    }
    out
}

/// The problems among `blocks`, at any depth, as the renderer meets and numbers them.
fn problems_in(blocks: &[Block]) -> usize {
    blocks
        .iter()
        .map(|b| match &b.kind {
            BlockKind::Problem(_) => 1,
            BlockKind::List { items, .. } => items.iter().map(|i| problems_in(i)).sum(),
            BlockKind::Quote(inner) => problems_in(inner),
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Course;
    use crate::layout::Theme;
    use crate::progress::view::{ProblemState, ProblemStates, Stage};

    /// Every lesson of the embedded course and the test course, at narrow, usual and
    /// wide widths, in Unicode and ASCII, with a solved problem in the record, opened at
    /// its first, a middle, its last block and past its end, on screens of a few and of
    /// many rows: the opening run shows what the whole lesson shows at the place the
    /// reader would scroll it to, and completed it is the one pass (a single run over
    /// every block, which joins nothing), as the halves of a long lesson joined are.
    #[test]
    fn an_opening_completed_is_what_one_pass_lays_out() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/course");
        let courses = [Course::load(None), Course::load(Some(&dir))];
        let (mut cut, mut split) = (0, 0);
        for course in courses.iter().map(|c| c.as_ref().expect("course")) {
            for (n, lesson) in course.lessons.iter().enumerate() {
                let solved = ProblemState {
                    variant: 0,
                    stage: Stage::Solved,
                };
                let problems: ProblemStates = crate::problems::locate::problems(lesson)
                    .into_iter()
                    .filter_map(|(_, spec)| spec.ok())
                    .map(|spec| (spec.id.clone(), solved))
                    .collect();
                let count = lesson.blocks().len();
                for ascii in [false, true] {
                    let ctx = Context {
                        theme: Theme::new(ascii, true),
                        lesson_number: n + 1,
                        problems: &problems,
                        learner_seed: 7,
                    };
                    for width in [24, 78, 140] {
                        let whole = part(lesson, 0..count, width, &ctx);
                        assert_eq!(super::lesson(lesson, width, &ctx), whole);
                        split += usize::from(count >= SPLIT_FROM);
                        for block in [0, count / 2, count.saturating_sub(1), count + 3] {
                            for rows in [0, 4, 23, 200] {
                                let (open, top) = opening(lesson, block, rows, width, &ctx);
                                let at = format!("{} block {block} rows {rows}", lesson.slug);
                                let offset = whole.line_of_block(open.first_block);
                                let scroll = whole
                                    .line_of_block(block)
                                    .min(whole.lines.len().saturating_sub(rows));
                                assert_eq!(offset + top, scroll, "{at}");
                                let shown = |l: &LaidOut, from: usize| {
                                    let to = (from + rows).min(l.lines.len());
                                    l.lines[from.min(to)..to].to_vec()
                                };
                                assert_eq!(shown(&open, top), shown(&whole, scroll), "{at}");
                                assert_eq!(open.block_at(top), whole.block_at(scroll), "{at}");
                                cut += usize::from(open.block_starts.len() < count);
                                assert_eq!(complete(lesson, open, width, &ctx), whole, "{at}");
                            }
                        }
                    }
                }
            }
        }
        assert!(cut > 100, "only {cut} openings were short of the lesson");
        assert!(split > 20, "only {split} layouts were split in halves");
    }

    /// A problem inside a list item before the opening still counts for the numbers of
    /// the opening's problems, and of those after it.
    #[test]
    fn problems_nested_before_an_opening_number_its_problems() {
        let problem = |id: &str| {
            format!(
                "```problem\nid = \"{id}\"\nkind = \"count-params\"\nprompt = 'How many?'\nanswer = \"16\"\ntolerance = \"exact\"\nhints = ['Count.']\nsolution = 'Sixteen.'\n```\n"
            )
        };
        let mut md = format!("- an item\n\n  {}\n", problem("a").replace('\n', "\n  "));
        for i in 0..30 {
            md.push_str(&format!("\nParagraph {i}.\n"));
        }
        md.push('\n');
        md.push_str(&problem("b"));
        md.push_str("\nThe end.\n");
        let lesson = Lesson::parse("s".into(), "f.md".into(), "T".into(), String::new(), &md);
        let ctx = Context {
            theme: Theme::new(false, true),
            lesson_number: 5,
            problems: ProblemStates::none(),
            learner_seed: 1,
        };
        let problem_block = lesson.blocks().len() - 2;
        let (open, _) = opening(&lesson, problem_block, 3, 60, &ctx);
        assert!(open.first_block > 0 && open.block_starts.len() < lesson.blocks().len());
        let text: Vec<String> = open.lines.iter().map(crate::layout::line_text).collect();
        assert!(text.iter().any(|l| l.contains("Problem 5.2")), "{text:#?}");
        let whole = complete(&lesson, open, 60, &ctx);
        assert_eq!(whole, part(&lesson, 0..lesson.blocks().len(), 60, &ctx));
        assert_eq!(whole, super::lesson(&lesson, 60, &ctx));
    }
}
