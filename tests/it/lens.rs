//! The paper lens: every recognised form under two renamings (and the notational
//! variants papers use), the symbols it names, and the "not in this course" path.

use attn_course::content::Course;
use attn_course::lens::{self, Legend};

fn course() -> Course {
    Course::load(None).expect("the embedded course loads")
}

fn legend(course: &Course, tex: &str) -> Legend {
    lens::explain(course, tex).unwrap_or_else(|e| panic!("{tex}: {e}"))
}

/// The sections of the forms recognised in `tex`.
fn form_sections(l: &Legend) -> Vec<(String, String)> {
    l.entries
        .iter()
        .filter(|e| e.form)
        .map(|e| {
            (
                e.meaning.clone().unwrap_or_default(),
                e.link
                    .as_ref()
                    .map(|k| k.section.clone())
                    .unwrap_or_default(),
            )
        })
        .collect()
}

/// (what the course calls the form, its section, two renamed spellings from papers).
const FORMS: &[(&str, &str, [&str; 2])] = &[
    (
        "scaled dot-product attention",
        "1.5",
        [
            r"\mathrm{softmax}\left(\frac{QK^T}{\sqrt{d_k}}\right)V",
            r"softmax(XW_q(XW_k)^\top/\sqrt{d})XW_v",
        ],
    ),
    (
        "masked scaled dot-product attention",
        "3.6",
        [
            r"\operatorname{softmax}\left(\frac{QK^{\top}}{\sqrt{d_k}}+M\right)V",
            r"\text{softmax}(\frac{\mathbf{A}\mathbf{B}'}{\sqrt{n}} + \Lambda)\mathbf{C}",
        ],
    ),
    (
        "the scaled scores",
        "2.3",
        [
            r"\frac{q_i^\top k_j}{\sqrt{d}}",
            r"(AB^{\mathsf T})/\sqrt{m}",
        ],
    ),
    (
        "the softmax written out",
        "3.3",
        [
            r"\frac{\exp(e_{ij})}{\sum_{k=1}^{T_x}\exp(e_{ik})}",
            r"\frac{e^{s_j}}{\sum_{j'} e^{s_{j'}}}",
        ],
    ),
    (
        "multi-head attention",
        "4.3",
        [
            r"\mathrm{Concat}(\mathrm{head_1}, \ldots, \mathrm{head_h})W^O",
            r"\text{Concat}[h_1;\dots;h_H]\,U",
        ],
    ),
    (
        "one head",
        "4.3",
        [
            r"\mathrm{Attention}(QW^Q_i, KW^K_i, VW^V_i)",
            r"\text{Attention}(X A_r, Y B_r, Y C_r)",
        ],
    ),
    (
        "additive (Bahdanau) score",
        "2.5",
        [
            r"v_a^\top \tanh(W_a s_{i-1} + U_a h_j)",
            r"\mathbf{w}^T\tanh\left(\mathbf{A}\mathbf{q}+\mathbf{B}\mathbf{k}\right)",
        ],
    ),
    (
        "a bilinear (multiplicative) score",
        "1.3",
        [
            r"\mathrm{score}(h_t,\bar h_s)=h_t^\top W_a \bar h_s",
            r"\text{score}(q, k) = q' M k",
        ],
    ),
    (
        "a dot-product score",
        "1.3",
        [
            r"\mathrm{score}(h_t,\bar h_s)=h_t^\top \bar h_s",
            r"\text{score}(a, b) = a^{T} b",
        ],
    ),
    (
        "a mask",
        "3.6",
        [
            r"M_{ij}=\begin{cases}0 & j\le i\\-\infty & j>i\end{cases}",
            r"B_{st}=\begin{cases}-\infty & t>s\\0 & \text{otherwise}\end{cases}",
        ],
    ),
    (
        "softmax over a row with an additive mask",
        "3.6",
        [
            r"\mathrm{softmax}(S + M)",
            r"\text{softmax}(A + B_{\text{causal}})",
        ],
    ),
    (
        "the sinusoidal encoding",
        "5.3",
        [
            r"PE_{(pos,2i)} = \sin(pos/10000^{2i/d_{\text{model}}})",
            r"p_{t,2k+1}=\cos\left(\frac{t}{10000^{\frac{2k}{d}}}\right)",
        ],
    ),
    (
        "a 2 x 2 rotation",
        "5.4",
        [
            r"\begin{pmatrix}\cos m\theta & -\sin m\theta\\ \sin m\theta & \cos m\theta\end{pmatrix}",
            r"\begin{bmatrix}\cos \phi_t & -\sin \phi_t\\ \sin \phi_t & \cos \phi_t\end{bmatrix}",
        ],
    ),
    (
        "RoPE applied without the matrix",
        "5.5",
        [
            r"\begin{pmatrix}x_1\\x_2\end{pmatrix}\otimes\begin{pmatrix}\cos m\theta_1\\\cos m\theta_1\end{pmatrix}+\begin{pmatrix}-x_2\\x_1\end{pmatrix}\otimes\begin{pmatrix}\sin m\theta_1\\\sin m\theta_1\end{pmatrix}",
            r"\begin{pmatrix}u_0\\u_1\end{pmatrix}\odot\begin{pmatrix}\cos t\omega\\\cos t\omega\end{pmatrix}+\begin{pmatrix}-u_1\\u_0\end{pmatrix}\odot\begin{pmatrix}\sin t\omega\\\sin t\omega\end{pmatrix}",
        ],
    ),
    (
        "RoPE's frequencies",
        "5.5",
        [r"\theta_i = 10000^{-2(i-1)/d}", r"\omega_k=10000^{-2k/D}"],
    ),
    (
        "ALiBi",
        "5.5",
        [
            r"\text{softmax}(\mathbf{q}_i\mathbf{K}^\top + m\cdot[-(i-1), \ldots, -2, -1, 0])",
            r"\mathrm{softmax}(x_t Y^T + s\cdot[-(t-1),\dots,-1,0])",
        ],
    ),
    (
        "relative-position scores",
        "5.5",
        [
            r"e_{ij}=\frac{x_iW^Q(x_jW^K+a^K_{ij})^T}{\sqrt{d_z}}",
            r"\frac{(q_t)(k_s + r_{t-s})^\top}{\sqrt{d}}",
        ],
    ),
    (
        "standardising",
        "7.1",
        [
            r"\hat{x}_i = \frac{x_i-\mu_\mathcal{B}}{\sqrt{\sigma_\mathcal{B}^2+\epsilon}}",
            r"\frac{z - m}{\sqrt{v^2 + \delta}}",
        ],
    ),
    (
        "normalisation with gain and bias",
        "7.5",
        [
            r"\frac{g}{\sigma}\odot(a-\mu)+b",
            r"\gamma \odot \frac{h-\bar h}{\sqrt{s^2+\varepsilon}} + \beta",
        ],
    ),
    (
        "the affine step of a normalisation",
        "7.5",
        [r"y_i = \gamma\hat{x}_i+\beta", r"\gamma z + \beta"],
    ),
    (
        "RMSNorm",
        "7.5",
        [
            r"\bar{a}_i = \frac{a_i}{\text{RMS}(\mathbf{a})} g_i",
            r"\frac{x}{\operatorname{RMS}(x)}\gamma",
        ],
    ),
    (
        "the root mean square",
        "7.5",
        [
            r"\sqrt{\frac{1}{n}\sum_{i=1}^n a_i^2}",
            r"\sqrt{\frac{1}{d}\sum_{c} x_c^2 + \epsilon}",
        ],
    ),
    (
        "a standard deviation",
        "7.1",
        [
            r"\sigma^l = \sqrt{\frac{1}{H}\sum_{i=1}^H(a_i^l-\mu^l)^2}",
            r"\sqrt{\frac{1}{m}\sum_{i}(x_i-\bar x)^2}",
        ],
    ),
    (
        "a variance",
        "7.1",
        [
            r"\sigma_\mathcal{B}^2 \leftarrow \frac{1}{m}\sum_{i=1}^m(x_i-\mu_\mathcal{B})^2",
            r"\frac{1}{N}\sum_{n}(z_n-\nu)^2",
        ],
    ),
    (
        "a mean of the values",
        "7.1",
        [
            r"\mu^l = \frac{1}{H}\sum_{i=1}^H a_i^l",
            r"\frac{1}{m}\sum_{i=1}^{m} x_i",
        ],
    ),
    (
        "Post-LN",
        "6.5",
        [
            r"\mathrm{LayerNorm}(x + \mathrm{Sublayer}(x))",
            r"\text{LN}(h + F(h))",
        ],
    ),
    (
        "Pre-LN",
        "6.5",
        [
            r"x + \mathrm{Sublayer}(\mathrm{LayerNorm}(x))",
            r"x_{l+1} = x_l + \mathcal{F}(\text{LN}(x_l))",
        ],
    ),
    (
        "a residual connection",
        "6.1",
        [
            r"\mathbf{x}_{l+1} = \mathbf{x}_l + \mathcal{F}(\mathbf{x}_l, \mathcal{W}_l)",
            r"y = \mathcal{F}(x, \{W_i\}) + x",
        ],
    ),
    (
        "the position-wise feed-forward block",
        "8.2",
        [
            r"\mathrm{FFN}(x) = \max(0, xW_1 + b_1)W_2 + b_2",
            r"\mathrm{ReLU}(hA + a)B + c",
        ],
    ),
    (
        "a gated FFN",
        "8.5",
        [
            r"\mathrm{FFN}_{\mathrm{SwiGLU}}(x, W, V, W_2) = (\mathrm{Swish}_1(xW) \otimes xV )W_2",
            r"(\mathrm{GELU}(hA)\odot hB)C",
        ],
    ),
    (
        "a gated linear unit",
        "8.5",
        [
            r"\mathrm{GLU}(x, W, V, b, c) = \sigma(xW + b) \otimes (xV + c)",
            r"\sigma(zP + p)\otimes(zQ + q)",
        ],
    ),
    (
        "GELU:",
        "8.3",
        [
            r"\mathrm{GELU}(x) = x\Phi(x)",
            r"\frac{z}{2}\left(1+\mathrm{erf}\left(\frac{z}{\sqrt{2}}\right)\right)",
        ],
    ),
    (
        "GELU's tanh approximation",
        "8.3",
        [
            r"0.5x(1 + \tanh[\sqrt{2/\pi}(x + 0.044715x^3)])",
            r"0.5z\left(1+\tanh\left(\sqrt{\frac{2}{\pi}}\left(z+0.044715z^{3}\right)\right)\right)",
        ],
    ),
    (
        "Swish",
        "8.5",
        [r"x\cdot\sigma(\beta x)", r"\frac{z}{1+e^{-z}}"],
    ),
];

