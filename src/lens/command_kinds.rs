//! Which LaTeX commands are words that apply to what follows (functions, big operators)
//! and which only draw structure. A leaf of its own because both the pattern matcher and
//! the symbol reader ask it, and the name tables that build patterns must not import back.

/// Functions and big operators: a word that applies to what follows, never a factor
/// a form's hole stands for, and whose scripts (`\sum_{j}`, `\max_i`) are limits or
/// arguments, read as symbols of their own. The one list the pattern matcher and the
/// symbol reader share.
const FUNCTION_NAMES: &[&str] = &[
    "sum",
    "prod",
    "max",
    "min",
    "exp",
    "log",
    "ln",
    "sin",
    "cos",
    "tanh",
    "lim",
    "arg",
    "argmax",
    "sup",
    "inf",
    "erf",
    "softmax",
    "attention",
    "multihead",
    "concat",
    "layernorm",
    "batchnorm",
    "rmsnorm",
    "rms",
    "ffn",
    "relu",
    "gelu",
    "swish",
    "glu",
    "swiglu",
    "geglu",
    "reglu",
    "sigmoid",
];

/// Commands that draw structure (fractions, dots, relations, delimiters), not a symbol.
const STRUCTURE: &[&str] = &[
    "frac",
    "sqrt",
    "begin",
    "end",
    "ldots",
    "cdots",
    "vdots",
    "ddots",
    "dots",
    "quad",
    "qquad",
    "times",
    "cdot",
    "leq",
    "geq",
    "neq",
    "approx",
    "equiv",
    "in",
    "pm",
    "mp",
    "leftarrow",
    "rightarrow",
    "mapsto",
    "forall",
    "{",
    "}",
    "mid",
    "vert",
    "Vert",
    "langle",
    "rangle",
    "top",
    "sim",
    "propto",
    "lbrack",
    "rbrack",
    "colon",
    "overset",
    "underset",
    "stackrel",
    "coloneqq",
];

/// Whether the command `name` is a function or big operator (see [`FUNCTION_NAMES`]).
pub fn is_function(name: &str) -> bool {
    FUNCTION_NAMES.contains(&name)
}

/// Whether the command `name` draws structure rather than a symbol.
pub fn is_structure(name: &str) -> bool {
    STRUCTURE.contains(&name)
}
