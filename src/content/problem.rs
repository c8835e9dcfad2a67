//! The ```` ```problem ```` block: TOML holding one problem, as specified in the lesson
//! format. Parsing is strict (unknown fields are errors) because a misspelt `hint` would
//! otherwise silently drop the learner's hints.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::error::ContentError;
pub use super::tolerance::Tolerance;

/// One problem, field by field as in the lesson format.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemSpec {
    /// Kebab-case, unique in the lesson, never changes (progress is keyed by it).
    pub id: String,
    pub kind: ProblemKind,
    /// Markdown with math; `<<expr>>` shows the learner's value of an expression over the
    /// parameters (`<<d>>`, `<<t + 3>>`): see `problems::template`.
    pub prompt: String,
    /// Parameter name → generator (`choice(..)`, `int(..)`, `real(..)`, `matrix(..)`).
    #[serde(default)]
    pub params: BTreeMap<String, String>,
    /// An evaluator expression over the params that must be finite and non-zero.
    #[serde(default, rename = "where")]
    pub condition: Option<String>,
    /// An evaluator expression in which each parameter is a bound variable.
    pub answer: String,
    pub tolerance: Tolerance,
    /// Why an absolute tolerance (the policy allows one only where the answer can be 0).
    #[serde(default, rename = "tolerance-why")]
    pub tolerance_why: Option<String>,
    /// In order; they lead, they do not give the answer.
    pub hints: Vec<String>,
    /// Markdown with math.
    pub solution: String,
    #[serde(default)]
    pub mistakes: Vec<Mistake>,
    /// Why fewer than two mistakes are listed (the policy asks for two wherever two
    /// wrong methods exist): the lint accepts a short list only with this reason.
    #[serde(default, rename = "mistakes-why")]
    pub mistakes_why: Option<String>,
    /// Generated wrong methods (`problems::mutants`) that truly do not matter for this
    /// question on the draws where they give the answer, each with its reason.
    #[serde(default)]
    pub equivalent: Vec<Equivalent>,
}

/// A mutant declared equivalent: its name as `check` prints it, and why the step it
/// rewrites does not matter for this question.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Equivalent {
    pub mutant: String,
    pub why: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    ComputeNumber,
    ComputeVector,
    DeriveEvaluate,
    PredictBreak,
    CountParams,
    ReadPaper,
}

/// A typical error: the answer recomputed with it, and what to tell the learner.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mistake {
    pub expr: String,
    pub says: String,
    /// The draws the mistake applies to (an evaluator expression over the params,
    /// non-zero where it applies): "GELU alone" is a mistake only where relu is not 0.
    #[serde(default, rename = "where")]
    pub condition: Option<String>,
}

/// A ```` ```problem ```` fence of a lesson: its spec is parsed from the body when first
/// asked for. Opening a lesson parses its markdown before the first screen, and parsing
/// every problem's TOML was a third of that; the first screen shows a few boxes at most.
/// The spec (or the error a malformed body is shown as) is the same whenever it is
/// asked for, and `check` asks for every one.
#[derive(Debug, Clone)]
pub struct ProblemFence(Box<Fence>);

#[derive(Debug, Clone)]
struct Fence {
    file: String,
    /// The line of the opening ```` ``` ````.
    line: usize,
    body: String,
    /// The embedded course's: the body is not scanned for hidden characters.
    trusted: bool,
    spec: OnceLock<Result<ProblemSpec, ContentError>>,
}

impl ProblemFence {
    pub fn new(file: &str, line: usize, body: String, trusted: bool) -> ProblemFence {
        ProblemFence(Box::new(Fence {
            file: file.to_string(),
            line,
            body,
            trusted,
            spec: OnceLock::new(),
        }))
    }
}

impl AsRef<Result<ProblemSpec, ContentError>> for ProblemFence {
    fn as_ref(&self) -> &Result<ProblemSpec, ContentError> {
        let f = &self.0;
        f.spec.get_or_init(|| {
            if f.trusted {
                return parse(&f.file, f.line, &f.body);
            }
            let body = super::error::refuse_hidden_toml(&f.file, f.line + 1, &f.body)?;
            parse(&f.file, f.line, &body)
        })
    }
}

/// Two fences are the same when their specs (or errors) are.
impl PartialEq for ProblemFence {
    fn eq(&self, other: &ProblemFence) -> bool {
        self.as_ref() == other.as_ref()
    }
}

/// Parses the TOML body of a problem fence. `fence_line` is the line of the opening
/// ```` ``` ````; the body starts on the next line. An untrusted body has been through
/// [`super::error::refuse_hidden_toml`] (the markdown parser does that).
pub fn parse(file: &str, fence_line: usize, body: &str) -> Result<ProblemSpec, ContentError> {
    let first_line = fence_line + 1;
    let spec: ProblemSpec =
        toml::from_str(body).map_err(|e| ContentError::from_toml(file, first_line, body, &e))?;
    let at_key = |key: &str| first_line + key_line(body, key);
    if !is_kebab_case(&spec.id) {
        return Err(ContentError::new(
            file,
            at_key("id"),
            format!("problem id {:?} is not kebab-case (a-z, 0-9, -)", spec.id),
        ));
    }
    if spec.hints.is_empty() {
        return Err(ContentError::new(
            file,
            at_key("hints"),
            format!("problem {:?} needs at least one hint", spec.id),
        ));
    }
    Ok(spec)
}

