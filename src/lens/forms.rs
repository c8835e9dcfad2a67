//! The forms the lens recognises: each is templates (see [`super::pattern`]), what the
//! course calls it, the section that derives it, and the role of each hole. Listed from
//! the most specific to the least: where two forms match the same span, the first wins.

/// What the symbol a hole stands for is in one form: the hole's name, the course's
/// words (with the shape where the form fixes one), and the section that derives that
/// symbol ("" for the form's own section). A symbol's meaning comes from the form it
/// sits in, never from what the same letter means elsewhere in the course.
pub type Role = (&'static str, &'static str, &'static str);

/// One recognised form.
#[derive(Debug)]
pub struct Form {
    /// In the course's words, with the shape where the course knows one.
    pub meaning: &'static str,
    /// The `## N.k` section that derives it.
    pub section: &'static str,
    pub templates: &'static [&'static str],
    /// Hole name → what the symbol it stands for is, in this form.
    pub roles: &'static [Role],
    /// How papers write it differently from the course, where they do.
    pub variant: Option<&'static str>,
    /// Only shown inside another form: alone it is too common to name with confidence.
    pub inner: bool,
    /// The form's own symbols (LaTeX, as the template spells them) → what each is here:
    /// Swish's sigma is the logistic sigmoid, not a standard deviation.
    pub symbols: &'static [(&'static str, &'static str)],
}

const QKV: &[Role] = &[
    ("Q", "the queries, one row per token (n x d_k)", "1.3"),
    ("K", "the keys, one row per token (n x d_k)", "1.3"),
    ("V", "the values, one row per token (n x d_v)", "1.1"),
    (
        "d",
        "the key width d_k, the length of each dot product",
        "1.3",
    ),
    (
        "M",
        "the mask: 0 where attending is allowed, -inf where not (n x n)",
        "3.6",
    ),
];

/// The scaled scores, matrix or one query and one key.
const SCALED: &[Role] = &[
    ("Q", "the queries, one row per token (n x d_k)", "1.3"),
    ("K", "the keys, one row per token (n x d_k)", "1.3"),
    ("q", "one query (a column vector here: q^T k)", "1.3"),
    ("k", "one key (a column vector here)", "1.3"),
    (
        "d",
        "the key width d_k, the length of each dot product",
        "1.3",
    ),
];

/// Bahdanau's additive score `v^T tanh(W s + U h)`: s the decoder's previous state
/// (the query side), h an encoder state (the key side).
const ADDITIVE: &[Role] = &[
    (
        "v",
        "the learned vector that reads the tanh layer out as one score",
        "",
    ),
    (
        "W",
        "the query side's matrix, applied to the decoder state",
        "",
    ),
    ("s", "the query side: the decoder's state", ""),
    (
        "U",
        "the key side's matrix, applied to the encoder state",
        "",
    ),
    ("h", "the key side: an encoder state being scored", ""),
    (
        "C",
        "the matrix applied to the query and key stacked into one vector",
        "",
    ),
];

