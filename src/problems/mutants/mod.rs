//! Wrong methods generated from a problem's own answer, the way mutation testing
//! rewrites code: each mutant is the answer expression with one node rewritten into a
//! slip a learner makes (a transpose dropped, the softmax taken down the other axis, the
//! √ left out, p for 1 − p, …). `check` proves that every draw tells each mutant from the
//! answer (`crate::check::discriminate`); the verdict names a mutant that matches a
//! learner's value when no listed mistake does.
//!
//! Mutants are written as evaluator source and parsed once per problem: the syntax tree
//! prints itself fully parenthesised ([`Expr`]'s `Display`), so a rewritten node is its
//! children's printed forms put back together, and the evaluator needs no constructor
//! open to this module. The operator set is documented in `lessons/FORMAT.md`.

mod calls;

use super::params::Generator;
use crate::eval::{self, BinOp, Expr, ExprKind, Program, Statement};

/// One wrong method: which rewrite of which node, what to tell a learner whose value it
/// matches, and the whole rewritten answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Mutant {
    /// `"{operator} {node}"`: how a block names it in `equivalent`.
    pub id: String,
    /// Whether the node it rewrites depends on a parameter (directly or through a
    /// `let`): such a mutant equal to the answer on every draw is a degenerate problem;
    /// one that rewrites only fixed data may be what the question is about (the scores
    /// that do not matter when every value is the same).
    pub parametric: bool,
    pub says: String,
    pub program: Program,
}

/// What the rewrites need to know of the parameters: which are fractions in (0, 1)
/// (p ↔ 1 − p) and which are integer counts (off by one).
struct Params<'a> {
    fractions: Vec<&'a str>,
    counts: Vec<&'a str>,
    /// Off by one is a slip only where the answer is exact: under a relative tolerance
    /// d + 1 for d = 1024 is no other method, only another number.
    exact: bool,
}

/// A rewrite of one node: operator name, message, replacement source.
struct Rewrite {
    op: &'static str,
    says: String,
    source: String,
}

/// Every mutant of `answer` (none when it does not parse; `check` reports that), the
/// duplicates (the same rewritten source) once.
pub fn generate(answer: &str, params: &[(String, Generator)], exact: bool) -> Vec<Mutant> {
    let Ok(program) = eval::parse(answer) else {
        return Vec::new();
    };
    let ends = |g: &Generator| {
        g.extremes()
            .into_iter()
            .map(|n| n.value)
            .collect::<Vec<_>>()
    };
    let fractions = params
        .iter()
        .filter(|(_, g)| {
            let v = ends(g);
            !v.is_empty() && v.iter().all(|x| *x > 0.0 && *x < 1.0)
        })
        .map(|(n, _)| n.as_str())
        .collect();
    let indexed = indexed_names(&program);
    let counts = params
        .iter()
        .filter(|(n, g)| {
            let v = ends(g);
            let stepped = matches!(g, Generator::Real { step, .. } if step.value.fract() != 0.0);
            !v.is_empty()
                && !stepped
                && v.iter().all(|x| x.fract() == 0.0 && x.abs() >= 2.0)
                && !indexed.contains(n)
        })
        .map(|(n, _)| n.as_str())
        .collect();
    let known = Params {
        fractions,
        counts,
        exact,
    };
    let mut dependent: Vec<String> = params.iter().map(|(n, _)| n.clone()).collect();
    for statement in &program.statements {
        if let Statement::Let { name, value, .. } = statement
            && names(value).iter().any(|n| dependent.contains(n))
        {
            dependent.push(name.clone());
        }
    }
    let mut out: Vec<Mutant> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (k, statement) in program.statements.iter().enumerate() {
        let expr = match statement {
            Statement::Let { value, .. } => value,
            Statement::Expr(e) => e,
        };
        for (node, rewrite) in variants(expr, &known, Context::Top) {
            let parametric = names(node).iter().any(|n| dependent.contains(n));
            let node = node.to_string();
            let mut parts: Vec<String> = program.statements.iter().map(source).collect();
            parts[k] = match statement {
                Statement::Let { name, .. } => format!("let {name} = {}", rewrite.source),
                Statement::Expr(_) => rewrite.source.clone(),
            };
            let text = parts.join("; ");
            if !seen.insert(text.clone()) {
                continue;
            }
            if let Ok(program) = eval::parse(&text) {
                out.push(Mutant {
                    id: format!("{} {node}", rewrite.op),
                    parametric,
                    says: rewrite.says,
                    program,
                });
            }
        }
    }
    out
}

