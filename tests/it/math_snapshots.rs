//! Every construct of issue 3's "Must handle" list, drawn in both glyph sets, plus the
//! eight equations every release must draw well. Rows are prefixed with `|` so that
//! leading spaces show in the snapshot files.

use std::fmt::Write;

use attn_course::math::{Options, display, inline};

fn draw(inputs: &[&str], width: usize) -> String {
    let mut out = String::new();
    for tex in inputs {
        writeln!(out, "$ {tex}").unwrap();
        for (mode, ascii) in [("unicode", false), ("ascii", true)] {
            let opts = Options { ascii };
            writeln!(out, "{mode}:").unwrap();
            match display(tex, width, &opts) {
                Ok(rows) => rows.iter().for_each(|r| writeln!(out, "|{r}").unwrap()),
                Err(e) => writeln!(out, "error: {e}").unwrap(),
            }
            match inline(tex, &opts) {
                Ok(line) => writeln!(out, "inline: {line}").unwrap(),
                Err(e) => writeln!(out, "inline error: {e}").unwrap(),
            }
        }
        out.push('\n');
    }
    out
}

#[test]
fn eight_equations() {
    insta::assert_snapshot!(draw(
        &[
            r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\left(\frac{QK^\top}{\sqrt{d_k}}\right)V",
            r"PE_{(pos,2i)}=\sin\left(pos/10000^{2i/d_{\mathrm{model}}}\right)",
            r"\mathrm{softmax}(z)_i=\frac{e^{z_i}}{\sum_{j=1}^{n} e^{z_j}}",
            r"\mathrm{Var}(q\cdot k)=\sum_{i=1}^{d_k}\mathrm{Var}(q_i k_i)=d_k",
            r"y=\frac{x-\mathbb{E}[x]}{\sqrt{\mathrm{Var}[x]+\epsilon}}\odot\gamma+\beta",
            r"R_\theta=\begin{pmatrix}\cos m\theta & -\sin m\theta\\ \sin m\theta & \cos m\theta\end{pmatrix}",
            r"\mathrm{FFN}(x)=\max(0,xW_1+b_1)W_2+b_2",
            r"\frac{\partial \mathcal{L}}{\partial x_l}=\frac{\partial \mathcal{L}}{\partial x_L}\left(1+\frac{\partial}{\partial x_l}\sum_{i=l}^{L-1}F(x_i)\right)",
        ],
        80
    ));
}

#[test]
fn fractions_and_radicals() {
    insta::assert_snapshot!(draw(
        &[
            r"\frac{a}{b}",
            r"\dfrac{1}{2} + \tfrac12",
            r"\frac{\frac{a}{b}}{\frac{c}{d}}",
            r"\frac{1}{1+\frac{1}{x}}",
            r"\sqrt{x} + \sqrt{x+1} + \sqrt{d_k}",
            r"\sqrt[3]{x+1}",
            r"\sqrt{\frac{a}{b}}",
            r"\binom{n}{k}",
        ],
        80
    ));
}

#[test]
fn scripts_and_primes() {
    insta::assert_snapshot!(draw(
        &[
            r"W_i^Q",
            r"x_{t}^{(l)}",
            r"e^{z_i}",
            r"10000^{2i/d_{\mathrm{model}}}",
            r"f'(x) + f''(x) + g'^2",
            r"x^{y^z}",
            r"x_l + x_L",
            r"x_l + x_i",
            r"\left(\frac{a}{b}\right)^2",
        ],
        80
    ));
}

#[test]
fn big_operators() {
    insta::assert_snapshot!(draw(
        &[
            r"\sum_{i=1}^{n} x_i",
            r"\prod_{i=1}^{n} x_i",
            r"\int_0^1 f(x)\,dx",
            r"\max_{j} s_j + \min_{x\in X} f(x)",
            r"\lim_{n\to\infty} a_n",
            r"\arg\max_{y} p(y) = \operatorname*{arg\,max}_{y} p(y)",
            r"\sum_i x_i \text{ inline}",
        ],
        80
    ));
}

