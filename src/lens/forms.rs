//! The forms the lens recognises: each is templates (see [`super::pattern`]), what the
//! course calls it, the section that derives it, and the role of each hole. Listed from
//! the most specific to the least: where two forms match the same span, the first wins.

/// One recognised form.
#[derive(Debug)]
pub struct Form {
    /// In the course's words, with the shape where the course knows one.
    pub meaning: &'static str,
    /// The `## N.k` section that derives it.
    pub section: &'static str,
    pub templates: &'static [&'static str],
    /// Hole name → what the symbol it stands for is, in this form.
    pub roles: &'static [(&'static str, &'static str)],
    /// How papers write it differently from the course, where they do.
    pub variant: Option<&'static str>,
    /// Only shown inside another form: alone it is too common to name with confidence.
    pub inner: bool,
}

const QKV: &[(&str, &str)] = &[
    ("Q", "the queries (n x d_k), one row per token"),
    ("K", "the keys (n x d_k), one row per token"),
    ("V", "the values (n x d_v)"),
    ("d", "the key width d_k"),
    (
        "M",
        "the mask: 0 where attending is allowed, -inf where not",
    ),
];

const SCORE: &[(&str, &str)] = &[
    ("h", "the query side of the score"),
    ("s", "the key side of the score"),
    ("W", "the matrix between them (a learned bilinear form)"),
    (
        "v",
        "the learned vector that turns the tanh layer into one score",
    ),
    ("U", "the key side's matrix"),
    ("q", "the query side of the score"),
    ("k", "the key side of the score"),
    ("R", "the matrix between them"),
];

