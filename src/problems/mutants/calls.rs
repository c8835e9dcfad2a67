//! The rewrites of a call to a built-in: the other normalisation, the other GELU, the
//! softmax down the other axis, the sample variance, attention without its scale, … (the
//! operator table of `lessons/FORMAT.md`).

use super::{AXIS_CALLS, Add, as_matrix, plain};
use crate::eval::{BinOp, Expr, ExprKind};

pub(super) fn call(name: &str, args: &[Expr], add: &mut Add<'_>) {
    let arg: Vec<String> = args.iter().map(Expr::to_string).collect();
    let Some(x) = arg.first().cloned() else {
        return;
    };
    let rest: String = arg.iter().skip(1).map(|a| format!(", {a}")).collect();
    let swap = |to: &str| format!("{to}({x}{rest})");
    match name {
        "transpose" => add(
            "drop-transpose",
            format!("that leaves out the transpose of `{}`", plain(&args[0])),
            as_matrix(&x),
        ),
        "sqrt" => add(
            "drop-sqrt",
            format!("that leaves out the square root of `{}`", plain(&args[0])),
            x.clone(),
        ),
        "inv" => add(
            "matrix-for-inverse",
            format!("that uses `{}` where its inverse belongs", plain(&args[0])),
            x.clone(),
        ),
        "exp" => add(
            "linear-exp",
            format!(
                "that linearises $e^x$ as $1+x$ for `exp({})`",
                plain(&args[0])
            ),
            format!("(1 + {x})"),
        ),
        "log" => add(
            "log2-for-ln",
            "that is a base-2 logarithm; `log` is the natural one".into(),
            format!("(log({x}) / log(2))"),
        ),
        "gelu" => add(
            "tanh-gelu",
            "that is the tanh approximation of GELU; the question's GELU is exact, $z\\,\\Phi(z)$"
                .into(),
            swap("gelu_tanh"),
        ),
        "gelu_tanh" => add(
            "exact-gelu",
            "that is the exact GELU; the question uses the tanh approximation".into(),
            swap("gelu"),
        ),
        "max" => add(
            "min-for-max",
            "that takes the minimum instead of the maximum".into(),
            swap("min"),
        ),
        "min" => add(
            "max-for-min",
            "that takes the maximum instead of the minimum".into(),
            swap("max"),
        ),
        "argmax" => add(
            "argmin-for-argmax",
            "that is where the value is smallest, not largest".into(),
            format!("argmax((-{x}){rest})"),
        ),
        "layernorm" => {
            add(
                "batchnorm-for-layernorm",
                "that normalises each column over the batch (BatchNorm), not each row".into(),
                swap("batchnorm"),
            );
            add(
                "rmsnorm-for-layernorm",
                "that leaves out the mean (RMSNorm): LayerNorm subtracts it first".into(),
                swap("rmsnorm"),
            );
        }
        "batchnorm" => add(
            "layernorm-for-batchnorm",
            "that normalises each row (LayerNorm), not each column over the batch".into(),
            swap("layernorm"),
        ),
        "rmsnorm" => add(
            "layernorm-for-rmsnorm",
            "that subtracts the mean (LayerNorm); RMSNorm does not".into(),
            swap("layernorm"),
        ),
        "softmax" => {
            add(
                "drop-softmax",
                "that uses the raw scores; apply softmax first".into(),
                x.clone(),
            );
            add(
                "normalise-raw",
                "that divides the raw scores by their sum; softmax exponentiates them first".into(),
                format!("({x} / sum({x}))"),
            );
            let m = as_matrix(&x);
            add(
                "softmax-axis",
                "that takes the softmax down each column; the weights of a query run along its row"
                    .into(),
                format!("transpose(softmax(transpose({m}){rest}))"),
            );
        }
        "mean" if matches!(&args[0].kind, ExprKind::Binary(BinOp::Pow, _, p) if p.kind == ExprKind::Number(2.0)) =>
        {
            let ones = format!("sum(({x}) * 0 + 1{rest})");
            add("sample-variance", "that divides by $n-1$ (the sample estimate); the question's statistic divides by $n$".into(), format!("(sum({x}{rest}) / ({ones} - 1))"));
        }
        "var" | "std" => {
            let ones = format!("sum(({x}) * 0 + 1{rest})");
            let factor = format!("({ones} / ({ones} - 1))");
            let scaled = if name == "var" {
                format!("({}({x}{rest}) * {factor})", name)
            } else {
                format!("({}({x}{rest}) * sqrt({factor}))", name)
            };
            add("sample-variance", "that divides by $n-1$ (the sample estimate); the question's statistic divides by $n$".into(), scaled);
        }
        "attention" if args.len() >= 3 => {
            let mask = arg.get(3).map(|m| format!(" + {m}")).unwrap_or_default();
            add(
                "unscaled-attention",
                "that leaves out the scaling by $1/\\sqrt{d_k}$".into(),
                format!(
                    "(softmax(({} @ transpose({})){mask}) @ {})",
                    arg[0], arg[1], arg[2]
                ),
            );
        }
        _ => {}
    }
    if AXIS_CALLS.contains(&name)
        && let Some(axis) = args.get(1).and_then(|a| match a.kind {
            ExprKind::Number(k) if k == 0.0 || k == 1.0 => Some(k),
            _ => None,
        })
    {
        let other = 1.0 - axis;
        add(
            "other-axis",
            format!("that works along axis {other}, the question along axis {axis}"),
            format!("{name}({x}, {other})"),
        );
    }
}
