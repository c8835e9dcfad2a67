//! The ```` ```eval ```` block: computed claims, each one or more expression lines and
//! a `=> expected` line, separated by blank lines (see the lesson format).

use super::error::ContentError;

/// One computed claim of the prose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// The expression lines joined with a space.
    pub expr: String,
    /// The expected value exactly as written after `=>` (its digits set the tolerance).
    pub expected: String,
    /// File line of the claim's first expression line.
    pub line: usize,
}

/// Parses the body of an eval fence whose opening ```` ``` ```` is on `fence_line`.
pub fn parse(file: &str, fence_line: usize, body: &str) -> Result<Vec<Claim>, ContentError> {
    let mut claims = Vec::new();
    let mut expr: Vec<&str> = Vec::new();
    let mut start = 0;
    let mut done_at: Option<usize> = None;
    for (i, raw) in body.lines().enumerate() {
        let line = fence_line + 1 + i;
        let text = raw.trim();
        if text.is_empty() {
            if !expr.is_empty() {
                return Err(ContentError::new(
                    file,
                    line,
                    "claim has no `=> expected` line before the blank line",
                ));
            }
            done_at = None;
            continue;
        }
        if let Some(done) = done_at {
            return Err(ContentError::new(
                file,
                line,
                format!("a blank line must separate claims (the claim above ended on line {done})"),
            ));
        }
        if let Some(expected) = text.strip_prefix("=>") {
            let expected = expected.trim();
            if expr.is_empty() {
                return Err(ContentError::new(
                    file,
                    line,
                    "`=>` with no expression above it",
                ));
            }
            if expected.is_empty() {
                return Err(ContentError::new(file, line, "`=>` with no expected value"));
            }
            claims.push(Claim {
                expr: expr.join(" "),
                expected: expected.to_string(),
                line: start,
            });
            expr.clear();
            done_at = Some(line);
        } else {
            if expr.is_empty() {
                start = line;
            }
            expr.push(text);
        }
    }
    if !expr.is_empty() {
        return Err(ContentError::new(
            file,
            start,
            "claim has no `=> expected` line",
        ));
    }
    if claims.is_empty() {
        return Err(ContentError::new(
            file,
            fence_line,
            "eval block holds no claim",
        ));
    }
    Ok(claims)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_join_expression_lines_and_keep_their_line() {
        let body = "softmax([1, 0, 0])\n=> [0.5761, 0.2119, 0.2119]\n\nlet W = [[0,1]];\n  W @ transpose(W)\n=> [[1]]\n";
        let claims = parse("l.md", 20, body).unwrap();
        assert_eq!(
            claims,
            vec![
                Claim {
                    expr: "softmax([1, 0, 0])".into(),
                    expected: "[0.5761, 0.2119, 0.2119]".into(),
                    line: 21,
                },
                Claim {
                    expr: "let W = [[0,1]]; W @ transpose(W)".into(),
                    expected: "[[1]]".into(),
                    line: 24,
                },
            ]
        );
    }

    #[test]
    fn malformed_claims_say_where() {
        let missing = parse("l.md", 5, "1 + 1\n\n2\n=> 2\n").unwrap_err();
        assert_eq!(
            missing.to_string(),
            "l.md:7: claim has no `=> expected` line before the blank line"
        );
        let orphan = parse("l.md", 5, "=> 2\n").unwrap_err();
        assert_eq!(orphan.line, 6);
        let run_on = parse("l.md", 5, "1\n=> 1\n2\n=> 2\n").unwrap_err();
        assert_eq!(run_on.line, 8);
        let trailing = parse("l.md", 5, "1\n=> 1\n\n3 + 4\n").unwrap_err();
        assert_eq!(trailing.line, 9);
        assert_eq!(parse("l.md", 5, "\n").unwrap_err().line, 5);
    }
}
