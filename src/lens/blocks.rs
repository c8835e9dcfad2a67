//! The forms of the transformer block around attention: normalisations, residual
//! connections, the FFN and its activations and gates (see [`super::forms`]).

use super::forms::{Form, Role};

const NORM: &[Role] = &[
    ("x", "the values being normalised", ""),
    ("a", "the values being normalised", ""),
    ("mu", "their mean", "7.1"),
    ("s", "their standard deviation", "7.1"),
    ("e", "the stabiliser epsilon, a small constant", "7.1"),
    ("g", "the gain, learned, one per feature", "7.1"),
    ("b", "the bias, learned, one per feature", "7.1"),
    ("H", "how many values are averaged", "7.1"),
];

const RESIDUAL: &[Role] = &[
    ("x", "the residual stream entering the block", "6.1"),
    ("F", "the sublayer: attention or the FFN", ""),
];

const FFN: &[Role] = &[
    (
        "x",
        "the token vector entering the block (1 x d_model)",
        "1.1",
    ),
    ("W", "the first FFN matrix (d_model x d_ff)", ""),
    ("b", "the first FFN bias (d_ff)", ""),
    ("V", "the second FFN matrix (d_ff x d_model)", ""),
    ("c", "the second FFN bias (d_model)", ""),
];

const GLU: &[Role] = &[
    (
        "x",
        "the token vector entering the block (1 x d_model)",
        "1.1",
    ),
    ("W", "the gate's matrix (d_model x d_ff)", ""),
    (
        "V",
        "the value matrix of the gated unit (d_model x d_ff)",
        "",
    ),
    ("U", "the output matrix (d_ff x d_model)", ""),
    ("b", "the gate's bias", ""),
    ("c", "the value bias", ""),
    (
        "A",
        "the gate's activation: sigma gives GLU, Swish SwiGLU, GELU GEGLU, ReLU ReGLU",
        "",
    ),
];