#[test]
fn delimiters() {
    insta::assert_snapshot!(draw(
        &[
            r"(a) [b] \{c\} |d| \|e\| \langle f \rangle \lfloor g \rfloor \lceil h \rceil",
            r"\left(\frac{a}{b}\right) \left[\frac{a}{b}\right] \left\{\frac{a}{b}\right\}",
            r"\left|\frac{a}{b}\right| \left\|\frac{a}{b}\right\| \left\langle\frac{a}{b}\right\rangle",
            r"\left\lfloor\frac{a}{b}\right\rfloor \left\lceil\frac{a}{b}\right\rceil",
            r"\left.\frac{df}{dx}\right|_{x=0}",
            r"\big( \Big( \bigg( \Bigg( x \Bigg) \bigg) \Big) \big)",
        ],
        80
    ));
}

#[test]
fn environments() {
    insta::assert_snapshot!(draw(
        &[
            r"\begin{matrix}a&b\\c&d\end{matrix}",
            r"\begin{pmatrix}1&0\\0&1\end{pmatrix}",
            r"\begin{bmatrix}1&-1\\-10&100\end{bmatrix}",
            r"\begin{vmatrix}a&b\\c&d\end{vmatrix}",
            r"|x|=\begin{cases}x & \text{if } x\ge 0\\ -x & \text{otherwise}\end{cases}",
            r"\begin{aligned}f(x)&=(x+1)^2\\&=x^2+2x+1\end{aligned}",
            r"\begin{align*}a&=b\\c&=d\end{align*}",
            r"\begin{gathered}a=b+c\\ d=e\end{gathered}",
            r"\begin{array}{lcr}a&b&c\\10&200&3000\end{array}",
            r"\begin{pmatrix}\frac{1}{2}&0\\0&1\end{pmatrix}",
        ],
        80
    ));
}

#[test]
fn fonts_and_text() {
    insta::assert_snapshot!(draw(
        &[
            r"\mathrm{softmax}(x) \mathbf{W} \mathit{x} \mathsf{A}",
            r"\mathcal{L} + \mathbb{R}^n + \mathbb{E} + \mathbb 1",
            r"\text{if } x>0 \text{ then } y",
            r"\operatorname{rank} A + \boldsymbol{\theta}",
            r"\mathds{1}_{x>0} \label{eq:indicator}",
        ],
        80
    ));
}

#[test]
fn greek() {
    insta::assert_snapshot!(draw(
        &[
            r"\alpha\beta\gamma\delta\epsilon\varepsilon\zeta\eta\theta\vartheta\iota\kappa\lambda\mu",
            r"\nu\xi\pi\varpi\rho\varrho\sigma\varsigma\tau\upsilon\phi\varphi\chi\psi\omega",
            r"\Gamma\Delta\Theta\Lambda\Xi\Pi\Sigma\Upsilon\Phi\Psi\Omega",
            r"\cos m\theta + \sin m\theta",
        ],
        80
    ));
}

#[test]
fn accents_and_braces() {
    insta::assert_snapshot!(draw(
        &[
            r"\hat{x} + \tilde{x} + \bar{x} + \vec{v} + \dot{x} + \ddot{x}",
            r"\overline{AB} + \hat{x}_i",
            r"\underbrace{a+b+c}_{n \text{ terms}}",
            r"\overbrace{x_1+x_2}^{k}",
        ],
        80
    ));
}

#[test]
fn symbols_and_spacing() {
    insta::assert_snapshot!(draw(
        &[
            r"a = b < c > d \le e \ge f \ne g \approx h \propto i \sim j \equiv k",
            r"x \in A \notin B \subset C \forall \exists",
            r"a \to b \rightarrow c \leftarrow d \Rightarrow e \Leftrightarrow f \mapsto g \implies h",
            r"A^\top + B^\intercal + C^T",
            r"a \odot b \otimes c \oplus d \cdot e \times f \circ g \pm h",
            r"\nabla f + \partial g + \infty",
            r"\ldots \cdots \vdots \ddots",
            r"a\,b\;c\quad d\qquad e\!f",
            r"-x + (-y) = a - b",
        ],
        80
    ));
}

#[test]
fn line_breaking() {
    insta::assert_snapshot!(draw(
        &[
            r"y = a_1 + a_2 + a_3 + a_4 + a_5 + a_6 + a_7 + a_8",
            r"\mathrm{LSE}(s)=\log\sum_{j=1}^{n}e^{s_j}=m+\log\sum_{j=1}^{n}e^{s_j-m}",
            r"a_1 + a_2 + a_3 + a_4 + a_5 + a_6 + a_7 + a_8 + a_9",
        ],
        24
    ));
}