#[test]
fn every_form_is_recognised_under_two_renamings() {
    let course = course();
    let mut missed = Vec::new();
    for (name, section, spellings) in FORMS {
        for tex in spellings {
            let l = legend(&course, tex);
            let found = form_sections(&l);
            if !found
                .iter()
                .any(|(m, s)| m.starts_with(name) && s == section)
            {
                missed.push(format!("{name} (§{section}) in {tex}: found {found:?}"));
            }
        }
    }
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

#[test]
fn a_common_product_alone_is_not_named_a_score() {
    let course = course();
    // `W^T x` outside any score is not called a dot-product score.
    let l = legend(&course, r"y = W^\top x");
    assert!(form_sections(&l).is_empty(), "{:?}", form_sections(&l));
}

#[test]
fn symbols_the_course_does_not_hold_are_said_to_be_not_in_it() {
    let course = course();
    let l = legend(&course, r"\xi_t = \Lambda \zeta");
    let unplaced: Vec<&str> = l
        .entries
        .iter()
        .filter(|e| e.meaning.is_none())
        .map(|e| e.tex.as_str())
        .collect();
    assert_eq!(unplaced, [r"\xi_t", r"\Lambda", r"\zeta"]);
    assert!(l.entries.iter().all(|e| e.link.is_none()));
    // A coordinate `x_1` is not guessed to be token 1, nor `h_j` the number of heads.
    let l = legend(&course, r"c_i = \sum_j \alpha_{ij} h_j + x_1");
    for tex in ["c_i", "h_j", "x_1"] {
        let e = l.entries.iter().find(|e| e.tex == tex).expect(tex);
        assert_eq!(e.meaning, None, "{tex}");
    }
    let alpha = l.entries.iter().find(|e| e.tex == r"\alpha_{ij}").unwrap();
    assert_eq!(alpha.link.as_ref().unwrap().section, "1.1");
}

#[test]
fn vaswani_eq_1_names_every_symbol_with_its_section_and_problem() {
    let course = course();
    let l = legend(
        &course,
        r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}(\frac{QK^T}{\sqrt{d_k}})V",
    );
    assert!(!l.has_unplaced(), "{:?}", l.entries);
    let sections: Vec<(&str, &str)> = l
        .entries
        .iter()
        .map(|e| {
            (
                e.tex.as_str(),
                e.link.as_ref().map_or("", |k| k.section.as_str()),
            )
        })
        .collect();
    for want in [
        (r"\mathrm{Attention}", "1.5"),
        ("Q", "1.3"),
        ("K", "1.3"),
        ("V", "1.1"),
        ("d_k", "1.3"),
    ] {
        assert!(sections.contains(&want), "{want:?} in {sections:?}");
    }
    // Each link names a problem under its section that the command line can open.
    for e in &l.entries {
        if let Some((p, _)) = e.link.as_ref().and_then(|k| k.problem.as_ref()) {
            assert!(
                attn_course::problems::locate::find(&course, p).is_ok(),
                "{p}"
            );
        }
    }
}