/// A bilinear or dot-product score `h^T W s`: h the query side, s the key side.
const BILINEAR: &[Role] = &[
    ("h", "the query side of the score (a column vector)", ""),
    ("s", "the key side of the score (a column vector)", ""),
    (
        "W",
        "the matrix between them: a learned bilinear form (the course's W_QK)",
        "1.3",
    ),
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
        symbols: &[],
    },
    Form {
        meaning: "scaled dot-product attention: each row a weighted average of the values (n x d_v)",
        section: "1.5",
        templates: &[r"\softmax(\frac{\holeQ\holeK^\top}{\sqrt{\holed}})\holeV"],
        roles: QKV,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "the attention weights A: softmax of the scaled scores, each row sums to 1 (n x n)",
        section: "1.5",
        templates: &[r"\softmax(\frac{\holeQ\holeK^\top}{\sqrt{\holed}})"],
        roles: QKV,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "dot-product attention without the 1/sqrt(d_k) scale",
        section: "2.5",
        templates: &[r"\softmax(\holeQ\holeK^\top)\holeV"],
        roles: QKV,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "ALiBi: the scores plus a slope m times minus the distance to each key, no positional encoding",
        section: "5.5",
        templates: &[
            r"\softmax(\holeq\holeK^\top+\holem(\anyB))",
            r"\holeq\holek^\top-\holem|\holei-\holej|",
        ],
        roles: &[
            ("q", "the query of token i (1 x d_k)", "1.3"),
            ("k", "the key of token j (1 x d_k)", "1.3"),
            ("K", "the keys, one row per token (n x d_k)", "1.3"),
            ("m", "the head's slope (fixed, not learned)", ""),
            ("B", "minus the distance from the query to each key", ""),
            ("i", "the query's position", "1.1"),
            ("j", "the key's position", "1.1"),
        ],
        variant: Some(
            "ALiBi writes one query row q_i against all keys; the bias list is -(i-1), ..., -1, 0",
        ),
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "softmax over a row with an additive mask or bias added to the scores",
        section: "3.6",
        templates: &[r"\softmax(\anyS+\holeM)"],
        roles: &[(
            "M",
            "the additive mask (0 allowed, -inf forbidden) or bias (n x n)",
            "",
        )],
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "relative-position scores: a learned term for the offset i-j added to the key before the dot product",
        section: "5.5",
        templates: &[r"\frac{\holeQ(\holeK+\holeA)^\top}{\sqrt{\holed}}"],
        roles: &[
            ("Q", "the query of token i (1 x d_k)", "1.3"),
            ("K", "the key of token j (1 x d_k)", "1.3"),
            (
                "A",
                "the relative-position term for the offset between i and j (1 x d_k)",
                "",
            ),
            ("d", "the key width", "1.3"),
        ],
        variant: Some(
            "Shaw et al. (2018) add a learned vector per clipped offset; the course's relative position is in RoPE and ALiBi",
        ),
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "the scaled scores: every query against every key, divided by sqrt(d_k) (n x n)",
        section: "2.3",
        templates: &[
            r"\frac{\holeQ\holeK^\top}{\sqrt{\holed}}",
            r"\frac{\holeq^\top\holek}{\sqrt{\holed}}",
        ],
        roles: SCALED,
        variant: None,
        inner: false,
        symbols: &[],
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
        symbols: &[],
    },
    Form {
        meaning: "multi-head attention: the heads' outputs side by side, times the output projection",
        section: "4.3",
        templates: &[r"\concat(\anyH)\holeW"],
        roles: &[("W", "the output projection W_O ((h d_v) x d_model)", "1.4")],
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "one head: attention on the queries, keys and values projected by the head's own matrices",
        section: "4.3",
        templates: &[r"\attention(\holeQ\holeA,\holeK\holeB,\holeV\holeC)"],
        roles: &[
            (
                "Q",
                "the queries' input: the tokens the queries are computed from",
                "1.3",
            ),
            (
                "K",
                "the keys' input: the tokens the keys are computed from",
                "1.3",
            ),
            (
                "V",
                "the values' input: the tokens the values are computed from",
                "1.4",
            ),
            ("A", "the query projection (d_model x d_k)", "1.3"),
            ("B", "the key projection (d_model x d_k)", "1.3"),
            ("C", "the value projection (d_model x d_v)", "1.4"),
        ],
        variant: Some(
            "the paper writes W_i^Q for head i; the course writes W_Q per head, head index r",
        ),
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "attention as a function of its queries, keys and values",
        section: "1.5",
        templates: &[r"\attention(\holeQ,\holeK,\holeV)"],
        roles: QKV,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "multi-head attention as a function of its queries, keys and values",
        section: "4.3",
        templates: &[r"\multihead(\holeQ,\holeK,\holeV)"],
        roles: QKV,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "RoPE applied: the token's query or key, turned by the rotation for its position",
        section: "5.5",
        templates: &[
            r"R^{\holed}_{\Theta,\holem}\holeW\holex",
            r"R_{\Theta,\holem}^{\holed}\holeW\holex",
            r"R^{\holed}_{\Theta,\holem}\holex",
            r"R_{\Theta,\holem}^{\holed}\holex",
        ],
        roles: &[
            ("m", "the token's position", "1.1"),
            ("d", "the width being rotated (d_k)", ""),
            ("W", "the query or key projection", "1.3"),
            (
                "x",
                "the embedding of the token at that position (a column vector here)",
                "1.1",
            ),
        ],
        variant: Some(
            "RoFormer multiplies column vectors, R W x; the course rotates row vectors, x W R",
        ),
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "one attention head in tensor-product notation: values, then mixing across positions, then output",
        section: "6.4",
        templates: &[r"(\id\odot\holeO)(\holeA\odot\id)(\id\odot\holeV)\holex"],
        roles: &[
            ("O", "the head's output projection", "1.4"),
            (
                "A",
                "the head's attention weights, mixing positions (n x n)",
                "1.1",
            ),
            ("V", "the head's value projection", "1.4"),
            ("x", "the residual stream, every token (n x d_model)", "6.1"),
        ],
        variant: Some(
            "Elhage et al. write A (x) Id for A acting across positions and Id (x) W for W acting on each token's vector; the course writes A X W",
        ),
        inner: false,
        symbols: &[
            (r"\id", "the identity: this factor leaves that axis alone"),
            (
                r"\otimes",
                "the tensor product: the left factor acts across positions, the right within each token's vector",
            ),
        ],
    },
    Form {
        meaning: "additive (Bahdanau) score: a one-layer tanh network of query and key, read out by a vector",
        section: "2.5",
        templates: &[
            r"\holev^\top\tanh(\holeW\holes+\holeU\holeh)",
            r"\holev^\top\tanh(\holeC(\anyA))",
        ],
        roles: ADDITIVE,
        variant: Some("written with column vectors; the course uses row vectors"),
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "a score function of a query and a key",
        section: "1.1",
        templates: &[r"\score(\anyA)=\anyB"],
        roles: &[],
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "a bilinear (multiplicative) score of a query and a key through a matrix",
        section: "1.3",
        templates: &[r"\holeh^\top\holeW\holes"],
        roles: BILINEAR,
        variant: Some("column vectors h^T W s; the course writes row vectors, q W k^T"),
        inner: true,
        symbols: &[],
    },
    Form {
        meaning: "a dot-product score of a query and a key",
        section: "1.3",
        templates: &[r"\holeh^\top\holes"],
        roles: BILINEAR,
        variant: Some("column vectors q^T k; the course writes row vectors, q k^T"),
        inner: true,
        symbols: &[],
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
        symbols: &[],
    },
    Form {
        meaning: "the sinusoidal encoding: position divided by a wavelength growing geometrically with the feature pair",
        section: "5.3",
        templates: &[
            r"\sin(\frac{\holep}{10000^{\frac{2\holei}{\holed}}})",
            r"\cos(\frac{\holep}{10000^{\frac{2\holei}{\holed}}})",
        ],
        roles: &[
            ("p", "the position of the token", ""),
            ("i", "the index of the feature pair, from 0", ""),
            ("d", "the model width d_model", "1.1"),
        ],
        variant: None,
        inner: false,
        symbols: &[],
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
        symbols: &[],
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
        symbols: &[],
    },
    Form {
        meaning: "RoPE's frequencies: one angle per feature pair, geometric from 1 down to about 1/10000",
        section: "5.5",
        templates: &[r"\holet=10000^{-\frac{2(\holei-1)}{\holed}}"],
        roles: &[
            ("t", "the frequency of pair i", ""),
            ("i", "the index of the feature pair, from 1", ""),
            ("d", "the width being rotated", ""),
        ],
        variant: Some("1-based i: RoFormer's theta_i is the course's theta_c with c = i - 1"),
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "RoPE's frequencies: one angle per feature pair, geometric from 1 down to about 1/10000",
        section: "5.5",
        templates: &[r"\holet=10000^{-\frac{2\holei}{\holed}}"],
        roles: &[
            ("t", "the frequency of pair c", ""),
            ("i", "the index of the feature pair, from 0", ""),
            ("d", "the width being rotated", ""),
        ],
        variant: None,
        inner: false,
        symbols: &[],
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
