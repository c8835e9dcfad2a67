//! A legend as plain lines of text: the equation drawn in 2-D, then one line per
//! entry, `notation  meaning (shape) — §N.k title, problem L.K; paper: variant`.

use super::{Entry, Legend};
use crate::math::{self, Options};

/// The drawing and the legend, at most `width` columns where the drawing allows.
pub fn render(legend: &Legend, width: usize, opts: &Options) -> Vec<String> {
    let mut out = drawing(legend, width, opts);
    out.push(String::new());
    out.extend(legend.entries.iter().map(|e| entry_line(e, opts)));
    out
}

/// The equation drawn in 2-D (or the math engine's error, as one line).
pub fn drawing(legend: &Legend, width: usize, opts: &Options) -> Vec<String> {
    math::display(&legend.tex, width, opts).unwrap_or_else(|e| vec![e.to_string()])
}

/// One entry of the legend as a line; a symbol's line is indented under its form's.
pub fn entry_line(e: &Entry, opts: &Options) -> String {
    let drawn = math::inline(&e.tex, opts).unwrap_or_else(|_| e.tex.clone());
    let mut line = format!("{}{drawn}  ", if e.form { "" } else { "  " });
    match &e.meaning {
        None => line.push_str("not in this course"),
        Some(m) => {
            line.push_str(m);
            if let Some(shape) = &e.shape {
                line.push_str(&format!(" ({shape})"));
            }
            if let Some(link) = &e.link {
                let (dash, sec) = if opts.ascii {
                    ("-", "section ")
                } else {
                    ("—", "§")
                };
                line.push_str(&format!(" {dash} {sec}{} {}", link.section, link.title));
                if let Some((p, _)) = &link.problem {
                    line.push_str(&format!(", problem {p}"));
                }
            }
            if let Some(v) = &e.variant {
                line.push_str(&format!("; paper: {v}"));
            }
        }
    }
    line
}