/// The meaning the legend gives the symbol written `tex`.
fn meaning_of(l: &Legend, tex: &str) -> Option<String> {
    l.entries
        .iter()
        .find(|e| !e.form && e.tex == tex)
        .unwrap_or_else(|| panic!("{tex} in {:?}", l.entries))
        .meaning
        .clone()
}

#[test]
fn a_symbol_means_what_its_form_says_not_what_the_letter_means_elsewhere() {
    let course = course();
    // Swish: sigma is the logistic sigmoid, x a number, beta a scalar with no shape.
    for tex in [
        r"f(x) = x\cdot\sigma(\beta x)",
        r"\mathrm{Swish}_\beta(z)=z\sigma(\beta z)",
    ] {
        let l = legend(&course, tex);
        let sigma = meaning_of(&l, r"\sigma").unwrap();
        assert!(sigma.contains("sigmoid"), "{sigma}");
        let var = l.entries.iter().find(|e| e.tex == r"\beta").unwrap();
        assert!(var.meaning.as_ref().unwrap().contains("scalar"), "{var:?}");
        assert_eq!(var.shape, None);
        for e in &l.entries {
            let m = e.meaning.clone().unwrap_or_default();
            assert!(
                !m.contains("token vector") && !m.contains("standard deviation"),
                "{e:?}"
            );
        }
    }
    // GELU: Phi is the normal CDF; the x of GELU(x) is the x of the form.
    let l = legend(&course, r"\mathrm{GELU}(x) = x\Phi(x)");
    assert!(meaning_of(&l, r"\Phi").unwrap().contains("cumulative"));
    assert!(meaning_of(&l, "x").unwrap().contains("pre-activation"));
    // Bahdanau: W_a is the query side's matrix, not a bilinear form; s the query side.
    let l = legend(&course, r"e_{ij} = v_a^\top\tanh(W_a s_{i-1} + U_a h_j)");
    let w = meaning_of(&l, "W_a").unwrap();
    assert!(w.contains("query side") && !w.contains("bilinear"), "{w}");
    assert!(meaning_of(&l, "s_{i-1}").unwrap().contains("query side"));
    assert!(meaning_of(&l, "h_j").unwrap().contains("key side"));
    assert!(
        meaning_of(&l, r"v_a^\top")
            .unwrap()
            .contains("learned vector")
    );
}