/// Whether a mutant's message reads well enough to show a learner: every expression it
/// quotes is short and not a fully parenthesised dump of the syntax tree (no `((`, `))`
/// or `(-`, none of the evaluator's own `reshape` helper). A message that does not is
/// never shown: no diagnosis beats one the learner cannot read.
pub fn reads_well(says: &str) -> bool {
    /// The longest quoted expression a learner reads at a glance.
    const LONGEST: usize = 40;
    says.split('`').skip(1).step_by(2).all(|code| {
        code.chars().count() <= LONGEST
            && !["((", "))", "(-", "reshape("]
                .iter()
                .any(|dump| code.contains(dump))
    })
}

fn source(statement: &Statement) -> String {
    match statement {
        Statement::Let { name, value, .. } => format!("let {name} = {value}"),
        Statement::Expr(e) => e.to_string(),
    }
}

/// Names used inside an index (`X[i, j]`): an index one off is another entry, not a
/// miscount, so such parameters get no off-by-one mutant.
fn indexed_names(program: &Program) -> Vec<String> {
    fn walk(e: &Expr, inside: bool, out: &mut Vec<String>) {
        match &e.kind {
            ExprKind::Name(n) if inside => out.push(n.clone()),
            ExprKind::Index(a, items) => {
                walk(a, inside, out);
                items.iter().for_each(|i| walk(i, true, out));
            }
            _ => children(e).into_iter().for_each(|c| walk(c, inside, out)),
        }
    }
    let mut out = Vec::new();
    for s in &program.statements {
        match s {
            Statement::Let { value, .. } => walk(value, false, &mut out),
            Statement::Expr(e) => walk(e, false, &mut out),
        }
    }
    out
}

fn children(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Number(_) | ExprKind::Name(_) | ExprKind::Str(_) => Vec::new(),
        ExprKind::List(items) | ExprKind::Call(_, items) => items.iter().collect(),
        ExprKind::Neg(a) | ExprKind::Transpose(a) => vec![a],
        ExprKind::Binary(_, a, b) => vec![a, b],
        ExprKind::Index(a, items) => std::iter::once(&**a).chain(items).collect(),
    }
}

/// Where a node stands: literals in a list are data, not a method; indices and axes are
/// rewritten by their own operators only.
#[derive(Clone, Copy, PartialEq)]
enum Context {
    Top,
    Arithmetic,
    Data,
}

/// The names `e` mentions.
fn names(e: &Expr) -> Vec<String> {
    match &e.kind {
        ExprKind::Name(n) => vec![n.clone()],
        _ => children(e).into_iter().flat_map(names).collect(),
    }
}

/// Whether a name (a parameter or a `let`) occurs in `e`.
pub fn has_name(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Name(_)) || children(e).into_iter().any(has_name)
}

/// `e` printed with child `i` replaced by `with`.
fn rebuilt(e: &Expr, i: usize, with: &str) -> String {
    let mut parts: Vec<String> = children(e).iter().map(|c| c.to_string()).collect();
    parts[i] = with.to_string();
    match &e.kind {
        ExprKind::List(_) => format!("[{}]", parts.join(", ")),
        ExprKind::Call(name, _) => format!("{name}({})", parts.join(", ")),
        ExprKind::Neg(_) => format!("(-{})", parts[0]),
        ExprKind::Transpose(_) => format!("{}.T", parts[0]),
        ExprKind::Binary(op, _, _) => format!("({} {} {})", parts[0], op.symbol(), parts[1]),
        ExprKind::Index(..) => format!("{}[{}]", parts[0], parts[1..].join(", ")),
        ExprKind::Number(_) | ExprKind::Name(_) | ExprKind::Str(_) => e.to_string(),
    }
}

