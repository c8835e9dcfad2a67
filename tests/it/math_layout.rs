//! The layout rules of issue 3, each checked against a drawing worked out by hand.

use attn_course::math::{Options, display, inline};
use unicode_width::UnicodeWidthStr;

fn uni(tex: &str, width: usize) -> Vec<String> {
    display(tex, width, &Options::default()).unwrap()
}

fn ascii(tex: &str, width: usize) -> Vec<String> {
    display(tex, width, &Options { ascii: true }).unwrap()
}

#[test]
fn relations_and_binary_operators_are_spaced_as_tex_spaces_them() {
    assert_eq!(uni("a=b+c", 80), ["a = b + c"]);
    // A leading minus is a sign; so is one after a relation or an opening.
    assert_eq!(uni("-a=-(b-c)", 80), ["−a = −(b − c)"]);
    // Punctuation takes a space after it; scripts drop relation spacing.
    assert_eq!(uni("f(a,b)", 80), ["f(a, b)"]);
    // The operator is centred over its wider limit; the thin space follows the limit.
    assert_eq!(uni(r"\sum_{i=1} x", 80), [" ⎲", " ⎳  x", "i=1"]);
}

#[test]
fn operator_names_take_a_thin_space_before_their_argument() {
    assert_eq!(uni(r"\cos m\theta", 80), ["cos mθ"]);
    assert_eq!(uni(r"-\sin m\theta", 80), ["−sin mθ"]);
    assert_eq!(uni(r"\log(x)", 80), ["log(x)"]);
    assert_eq!(ascii(r"\cos m\theta", 80), ["cos m theta"]);
}

#[test]
fn each_symbol_makes_its_own_script_choice() {
    assert_eq!(uni("x_l + x_i", 80), ["xₗ + xᵢ"]);
    // `L` has no Unicode subscript: only `x_L` lowers it; `xₗ` beside it stays flat.
    assert_eq!(uni("x_l + x_L", 80), ["xₗ + x", "      L"]);
    assert_eq!(
        inline("x_l + x_L", &Options::default()).unwrap(),
        "xₗ + x_L"
    );
    // One symbol writes both of its scripts one way: `σ_q^2`, never `σ_q²`.
    assert_eq!(
        inline(r"\sigma_q^2 + \Delta^{n-1}", &Options::default()).unwrap(),
        "σ_q^2 + Δⁿ⁻¹"
    );
    // A word in a script keeps its spaces: `e^(s ln 2)`, never the product `eˢˡⁿ²`.
    assert_eq!(
        inline(r"2^s=e^{s\ln 2}", &Options::default()).unwrap(),
        "2ˢ = e^(s ln 2)"
    );
    assert_eq!(uni(r"e^{s\ln 2}", 80), [" s ln 2", "e"]);
}

#[test]
fn double_bars_keep_both_bars() {
    assert_eq!(uni(r"\|x\|", 80), ["‖x‖"]);
    assert_eq!(ascii(r"\|x\|", 80), ["||x||"]);
    assert_eq!(
        uni(r"\left\|\frac{a}{b}\right\|", 80),
        ["‖ a ‖", "‖───‖", "‖ b ‖"]
    );
}

#[test]
fn fractions_stack_over_a_rule_one_cell_wider_each_side() {
    // An odd leftover goes to the right.
    assert_eq!(uni(r"\frac{a}{bc}", 80), [" a", "────", " bc"]);
    assert_eq!(ascii(r"x=\frac{1}{2}", 80), ["     1", "x = ---", "     2"]);
}

#[test]
fn radicals_cover_the_whole_radicand() {
    assert_eq!(uni(r"\sqrt{x}", 80), ["√x"]);
    assert_eq!(uni(r"\sqrt{x+1}", 80), [" _____", "√x + 1"]);
    assert_eq!(
        uni(r"\sqrt{\frac{a}{b}}", 80),
        [" ___", "│ a", "│───", "√ b"]
    );
    assert_eq!(ascii(r"\sqrt{x+1}", 80), ["sqrt(x + 1)"]);
}

#[test]
fn limits_sit_full_size_above_and_below() {
    assert_eq!(
        uni(r"\sum_{j=1}^{n} e^{z_j}", 80),
        [" n", " ⎲   zⱼ", " ⎳  e", "j=1"]
    );
    assert_eq!(ascii(r"\max_{j} s", 80), ["max s", " j"]);
}

#[test]
fn delimiters_grow_to_what_they_enclose() {
    assert_eq!(
        uni(r"\left(\frac{a}{b}\right)", 80),
        ["⎛ a ⎞", "⎜───⎟", "⎝ b ⎠"]
    );
    assert_eq!(
        ascii(r"\left[\frac{a}{b}\right.", 80),
        ["[ a", "|---", "[ b"]
    );
    // A subscript hangs below a delimiter instead of stretching it.
    assert_eq!(ascii(r"\left(x_k\right)", 80), ["(x )", "  k"]);
}