#[test]
fn a_single_letter_outside_every_form_is_not_guessed() {
    let course = course();
    // transformer-circuits' h is a head's function, not the number of heads.
    let l = legend(
        &course,
        r"h(x) = (\mathrm{Id} \otimes W_O)(A \otimes \mathrm{Id})(\mathrm{Id} \otimes W_V)\cdot x",
    );
    assert_eq!(meaning_of(&l, "h"), None);
    assert!(
        meaning_of(&l, r"\otimes")
            .unwrap()
            .contains("tensor product")
    );
    for tex in [r"y = \sigma(h) + \beta x", r"z = a \otimes b + x_m"] {
        let l = legend(&course, tex);
        for e in &l.entries {
            assert_eq!(e.meaning, None, "{tex}: {e:?}");
        }
    }
    // Inside a form but named by none of its holes: said to be the form's.
    let l = legend(
        &course,
        r"\frac{\exp(e_{ij})}{\sum_{k=1}^{T_x}\exp(e_{ik})}",
    );
    assert_eq!(
        meaning_of(&l, "k").as_deref(),
        Some("a symbol of this form")
    );
}

#[test]
fn a_hole_keeps_its_role_whatever_the_rewriting_drops_after_it() {
    let course = course();
    // `\cdot` between factors is dropped for matching; the slope m keeps its role.
    for tex in [
        r"\mathrm{softmax}(q_i K^\top + m \cdot [-(i-1), \ldots, 0])",
        r"\mathrm{softmax}(q_i K^\top + m [-(i-1), \ldots, 0])",
    ] {
        assert_eq!(
            meaning_of(&legend(&course, tex), "m").as_deref(),
            Some("the head's slope (fixed, not learned)"),
            "{tex}"
        );
    }
    // RoFormer's R^d_{Theta,m} W x_m: m is the position, whatever letter the paper uses.
    for (tex, pos) in [
        (r"f_{q,k}(x_m, m) = R^d_{\Theta,m} W_{\{q,k\}} x_m", "m"),
        (r"g(x_i, i) = R_{\Theta,i}^{d} W_k x_i", "i"),
    ] {
        assert_eq!(
            meaning_of(&legend(&course, tex), pos).as_deref(),
            Some("the token's position"),
            "{tex}"
        );
    }
}
