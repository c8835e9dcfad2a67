//! Bad input: a one-line error with the column of the problem, never a panic, never a
//! hang, and never a control character in the message.

use attn_course::math::{MAX_CHARS, MathError, Options, display, inline};

fn err(tex: &str) -> MathError {
    let e = display(tex, 80, &Options::default()).expect_err(tex);
    let again = inline(tex, &Options { ascii: true }).expect_err(tex);
    assert_eq!(e, again, "display and inline disagree on {tex:?}");
    assert!(!e.to_string().chars().any(char::is_control), "{e:?}");
    e
}

#[test]
fn unknown_command_points_at_its_backslash() {
    let e = err(r"a+\foo{b}");
    assert_eq!(e.column, 3);
    assert_eq!(e.to_string(), r"unknown command \foo at column 3");
}

#[test]
fn unbalanced_braces_point_at_the_unclosed_or_unopened_brace() {
    assert_eq!(err(r"\frac{a}{b").column, 9);
    assert_eq!(err(r"\frac{a}{b").message, "'{' is never closed");
    assert_eq!(err("a}b").column, 2);
    assert_eq!(err(r"x^{2").column, 3);
}

#[test]
fn missing_arguments_point_at_the_command() {
    let e = err(r"y=\frac{a}");
    assert_eq!(
        (e.column, e.message.as_str()),
        (3, r"\frac is missing an argument")
    );
    assert_eq!(err("x^").column, 2);
    assert_eq!(err(r"\sqrt").column, 1);
    assert_eq!(err(r"a_}").column, 2);
}

#[test]
fn begin_without_end_points_at_begin() {
    let e = err(r"R=\begin{pmatrix}a&b\\c&d");
    assert_eq!(e.column, 3);
    assert_eq!(e.message, r"\begin{pmatrix} without \end{pmatrix}");
    let e = err(r"\begin{pmatrix}a\end{bmatrix}");
    assert_eq!(e.column, 17);
    assert_eq!(err(r"\begin{foo}a\end{foo}").column, 1);
    assert_eq!(err(r"\left( x").column, 1);
    assert_eq!(err(r"x \right)").column, 3);
}

#[test]
fn a_5000_character_line_is_refused_at_the_cap() {
    let long = "x+".repeat(2500);
    let e = err(&long);
    assert_eq!(e.column, MAX_CHARS + 1);
    assert_eq!(e.message, "equation longer than 4000 characters");
    // One long command name is caught too.
    let e = err(&format!("\\{}", "a".repeat(5000)));
    assert_eq!(e.column, MAX_CHARS + 1);
}

#[test]
fn a_thousand_nested_fractions_are_an_error_not_a_stack_overflow() {
    let tex = format!("{}x{}", r"\frac{".repeat(1000), "}{y}".repeat(1000));
    let e = err(&tex);
    // Each `\frac{` is 6 characters; the brace of fraction 65 is one level past the
    // limit of 64: column 65 * 6.
    assert_eq!(e.column, 390);
    assert_eq!(e.message, "nesting deeper than 64 levels");
}

#[test]
fn nesting_without_braces_hits_the_same_limit() {
    // `\frac\frac...x y y ...`: the top-level list is level 1 and each fraction's
    // first argument one more, so the argument of fraction 64 (the 65th `\frac`, at
    // column 64 * 5 + 1) is level 65.
    let tex = format!("{}{}", r"\frac".repeat(300), "x".repeat(301));
    let e = err(&tex);
    assert_eq!(
        (e.column, e.message.as_str()),
        (321, "nesting deeper than 64 levels")
    );
    // Braced fractions spend two levels each (argument and group): the group of
    // fraction 32 opens level 65, at its brace, column 31 * 6 + 6.
    let tex = format!("{}x{}", r"\frac{".repeat(40), "}{y}".repeat(40));
    assert_eq!(err(&tex).column, 192);
    assert!(err(&r"\sqrt".repeat(700)).message.starts_with("nesting"));
    assert!(err(&r"\left(".repeat(600)).message.starts_with("nesting"));
    assert!(err(&"x^{".repeat(100)).message.starts_with("nesting"));
}

#[test]
fn control_characters_are_refused_and_never_echoed() {
    let e = err("\\text{\u{1b}]0;pwned\u{7}}");
    assert_eq!(
        (e.column, e.message.as_str()),
        (7, "control character U+001B")
    );
    assert_eq!(err("a\u{0}").column, 2);
    assert_eq!(err("a\u{9b}31m").column, 2);
    // A control character right after a backslash is refused before it can become a
    // command name in a message.
    assert_eq!(err("x\\\u{1b}").column, 3);
    // Bidi overrides would reorder the line on screen.
    assert_eq!(err("a\u{202e}b").column, 2);
    // Tabs and newlines are ordinary white space.
    assert!(display("a\t=\nb\r\n", 80, &Options::default()).is_ok());
}

#[test]
fn other_misuse_is_reported_with_its_column() {
    assert_eq!(err("x^2^3").message, "double superscript");
    assert_eq!(err("x^2^3").column, 4);
    assert_eq!(err("a & b").column, 3);
    assert_eq!(err(r"a \\ b").column, 3);
    assert_eq!(err("cost $5").column, 6);
    assert_eq!(err(r"\text{\foo}").column, 7);
}

/// Inputs the fuzzer found; each once broke an invariant.
#[test]
fn fuzz_regressions() {
    // A backslash before a newline echoed the newline in "unknown command".
    let e = err("Fe\\\n_e_lll");
    assert_eq!((e.column, e.message.as_str()), (7, "double subscript"));
    assert_eq!(display("a\\\tb", 80, &Options::default()).unwrap(), ["a b"]);
}