fn is_kebab_case(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && !id.contains("--")
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The 0-based line of the body where `key = ...` is written (0 if not found).
fn key_line(body: &str, key: &str) -> usize {
    body.lines()
        .position(|l| {
            l.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"id = "softmax-output"
kind = "compute-vector"
prompt = '''
Scores $s = [<<a>>, 0, 1]$.
'''
params = { a = "choice(-1, 0, 1)" }
where = "a + 2"
answer = "softmax([a, 0, 1])"
tolerance = "1%"
hints = ['First.', 'Second.']
solution = 'Do $\frac{1}{2}$.'
mistakes = [{ expr = "a", says = "forgot softmax" }]
"#;

    #[test]
    fn every_field_of_the_format_is_read() {
        let p = parse("03-softmax.md", 10, GOOD).unwrap();
        assert_eq!(p.id, "softmax-output");
        assert_eq!(p.kind, ProblemKind::ComputeVector);
        assert_eq!(p.prompt, "Scores $s = [<<a>>, 0, 1]$.\n");
        assert_eq!(p.params["a"], "choice(-1, 0, 1)");
        assert_eq!(p.condition.as_deref(), Some("a + 2"));
        assert_eq!(p.answer, "softmax([a, 0, 1])");
        assert_eq!(p.tolerance, Tolerance::Relative(0.01));
        assert_eq!(p.hints, ["First.", "Second."]);
        assert_eq!(p.solution, r"Do $\frac{1}{2}$.");
        assert_eq!(p.mistakes[0].says, "forgot softmax");
    }

    #[test]
    fn a_toml_error_names_the_file_line_of_the_bad_line() {
        // Fence on line 10, body from line 11; the bad basic string is body line 3.
        let body = "id = \"x\"\nkind = \"compute-number\"\nprompt = \"\\sqrt\"\n";
        let err = parse("02-sqrt-dk.md", 10, body).unwrap_err();
        assert_eq!(err.file, "02-sqrt-dk.md");
        assert_eq!(err.line, 13, "{err}");
        assert!(err.to_string().starts_with("02-sqrt-dk.md:13: "), "{err}");
    }

    #[test]
    fn unknown_fields_missing_fields_and_bad_kinds_are_errors() {
        let typo = GOOD.replace("hints =", "hint =");
        let err = parse("a.md", 1, &typo).unwrap_err();
        assert!(err.message.contains("hint"), "{err}");
        assert_eq!(err.line, 11, "{err}");
        let kind = GOOD.replace("compute-vector", "guess");
        assert_eq!(parse("a.md", 1, &kind).unwrap_err().line, 3);
        let no_answer = GOOD.replace("answer = \"softmax([a, 0, 1])\"\n", "");
        assert!(
            parse("a.md", 1, &no_answer)
                .unwrap_err()
                .message
                .contains("answer")
        );
    }

    #[test]
    fn ids_must_be_kebab_case_and_hints_non_empty() {
        let bad_id = GOOD.replace("softmax-output", "Softmax_Output");
        let err = parse("a.md", 1, &bad_id).unwrap_err();
        assert_eq!(
            (err.line, err.message.contains("kebab")),
            (2, true),
            "{err}"
        );
        let no_hints = GOOD.replace("hints = ['First.', 'Second.']", "hints = []");
        assert_eq!(parse("a.md", 1, &no_hints).unwrap_err().line, 11);
    }

    /// A fence's spec is parsed when asked for, the same each time; an untrusted body
    /// with an escape that decodes to a hidden character is refused, a trusted one (the
    /// embedded course's, scanned by `check`) is not scanned.
    #[test]
    fn a_fence_is_parsed_when_asked_and_only_an_untrusted_body_is_scanned() {
        let fence = ProblemFence::new("f.md", 3, GOOD.to_string(), false);
        assert!(
            fence.0.spec.get().is_none(),
            "not parsed before it is asked for"
        );
        let spec = fence.as_ref().as_ref().expect("parses");
        assert_eq!(spec.id, "softmax-output");
        assert_eq!(fence, ProblemFence::new("f.md", 3, GOOD.to_string(), true));
        let hidden = GOOD.replace("'First.'", r#""Fi\u001brst.""#);
        let refused = ProblemFence::new("f.md", 3, hidden.clone(), false);
        let err = refused.as_ref().as_ref().expect_err("refused");
        assert!(err.to_string().starts_with("f.md:"), "{err}");
        let trusted = ProblemFence::new("f.md", 3, hidden, true);
        assert!(trusted.as_ref().is_ok());
    }
}
