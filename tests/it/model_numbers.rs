//! Issue #29's "Done means": change one weight matrix of the model and `check` must name
//! every number the model sections state about it — in prose, tables, problem prompts,
//! hints, solutions, mistakes and figure captions — not only the claims that compute them.
//!
//! The test reads the lessons itself (its own scanner, not `check`'s): each stated
//! number (a decimal, a percentage, a factor "N times" or "×N") of a `{.model}` section,
//! and each claim (`eval` block) of that section with its written values. It scales
//! `l0.attn.W_Q` by 1.05 in a copy of the course and runs `check` there. A number that
//! repeats a claim the edit changed (one `check` reports as failing) must then be named
//! on its block's line; a number only repeating claims the edit leaves alone (the bigram
//! baseline, `ln 97`, a random draw, the model at initialisation) may not be.

use std::path::Path;

use super::model_cli::{attn, course_copy};

/// A number stated in the text of a model section.
#[derive(Debug)]
struct Stated {
    file: String,
    /// The first line of its block (paragraph, table, list, problem or figure fence): where
    /// `check` reports it.
    line: usize,
    written: String,
    percent: bool,
}

/// A claim: its expression and its written values.
struct Claim {
    file: String,
    expr: String,
    values: Vec<f64>,
}

/// Multiplies the float32 tensor `name` of the safetensors file at `path` by `factor`.
fn scale_tensor(path: &Path, name: &str, factor: f32) {
    let mut bytes = std::fs::read(path).unwrap();
    let (header, meta) = safetensors::SafeTensors::read_metadata(&bytes).unwrap();
    let (start, end) = meta.info(name).expect("the tensor is stored").data_offsets;
    let base = 8 + header;
    for chunk in bytes[base + start..base + end].chunks_exact_mut(4) {
        let x = f32::from_le_bytes(chunk.try_into().unwrap()) * factor;
        chunk.copy_from_slice(&x.to_le_bytes());
    }
    std::fs::write(path, bytes).unwrap();
}

/// `text` without code spans and `<<slots>>` (neither is typed prose).
fn prose_only(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    loop {
        let next = [rest.find('`'), rest.find("<<")]
            .into_iter()
            .flatten()
            .min();
        let Some(at) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        let (open, close) = if rest[at..].starts_with('`') {
            ("`", "`")
        } else {
            ("<<", ">>")
        };
        let after = &rest[at + open.len()..];
        match after.find(close) {
            Some(end) => {
                out.push_str(" _ ");
                rest = &after[end + close.len()..];
            }
            None => return out,
        }
    }
}

/// The decimals, percentages and factors of one piece of prose.
/// The numbers the prose `text` states, reported at `line` of `file`.
fn stated_in(file: &str, line: usize, text: &str) -> Vec<Stated> {
    (numbers_in(&prose_only(text)).into_iter())
        .map(|(written, percent)| Stated {
            file: file.to_string(),
            line,
            written,
            percent,
        })
        .collect()
}

fn numbers_in(text: &str) -> Vec<(String, bool)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let prev = i.checked_sub(1).map(|k| chars[k]);
        let starts = chars[i].is_ascii_digit()
            && !prev.is_some_and(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '§' | '#'));
        if !starts {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || (matches!(chars[i], '.' | ',')
                    && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
        {
            i += 1;
        }
        let written: String = chars[start..i].iter().collect();
        let after: String = chars[i..].iter().take(8).collect();
        let after = after.trim_start();
        let percent = after.starts_with('%') || after.starts_with("\\%");
        let factor = after.starts_with("times") || prev == Some('×');
        if written.contains('.') || percent || factor {
            out.push((written, percent));
        }
    }
    out
}

