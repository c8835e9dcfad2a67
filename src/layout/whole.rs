//! A whole lesson laid out: one pass over its top-level blocks, or, for a long lesson,
//! two halves on two threads joined into exactly what one pass gives.

use ratatui::text::Line;

use super::{Context, LaidOut, ascii, blocks};
use crate::content::{Block, BlockKind, Lesson};

/// Lesson this many top-level blocks long and longer are laid out in two halves at once:
/// the reader lays out the lesson it opens before its first screen (the status bar's
/// percentage needs every line), and that layout was most of the wait.
const SPLIT_FROM: usize = 24;

/// Lays out a whole lesson at `width` columns: a long one in two halves on two threads,
/// joined as one pass over all its blocks would have laid it out.
pub fn lesson(lesson: &Lesson, width: usize, ctx: &Context<'_>) -> LaidOut {
    let blocks = lesson.blocks();
    if blocks.len() < SPLIT_FROM {
        return part(lesson, 0..blocks.len(), width, ctx, 0).0;
    }
    let half = blocks.len() / 2;
    // The second half numbers its problems on from the first's.
    let before = problems_in(&blocks[..half]);
    let ((mut out, paragraphs), (second, _)) = std::thread::scope(|s| {
        let first = s.spawn(|| part(lesson, 0..half, width, ctx, 0));
        let second = part(lesson, half..blocks.len(), width, ctx, before);
        (
            first
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            second,
        )
    });
    // The blank line between the halves' blocks, as between any two blocks.
    out.lines.push(Line::default());
    let offset = out.lines.len();
    out.block_starts
        .extend(second.block_starts.iter().map(|&l| l + offset));
    out.sentences
        .extend(second.sentences.into_iter().map(|mut spot| {
            spot.paragraph += paragraphs;
            spot.rows.iter_mut().for_each(|r| r.line += offset);
            spot
        }));
    out.lines.extend(second.lines);
    out
}

/// Lays out the lesson's top-level blocks `range` as if they were the lesson, the
/// first numbered after `problems` problems; also says how many paragraphs it met.
fn part(
    lesson: &Lesson,
    range: std::ops::Range<usize>,
    width: usize,
    ctx: &Context<'_>,
    problems: usize,
) -> (LaidOut, usize) {
    let mut renderer = blocks::Renderer::new(ctx, &lesson.file, &lesson.slug);
    renderer.problems = problems;
    let mut out = LaidOut::default();
    for (i, block) in lesson.blocks()[range.clone()].iter().enumerate() {
        if i > 0 {
            out.lines.push(Line::default());
        }
        out.block_starts.push(out.lines.len());
        renderer.top_block = range.start + i;
        renderer.block(block, width.max(1), &mut out.lines);
    }
    out.sentences = std::mem::take(&mut renderer.sentences);
    if ctx.theme.ascii {
        ascii::fold_lines(&mut out.lines);
    }
    (out, renderer.paragraphs)
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
    /// wide widths, in Unicode and ASCII, with a solved problem in the record: the
    /// halves joined are the one pass.
    #[test]
    fn two_halves_join_into_what_one_pass_lays_out() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/course");
        let courses = [Course::load(None), Course::load(Some(&dir))];
        let mut split = 0;
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
                for ascii in [false, true] {
                    let ctx = Context {
                        theme: Theme::new(ascii, true),
                        lesson_number: n + 1,
                        problems: &problems,
                        learner_seed: 7,
                    };
                    for width in [24, 78, 140] {
                        let one = part(lesson, 0..lesson.blocks().len(), width, &ctx, 0).0;
                        assert_eq!(super::lesson(lesson, width, &ctx), one, "{}", lesson.slug);
                    }
                }
                split += usize::from(lesson.blocks().len() >= SPLIT_FROM);
            }
        }
        assert!(
            split >= 4,
            "only {split} lessons were long enough to be split"
        );
    }

    /// A problem inside a list item in the first half still counts for the numbers of
    /// the second half's problems.
    #[test]
    fn problems_nested_in_the_first_half_number_the_second_halfs() {
        let problem = |id: &str| {
            format!(
                "```problem\nid = \"{id}\"\nkind = \"count-params\"\nprompt = 'How many?'\nanswer = \"16\"\ntolerance = \"exact\"\nhints = ['Count.']\nsolution = 'Sixteen.'\n```\n"
            )
        };
        let mut md = format!("- an item\n\n  {}\n", problem("a").replace('\n', "\n  "));
        for i in 0..SPLIT_FROM {
            md.push_str(&format!("\nParagraph {i}.\n"));
        }
        md.push('\n');
        md.push_str(&problem("b"));
        let lesson = Lesson::parse("s".into(), "f.md".into(), "T".into(), String::new(), &md);
        assert!(lesson.blocks().len() >= SPLIT_FROM);
        let ctx = Context {
            theme: Theme::new(false, true),
            lesson_number: 5,
            problems: ProblemStates::none(),
            learner_seed: 1,
        };
        let laid = super::lesson(&lesson, 60, &ctx);
        let text: Vec<String> = laid.lines.iter().map(crate::layout::line_text).collect();
        assert!(text.iter().any(|l| l.contains("Problem 5.2")), "{text:#?}");
        assert_eq!(laid, part(&lesson, 0..lesson.blocks().len(), 60, &ctx, 0).0);
    }
}
