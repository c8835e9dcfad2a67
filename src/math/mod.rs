//! LaTeX subset → 2-D text (placeholder until the layout engine lands: shows raw TeX).

/// How to draw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// 7-bit ASCII output only.
    pub ascii: bool,
}

/// A LaTeX input the engine cannot lay out, with the 1-based column of the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} at column {column}")]
pub struct MathError {
    pub column: usize,
    pub message: String,
}

/// Lays out display math as lines no wider than `width` where a break is possible.
pub fn display(tex: &str, _width: usize, _opts: &Options) -> Result<Vec<String>, MathError> {
    Ok(vec![tex.trim().to_string()])
}

/// Lays out inline math as one line.
pub fn inline(tex: &str, _opts: &Options) -> Result<String, MathError> {
    Ok(tex.trim().to_string())
}
