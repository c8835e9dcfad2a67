//! The ```` ```figure ```` block: TOML naming a figure kind and evaluator expressions for
//! its data. The data are evaluated once, the first time the block is drawn or checked,
//! and kept, so drawing at any width only lays out numbers that are already known.
//! Evaluating every figure while the course loads put lesson 2's random histograms
//! (about 7 ms) on every start, even of `attn-course list`.

use std::sync::OnceLock;

use super::error::ContentError;
use crate::figure::{Figure, FigureSpec};

/// A figure fence as written, and its figure once something has asked for it.
#[derive(Debug, Clone)]
pub struct FigureBlock {
    file: String,
    fence_line: usize,
    body: String,
    figure: OnceLock<Result<Figure, ContentError>>,
}

impl FigureBlock {
    pub fn new(file: &str, fence_line: usize, body: &str) -> FigureBlock {
        FigureBlock {
            file: file.to_string(),
            fence_line,
            body: body.to_string(),
            figure: OnceLock::new(),
        }
    }

    /// The figure, or the error of its TOML or data (at the line of its key), evaluated
    /// on the first call.
    pub fn figure(&self) -> &Result<Figure, ContentError> {
        self.figure
            .get_or_init(|| parse(&self.file, self.fence_line, &self.body))
    }
}

/// Two blocks are the same when they were written the same, evaluated or not.
impl PartialEq for FigureBlock {
    fn eq(&self, other: &Self) -> bool {
        (&self.file, self.fence_line, &self.body) == (&other.file, other.fence_line, &other.body)
    }
}

/// Parses and evaluates the body of a figure fence whose opening line is `fence_line`.
/// An error in a value is reported at the line of its key (`data = ...`), else at the
/// fence.
pub fn parse(file: &str, fence_line: usize, body: &str) -> Result<Figure, ContentError> {
    super::error::refuse_hidden_toml(file, fence_line + 1, body)?;
    let spec: FigureSpec = toml::from_str(body)
        .map_err(|e| ContentError::from_toml(file, fence_line + 1, body, &e))?;
    spec.evaluate().map_err(|e| {
        let key = e.split(':').next().unwrap_or_default();
        let line = key_line(body, key).map_or(fence_line, |i| fence_line + 1 + i);
        ContentError::new(file, line, format!("figure: {e}"))
    })
}

/// The index of the body line that sets `key` (`data = "..."`), if any.
fn key_line(body: &str, key: &str) -> Option<usize> {
    body.lines().position(|line| {
        line.trim_start()
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_evaluates_once_when_first_asked() {
        let block = FigureBlock::new("f.md", 3, "kind = \"bars\"\ndata = \"[1, 2]\"\n");
        assert!(block.figure.get().is_none(), "nothing is evaluated at load");
        let first: *const _ = block.figure();
        assert!(block.figure().is_ok());
        assert!(
            std::ptr::eq(first, block.figure()),
            "kept, not evaluated again"
        );
        let bad = FigureBlock::new("f.md", 3, "kind = \"bars\"\ndata = \"[1, nope]\"\n");
        assert_eq!(bad.figure().as_ref().map_err(|e| e.line), Err(5));
    }

    #[test]
    fn a_good_figure_evaluates_and_a_bad_one_names_its_line() {
        let ok = parse(
            "f.md",
            10,
            "kind = \"bars\"\ndata = \"[1, 2, 3]\"\nlabels = [\"a\", \"b\", \"c\"]\n",
        );
        assert!(ok.is_ok(), "{ok:?}");
        let err = parse(
            "f.md",
            10,
            "kind = \"heatmap\"\ndata = \"softmax([1, 2]) @ [1]\"\n",
        )
        .unwrap_err();
        // The fence opens on line 10, so `data` is on line 12.
        assert_eq!(err.line, 12);
        assert!(err.message.starts_with("figure: data:"), "{}", err.message);
        let err = parse("f.md", 10, "kind = \"pie\"\ndata = \"1\"\n").unwrap_err();
        assert_eq!(err.line, 11);
        let err = parse(
            "f.md",
            10,
            "kind = \"bars\"\ndata = \"[1, 2]\"\nlabels = [\"a\"]\n",
        )
        .unwrap_err();
        assert!(err.message.contains("labels"), "{}", err.message);
        let err = parse("f.md", 10, "kind = \"line\"\ndata = \"[1, 1/0]\"\n").unwrap_err();
        assert!(err.message.contains("finite"), "{}", err.message);
    }
}
