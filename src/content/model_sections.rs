//! Sections that look inside the course's trained model ("In a trained model"). A
//! heading ending in the attribute [`MARKER`] (`## 4.6 In a trained model {.model}`)
//! marks its section as needing the model: the heading and everything under it, up to
//! the next heading of the same or a higher level. A course that ships
//! `model/weights.safetensors` shows the section (the marker removed from the title); a
//! course without it (`--course DIR` with no `model/`) is the same course without those
//! sections, their claims and their problems — never an error.

use super::Lesson;
use super::block::{Block, BlockKind, Inline};

/// The heading attribute marking a section that needs the model (the `{.class}`
/// syntax of heading attributes in Pandoc and pulldown-cmark).
pub const MARKER: &str = "{.model}";

/// `blocks` with every marker removed from its heading, and, when the course has no
/// model, without the marked sections.
pub fn apply(blocks: Vec<Block>, has_model: bool) -> Vec<Block> {
    let mut out = Vec::with_capacity(blocks.len());
    // The level of the marked heading whose section is being dropped.
    let mut dropping: Option<u8> = None;
    for mut block in blocks {
        let level = match &block.kind {
            BlockKind::Heading { level, .. } => Some(*level),
            _ => None,
        };
        if let (Some(open), Some(level)) = (dropping, level)
            && level <= open
        {
            dropping = None;
        }
        if dropping.is_some() {
            continue;
        }
        if let BlockKind::Heading { level, text } = &mut block.kind
            && strip_marker(text)
            && !has_model
        {
            dropping = Some(*level);
            continue;
        }
        out.push(block);
    }
    out
}

/// Removes a trailing [`MARKER`] (and the spaces before it) from a heading's text;
/// whether there was one.
fn strip_marker(text: &mut Vec<Inline>) -> bool {
    let Some(Inline::Text(last, _)) = text.last_mut() else {
        return false;
    };
    let Some(rest) = last.trim_end().strip_suffix(MARKER) else {
        return false;
    };
    let rest = rest.trim_end().to_string();
    if rest.is_empty() {
        text.pop();
    } else {
        *last = rest;
    }
    true
}

impl Lesson {
    /// The lesson as a course without its model reads it (its `{.model}` sections
    /// left out), when this one has the model; `check` reads it so to find a number
    /// outside those sections that needs the model.
    pub fn without_model(&self) -> Option<Lesson> {
        self.has_model.then(|| Lesson {
            has_model: false,
            ..Lesson::unparsed(
                self.slug.clone(),
                self.file.clone(),
                self.title.clone(),
                self.blurb.clone(),
                self.text.clone(),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::markdown;

    const LESSON: &str = "# L\n\n## 1.1 Idea\n\nText.\n\n### Aside {.model}\n\nModel text.\n\n\
        ## 1.2 Reading\n\nMore.\n\n## 1.3 In a trained model {.model}\n\nClaims.\n\n\
        ### Details\n\nStill model.\n";

    fn titles(blocks: &[Block]) -> Vec<String> {
        blocks.iter().map(Block::plain_text).collect()
    }

    #[test]
    fn with_the_model_only_the_markers_go() {
        let blocks = apply(markdown::parse("f.md", 1, LESSON), true);
        assert_eq!(
            titles(&blocks),
            [
                "L",
                "1.1 Idea",
                "Text.",
                "Aside",
                "Model text.",
                "1.2 Reading",
                "More.",
                "1.3 In a trained model",
                "Claims.",
                "Details",
                "Still model."
            ]
        );
    }

    #[test]
    fn without_the_model_each_marked_section_goes_up_to_the_next_heading_of_its_level() {
        let blocks = apply(markdown::parse("f.md", 1, LESSON), false);
        assert_eq!(
            titles(&blocks),
            ["L", "1.1 Idea", "Text.", "1.2 Reading", "More."]
        );
        // The blocks kept keep their own source lines.
        assert_eq!(blocks[3].line, 11);
    }

    #[test]
    fn a_marker_that_does_not_end_the_heading_is_text() {
        let text = "## A {.model} b\n\n## `code {.model}`\n";
        let blocks = apply(markdown::parse("f.md", 1, text), false);
        assert_eq!(titles(&blocks), ["A {.model} b", "code {.model}"]);
    }
}