#[test]
fn matrices_align_columns_inside_grown_delimiters() {
    assert_eq!(
        uni(r"\begin{bmatrix}1&-1\\-10&100\end{bmatrix}", 80),
        ["⎡  1   −1  ⎤", "⎣ −10  100 ⎦"]
    );
    assert_eq!(
        uni(r"\begin{aligned}a&=b+c\\&=d\end{aligned}", 80),
        ["a = b + c", "  = d"]
    );
}

#[test]
fn ascii_mode_is_seven_bit_and_spells_symbols_out() {
    let rows = ascii(
        r"\alpha\odot\beta\le\sqrt{\gamma}\cdot\sum_{i}\theta_i^\top\in\mathbb{R}^{d}\to\infty",
        200,
    );
    assert!(rows.iter().all(|r| r.is_ascii()), "{rows:?}");
    let joined = rows.join("\n");
    for word in [
        "alpha",
        "(.)",
        "beta",
        "<=",
        "sqrt(gamma)",
        "sum",
        "theta",
        "T",
        "in",
        "R",
        "->",
        "inf",
    ] {
        assert!(joined.contains(word), "{word} missing from\n{joined}");
    }
    assert_eq!(
        inline(r"\frac{QK^\top}{\sqrt{d_k}}", &Options { ascii: true }).unwrap(),
        "(QK^T)/sqrt(d_k)"
    );
}

#[test]
fn inline_math_stays_on_one_line() {
    let opts = Options::default();
    assert_eq!(
        inline(r"\frac{QK^\top}{\sqrt{d_k}}", &opts).unwrap(),
        "(QKᵀ)/√dₖ"
    );
    assert_eq!(inline(r"\frac{1}{2}x", &opts).unwrap(), "(1/2)x");
    assert_eq!(inline(r"\hat{x}", &opts).unwrap(), "x\u{302}");
    assert_eq!(
        inline(r"10000^{2i/d_{\mathrm{model}}}", &opts).unwrap(),
        "10000^(2i/d_model)"
    );
    // A binomial stacks in display; on one line it reads as combinatorics writes it.
    assert_eq!(uni(r"\binom{L}{k}", 80), ["⎛L⎞", "⎝k⎠"]);
    assert_eq!(inline(r"\binom{L}{k}", &opts).unwrap(), "C(L, k)");
    assert_eq!(
        inline(r"\binom{L}{k}", &Options { ascii: true }).unwrap(),
        "C(L, k)"
    );
}

#[test]
fn a_list_of_equations_breaks_between_them_not_inside_one() {
    // "a = b, c = d" is 12 cells. At 11 the last break that fits is before the second
    // `=`, which would leave `c` ending a line; the comma is the better place.
    // The second equation's `=` lines up under the first's.
    assert_eq!(uni("a=b, c=d", 11), ["a = b,", "c = d"]);
    assert_eq!(uni("aa=b, c=d", 12), ["aa = b,", " c = d"]);
    assert_eq!(uni(r"aa=b,\quad c=d", 12), ["aa = b,", " c = d"]);
    // A wider left-hand side cannot line up: it starts at the margin.
    assert_eq!(uni("a=b, cc=d", 11), ["a = b,", "cc = d"]);
    // A comma inside brackets is no place to prefer: `f(a, b)` stays whole.
    assert_eq!(uni("y=f(a,b)+c", 12), ["y = f(a, b)", "    + c"]);
}

#[test]
fn long_equations_break_before_operators_with_indented_continuations() {
    // No relation: continuation lines are indented by two cells.
    assert_eq!(uni("a+b+c+d+e+f", 9), ["a + b + c", "  + d + e", "  + f"]);
    // After a relation, a continuation starting with `+` lines up with the right-hand
    // side, one starting with `=` with the first relation.
    assert_eq!(uni("y=a+b+c+d", 11), ["y = a + b", "    + c + d"]);
    assert_eq!(
        uni("y=a+b=c+d", 7),
        ["y = a", "    + b", "  = c", "    + d"]
    );
    // Every row fits whenever a break makes that possible.
    for w in 5..40 {
        for row in uni("x_1+x_2+x_3+x_4+x_5+x_6+x_7+x_8+x_9", w) {
            assert!(row.width() <= w, "{row:?} wider than {w}");
        }
    }
}

#[test]
fn breaks_inside_brackets_only_when_nothing_else_fits() {
    assert_eq!(uni("y=(a+b+c)+d", 15), ["y = (a + b + c)", "    + d"]);
    assert_eq!(uni("y=(a+b+c)+d", 12), ["y = (a + b", "    + c) + d"]);
}

#[test]
fn an_unbreakable_equation_overflows_instead_of_being_cut() {
    assert_eq!(uni(r"\left(a+b+c\right)", 5), ["(a + b + c)"]);
}