/// Every rewrite of `e` and of the nodes under it, as (node rewritten, rewrite of `e`).
fn variants<'e>(e: &'e Expr, params: &Params<'_>, context: Context) -> Vec<(&'e Expr, Rewrite)> {
    let mut out: Vec<(&Expr, Rewrite)> = local(e, params, context)
        .into_iter()
        .map(|r| (e, r))
        .collect();
    // The text arguments of a model function name a sentence or a weight: no slip
    // rewrites them, and re-running the model for each costs the most.
    if let ExprKind::Call(_, args) = &e.kind
        && args.iter().any(|a| matches!(a.kind, ExprKind::Str(_)))
    {
        return out;
    }
    for (i, child) in children(e).into_iter().enumerate() {
        let inner = match (&e.kind, i) {
            _ if context == Context::Data => Context::Data,
            (ExprKind::List(_), _) => Context::Data,
            (ExprKind::Index(..), 1..) => Context::Data,
            (ExprKind::Call(..), 1..) if axis_call(e) => Context::Data,
            (ExprKind::Binary(BinOp::Pow, ..), 1) => Context::Data,
            (ExprKind::Binary(_, a, b), _) if has_name(if i == 0 { b } else { a }) => {
                Context::Arithmetic
            }
            (ExprKind::Binary(..), _) => Context::Top,
            _ => Context::Top,
        };
        for (node, r) in variants(child, params, inner) {
            let source = rebuilt(e, i, &r.source);
            out.push((node, Rewrite { source, ..r }));
        }
    }
    out
}

/// The largest literal an off-by-one rewrites: a count of matrices, heads or terms
/// (`4 * d^2`, `n - 1`), not a constant of nature (the 10000 of the sinusoids).
const MAX_COUNT: f64 = 12.0;

/// A reduction whose second argument is an axis.
fn axis_call(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call(name, _) if AXIS_CALLS.contains(&name.as_str()))
}

pub(super) const AXIS_CALLS: [&str; 8] =
    ["sum", "mean", "var", "std", "max", "min", "argmax", "norm"];

/// A matrix made of `a`, a vector turned into one row: a transpose or an axis of a
/// vector is no rewrite at all, and this makes it one that changes the shape.
pub(super) fn as_matrix(a: &str) -> String {
    format!("reshape({a}, rows({a}), cols({a}))")
}

pub(super) fn plain(e: &Expr) -> String {
    let s = e.to_string();
    match s.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        Some(inner) if matches!(e.kind, ExprKind::Binary(..) | ExprKind::Neg(_)) => {
            inner.to_string()
        }
        _ => s,
    }
}