/// The block forms, most specific first.
pub static BLOCKS: &[Form] = &[
    Form {
        meaning: "normalisation with gain and bias: standardise, then scale by g and shift by b",
        section: "7.5",
        templates: &[
            r"\frac{\holeg}{\holes}\odot(\holea-\holemu)+\holeb",
            r"\holeg\odot\frac{\holex-\holemu}{\sqrt{\holes^2+\holee}}+\holeb",
            r"\frac{\holex-\holemu}{\sqrt{\holes^2+\holee}}\odot\holeg+\holeb",
            r"\frac{\holex-\holemu}{\sqrt{\holes^2+\holee}}\holeg+\holeb",
            r"\holeg\frac{\holex-\holemu}{\sqrt{\holes^2+\holee}}+\holeb",
        ],
        roles: NORM,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "standardising: subtract the mean, divide by the standard deviation (with epsilon inside the root); per token for LayerNorm, per feature over the batch for BatchNorm",
        section: "7.1",
        templates: &[
            r"\frac{\holex-\holemu}{\sqrt{\holes^2+\holee}}",
            r"\frac{\holex-\holemu}{\holes}",
        ],
        roles: NORM,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "the affine step of a normalisation: gain gamma times the standardised value plus bias beta",
        section: "7.5",
        templates: &[r"\gamma\holex+\beta"],
        roles: &[("x", "the standardised value", "7.1")],
        variant: None,
        inner: false,
        symbols: &[
            (r"\gamma", "the gain, learned, one per feature"),
            (r"\beta", "the bias, learned, one per feature"),
        ],
    },
    Form {
        meaning: "RMSNorm: divide by the root mean square, no mean subtracted, then the gain",
        section: "7.5",
        templates: &[
            r"\frac{\holea}{\rms(\holeb)}\holeg",
            r"\frac{\holea}{\rms(\holeb)}",
        ],
        roles: NORM,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "a standard deviation: the root of the mean squared distance from the mean",
        section: "7.1",
        templates: &[
            r"\sqrt{\frac{1}{\holeH}\sum_{\anyI}^{\anyJ}(\holea-\holemu)^2}",
            r"\sqrt{\frac{1}{\holeH}\sum_{\anyI}(\holea-\holemu)^2}",
            r"\sqrt{\frac{1}{\holeH}\sum_{\anyI}^{\anyJ}(\holea-\holemu)^2+\holee}",
        ],
        roles: NORM,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "the root mean square of the values (RMSNorm's divisor)",
        section: "7.5",
        templates: &[
            r"\sqrt{\frac{1}{\holeH}\sum_{\anyI}^{\anyJ}\holea^2}",
            r"\sqrt{\frac{1}{\holeH}\sum_{\anyI}\holea^2}",
            r"\sqrt{\frac{1}{\holeH}\sum_{\anyI}^{\anyJ}\holea^2+\holee}",
            r"\sqrt{\frac{1}{\holeH}\sum_{\anyI}\holea^2+\holee}",
        ],
        roles: NORM,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "a variance: the mean squared distance from the mean",
        section: "7.1",
        templates: &[
            r"\frac{1}{\holeH}\sum_{\anyI}^{\anyJ}(\holea-\holemu)^2",
            r"\frac{1}{\holeH}\sum_{\anyI}(\holea-\holemu)^2",
        ],
        roles: NORM,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "a mean of the values (the normalisation mean: over a token's features for LayerNorm, over the batch for BatchNorm)",
        section: "7.1",
        templates: &[
            r"\frac{1}{\holeH}\sum_{\anyI}^{\anyJ}\holea",
            r"\frac{1}{\holeH}\sum_{\anyI}\holea",
        ],
        roles: NORM,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "Post-LN: the sublayer's output added to the stream, then normalised",
        section: "6.5",
        templates: &[r"\layernorm(\holex+\anyF(\holex))"],
        roles: RESIDUAL,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "Pre-LN: the sublayer reads the normalised stream, its output is added to the stream itself",
        section: "6.5",
        templates: &[
            r"\holex+\anyF(\layernorm(\holex))",
            r"\anyF(\layernorm(\holex))+\holex",
        ],
        roles: RESIDUAL,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "a residual connection: the block's output added to its input",
        section: "6.1",
        templates: &[
            r"\holex+\anyF(\holex)",
            r"\holex+\anyF(\holex,\anyW)",
            r"\anyF(\holex)+\holex",
            r"\anyF(\holex,\anyW)+\holex",
        ],
        roles: RESIDUAL,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "the position-wise feed-forward block: ReLU of an affine map, then another affine map (1 x d_model)",
        section: "8.2",
        templates: &[
            r"\max(0,\holex\holeW+\holeb)\holeV+\holec",
            r"\relu(\holex\holeW+\holeb)\holeV+\holec",
            r"\max(0,\holex\holeW)\holeV",
            r"\relu(\holex\holeW)\holeV",
        ],
        roles: FFN,
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "a gated FFN (GLU family): activation of one projection times another projection, element-wise, then the output matrix",
        section: "8.5",
        templates: &[r"(\anyA(\holex\holeW)\odot\holex\holeV)\holeU"],
        roles: GLU,
        variant: Some("Shazeer writes the element-wise product as a circled times"),
        inner: false,
        symbols: &[
            (
                r"\otimes",
                "the element-wise product (Shazeer's circled times, the course's circled dot)",
            ),
            (r"\odot", "the element-wise product"),
            (
                r"\sigma",
                "the logistic sigmoid 1/(1+e^-z): the original GLU's gate",
            ),
        ],
    },
    Form {
        meaning: "a gated linear unit: activation of one projection times another projection, element-wise",
        section: "8.5",
        templates: &[
            r"\anyA(\holex\holeW+\holeb)\odot(\holex\holeV+\holec)",
            r"\anyA(\holex\holeW)\odot\holex\holeV",
        ],
        roles: GLU,
        variant: Some("Shazeer writes the element-wise product as a circled times"),
        inner: false,
        symbols: &[
            (
                r"\otimes",
                "the element-wise product (Shazeer's circled times, the course's circled dot)",
            ),
            (r"\odot", "the element-wise product"),
            (
                r"\sigma",
                "the logistic sigmoid 1/(1+e^-z): the original GLU's gate",
            ),
        ],
    },
    Form {
        meaning: "GELU: x times the standard normal's CDF at x",
        section: "8.3",
        templates: &[
            r"\holex\Phi(\holex)",
            r"\frac{\holex}{2}(1+\erf(\frac{\holex}{\sqrt{2}}))",
            r"\holex\frac{1}{2}(1+\erf(\frac{\holex}{\sqrt{2}}))",
            r"0.5\holex(1+\erf(\frac{\holex}{\sqrt{2}}))",
        ],
        roles: &[(
            "x",
            "the pre-activation: one number, the function acts on each entry",
            "",
        )],
        variant: None,
        inner: false,
        symbols: &[(
            r"\Phi",
            "the standard normal's cumulative distribution function",
        )],
    },
    Form {
        meaning: "GELU's tanh approximation",
        section: "8.3",
        templates: &[
            r"0.5\holex(1+\tanh(\sqrt{\frac{2}{\pi}}(\holex+0.044715\holex^3)))",
            r"\frac{1}{2}\holex(1+\tanh(\sqrt{\frac{2}{\pi}}(\holex+0.044715\holex^3)))",
        ],
        roles: &[(
            "x",
            "the pre-activation: one number, the function acts on each entry",
            "",
        )],
        variant: None,
        inner: false,
        symbols: &[],
    },
    Form {
        meaning: "Swish (SiLU when beta = 1): x times the logistic sigmoid of beta x",
        section: "8.5",
        templates: &[
            r"\holex\sigma(\holeb\holex)",
            r"\holex\sigma(\holex)",
            r"\frac{\holex}{1+\exp(-\holex)}",
            r"\frac{\holex}{1+\exp(-\holeb\holex)}",
        ],
        roles: &[
            (
                "x",
                "the pre-activation: one number, the function acts on each entry",
                "",
            ),
            ("b", "Swish's beta, a scalar (1 for SiLU)", ""),
        ],
        variant: Some("sigma here is the logistic sigmoid, not a standard deviation"),
        inner: false,
        symbols: &[(r"\sigma", "the logistic sigmoid 1/(1+e^-z)")],
    },
];
