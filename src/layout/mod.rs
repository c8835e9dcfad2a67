//! Markdown and math → styled lines at a width (pure, no terminal).