/// The rewrites of node `e` itself.
fn local(e: &Expr, params: &Params<'_>, context: Context) -> Vec<Rewrite> {
    let mut out = Vec::new();
    let mut add =
        |op: &'static str, says: String, source: String| out.push(Rewrite { op, says, source });
    match &e.kind {
        ExprKind::Transpose(a) => add(
            "drop-transpose",
            format!("that leaves out the transpose of `{}`", plain(a)),
            as_matrix(&a.to_string()),
        ),
        ExprKind::Neg(a) if context != Context::Data => add(
            "drop-sign",
            format!("that drops the minus sign of `{}`", plain(a)),
            a.to_string(),
        ),
        ExprKind::Name(n) if params.fractions.contains(&n.as_str()) => add(
            "complement",
            format!("that uses $1-{n}$ where the question has ${n}$"),
            format!("(1 - {n})"),
        ),
        ExprKind::Name(n) if params.exact && params.counts.contains(&n.as_str()) => {
            for (sign, word) in [("+", "one more"), ("-", "one fewer")] {
                add(
                    "count-off-by-one",
                    format!(
                        "that counts {word} than ${n}$: check which ones the question includes"
                    ),
                    format!("({n} {sign} 1)"),
                );
            }
        }
        ExprKind::Number(k)
            if params.exact
                && context == Context::Arithmetic
                && k.fract() == 0.0
                && (1.0..=MAX_COUNT).contains(k) =>
        {
            for other in [k - 1.0, k + 1.0] {
                add(
                    "literal-off-by-one",
                    format!(
                        "that counts {} where the question has {}",
                        eval::format_number(other),
                        eval::format_number(*k)
                    ),
                    eval::format_number(other),
                );
            }
        }
        ExprKind::Binary(op, a, b) if context != Context::Data => binary(*op, a, b, &mut add),
        ExprKind::Call(name, args) => calls::call(name, args, &mut add),
        _ => {}
    }
    out
}

/// A transpose already: transposing it again is `drop-transpose`'s rewrite.
fn transposed(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Transpose(_))
        || matches!(&e.kind, ExprKind::Call(name, _) if name == "transpose")
}

/// A fixed symmetric matrix (`eye(2)`, `[[1, 1], [1, 1]]`): its transpose is itself,
/// so transposing it is no slip.
fn symmetric_constant(e: &Expr) -> bool {
    if has_name(e) {
        return false;
    }
    let Ok(eval::Value::Matrix(m)) = eval::run(&e.to_string(), &mut eval::Env::new()) else {
        return false;
    };
    m.rows() == m.cols() && (0..m.rows()).all(|i| (0..i).all(|j| m.get(i, j) == m.get(j, i)))
}

/// Records one rewrite: operator, message, replacement source.
pub(super) type Add<'a> = dyn FnMut(&'static str, String, String) + 'a;

fn binary(op: BinOp, a: &Expr, b: &Expr, add: &mut Add<'_>) {
    let (sa, sb) = (a.to_string(), b.to_string());
    match op {
        BinOp::MatMul => {
            add(
                "swap-product",
                format!(
                    "that multiplies in the other order, `{} @ {}`",
                    plain(b),
                    plain(a)
                ),
                format!("({sb} @ {sa})"),
            );
            if !symmetric_constant(b) && !transposed(b) {
                add(
                    "add-transpose-right",
                    format!("that transposes `{}`", plain(b)),
                    format!("({sa} @ transpose({}))", as_matrix(&sb)),
                );
            }
            if !symmetric_constant(a) && !transposed(a) {
                add(
                    "add-transpose-left",
                    format!("that transposes `{}`", plain(a)),
                    format!("(transpose({}) @ {sb})", as_matrix(&sa)),
                );
            }
            for (kept, gone) in [(&sa, b), (&sb, a)] {
                if let ExprKind::Call(name, _) = &gone.kind
                    && name == "inv"
                {
                    add(
                        "drop-inverse",
                        format!("that leaves out `{}`", plain(gone)),
                        kept.clone(),
                    );
                }
            }
        }
        BinOp::Mul => {
            add(
                "drop-factor",
                format!("that leaves out the factor `{}`", plain(b)),
                sa.clone(),
            );
            add(
                "drop-factor",
                format!("that leaves out the factor `{}`", plain(a)),
                sb,
            );
        }
        BinOp::Div => add(
            "drop-divisor",
            format!("that leaves out the division by `{}`", plain(b)),
            sa,
        ),
        BinOp::Add => {
            add(
                "drop-term",
                format!("that leaves out the term `{}`", plain(b)),
                sa,
            );
            add(
                "drop-term",
                format!("that leaves out the term `{}`", plain(a)),
                sb,
            );
        }
        BinOp::Sub => add(
            "drop-term",
            format!("that leaves out the term `{}`", plain(b)),
            sa,
        ),
        BinOp::Pow => {}
    }
}
