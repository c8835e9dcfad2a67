//! Horizontal bars (one labelled value per row) and histograms (counts per bin, one
//! row of bins per series, all series on one shared axis so spreads can be compared).

use ratatui::text::Line;
use unicode_width::UnicodeWidthStr;

use super::look::Look;
use crate::eval::format_label;

/// `label │██████ value` rows; `None` when no bar room is left.
pub fn draw_bars(
    labels: &[String],
    values: &[f64],
    width: usize,
    look: &Look,
) -> Option<Vec<Line<'static>>> {
    let label_w = labels.iter().map(|l| l.width()).max().unwrap_or(0);
    let value_w = values
        .iter()
        .map(|v| format_label(*v).len())
        .max()
        .unwrap_or(1);
    let room = width.checked_sub(label_w + value_w + 3)?;
    if room < 4 {
        return None;
    }
    let max = values.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    let (full, axis) = if look.ascii {
        ("#", "|")
    } else {
        ("█", "│")
    };
    Some(
        labels
            .iter()
            .zip(values)
            .map(|(label, v)| {
                let len = if max > 0.0 {
                    (v.abs() / max * room as f64).round() as usize
                } else {
                    0
                };
                let pad = label_w - label.width();
                Line::from(format!(
                    "{label}{} {axis}{} {}",
                    " ".repeat(pad),
                    full.repeat(len),
                    format_label(*v)
                ))
            })
            .collect(),
    )
}

/// Counts of `values` in `bins` equal bins over [lo, hi]; the top edge is inclusive.
pub fn histogram(values: &[f64], bins: usize, lo: f64, hi: f64) -> Vec<usize> {
    let mut counts = vec![0; bins];
    for &v in values.iter().filter(|v| v.is_finite()) {
        let t = if hi > lo { (v - lo) / (hi - lo) } else { 0.5 };
        let k = ((t * bins as f64).floor() as usize).min(bins - 1);
        counts[k] += 1;
    }
    counts
}

/// Vertical histograms, `height` rows each, one per series, over a shared axis, with
/// the counts on a left axis (the peak at the top, 0 at the rule).
pub fn draw_histograms(
    series: &[Vec<f64>],
    labels: &[String],
    bins: usize,
    width: usize,
    look: &Look,
) -> Option<Vec<Line<'static>>> {
    const HEIGHT: usize = 6;
    let all: Vec<f64> = series
        .iter()
        .flatten()
        .copied()
        .filter(|v| v.is_finite())
        .collect();
    let lo = all.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = all.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if all.is_empty() || width < 12 {
        return None;
    }
    let counts: Vec<Vec<usize>> = series.iter().map(|v| histogram(v, bins, lo, hi)).collect();
    let peaks: Vec<usize> = counts
        .iter()
        .map(|c| c.iter().copied().max().unwrap_or(0).max(1))
        .collect();
    // The count axis at the left: each series' peak at its top, 0 at the rule.
    let digits = peaks.iter().map(|p| p.to_string().len()).max().unwrap_or(1);
    let bins = bins.clamp(1, width.saturating_sub(digits + 2).max(1));
    let cell_w = width.saturating_sub(digits + 2) / bins;
    if cell_w == 0 {
        return None;
    }
    let (eighths, axis, corner, rule): (&[&str], &str, &str, &str) = if look.ascii {
        (
            &[" ", ".", ".", ":", ":", "|", "|", "#", "#"],
            "|",
            "+",
            "-",
        )
    } else {
        (
            &[" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
            "│",
            "└",
            "─",
        )
    };
    let mut out = Vec::new();
    for (k, values) in series.iter().enumerate() {
        let (counts, peak) = (&counts[k], peaks[k]);
        if let Some(label) = labels.get(k) {
            out.push(Line::from(format!(
                "{label} (n = {}, peak {peak})",
                values.len()
            )));
        }
        for row in (0..HEIGHT).rev() {
            let text: String = counts
                .iter()
                .map(|&c| {
                    let level = (c as f64 / peak as f64 * (HEIGHT * 8) as f64).round() as usize;
                    let part = level.saturating_sub(row * 8).min(8);
                    eighths[part].repeat(cell_w)
                })
                .collect();
            let count = if row + 1 == HEIGHT {
                peak.to_string()
            } else {
                String::new()
            };
            out.push(super::lines::trim_end(Line::from(format!(
                "{count:>digits$} {axis}{text}"
            ))));
        }
    }
    let axis_w = cell_w * bins;
    out.push(Line::from(format!(
        "{:>digits$} {corner}{}",
        0,
        rule.repeat(axis_w)
    )));
    let pad = " ".repeat(digits + 2);
    out.push(Line::from(format!("{pad}{}", ticks(lo, hi, axis_w))));
    Some(out)
}

/// The axis labels under `width` columns: lo at the left end, hi at the right end, and
/// the middle value centred between them where it fits with a space either side.
fn ticks(lo: f64, hi: f64, width: usize) -> String {
    let (left, mid, right) = (
        format_label(lo),
        super::lines::middle(lo, hi),
        format_label(hi),
    );
    let right_at = width.saturating_sub(right.len()).max(left.len() + 1);
    let mid_at = (width / 2).saturating_sub(mid.len() / 2);
    let mut text = left;
    if hi > lo && mid_at > text.len() && mid_at + mid.len() < right_at {
        text.push_str(&" ".repeat(mid_at - text.len()));
        text.push_str(&mid);
    }
    text.push_str(&" ".repeat(right_at - text.len()));
    text.push_str(&right);
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::look::Colors;

    const ASCII: Look = Look {
        ascii: true,
        colors: Colors::None,
        light: false,
    };

    #[test]
    fn histogram_bins_include_both_ends() {
        assert_eq!(
            histogram(&[0.0, 0.1, 0.5, 0.99, 1.0], 2, 0.0, 1.0),
            vec![2, 3]
        );
        assert_eq!(histogram(&[3.0, 3.0], 3, 3.0, 3.0), vec![0, 2, 0]);
    }

    #[test]
    fn bars_scale_to_the_largest_value() {
        let lines = draw_bars(&["attn".into(), "ffn".into()], &[1.0, 2.0], 20, &ASCII).unwrap();
        let text: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        assert_eq!(text, ["attn |###### 1", "ffn  |############ 2"]);
        assert!(draw_bars(&["x".into()], &[1.0], 6, &ASCII).is_none());
    }

    #[test]
    fn histograms_share_one_axis_with_its_ends_labelled() {
        let lines = draw_histograms(&[vec![0.0, 0.0, 1.0], vec![2.0]], &[], 2, 12, &ASCII).unwrap();
        let text: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        // Series 1: bin [0, 1) holds 2, bin [1, 2] holds 1; series 2: only the top bin.
        // The counts stand on the left: each series' peak at its top row.
        assert_eq!(text[0], "2 |####");
        assert_eq!(text[1], "  |####");
        assert_eq!(text[5], "  |########");
        assert_eq!(text[6], "1 |    ####");
        assert_eq!(text[12], "0 +--------");
        // 0 at the left end, 2 at the right end, 1 under the middle of the 8 columns.
        assert_eq!(text.last().unwrap(), "   0   1  2");
        assert_eq!(ticks(-1.5, 100.0, 12), "-1.5 49  100");
        assert_eq!(
            ticks(-1.5, 100.0, 10),
            "-1.5   100",
            "no room for the middle"
        );
    }
}
