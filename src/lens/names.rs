//! The names the lens knows beyond the glossary: words papers write for the course's
//! functions, paper notations the course translates (`W^Q_i`, RoFormer's 1-based
//! theta_i, Ioffe's mu_B), and standard notation the course uses without an entry.

use super::pattern::Template;

/// Words (merged upright letters, or a paper's macro) → the glossary term.
pub const WORD_TERMS: &[(&str, &str)] = &[
    ("softmax", "softmax"),
    ("attention", "scaled dot-product attention"),
    ("multihead", "multi-head attention"),
    ("concat", "multi-head attention"),
    ("head", "head"),
    ("layernorm", "layer normalisation"),
    ("batchnorm", "batch normalisation"),
    ("rmsnorm", "RMSNorm"),
    ("rms", "RMSNorm"),
    ("ffn", "feed-forward block"),
    ("relu", "ReLU"),
    ("gelu", "GELU"),
    ("swiglu", "SwiGLU"),
    ("swish", "SiLU"),
    ("pe", "absolute positional encoding"),
    ("lse", "log-sum-exp"),
    ("var", "variance"),
    ("rank", "rank"),
];

/// Words the course names without a glossary entry of their own.
pub const WORD_MEANINGS: &[(&str, &str, &str)] = &[
    (
        "sublayer",
        "a sublayer: attention or the FFN, inside a residual block",
        "6.1",
    ),
    (
        "score",
        "the score function: how well a query matches a key",
        "1.1",
    ),
    (
        "glu",
        "a gated linear unit: one projection gating another, element-wise",
        "8.5",
    ),
    ("geglu", "GEGLU: the gated FFN with a GELU gate", "8.5"),
    ("reglu", "ReGLU: the gated FFN with a ReLU gate", "8.5"),
    ("sigmoid", "the logistic sigmoid 1/(1+e^-z)", "8.5"),
    (
        "erf",
        "the error function, from which the normal CDF Phi is built",
        "8.3",
    ),
];

/// Paper notations the course translates, as templates over one symbol.
pub const VARIANTS: &[(&str, &str, &str, &str)] = &[
    (
        r"W^Q_{\anyi}",
        "the query projection of head i (d_model x d_k)",
        "4.3",
        "the paper indexes heads by i; the course writes W_Q per head, head index r",
    ),
    (
        r"W_{\anyi}^Q",
        "the query projection of head i (d_model x d_k)",
        "4.3",
        "the paper indexes heads by i; the course writes W_Q per head, head index r",
    ),
    (
        r"W^K_{\anyi}",
        "the key projection of head i (d_model x d_k)",
        "4.3",
        "the paper indexes heads by i; the course writes W_K per head, head index r",
    ),
    (
        r"W_{\anyi}^K",
        "the key projection of head i (d_model x d_k)",
        "4.3",
        "the paper indexes heads by i; the course writes W_K per head, head index r",
    ),
    (
        r"W^V_{\anyi}",
        "the value projection of head i (d_model x d_v)",
        "4.3",
        "the paper indexes heads by i; the course writes W_V per head, head index r",
    ),
    (
        r"W_{\anyi}^V",
        "the value projection of head i (d_model x d_v)",
        "4.3",
        "the paper indexes heads by i; the course writes W_V per head, head index r",
    ),
    (
        r"W_q",
        "the query projection (d_model x d_k)",
        "1.3",
        "lower-case subscript; the course writes W_Q",
    ),
    (
        r"W_k",
        "the key projection (d_model x d_k)",
        "1.3",
        "lower-case subscript; the course writes W_K",
    ),
    (
        r"W_v",
        "the value projection (d_model x d_v)",
        "1.4",
        "lower-case subscript; the course writes W_V",
    ),
    (
        r"W_o",
        "the output projection ((h d_v) x d_model)",
        "4.3",
        "lower-case subscript; the course writes W_O",
    ),
    (
        r"\head_{\anyi}",
        "the output of head i (n x d_v)",
        "4.3",
        "the paper numbers heads from 1; the course's head index r counts from 0",
    ),
    (
        r"\alpha_{\anyij}",
        "an attention weight: how much query i takes from key j",
        "1.1",
        "the paper writes alpha_ij; the course a_ij",
    ),
    (
        r"e_{\anyij}",
        "a score of query i against key j",
        "1.1",
        "the paper writes e_ij; the course s_ij",
    ),
    (
        r"PE_{\anyi}",
        "an entry of the absolute positional encoding",
        "5.3",
        "the paper indexes PE by (pos, 2i) and (pos, 2i+1)",
    ),
    (
        r"R^{\anyd}_{\Theta,\anym}",
        "RoPE's rotation for position m: block-diagonal, one 2 x 2 rotation per feature pair (d x d)",
        "5.5",
        "RoFormer multiplies a column vector, R x; the course rotates row vectors",
    ),
    (
        r"R_{\Theta,\anym}^{\anyd}",
        "RoPE's rotation for position m: block-diagonal, one 2 x 2 rotation per feature pair (d x d)",
        "5.5",
        "RoFormer multiplies a column vector, R x; the course rotates row vectors",
    ),
    (
        r"\theta_{\anyi}",
        "RoPE's frequency of feature pair i",
        "5.5",
        "RoFormer counts i from 1; the course's theta_c counts c from 0",
    ),
    (
        r"\mu_{\mathcal{B}}",
        "the batch mean of a feature (BatchNorm)",
        "7.1",
        "Ioffe and Szegedy subscript the batch B",
    ),
    (
        r"\sigma_{\mathcal{B}}^2",
        "the batch variance of a feature (BatchNorm)",
        "7.1",
        "Ioffe and Szegedy subscript the batch B",
    ),
    (
        r"\sigma^2_{\mathcal{B}}",
        "the batch variance of a feature (BatchNorm)",
        "7.1",
        "Ioffe and Szegedy subscript the batch B",
    ),
    (
        r"\mu^{\anyl}",
        "the mean of layer l's summed inputs (LayerNorm)",
        "7.1",
        "Ba et al. superscript the layer l",
    ),
    (
        r"\sigma^{\anyl}",
        "the standard deviation of layer l's summed inputs (LayerNorm)",
        "7.1",
        "Ba et al. superscript the layer l",
    ),
    (
        r"\epsilon",
        "the stabiliser: a small constant under the root",
        "7.1",
        "the paper writes epsilon; the course varepsilon",
    ),
    (r"d_{\text{model}}", "the model width", "1.1", ""),
    (r"d_{\text{ff}}", "the FFN's hidden width", "8.2", ""),
];

/// [`VARIANTS`] compiled, once.
pub fn variant_templates() -> &'static [Template] {
    static T: std::sync::OnceLock<Vec<Template>> = std::sync::OnceLock::new();
    T.get_or_init(|| VARIANTS.iter().map(|v| Template::new(v.0)).collect())
}

/// Standard notation the course uses without a glossary entry.
pub const NOTATION: &[(&str, &str, &str)] = &[
    ("exp", "the exponential", "3.3"),
    ("log", "the natural logarithm", "3.4"),
    ("ln", "the natural logarithm", "3.4"),
    ("sum", "a sum over the index below it", "1.1"),
    ("max", "the larger of its arguments", "8.1"),
    ("tanh", "the hyperbolic tangent", "2.5"),
    ("sin", "sine", "5.3"),
    ("cos", "cosine", "5.3"),
    ("infty", "infinity: a -inf score gets weight 0", "3.6"),
    ("sqrt", "square root", "2.3"),
];