/// The stated numbers and the claims of every model section of the course in `dir`.
fn read_sections(dir: &Path) -> (Vec<Stated>, Vec<Claim>) {
    let mut stated = Vec::new();
    let mut claims = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md") && !p.ends_with("FORMAT.md"))
        .collect();
    files.sort();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let Some(first) = lines.iter().position(|l| l.contains("{.model}")) else {
            continue;
        };
        let mut fence: Option<(&str, usize)> = None;
        let mut block = 0;
        let mut expr = String::new();
        for (k, line) in lines.iter().enumerate().skip(first + 1) {
            let number = k + 1;
            if fence.is_none() && line.starts_with("## ") {
                break;
            }
            if let Some(kind) = line.strip_prefix("```") {
                fence = match fence {
                    None => Some((kind.trim(), number)),
                    Some(_) => None,
                };
                continue;
            }
            match fence {
                Some(("eval", _)) => {
                    if let Some(value) = line.strip_prefix("=> ") {
                        let values = value
                            .split(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | 'e')))
                            .filter_map(|t| t.parse().ok())
                            .collect();
                        claims.push(Claim {
                            file: file.clone(),
                            expr: std::mem::take(&mut expr),
                            values,
                        });
                    } else if !line.trim().is_empty() {
                        expr = line.trim().to_string();
                    }
                }
                Some(("problem", fence_line)) => {
                    let key = line.split_once(" = ").map(|(k, _)| k.trim());
                    let text = match key {
                        Some("id" | "kind" | "params" | "answer" | "tolerance") => "",
                        _ if line.trim_start().starts_with("{ expr") => {
                            line.split_once("says = ").map_or("", |(_, s)| s)
                        }
                        _ => line,
                    };
                    stated.extend(stated_in(&file, fence_line, text));
                }
                Some(("figure", fence_line)) => {
                    let text = match line.split_once(" = ") {
                        Some(("title" | "caption", value)) => value,
                        _ => "",
                    };
                    stated.extend(stated_in(&file, fence_line, text));
                }
                Some(_) => {}
                None => {
                    if line.trim().is_empty() {
                        block = 0;
                        continue;
                    }
                    if block == 0 {
                        block = number;
                    }
                    stated.extend(stated_in(&file, block, line));
                }
            }
        }
    }
    (stated, claims)
}

/// Whether `s`, to its written digits, repeats `value` (a share written as a
/// percentage may repeat 0.52 or 52).
fn repeats(s: &Stated, value: f64) -> bool {
    let v: f64 = s.written.replace(',', "").parse().unwrap();
    let decimals = s.written.split_once('.').map_or(0, |(_, f)| f.len() as i32);
    let half = 0.5 * 10f64.powi(-decimals) + 1e-12;
    (v - value).abs() <= half || (s.percent && (v - 100.0 * value).abs() <= half)
}

#[test]
fn scaling_one_weight_matrix_makes_check_name_every_model_number_it_changes() {
    let copy = course_copy(true);
    let (stated, claims) = read_sections(copy.path());
    scale_tensor(
        &copy.path().join("model/weights.safetensors"),
        "l0.attn.W_Q",
        1.05,
    );
    let dir = copy.path().to_str().unwrap();
    let out = attn(&["--course", dir, "check", "--seeds", "1"]);
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{report}");
    let failed = |c: &Claim| {
        report
            .lines()
            .any(|l| l.starts_with(&format!("{}:", c.file)) && l.contains(&format!("`{}`", c.expr)))
    };
    let mut named = 0;
    let mut unchanged = Vec::new();
    for s in &stated {
        let linked: Vec<&Claim> = claims
            .iter()
            .filter(|c| c.file == s.file && c.values.iter().any(|&v| repeats(s, v)))
            .collect();
        assert!(!linked.is_empty(), "{s:?} repeats no claim of its section");
        let said = report.lines().any(|l| {
            l.starts_with(&format!("{}:{}: {} is ", s.file, s.line, s.written))
                && (l.contains(" is stale") || l.contains(" is a bare model number"))
        });
        if linked.iter().any(|c| failed(c)) {
            assert!(said, "{s:?} repeats a changed claim, unnamed:\n{report}");
            named += 1;
        } else {
            assert!(!said, "{s:?} repeats only unchanged claims, yet is named");
            unchanged.push(s.written.as_str());
        }
    }
    // The model sections state some 65 numbers; those the edit cannot change come from
    // the baselines (n-gram models, ln n, uniform rows), random draws and the model at
    // initialisation, a minority.
    assert!(named >= 40, "only {named} named:\n{report}");
    assert!(
        unchanged.len() < named,
        "{} unchanged: {unchanged:?}",
        unchanged.len()
    );
}