#[test]
fn text_keeps_its_spaces_and_empty_input_draws_nothing() {
    assert_eq!(uni(r"x \text{ if } y", 80), ["x if y"]);
    assert_eq!(uni(r"\text{a  b}", 80), ["a b"]);
    assert!(uni("", 80).is_empty());
    // Empty scripts leave no blank row behind.
    assert_eq!(uni("x^{}", 80), ["x"]);
    assert!(uni("  ", 80).is_empty());
}

#[test]
fn a_braced_comma_is_a_plain_comma() {
    // TeX's `{,}` is an ordinary symbol: the digits' group separator, no space.
    assert_eq!(uni("262{,}144", 80), ["262,144"]);
    assert_eq!(inline("262{,}144", &Options::default()).unwrap(), "262,144");
    // Unbraced, a comma is still punctuation with its space.
    assert_eq!(uni("(a,b)", 80), ["(a, b)"]);
    assert_eq!(uni("a{=}b", 80), ["a=b"]);
}

#[test]
fn a_lowered_script_in_an_environment_keeps_its_rows_apart() {
    // `c` has no Unicode subscript: it is lowered, and √dₖ beside it stays flat.
    let tex = r"\begin{aligned}a_c&=1\\ b&=\sqrt{d_k}\end{aligned}";
    assert_eq!(uni(tex, 80), ["a  = 1", " c", "", " b = √dₖ"]);
    // In a matrix or `cases` a blank row follows the lowered `c`, so that it does not
    // sit beside the next row's entries and read as one of them.
    assert_eq!(
        uni(r"\begin{cases}a_c & x\\ d_k & y\end{cases}", 80),
        ["⎧ a   x", "⎪  c", "⎨", "⎩ dₖ  y"]
    );
    assert_eq!(
        uni(r"\begin{bmatrix}1 & x^2\\ d_k & y\end{bmatrix}", 80),
        ["⎡ 1   x² ⎤", "⎣ dₖ  y  ⎦"]
    );
}

#[test]
fn an_aligned_fraction_keeps_the_spaces_of_its_operators() {
    // `aligned` rows are in display style, as in amsmath: the numerator's minus is a
    // binary operator with its spaces, not `Z−exp(s)`.
    assert_eq!(
        uni(r"\begin{aligned}a&=\frac{Z-\exp(s)}{2}\end{aligned}", 80),
        ["     Z − exp(s)", "a = ────────────", "         2"]
    );
}

#[test]
fn ascii_keeps_phi_and_varphi_apart_and_spaces_a_times_written_as_x() {
    assert_eq!(ascii(r"\varphi(x)\phi", 80), ["varphi(x)phi"]);
    let ascii_opts = Options { ascii: true };
    assert_eq!(
        inline(r"X\in\mathbb{R}^{n\times d_{\text{model}}}", &ascii_opts).unwrap(),
        "X in R^(n x d_model)"
    );
}

#[test]
fn a_lowered_subscript_under_a_root_takes_no_floating_bar() {
    // `c` has no Unicode subscript, so `d_c` is 2-D; the root over one letter with a
    // lowered script is drawn like `√dₖ`, without a bar above.
    assert_eq!(uni(r"a_c = \sqrt{d_c}", 80), ["a  = √d", " c     c"]);
    // Something above the letter still takes the bar, which sits on it.
    assert_eq!(
        uni(r"a_c = \sqrt{x^q}", 80),
        ["      __", "     │ q", "a  = √x", " c"]
    );
}

#[test]
fn a_linear_script_is_never_run_into_the_next_letter() {
    let ascii_opts = Options { ascii: true };
    assert_eq!(inline(r"q_ck_c", &ascii_opts).unwrap(), "q_c k_c");
    assert_eq!(
        inline(r"\sum_j a_{ij}v_j", &ascii_opts).unwrap(),
        "sum_j a_ij v_j"
    );
    assert_eq!(inline(r"x^2y", &ascii_opts).unwrap(), "x^2 y");
    // A bracketed script ends where it closes; Unicode scripts are unambiguous.
    assert_eq!(inline(r"x_{i+1}y", &ascii_opts).unwrap(), "x_(i+1)y");
    assert_eq!(inline(r"q_ik_i", &Options::default()).unwrap(), "qᵢkᵢ");
}

#[test]
fn an_aligned_display_too_wide_breaks_each_row_as_its_own_equation() {
    let tex = r"\begin{aligned}x&=1\\ yy&=22\end{aligned}";
    assert_eq!(uni(tex, 80), [" x = 1", "yy = 22"]);
    // "yy = 22" is 7 cells in 6: that row breaks before its relation; the other
    // row, laid out alone, no longer lines up with it.
    assert_eq!(uni(tex, 6), ["x = 1", "yy", " = 22"]);
}

#[test]
fn broken_lines_are_spaced_apart_only_next_to_scripts() {
    // The first row's lowered `c` gets a blank row after it; the second row's two
    // flat lines stay together.
    let tex = r"\begin{aligned}a_c&=1\\ bb&=cc+dd\end{aligned}";
    assert_eq!(uni(tex, 7), ["a  = 1", " c", "", "bb = cc", " + dd"]);
}