/// The attention, score and position forms.
pub static ATTENTION: &[Form] = &[
    Form {
        meaning: "masked scaled dot-product attention: softmax of the scaled scores plus a mask, times the values (n x d_v)",
        section: "3.6",
        templates: &[r"\softmax(\frac{\holeQ\holeK^\top}{\sqrt{\holed}}+\holeM)\holeV"],
        roles: QKV,
        variant: None,
        inner: false,
    },
    Form {
        meaning: "scaled dot-product attention: each row a weighted average of the values (n x d_v)",
        section: "1.5",
        templates: &[r"\softmax(\frac{\holeQ\holeK^\top}{\sqrt{\holed}})\holeV"],
        roles: QKV,
        variant: None,
        inner: false,
    },
    Form {
        meaning: "the attention weights A: softmax of the scaled scores, each row sums to 1 (n x n)",
        section: "1.5",
        templates: &[r"\softmax(\frac{\holeQ\holeK^\top}{\sqrt{\holed}})"],
        roles: QKV,
        variant: None,
        inner: false,
    },
    Form {
        meaning: "dot-product attention without the 1/sqrt(d_k) scale",
        section: "2.5",
        templates: &[r"\softmax(\holeQ\holeK^\top)\holeV"],
        roles: QKV,
        variant: None,
        inner: false,
    },
    Form {
        meaning: "ALiBi: the scores plus a slope m times minus the distance to each key, no positional encoding",
        section: "5.5",
        templates: &[
            r"\softmax(\holeq\holeK^\top+\holem(\anyB))",
            r"\holeq\holek^\top-\holem|\holei-\holej|",
        ],
        roles: &[
            ("q", "the query of token i"),
            ("k", "the key of token j"),
            ("K", "the keys (n x d_k)"),
            ("m", "the head's slope (fixed, not learned)"),
            ("B", "minus the distance from the query to each key"),
        ],
        variant: Some(
            "ALiBi writes one query row q_i against all keys; the bias list is -(i-1), ..., -1, 0",
        ),
        inner: false,
    },
    Form {
        meaning: "softmax over a row with an additive mask or bias added to the scores",
        section: "3.6",
        templates: &[r"\softmax(\anyS+\holeM)"],
        roles: &[("M", "the additive mask (0 allowed, -inf forbidden) or bias")],
        variant: None,
        inner: false,
    },
    Form {
        meaning: "relative-position scores: a learned term for the offset i-j added to the key before the dot product",
        section: "5.5",
        templates: &[r"\frac{\holeQ(\holeK+\holeA)^\top}{\sqrt{\holed}}"],
        roles: &[
            ("Q", "the query of token i"),
            ("K", "the key of token j"),
            (
                "A",
                "the relative-position term for the offset between i and j",
            ),
            ("d", "the key width"),
        ],
        variant: Some(
            "Shaw et al. (2018) add a learned vector per clipped offset; the course's relative position is in RoPE and ALiBi",
        ),
        inner: false,
    },
    Form {
        meaning: "the scaled scores: every query against every key, divided by sqrt(d_k) (n x n)",
        section: "2.3",
        templates: &[
            r"\frac{\holeQ\holeK^\top}{\sqrt{\holed}}",
            r"\frac{\holeq^\top\holek}{\sqrt{\holed}}",
        ],
        roles: QKV,
        variant: None,
        inner: false,
    },
    Form {
        meaning: "the softmax written out: exponentiated score over the sum of the row's exponentiated scores",
        section: "3.3",
        templates: &[
            r"\frac{\exp(\anyA)}{\sum_{\anyJ}^{\anyN}\exp(\anyB)}",
            r"\frac{\exp(\anyA)}{\sum_{\anyJ}\exp(\anyB)}",
        ],
        roles: &[],
        variant: None,
        inner: false,
    },
    Form {
        meaning: "multi-head attention: the heads' outputs side by side, times the output projection",
        section: "4.3",
        templates: &[r"\concat(\anyH)\holeW"],
        roles: &[("W", "the output projection W_O ((h d_v) x d_model)")],
        variant: None,
        inner: false,
    },
    Form {
        meaning: "one head: attention on the queries, keys and values projected by the head's own matrices",
        section: "4.3",
        templates: &[r"\attention(\holeQ\holeA,\holeK\holeB,\holeV\holeC)"],
        roles: &[
            ("A", "the head's query projection (d_model x d_k)"),
            ("B", "the head's key projection (d_model x d_k)"),
            ("C", "the head's value projection (d_model x d_v)"),
        ],
        variant: Some(
            "the paper writes W_i^Q for head i; the course writes W_Q per head, head index r",
        ),
        inner: false,
    },
    Form {
        meaning: "additive (Bahdanau) score: a one-layer tanh network of query and key, read out by a vector",
        section: "2.5",
        templates: &[
            r"\holev^\top\tanh(\holeW\holes+\holeU\holeh)",
            r"\holev^\top\tanh(\holeW(\anyA))",
        ],
        roles: SCORE,
        variant: Some("written with column vectors; the course uses row vectors"),
        inner: false,
    },
    Form {
        meaning: "a score function of a query and a key",
        section: "1.1",
        templates: &[r"\score(\anyA)=\anyB"],
        roles: &[],
        variant: None,
        inner: false,
    },
    Form {
        meaning: "a bilinear (multiplicative) score of a query and a key through a matrix",
        section: "1.3",
        templates: &[r"\holeh^\top\holeW\holes"],
        roles: SCORE,
        variant: Some("column vectors h^T W s; the course writes row vectors, q W k^T"),
        inner: true,
    },
    Form {
        meaning: "a dot-product score of a query and a key",
        section: "1.3",
        templates: &[r"\holeh^\top\holes"],
        roles: SCORE,
        variant: Some("column vectors q^T k; the course writes row vectors, q k^T"),
        inner: true,
    },
    Form {
        meaning: "a mask: 0 where attending is allowed, -inf where it is not",
        section: "3.6",
        templates: &[
            r"\begin{cases}0&\anyA\\-\infty&\anyB\end{cases}",
            r"\begin{cases}-\infty&\anyA\\0&\anyB\end{cases}",
        ],
        roles: &[],
        variant: None,
        inner: false,
    },
    Form {
        meaning: "the sinusoidal encoding: position divided by a wavelength growing geometrically with the feature pair",
        section: "5.3",
        templates: &[
            r"\sin(\frac{\holep}{10000^{\frac{2\holei}{\holed}}})",
            r"\cos(\frac{\holep}{10000^{\frac{2\holei}{\holed}}})",
        ],
        roles: &[
            ("p", "the position of the token"),
            ("i", "the index of the feature pair, from 0"),
            ("d", "the model width d_model"),
        ],
        variant: None,
        inner: false,
    },
    Form {
        meaning: "a 2 x 2 rotation by an angle",
        section: "5.4",
        templates: &[
            r"\begin{pmatrix}\cos\anyA&-\sin\anyA\\\sin\anyA&\cos\anyA\end{pmatrix}",
            r"\begin{bmatrix}\cos\anyA&-\sin\anyA\\\sin\anyA&\cos\anyA\end{bmatrix}",
        ],
        roles: &[],
        variant: None,
        inner: false,
    },
    Form {
        meaning: "RoPE applied without the matrix: each pair (x_1, x_2) turned by its angle, as cosines and sines times the vector",
        section: "5.5",
        templates: &[
            r"\begin{pmatrix}\anyX\end{pmatrix}\odot\begin{pmatrix}\cos\anyA\end{pmatrix}+\begin{pmatrix}\anyY\end{pmatrix}\odot\begin{pmatrix}\sin\anyB\end{pmatrix}",
        ],
        roles: &[],
        variant: Some(
            "RoFormer numbers the features from 1 and the pairs (x_1, x_2); the course counts from 0, pairs (2c, 2c+1)",
        ),
        inner: false,
    },
    Form {
        meaning: "RoPE's frequencies: one angle per feature pair, geometric from 1 down to about 1/10000",
        section: "5.5",
        templates: &[r"\holet=10000^{-\frac{2(\holei-1)}{\holed}}"],
        roles: &[
            ("t", "the frequency of pair i"),
            ("i", "the index of the feature pair, from 1"),
            ("d", "the width being rotated"),
        ],
        variant: Some("1-based i: RoFormer's theta_i is the course's theta_c with c = i - 1"),
        inner: false,
    },
    Form {
        meaning: "RoPE's frequencies: one angle per feature pair, geometric from 1 down to about 1/10000",
        section: "5.5",
        templates: &[r"\holet=10000^{-\frac{2\holei}{\holed}}"],
        roles: &[
            ("t", "the frequency of pair c"),
            ("i", "the index of the feature pair, from 0"),
            ("d", "the width being rotated"),
        ],
        variant: None,
        inner: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_compiles_and_every_role_names_a_hole_of_the_form() {
        for form in ATTENTION.iter().chain(super::super::blocks::BLOCKS) {
            assert!(!form.templates.is_empty(), "{}", form.meaning);
            for t in form.templates {
                let _ = super::super::pattern::Template::new(t);
            }
        }
    }
}
